package drill

import (
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/store"
)

// progressVersion is the drill file's format; a file of another version is
// set aside like a corrupt one.
const progressVersion = 1

// FileName is the drill schedule's file in the progress directory.
const FileName = "drill.json"

// DefaultDir is the progress directory: the folder of the lessons'
// progress file, os.UserConfigDir()/breakerlab.
func DefaultDir() (string, error) {
	p, err := lessons.DefaultProgressPath()
	if err != nil {
		return "", err
	}
	return filepath.Dir(p), nil
}

type progressFile struct {
	Version int              `json:"version"`
	Cards   map[string]State `json:"cards"`
}

// Store keeps the schedule in dir/drill.json, read and written by
// lessons/store: writes go to a temporary file in the same folder that is
// synced and renamed over the old one, so a crash never leaves half a file.
// It is safe for concurrent use.
type Store struct {
	dir    string
	mu     sync.Mutex
	data   progressFile
	notice string
}

// OpenStore reads dir/drill.json. A missing file is an empty schedule. A
// file that cannot be read as a schedule is renamed aside (drill.json.
// corrupt-TIME, the time taken from now) and the schedule starts empty;
// Notice says so, and no other file is touched. Only a failure to read an
// existing file is an error, and the store returned is usable even then.
func OpenStore(dir string, now time.Time) (*Store, error) {
	s := &Store{dir: dir, data: progressFile{Version: progressVersion, Cards: map[string]State{}}}
	var f progressFile
	file := store.File{Path: s.Path(), Name: "drill schedule", Afresh: "the schedule starts afresh"}
	loaded, notice, err := file.Load(&f, func() error { return store.Version(f.Version, progressVersion) }, now)
	s.notice = notice
	if !loaded {
		return s, err
	}
	if f.Cards == nil {
		f.Cards = map[string]State{}
	}
	s.data = f
	return s, nil
}

// Path is the schedule's file.
func (s *Store) Path() string { return filepath.Join(s.dir, FileName) }

// Dir is the progress directory.
func (s *Store) Dir() string { return s.dir }

// Notice is a message for the learner (a file set aside), or "".
func (s *Store) Notice() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.notice
}

// Get returns a card's state (the zero State for a new card).
func (s *Store) Get(id string) State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.data.Cards[id]
}

// Set records a card's state in memory; Save writes it.
func (s *Store) Set(id string, st State) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.data.Cards[id] = st
}

// States returns a copy of every card's state.
func (s *Store) States() map[string]State {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]State, len(s.data.Cards))
	for k, v := range s.data.Cards {
		out[k] = v
	}
	return out
}

// Save writes the schedule atomically.
func (s *Store) Save() error {
	s.mu.Lock()
	b, err := store.Encode(s.data)
	s.mu.Unlock()
	if err != nil {
		return fmt.Errorf("encoding the drill schedule: %w", err)
	}
	return writeAtomic(s.Path(), b)
}

// writeAtomic writes data to path through a synced temporary file in the
// same folder, renamed over path (lessons/store), creating the folder.
func writeAtomic(path string, data []byte) error {
	if err := (store.File{Path: path, Temp: ".drill-*.tmp"}).Write(data); err != nil {
		return fmt.Errorf("saving %s: %w", path, err)
	}
	return nil
}
