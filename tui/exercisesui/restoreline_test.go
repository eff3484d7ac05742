package exercisesui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// When the check after x put the tests back passes at once, its "Passed!"
// comes under the line saying what x did, not in its place: the learner
// sees both. The line stays while they scroll to read the result, and
// goes at the next key that does something.
func TestRestoreLineStaysOverThePass(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	const restored, passed = "Restored the bundled tests; your code is untouched.", "Passed! n opens 02 A breaker that judges the failure rate of the last N calls."
	for _, size := range [][2]int{{80, 24}, {50, 16}} {
		f := newFake()
		f.missing = map[string]bool{"01-consecutive-breaker": true}
		d := start(t, f, size[0], size[1])
		d.keys("x")
		f.pass("01-consecutive-breaker")
		d.keys("y")
		if len(f.restores) != 1 {
			t.Fatalf("%dx%d: restores %v, want one", size[0], size[1], f.restores)
		}
		v := d.view()
		flat := strings.Join(strings.Fields(v), " ")
		if !strings.Contains(flat, restored) || !strings.Contains(flat, passed) {
			t.Fatalf("%dx%d: after a restore that passes, the view should say both %q and %q:\n%s", size[0], size[1], restored, passed, v)
		}
		if strings.Index(flat, restored) > strings.Index(flat, passed) {
			t.Errorf("%dx%d: the verdict should come under what x did:\n%s", size[0], size[1], v)
		}
		d.keys("down")
		if flat := strings.Join(strings.Fields(d.view()), " "); !strings.Contains(flat, restored) {
			t.Errorf("%dx%d: scrolling took away what x did:\n%s", size[0], size[1], d.view())
		}
		d.keys("h")
		if flat := strings.Join(strings.Fields(d.view()), " "); strings.Contains(flat, restored) {
			t.Errorf("%dx%d: what x did still shows after the next action (h):\n%s", size[0], size[1], d.view())
		}
	}
}

// What x put back is old news once the learner saves the exercise again:
// they work in their editor and may press no key in the runner for an
// hour. A learner who let x restore the tests, then edited the test file
// again, saw "Restored the bundled tests" under a verdict saying their
// test file differs.
func TestRestoreLineGoesAtTheNextSave(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	const restored = "Restored the bundled tests"
	f := newFake()
	f.missing = map[string]bool{"01-consecutive-breaker": true}
	d := start(t, f, 100, 30)
	d.keys("x", "y")
	d.wantView(restored)
	d.send(fileSavedMsg{"01-consecutive-breaker"})
	if v := d.view(); strings.Contains(v, restored) {
		t.Errorf("what x did still shows after the learner saved the exercise again:\n%s", v)
	}

	// A save in another exercise opens it, and what x did to 01 is not
	// said under 02's verdict.
	d.keys("x", "y")
	d.wantView(restored)
	d.send(fileSavedMsg{"02-rate-window-breaker"})
	if v := d.view(); strings.Contains(v, restored) || !strings.Contains(v, "02-rate-window-breaker") {
		t.Errorf("after a save in 02, the runner should show 02 without what x did to 01:\n%s", v)
	}
}

// Under an edited test file's failure, the line says where x copies the
// learner's version before it puts the bundled tests back, in check's
// words (exercises.BackupFolder names the folder for both): it said only
// "your code is kept", and the learner's own tests seemed lost. It wraps
// whole at 80 columns and at 50.
func TestRestoreLineNamesTheBackupFolder(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	for _, size := range [][2]int{{80, 24}, {50, 16}} {
		d := startOn(t, editedTests{newFake()}, size[0], size[1])
		e := d.m.current()
		want := "x puts the bundled tests back, yours copied to the workbook's " + exercises.BackupFolder(e) + " first; your code is kept"
		v := d.view()
		if !strings.Contains(flowed(v), want) {
			t.Errorf("%dx%d: the view lacks %q:\n%s", size[0], size[1], want, v)
		}
		tuitest.CheckNoCuts(t, fmt.Sprintf("the edited test's way out at %dx%d", size[0], size[1]), v)
	}
}
