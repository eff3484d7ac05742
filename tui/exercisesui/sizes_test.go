package exercisesui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// The runner's screens at 80×24, 120×40 and 200×60, one file a size: an
// untouched stub (the task first), an exercise the learner started failing
// its tests (the failures first), with its first hint, passed, the list
// and the keys.
func TestRunnerAtThreeSizes(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		var b strings.Builder
		show := func(name string, d *driver) {
			t.Helper()
			v := d.view()
			tuitest.CheckNoCuts(t, fmt.Sprintf("%s at %dx%d", name, sz[0], sz[1]), v)
			fmt.Fprintf(&b, "──── %s ────\n%s\n", name, v)
		}
		f := newFake()
		f.untouched = map[string]bool{"01-consecutive-breaker": true}
		d := start(t, f, sz[0], sz[1])
		show("untouched stub", d)
		f.untouched = nil
		d.keys("r")
		show("failing", d)
		d.keys("h")
		show("first hint", d)
		f.pass("01-consecutive-breaker")
		d.keys("r")
		show("passed", d)
		d.keys("l")
		show("list", d)
		d.keys("esc", "?")
		show("keys", d)
		golden.Check(t, fmt.Sprintf("runner-%dx%d", sz[0], sz[1]), b.String())
	}
}
