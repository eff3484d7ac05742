package exercises

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"time"

	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/lessons/store"
)

// progressVersion is the format of the progress file; a file of another
// version is treated like a corrupt one and rebuilt. Solved and Failing
// were added to version 1 without a new number: a file written before them
// loads (Solved is filled from Passed), and an older program reading a
// newer file ignores them.
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
	// last passed. It says whether the exercise passes now: the entry goes
	// when a later check fails, and stands only while the files are
	// unchanged.
	Passed map[string]Pass `json:"passed"`
	// Solved maps an exercise name to when it first passed. A pass sticks,
	// as rustlings keeps a finished exercise done: a later check that fails
	// leaves the entry (the exercise is then done, failing now); only a
	// reset to the stub removes it.
	Solved map[string]time.Time `json:"solved,omitempty"`
	// Failing maps an exercise name to the fingerprint of its files when a
	// check last failed, so that "failing now" is said only of the files
	// that failed, not of a fix that has not been checked yet.
	Failing map[string]string `json:"failing,omitempty"`
	// LastCheck maps an exercise name to what its last finished check
	// found. `exercises hint ID` on the command line keeps nothing between
	// runs, so it reads the tests that failed here to give the hint for
	// one of them, as the runner's h does from the check it just ran.
	LastCheck map[string]CheckRecord `json:"last_check,omitempty"`
}

// CheckRecord is what one finished check of an exercise found.
type CheckRecord struct {
	At time.Time `json:"at"`
	// Fingerprint identifies the files checked, so that a hint keyed to
	// the check can say the code has changed since.
	Fingerprint string `json:"fingerprint"`
	Passed      bool   `json:"passed,omitempty"`
	// Failed are the top-level tests that failed (FailingTests), in the
	// report's order; empty when the check passed or no test ran (a build
	// that failed, a test file missing).
	Failed []string `json:"failed,omitempty"`
	// Changed is set by Workbook.LastCheck when the exercise's files are
	// no longer the ones checked. Not stored.
	Changed bool `json:"-"`
}

// Status is where an exercise stands in the learner's progress.
type Status int

const (
	// Pending: it has never passed (since its last reset), and the learner
	// has not begun it or changed it since its last check: a stub as the
	// workbook wrote it reads pending even after a check of it failed.
	Pending Status = iota
	// Done: it passed when last checked, and its files are unchanged.
	Done
	// DoneFailing: it passed once and stays done, but the last check, of
	// its files as they are now, failed.
	DoneFailing
	// DoneChanged: it passed once and stays done; its files changed since
	// it was last checked, so whether they pass now is not known.
	DoneChanged
	// Failing: it has never passed (since its last reset), and the last
	// check, of its files as they are now, failed, and they are not the
	// stub as written: the learner began it. Pending says the same of
	// files not checked since they changed, and of the stub.
	Failing
	// TestsMissing: it has never passed, and a bundled test file is not
	// in its folder, so nothing can grade it: `exercises reset --tests
	// ID` puts it back. Said as such, where a deleted test file made an
	// untouched exercise "failing".
	TestsMissing
)

// String is the status as `breakerlab exercises list` and the runner say
// it: "pending", "failing", "done", "done, failing now", "done, changed
// since".
func (s Status) String() string {
	switch s {
	case Done:
		return "done"
	case DoneFailing:
		return "done, failing now"
	case DoneChanged:
		return "done, changed since"
	case Failing:
		return "failing"
	case TestsMissing:
		return "test file missing"
	}
	return "pending"
}

// Checked is what the last check of an exercise's files, as they are now,
// found.
type Checked int

const (
	// NotChecked: the files changed since their last check, or were never
	// checked.
	NotChecked Checked = iota
	// CheckedPass: the last check passed.
	CheckedPass
	// CheckedFail: the last check failed, of files the learner changed.
	CheckedFail
	// CheckedStub: the last check failed, of files that are the stub and
	// the bundled tests as the workbook wrote them (Result.Untouched): the
	// learner has not begun. After `c` checks every exercise, a learner who
	// has begun one must not read fifteen failures.
	CheckedStub
	// CheckedNoTests: a bundled test file is missing from the folder, so
	// no check can grade it (Result.TestsMissing).
	CheckedNoTests
)

