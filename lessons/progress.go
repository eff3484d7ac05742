package lessons

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"time"
)

// progressVersion is the format of the progress file; a file of another
// version is set aside like a corrupt one.
const progressVersion = 1

// Progress is what the player remembers about one lesson.
type Progress struct {
	// Step is the step the learner was on (from 0).
	Step int `json:"step"`
	// Seen holds the steps opened so far, from 0.
	Seen []int `json:"seen,omitempty"`
	// Answers maps a step (from 0, as a string) to whether its question
	// was answered right.
	Answers map[string]bool `json:"answers,omitempty"`
	// Done is set once every step has been seen and every question
	// answered right.
	Done bool `json:"done,omitempty"`
}

// SawStep records that step i was opened and is the current one.
func (p *Progress) SawStep(i int) {
	p.Step = i
	for _, s := range p.Seen {
		if s == i {
			return
		}
	}
	p.Seen = append(p.Seen, i)
	sort.Ints(p.Seen)
}

// Answered records a question's result; a right answer stays right.
func (p *Progress) Answered(i int, right bool) {
	if p.Answers == nil {
		p.Answers = map[string]bool{}
	}
	k := strconv.Itoa(i)
	p.Answers[k] = p.Answers[k] || right
}

// Right reports whether step i's question has been answered right.
func (p Progress) Right(i int) bool { return p.Answers[strconv.Itoa(i)] }

// UpdateDone sets Done when every step is seen and every question is right.
func (p *Progress) UpdateDone(l *Lesson) {
	if len(p.Seen) < len(l.Steps) {
		return
	}
	for i, s := range l.Steps {
		if s.Question != nil && !p.Right(i) {
			return
		}
	}
	p.Done = true
}

// Summary describes the progress in a few words for lists: "done",
// "step 3 of 9, 1 of 4 questions right", or "" when not started.
func (p Progress) Summary(l *Lesson) string {
	if p.Done {
		return "done"
	}
	if len(p.Seen) == 0 {
		return ""
	}
	questions, right := 0, 0
	for i, s := range l.Steps {
		if s.Question != nil {
			questions++
			if p.Right(i) {
				right++
			}
		}
	}
	s := fmt.Sprintf("seen %d of %d steps", len(p.Seen), len(l.Steps))
	if questions > 0 {
		s += fmt.Sprintf(", %d of %d questions right", right, questions)
	}
	return s
}

type progressFile struct {
	Version int                 `json:"version"`
	Lessons map[string]Progress `json:"lessons"`
}

// Store keeps the learner's progress in a small JSON file, by default
// lessons.json in breakerlab's folder of the user's config directory. It is
// safe for concurrent use. Writes go to a temporary file that is then
// renamed over the old one, so a crash never leaves half a file.
type Store struct {
	path   string
	mu     sync.Mutex
	data   progressFile
	notice string
}

// DefaultProgressPath is os.UserConfigDir()/breakerlab/lessons.json.
func DefaultProgressPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("finding the config directory for the progress file: %w", err)
	}
	return filepath.Join(dir, "breakerlab", "lessons.json"), nil
}

// OpenStore reads the progress file at path. A missing file is an empty
// store. A file that cannot be parsed is renamed aside (to
// lessons.json.corrupt-TIME) and the store starts empty; Notice says so.
// Only a failure to read an existing file is an error, and even then the
// returned store is usable (it starts empty).
func OpenStore(path string) (*Store, error) {
	s := &Store{path: path, data: progressFile{Version: progressVersion, Lessons: map[string]Progress{}}}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("reading the lesson progress file: %w", err)
	}
	var f progressFile
	bad := json.Unmarshal(b, &f)
	if bad == nil && f.Version != progressVersion {
		bad = fmt.Errorf("it has version %d, and this program reads version %d", f.Version, progressVersion)
	}
	if bad != nil {
		aside := fmt.Sprintf("%s.corrupt-%s", path, time.Now().UTC().Format("20060102T150405Z"))
		if err := os.Rename(path, aside); err != nil {
			s.notice = fmt.Sprintf("The lesson progress file %s is unreadable (%v) and could not be moved aside (%v); progress starts afresh.", path, bad, err)
		} else {
			s.notice = fmt.Sprintf("The lesson progress file was unreadable (%v); it was moved to %s and progress starts afresh.", bad, aside)
		}
		return s, nil
	}
	if f.Lessons == nil {
		f.Lessons = map[string]Progress{}
	}
	s.data = f
	return s, nil
}

// Notice is a message for the learner about the file (set aside as
// corrupt), or "".
func (s *Store) Notice() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.notice
}

// Path is where the store lives.
func (s *Store) Path() string { return s.path }

// Get returns a copy of a lesson's progress.
func (s *Store) Get(id string) Progress {
	s.mu.Lock()
	defer s.mu.Unlock()
	return clone(s.data.Lessons[id])
}

// Set replaces a lesson's progress in memory; Save writes it.
func (s *Store) Set(id string, p Progress) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.data.Lessons[id] = clone(p)
}

func clone(p Progress) Progress {
	p.Seen = append([]int(nil), p.Seen...)
	if p.Answers != nil {
		a := make(map[string]bool, len(p.Answers))
		for k, v := range p.Answers {
			a[k] = v
		}
		p.Answers = a
	}
	return p
}

// Save writes the store atomically: a temporary file in the same folder,
// synced, then renamed over the old file.
func (s *Store) Save() error {
	s.mu.Lock()
	b, err := json.MarshalIndent(s.data, "", "  ")
	s.mu.Unlock()
	if err != nil {
		return fmt.Errorf("encoding lesson progress: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(s.path), 0o755); err != nil {
		return fmt.Errorf("saving lesson progress: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(s.path), ".lessons-*.json")
	if err != nil {
		return fmt.Errorf("saving lesson progress: %w", err)
	}
	defer os.Remove(tmp.Name()) // harmless after the rename
	if _, err := tmp.Write(append(b, '\n')); err != nil {
		tmp.Close()
		return fmt.Errorf("saving lesson progress: %w", err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("saving lesson progress: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("saving lesson progress: %w", err)
	}
	if err := os.Rename(tmp.Name(), s.path); err != nil {
		return fmt.Errorf("saving lesson progress: %w", err)
	}
	return nil
}
