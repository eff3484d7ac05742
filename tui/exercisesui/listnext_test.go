package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// After a pass the status line says where n goes ("n opens 02 …"), and
// the list shows that line too: n there opens that exercise.
func TestNextFromTheList(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	f.pass("01-consecutive-breaker")
	d := start(t, f, 100, 30)
	d.keys("l")
	d.wantView("Exercises", "Passed! n opens 02 A breaker")
	d.keys("n")
	if d.m.screen != screenMain || d.current() != "02-rate-window-breaker" {
		t.Fatalf("n in the list after a pass: screen %v, current %s; want the main screen on 02", d.m.screen, d.current())
	}
}

// "Nothing changed." answers a declined prompt; it does not stay on the
// status line through the runs after it.
func TestNothingChangedGoesAtTheNextRun(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	d := start(t, newFake(), 100, 30)
	d.keys("s", "n")
	d.wantView("Nothing changed.")
	d.send(fileSavedMsg{"01-consecutive-breaker"}) // the learner saves: a run
	if v := d.view(); strings.Contains(v, "Nothing changed.") {
		t.Fatalf("after the next run, the status line still says Nothing changed.:\n%s", v)
	}
}
