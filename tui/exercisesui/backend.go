package exercisesui

import (
	"context"
	"time"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
)

// Backend is what the runner needs from a workbook. Tests pass a fake;
// NewBackend adapts a real workbook.
type Backend interface {
	Exercises() []exercises.Exercise
	// Done reports whether an exercise passes now, as last checked.
	Done(exercises.Exercise) bool
	// Status is where an exercise stands in the workbook's progress: a
	// pass sticks, so it can be done and failing now (exercises.Status).
	Status(exercises.Exercise) exercises.Status
	Current() exercises.Exercise
	SetCurrent(exercises.Exercise) error
	// Check grades an exercise, telling progress (if not nil) each phase
	// the grading enters: compiling, then running the tests
	// (exercises.CheckOptions.OnProgress). progress must return at once.
	Check(ctx context.Context, e exercises.Exercise, progress func(grade.Progress)) exercises.Result
	// Reset, RestoreTests and WriteSolution replace files in the workbook
	// as `breakerlab exercises reset|solution` do (the Workbook's
	// ...WithBackup methods), copying the learner's changed files first,
	// and say where (the runner shows Backup.Note).
	Reset(exercises.Exercise) (exercises.Backup, error)
	RestoreTests(exercises.Exercise) (exercises.Backup, error)
	WriteSolution(exercises.Exercise) (string, exercises.Backup, error)
	// Dir is the workbook's folder; ExerciseDir and MainFile are paths in it.
	Dir() string
	ExerciseDir(exercises.Exercise) string
	MainFile(exercises.Exercise) string
	// ProgressLost is non-nil when the progress file was missing or
	// unreadable, and everything must be checked to rebuild it.
	ProgressLost() error
}

// NewBackend adapts a workbook, checking each exercise with the given time
// limit (the grader's default if zero).
func NewBackend(w *exercises.Workbook, timeout time.Duration) Backend {
	return workbookBackend{w, exercises.CheckOptions{Timeout: timeout, MoreTime: RunnerMoreTime}}
}

// RunnerMoreTime is how a learner in the runner gives slow tests more
// time: the runner takes --timeout when it starts, and has no check
// command to pass it to.
const RunnerMoreTime = "If the tests are only slow, quit and start the runner again with more time: breakerlab exercises --timeout 2m"

type workbookBackend struct {
	w   *exercises.Workbook
	opt exercises.CheckOptions
}

func (b workbookBackend) Exercises() []exercises.Exercise              { return exercises.All() }
func (b workbookBackend) Done(e exercises.Exercise) bool               { return b.w.Done(e) }
func (b workbookBackend) Status(e exercises.Exercise) exercises.Status { return b.w.Status(e) }
func (b workbookBackend) Current() exercises.Exercise                  { return b.w.Current() }
func (b workbookBackend) SetCurrent(e exercises.Exercise) error        { return b.w.SetCurrent(e) }
func (b workbookBackend) Check(ctx context.Context, e exercises.Exercise, progress func(grade.Progress)) exercises.Result {
	opt := b.opt
	opt.OnProgress = progress
	return b.w.Check(ctx, e, opt)
}
func (b workbookBackend) Reset(e exercises.Exercise) (exercises.Backup, error) {
	return b.w.ResetWithBackup(e)
}
func (b workbookBackend) RestoreTests(e exercises.Exercise) (exercises.Backup, error) {
	return b.w.RestoreTestsWithBackup(e)
}
func (b workbookBackend) WriteSolution(e exercises.Exercise) (string, exercises.Backup, error) {
	return b.w.WriteSolutionWithBackup(e)
}
func (b workbookBackend) Dir() string                             { return b.w.Dir }
func (b workbookBackend) ExerciseDir(e exercises.Exercise) string { return b.w.ExerciseDir(e) }
func (b workbookBackend) MainFile(e exercises.Exercise) string    { return b.w.MainFile(e) }
func (b workbookBackend) ProgressLost() error                     { return b.w.ProgressLost() }
