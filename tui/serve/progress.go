package serve

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
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
	// Before anything opens the folder: the drill and the challenges
	// (session.go, studentTools) read it after the lessons do.
	moved := ss.adopt(id)
	s, err := lessons.OpenStore(filepath.Join(ss.dir, id, "lessons.json"))
	notice = joinNotices(moved, s.Notice())
	if err != nil {
		notice = joinNotices(moved, err.Error()+"; progress will not be remembered")
		return nil, notice
	}
	ss.open[id] = &storeRef{s: s, refs: 1}
	return s, notice
}

// joinNotices is the notices that say something, one after the other.
func joinNotices(notices ...string) string {
	var said []string
	for _, n := range notices {
		if n != "" {
			said = append(said, n)
		}
	}
	return strings.Join(said, "; ")
}

// adopt moves the folder the rule before (legacyFolder) wrote for the
// student to the one studentID names now, when only the old one is there:
// a student who comes back keeps their progress. On a file system that
// ignores case, the old name "user-Alice" also opens "user-alice", another
// student's folder, so only a folder the listing spells exactly as the old
// name is moved. What it says is for the student: the move failed.
func (ss *stores) adopt(id string) (notice string) {
	old, ok := legacyFolder(id)
	if !ok {
		return ""
	}
	to := filepath.Join(ss.dir, id)
	if _, err := os.Lstat(to); !errors.Is(err, fs.ErrNotExist) {
		return "" // the folder is there (or cannot be looked at): it is the student's
	}
	if !holdsFolder(ss.dir, old) {
		return ""
	}
	if err := os.Rename(filepath.Join(ss.dir, old), to); err != nil {
		return fmt.Sprintf("your earlier progress, in the server's folder %s, could not be moved to %s (%v): ask the teacher to move it; until then progress starts afresh", old, id, err)
	}
	return ""
}

// holdsFolder reports whether dir lists a folder named exactly name (not
// a name that differs only by case, which a file system that ignores case
// would also open by name; nor a link).
func holdsFolder(dir, name string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if e.Name() == name && e.IsDir() {
			return true
		}
	}
	return false
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
// signed in with a key, else their user name when it is a plain one
// (caseSafe), else a hash of it. Nothing a client sends becomes a path
// without this.
//
// The folder must be the student's alone on a file system that ignores
// case (macOS's and Windows's by default), where "user-Alice" and
// "user-alice" were one folder and two students' progress overwrote each
// other. Names that differ by case stay two students, as they were on a
// server whose file system tells them apart, and as SSH tells user names
// apart: folding them into one would hand a student's progress to a
// classmate who typed the name in another case, and refusing the second
// would turn a student away in the middle of a class for a classmate's
// choice of name. So the case is written into the name in lower-case
// letters (caseSafe), readable in a listing of the folders. A name that
// is not plain is hashed from its exact bytes into lower-case hex, which
// no folding or Unicode normalisation of a file system changes.
func studentID(keyBlob []byte, user string) string {
	if len(keyBlob) > 0 {
		sum := sha256.Sum256(keyBlob)
		return "key-" + hex.EncodeToString(sum[:16])
	}
	if plainName(user) {
		return namePrefix + caseSafe(user)
	}
	sum := sha256.Sum256([]byte(user))
	return namePrefix + hex.EncodeToString(sum[:16])
}

// namePrefix begins the folder of a student known by name.
const namePrefix = "user-"

// upperMark stands before a letter that is upper case in the name
// (caseSafe). A plain name never holds it, so no name is written as
// another's; '!', which Go's module cache uses the same way, would make a
// shell expand the folder's name as history.
const upperMark = '+'

// caseSafe writes a plain name in lower case, each upper-case letter as
// upperMark and its lower case: "Alice" is "+alice", "alice" stays
// "alice". Names that differ only by case come out different, in lower
// case only, so a file system that ignores case keeps them apart.
func caseSafe(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r >= 'A' && r <= 'Z' {
			b.WriteRune(upperMark)
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// legacyFolder is the folder the rule before caseSafe wrote for the
// student id names, the name as typed ("user-Alice" for "user-+alice"),
// when it differs from id.
func legacyFolder(id string) (string, bool) {
	name, ok := strings.CutPrefix(id, namePrefix)
	if !ok || !strings.ContainsRune(name, upperMark) {
		return "", false
	}
	var b strings.Builder
	upper := false
	for _, r := range name {
		switch {
		case r == upperMark:
			upper = true
			continue
		case upper && r >= 'a' && r <= 'z':
			r -= 'a' - 'A'
		}
		upper = false
		b.WriteRune(r)
	}
	return namePrefix + b.String(), true
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
