package sandbox

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// The sandbox's other screens at 120×40 and 200×60, one file a size (its
// main view has files at the three sizes for each scenario, layout-*):
// the knob form, the help, the two compare modes, and at 120×40 the sweep
// picker and its result (80×24 and 200×60 have files of their own,
// sweep-*). At 80×24, where the help and compare have files of their own,
// the knob form. Each
// screen is drawn before the next is made: the model keeps its runs
// behind pointers.
func TestOtherScreensAtLargerSizes(t *testing.T) {
	// Its sweep at 120×40 runs the workers TestSweepRunsAndMarksTheDesign
	// runs under -race, on a larger grid.
	racefree.Only(t)
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		var b strings.Builder
		show := func(name string, m Model) {
			t.Helper()
			v := m.View()
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			tuitest.CheckNoCuts(t, fmt.Sprintf("%s at %dx%d", name, sz[0], sz[1]), v)
			fmt.Fprintf(&b, "──── %s ────\n%s\n", name, ansi.Strip(v))
		}
		show("knobs", press(newModel(t, sz[0], sz[1], Options{}), "e"))
		if sz[0] == 80 {
			golden.Check(t, "screens-80x24", b.String())
			continue
		}
		show("help", press(newModel(t, sz[0], sz[1], Options{}), "?"))
		m := press(seekTo(t, newModel(t, sz[0], sz[1], Options{}), 18*time.Second), "c")
		show("compare 1 vs 3 at 18 s", m)
		show("compare presets at 27 s", seekTo(t, press(m, "C"), 27*time.Second))
		if sz[0] == 120 {
			m := openSweepOn(t, sz[0], sz[1])
			show("sweep picker", m)
			next, cmd := m.Update(tuitest.Key("enter"))
			show("sweep result", drive(t, next.(Model), cmd))
		}
		golden.Check(t, fmt.Sprintf("screens-%dx%d", sz[0], sz[1]), b.String())
	}
}
