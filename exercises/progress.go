package exercises

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/breakerlab/breakerlab/lessons/store"
)

// progressVersion is the format of the progress file; a file of another
// version is treated like a corrupt one and rebuilt.
const progressVersion = 1

// Errors from reading the progress file. Either way nothing is lost:
// checking the exercises again rebuilds it.
var (
	ErrNoProgress      = errors.New("no progress file yet")
	ErrCorruptProgress = errors.New("the progress file is unreadable")
)

// Progress is what the workbook remembers between runs.
type Progress struct {
	Version int `json:"version"`
	// Current is the exercise the runner shows first.
	Current string `json:"current,omitempty"`
	// Passed maps an exercise name to the fingerprint of its files when it
	// last passed. A pass stands only while the files are unchanged.
	Passed map[string]Pass `json:"passed"`
}

// Pass records one exercise passing.
type Pass struct {
	Fingerprint string    `json:"fingerprint"`
	At          time.Time `json:"at"`
}

func (w *Workbook) progressPath() string { return filepath.Join(w.Dir, stateDir, "progress.json") }

func loadProgress(path string) (Progress, error) {
	empty := Progress{Version: progressVersion, Passed: map[string]Pass{}}
	// A bad file stays where it is (unlike lessons/store's Load): checking
	// again rebuilds it, and the next save replaces it.
	var p Progress
	switch err := store.Read(path, &p); {
	case errors.Is(err, store.ErrCorrupt):
		return empty, fmt.Errorf("%w: %s: %w", ErrCorruptProgress, path, err)
	case errors.Is(err, fs.ErrNotExist):
		return empty, fmt.Errorf("%w (%s)", ErrNoProgress, path)
	case err != nil:
		return empty, fmt.Errorf("%w: %w", ErrCorruptProgress, err)
	}
	if p.Version != progressVersion {
		return empty, fmt.Errorf("%w: %s has version %d, this program writes %d", ErrCorruptProgress, path, p.Version, progressVersion)
	}
	if p.Passed == nil {
		p.Passed = map[string]Pass{}
	}
	return p, nil
}

// ProgressLost returns why the progress file could not be read when the
// workbook was opened (ErrNoProgress or ErrCorruptProgress, wrapped), or nil.
// The caller should check every exercise to rebuild it.
func (w *Workbook) ProgressLost() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.loadErr
}

// Done reports whether e passed when last checked and its files have not
// changed since.
func (w *Workbook) Done(e Exercise) bool {
	fp := w.fingerprint(e)
	w.mu.Lock()
	defer w.mu.Unlock()
	p, ok := w.progress.Passed[e.Name]
	return ok && fp != "" && p.Fingerprint == fp
}

// Current returns the exercise to show first: the one recorded by
// SetCurrent, or else the first that is not done.
func (w *Workbook) Current() Exercise {
	w.mu.Lock()
	cur := w.progress.Current
	w.mu.Unlock()
	if e, err := Lookup(cur); err == nil && cur != "" {
		return e
	}
	return w.NextPending(Exercise{})
}

// NextPending returns the first exercise after e (wrapping around) that is
// not done; if every exercise is done, the one after e.
func (w *Workbook) NextPending(e Exercise) Exercise {
	start := 0
	for i, c := range catalog {
		if c.Name == e.Name {
			start = i + 1
		}
	}
	for k := range catalog {
		c := catalog[(start+k)%len(catalog)]
		if !w.Done(c) {
			return c
		}
	}
	return catalog[start%len(catalog)]
}

// SetCurrent records the exercise the learner is on.
func (w *Workbook) SetCurrent(e Exercise) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.progress.Current = e.Name
	return w.saveLocked()
}

// setDone records whether e passed, with the fingerprint it passed at.
func (w *Workbook) setDone(e Exercise, done bool, fingerprint string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if done {
		w.progress.Passed[e.Name] = Pass{Fingerprint: fingerprint, At: time.Now().UTC().Truncate(time.Second)}
	} else {
		delete(w.progress.Passed, e.Name)
	}
	return w.saveLocked()
}

// saveLocked writes the progress file atomically. w.mu must be held.
func (w *Workbook) saveLocked() error {
	w.progress.Version = progressVersion
	b, err := store.Encode(w.progress)
	if err != nil {
		return fmt.Errorf("cannot encode progress: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(w.progressPath()), 0o755); err != nil {
		return fmt.Errorf("cannot save progress: %w", err)
	}
	if err := writeAtomic(w.progressPath(), b); err != nil {
		return fmt.Errorf("cannot save progress: %w", err)
	}
	w.loadErr = nil
	return nil
}

func hashHex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
