package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A learner left scrolled down in the task who saves sees what the save
// did at the top: the new verdict, not the middle of the task.
func TestASaveShowsItsResultFromTheTop(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	d := start(t, f, 80, 24)
	d.keys("G")
	if strings.Contains(d.view(), "✗ FAIL") {
		t.Fatalf("the test needs the verdict scrolled out of sight first:\n%s", d.view())
	}
	d.send(fileSavedMsg{d.m.current().Name})
	if v := d.view(); !strings.Contains(v, "✗ FAIL  1 of 2 tests pass") {
		t.Errorf("after a save the learner sees no verdict, still scrolled down:\n%s", v)
	}
}

// A save in an exercise other than the one on screen opens it: the
// learner is working on it, and its result is what they wait for. Its
// check is the save's own, run once.
func TestASaveInAnotherExerciseOpensIt(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	d := start(t, f, 80, 24)
	before := len(f.checked())
	d.send(fileSavedMsg{"09-retry-backoff"})
	if got := d.m.current().Name; got != "09-retry-backoff" {
		t.Fatalf("after a save in 09-retry-backoff the runner shows %s", got)
	}
	if got := f.checked()[before:]; len(got) != 1 || got[0] != "09-retry-backoff" {
		t.Errorf("the save ran the checks %v, want 09-retry-backoff's once", got)
	}
	if f.current != "09-retry-backoff" {
		t.Errorf("the workbook remembers %q as the current exercise, want the one opened", f.current)
	}
	v := d.view()
	for _, want := range []string{"09/", "Opened 09-retry-backoff: you saved a file in it.", "✗ FAIL  1 of 2 tests pass"} {
		if !strings.Contains(v, want) {
			t.Errorf("after a save in 09-retry-backoff the screen does not say %q:\n%s", want, v)
		}
	}

	// On another screen (the list here) the save is tested where it is
	// and the screen stays: the list shows its state.
	d.keys("l")
	d.send(fileSavedMsg{"06-semaphore-bulkhead"})
	if d.m.screen != screenList || d.m.current().Name != "09-retry-backoff" {
		t.Errorf("a save while the list is open moved the runner: screen %v, current %s", d.m.screen, d.m.current().Name)
	}
}
