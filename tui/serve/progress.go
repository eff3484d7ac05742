package serve

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"strings"
	"sync"

	"github.com/breakerlab/breakerlab/lessons"
)

// stores hands out one lessons.Store per student, shared by that student's
// sessions (a student may connect twice), so that two sessions never write
// the same file from two stores. A Store writes atomically (a temporary
// file renamed over the old one; lessons/progress.go).
type stores struct {
	dir  string
	mu   sync.Mutex
	open map[string]*storeRef
}

type storeRef struct {
	s    *lessons.Store
	refs int
}

func newStores(dir string) *stores { return &stores{dir: dir, open: map[string]*storeRef{}} }

// acquire opens student's store (id from studentID), or shares the one
// already open; notice is for the learner (a file set aside, a file that
// cannot be read).
func (ss *stores) acquire(id string) (s *lessons.Store, notice string) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if r, ok := ss.open[id]; ok {
		r.refs++
		return r.s, ""
	}
	s, err := lessons.OpenStore(filepath.Join(ss.dir, id, "lessons.json"))
	notice = s.Notice()
	if err != nil {
		notice = err.Error() + "; progress will not be remembered"
		return nil, notice
	}
	ss.open[id] = &storeRef{s: s, refs: 1}
	return s, notice
}

// release saves the store and forgets it once the student's last session
// ends.
func (ss *stores) release(id string) error {
	ss.mu.Lock()
	r, ok := ss.open[id]
	if ok {
		r.refs--
		if r.refs == 0 {
			delete(ss.open, id)
		}
	}
	ss.mu.Unlock()
	if !ok {
		return nil
	}
	return r.s.Save()
}

// studentID names a student's folder: the public key's SHA-256 when they
// signed in with a key, else their user name when it is a plain one, else
// a hash of it. Nothing a client sends becomes a path without this.
func studentID(keyBlob []byte, user string) string {
	if len(keyBlob) > 0 {
		sum := sha256.Sum256(keyBlob)
		return "key-" + hex.EncodeToString(sum[:16])
	}
	if plainName(user) {
		return "user-" + user
	}
	sum := sha256.Sum256([]byte(user))
	return "user-" + hex.EncodeToString(sum[:16])
}

// plainName reports whether user is 1 to 32 letters, digits, '.', '_' or
// '-', not starting with '.'.
func plainName(user string) bool {
	if user == "" || len(user) > 32 || strings.HasPrefix(user, ".") {
		return false
	}
	for _, r := range user {
		ok := r == '.' || r == '_' || r == '-' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
		if !ok {
			return false
		}
	}
	return true
}