// StatusOf is an exercise's status from whether it passed at some check
// since its last reset (a pass sticks) and what the last check of its
// files as they are now found: a stub that fails, as every stub does, is
// pending, not failing. Workbook.Status (`breakerlab exercises
// list`, the home screen) and the runner, which knows its own checks'
// outcomes first, both say it this way, so that they never disagree: the
// runner once called a graded failure "failing" while list, counting only
// recorded passes, called it "pending".
func StatusOf(solved bool, now Checked) Status {
	switch {
	case now == CheckedPass:
		return Done
	case solved && (now == CheckedFail || now == CheckedStub || now == CheckedNoTests):
		// The stub written back by hand, after a pass: it fails now.
		return DoneFailing
	case solved:
		return DoneChanged
	case now == CheckedFail:
		return Failing
	case now == CheckedNoTests:
		return TestsMissing
	}
	return Pending
}

// Solved reports whether the status is one of the done ones: the exercise
// passed at some check since its last reset.
func (s Status) Solved() bool { return s == Done || s == DoneFailing || s == DoneChanged }

// Pass records one exercise passing.
type Pass struct {
	Fingerprint string    `json:"fingerprint"`
	At          time.Time `json:"at"`
}

func (w *Workbook) progressPath() string { return filepath.Join(w.Dir, stateDir, "progress.json") }

func emptyProgress() Progress {
	return Progress{Version: progressVersion, Passed: map[string]Pass{}, Solved: map[string]time.Time{}, Failing: map[string]string{}, LastCheck: map[string]CheckRecord{}}
}

func loadProgress(path string) (Progress, error) {
	empty := emptyProgress()
	// A bad file stays where it is (unlike lessons/store's Load): checking
	// again rebuilds it, and the next save sets it aside and replaces it.
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
	return p.normalized(), nil
}

