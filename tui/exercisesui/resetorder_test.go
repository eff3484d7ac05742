package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// A reset starts the exercise over: once its check finds the stub as the
// workbook wrote it, the task comes first again, as when the learner
// first opened it, not the stub's failures, which only say that nothing
// is written yet. The reset's own writes reach the runner as saves (the
// watcher cannot tell them from the learner's), and a save puts the
// results first only when the saved code is the learner's.
func TestAResetPutsTheTaskFirstAgain(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	testsFirst := func(d *driver) bool {
		t.Helper()
		v := ansi.Strip(strings.Join(d.m.body(), "\n"))
		i, j := strings.Index(v, "── Tests"), strings.Index(v, "── Task")
		if i < 0 || j < 0 {
			t.Fatalf("the body lacks the tests or the task:\n%s", v)
		}
		return i < j
	}
	const name = "01-consecutive-breaker"
	f := newFake()
	d := start(t, f, 80, 24)
	d.send(fileSavedMsg{name}) // the learner's work, failing
	if !testsFirst(d) {
		t.Fatalf("a started exercise shows the task before why it fails:\n%s", d.view())
	}
	d.keys("x")
	f.mu.Lock()
	f.untouched = map[string]bool{name: true} // what the reset writes
	f.mu.Unlock()
	d.keys("y")
	d.send(fileSavedMsg{name}) // the reset's writes, as the watcher sees them
	if len(f.resets) != 1 {
		t.Fatalf("resets %v, want one", f.resets)
	}
	if testsFirst(d) {
		t.Errorf("after a reset the stub's failures come before the task:\n%s", d.view())
	}
}
