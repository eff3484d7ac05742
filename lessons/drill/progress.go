package drill

import (
	"fmt"
	"maps"
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
	merged string // MergeNote's
}

// OpenStore reads dir/drill.json. A missing file is an empty schedule. A
// file that cannot be read as a schedule is renamed aside (drill.json.
// corrupt-TIME, the time taken from now) and the schedule starts empty;
// Notice says so, and no other file is touched. Only a failure to read an
// existing file is an error, and the store returned is usable even then.
func OpenStore(dir string, now time.Time) (*Store, error) {
	s := &Store{dir: dir, data: progressFile{Version: progressVersion, Cards: map[string]State{}}}
	var f progressFile
	loaded, notice, err := s.file().Load(&f, func() error { return store.Version(f.Version, progressVersion) }, now)
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

// Save writes the schedule without erasing reviews another breakerlab
// process saved since this one read the file: under the file's lock it
// reads the file again and keeps, per card, the most recent review
// (mergeCards) before the atomic rename (lessons/store). MergeNote says
// when something was merged.
func (s *Store) Save() error {
	s.mu.Lock()
	mine := progressFile{Version: progressVersion, Cards: maps.Clone(s.data.Cards)}
	s.mu.Unlock()
	saved, note, err := store.Save(s.file(), mine, mergeCards, func(f *progressFile) error { return store.Version(f.Version, progressVersion) }, time.Now())
	if err != nil {
		return fmt.Errorf("saving %s: %w", s.Path(), err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.data = mergeCards(s.data, saved)
	if note != "" {
		s.merged = note
	}
	return nil
}

// MergeNote returns, once, the note of the last save that merged reviews
// from another breakerlab window (or moved a bad file aside), or "".
func (s *Store) MergeNote() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := s.merged
	s.merged = ""
	return n
}

// file is the schedule as lessons/store reads and writes it.
func (s *Store) file() store.File {
	return store.File{Path: s.Path(), Name: "drill schedule", Afresh: "the schedule starts afresh", Temp: ".drill-*.tmp"}
}

// mergeCards keeps every card of both schedules; a card in both keeps the
// state of its most recent review (Last), mine's on a tie.
func mergeCards(mine, disk progressFile) progressFile {
	out := progressFile{Version: progressVersion, Cards: maps.Clone(mine.Cards)}
	if out.Cards == nil {
		out.Cards = map[string]State{}
	}
	for id, d := range disk.Cards {
		if m, ok := out.Cards[id]; !ok || d.Last.After(m.Last) {
			out.Cards[id] = d
		}
	}
	return out
}

// writeAtomic writes data to path through a synced temporary file in the
// same folder, renamed over path (lessons/store), creating the folder.
func writeAtomic(path string, data []byte) error {
	if err := (store.File{Path: path, Temp: ".drill-*.tmp"}).Write(data); err != nil {
		return fmt.Errorf("saving %s: %w", path, err)
	}
	return nil
}
