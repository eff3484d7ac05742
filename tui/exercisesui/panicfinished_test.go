package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A panic reads the same wherever the learner's code panicked. In a
// synctest bubble (exercises 06, 07, 08, 12, 16) the panic is in the
// bubble's goroutine, so go test never reports the test's end and the
// grader marks it Running; the runner used to add "(never finished)",
// the words of a test stopped at the time limit, to a test that crashed
// at once, where the same panic in exercise 01's test goroutine had no
// such words. A learner reading "never finished" over a panic looks for
// a loop that is not there.
func TestAPanicInABubbleIsNotCalledUnfinished(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	const panicked = "TestAdmitsUpToTheLimit"
	const hung = "TestStillRunning"
	f := newFake()
	f.script["01-consecutive-breaker"] = grade.Report{Status: grade.Failed,
		Summary: "0 of 2 tests pass; a panic in " + panicked + " stopped the other 1",
		Tests: []grade.TestResult{
			{Name: panicked, Running: true, Panic: "runtime error: index out of range [2] with length 0 at breaker.go:12",
				Output: []string{"panic: runtime error: index out of range [2] with length 0"}},
			// A test cut short by another's panic did not finish: its
			// label keeps saying so.
			{Name: hung, Running: true},
		}}
	d := start(t, f, 200, 30)
	v := d.view()
	d.wantView("✗ "+hung+" (never finished)", "panic: runtime error")
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "✗ "+panicked) && strings.Contains(l, "never finished") {
			t.Errorf("a test that panicked is labelled as one that never finished: %q\n%s", strings.TrimSpace(l), v)
		}
	}
}