// normalized returns a copy of p with its maps made and not shared with p,
// so that a change to the copy leaves p as it was.
func (p Progress) normalized() Progress {
	q := p
	q.Passed = make(map[string]Pass, len(p.Passed))
	for name, pass := range p.Passed {
		q.Passed[name] = pass
	}
	q.Solved = make(map[string]time.Time, len(p.Solved))
	for name, at := range p.Solved {
		q.Solved[name] = at
	}
	q.Failing = make(map[string]string, len(p.Failing))
	for name, fp := range p.Failing {
		q.Failing[name] = fp
	}
	// A record is replaced whole, never changed in place, so its Failed
	// slice may be shared.
	q.LastCheck = make(map[string]CheckRecord, len(p.LastCheck))
	for name, c := range p.LastCheck {
		q.LastCheck[name] = c
	}
	// A file written before passes stuck holds only the current ones;
	// each of them was solved when it passed, if not before.
	for name, pass := range q.Passed {
		if _, ok := q.Solved[name]; !ok {
			q.Solved[name] = pass.At
		}
	}
	return q
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
// changed since: whether it passes now, as far as the workbook knows.
// Solved says whether it passed once, which sticks.
func (w *Workbook) Done(e Exercise) bool { return w.Status(e) == Done }

// Solved reports whether e passed at some check since it was last reset. It
// stays so when a later check fails: the learner keeps the exercise they
// finished, and its solution.
func (w *Workbook) Solved(e Exercise) bool { return w.Status(e).Solved() }

// Status says where e stands: pending, failing, done, or done but failing
// now or changed since (StatusOf).
func (w *Workbook) Status(e Exercise) Status {
	fp := w.fingerprint(e)
	w.mu.Lock()
	now := NotChecked
	if p, ok := w.progress.Passed[e.Name]; ok && fp != "" && p.Fingerprint == fp {
		now = CheckedPass
	} else if f, ok := w.progress.Failing[e.Name]; ok && f == fp {
		now = CheckedFail
	}
	_, solved := w.progress.Solved[e.Name]
	w.mu.Unlock()
	// The same test as Check's Result.Untouched, which the runner reads,
	// so that list and runner call the same files pending. It reads the
	// files, so it runs only for a failure, and outside the lock.
	if now == CheckedFail && w.untouched(e) {
		now = CheckedStub
	}
	// A test file deleted is said, checked or not: it reads the folder,
	// so only where no pass stands for the files as they are.
	if now != CheckedPass && len(w.MissingTests(e)) > 0 {
		now = CheckedNoTests
	}
	return StatusOf(solved, now)
}

// Current returns the exercise to show first: the one recorded by
// SetCurrent, or else the first that is not solved.
func (w *Workbook) Current() Exercise {
	w.mu.Lock()
	cur := w.progress.Current
	w.mu.Unlock()
	if e, err := Lookup(cur); err == nil && cur != "" {
		return e
	}
	return w.NextPending(Exercise{})
}

// NextPending returns the first exercise after e (wrapping around) that
// has not been solved; if every exercise has, the one after e.
func (w *Workbook) NextPending(e Exercise) Exercise {
	start := 0
	for i, c := range catalog {
		if c.Name == e.Name {
			start = i + 1
		}
	}
	for k := range catalog {
		c := catalog[(start+k)%len(catalog)]
		if !w.Solved(c) {
			return c
		}
	}
	return catalog[start%len(catalog)]
}

// SetCurrent records the exercise the learner is on.
func (w *Workbook) SetCurrent(e Exercise) error {
	return w.update(func(p *Progress) { p.Current = e.Name })
}

// setDone records whether e passed a check of its files as fingerprint
// says they were (rep), and which tests failed. A pass marks it solved for
// good; a failure takes back only that it passes now.
func (w *Workbook) setDone(e Exercise, rep grade.Report, fingerprint string) error {
	now := time.Now().UTC().Truncate(time.Second)
	done := rep.Status == grade.Passed
	record := CheckRecord{At: now, Fingerprint: fingerprint, Passed: done, Failed: FailingTests(rep)}
	return w.update(func(p *Progress) {
		p.LastCheck[e.Name] = record
		if done {
			p.Passed[e.Name] = Pass{Fingerprint: fingerprint, At: now}
			if _, ok := p.Solved[e.Name]; !ok {
				p.Solved[e.Name] = now
			}
			delete(p.Failing, e.Name)
		} else {
			delete(p.Passed, e.Name)
			p.Failing[e.Name] = fingerprint
		}
	})
}

// forget takes e out of the progress, solved included: a reset starts the
// exercise over, as rustlings' reset makes it pending again.
func (w *Workbook) forget(e Exercise) error {
	return w.update(func(p *Progress) {
		delete(p.Passed, e.Name)
		delete(p.Solved, e.Name)
		delete(p.Failing, e.Name)
		delete(p.LastCheck, e.Name) // its failures are the old code's
	})
}

// LastCheck returns what the last finished check of e found, with Changed
// set when its files differ from the ones checked; false when e was not
// checked since the workbook was made or e was last reset.
func (w *Workbook) LastCheck(e Exercise) (CheckRecord, bool) {
	w.mu.Lock()
	c, ok := w.progress.LastCheck[e.Name]
	w.mu.Unlock()
	if ok {
		c.Changed = c.Fingerprint != w.fingerprint(e)
	}
	return c, ok
}

// update applies change to the progress and saves it.
func (w *Workbook) update(change func(p *Progress)) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.updateLocked(change)
}

// saveLocked writes the progress as it is. w.mu must be held.
func (w *Workbook) saveLocked() error { return w.updateLocked(func(*Progress) {}) }

// updateLocked applies change to the progress file as it is on disk now,
// not to the copy read when the workbook was opened: a runner stays open
// for hours while `exercises check` and `exercises reset` in another shell
// change the file, and writing its own copy back would undo them (a reset
// exercise would come back solved). The file's lock (lessons/store's Save)
// is held from the read to the write, so two processes do not interleave.
// When the file is missing or unreadable, change applies to the copy in
// memory, which rebuilds the file; an unreadable one is moved aside first.
// w.mu must be held.
func (w *Workbook) updateLocked(change func(p *Progress)) error {
	mine := w.progress.normalized()
	change(&mine)
	mine.Version = progressVersion
	reapply := func(_, disk Progress) Progress {
		now := disk.normalized()
		change(&now)
		return now
	}
	sameVersion := func(disk *Progress) error { return store.Version(disk.Version, progressVersion) }
	file := store.File{Path: w.progressPath(), Name: "exercise progress file", Perm: 0o644}
	saved, _, err := store.Save(file, mine, reapply, sameVersion, time.Now())
	if err != nil {
		return fmt.Errorf("cannot save progress: %w", err)
	}
	w.progress = saved
	w.loadErr = nil
	return nil
}

func hashHex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
