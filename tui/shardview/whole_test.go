package shardview

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// The shard view's screens at 80×24, 120×40 and 200×60, each whole: the
// run after the first crash, the keys, the knob form with the cursor on
// each knob (its help and its value whole: "overlap-limited" in its
// field, not "[-limited ]"), every strategy on the right.
func TestEveryShardScreenIsWhole(t *testing.T) {
	m := seekTo(t, newModel(t, 80, 24, Options{}), 2500*time.Millisecond)
	screens := map[string]Model{"the run": m, "keys": press(m, "?")}
	for i, s := range []string{"s", "s", "s"} {
		m = press(m, s)
		screens[fmt.Sprintf("strategy %d", i+2)] = m
	}
	for name, s := range screens {
		for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
			mm := send(s, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			tuitest.CheckWhole(t, fmt.Sprintf("%s at %dx%d", name, sz[0], sz[1]), mm.View(), mm.note)
		}
	}
	f := press(screens["strategy 4"], "e")
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		f = send(f, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		f.form.focus = 0
		for i, k := range f.form.knobs {
			where := fmt.Sprintf("the form on %q at %dx%d", k.label, sz[0], sz[1])
			tuitest.CheckWhole(t, where, f.View(), k.hint(f.run.setup), k.input.Value())
			tuitest.CheckValuesWhole(t, where, f.View(), k.input.Value())
			if i < len(f.form.knobs)-1 {
				f = press(f, "down")
			}
		}
	}
}
