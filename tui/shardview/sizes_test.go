package shardview

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// The shard view at 120×40 and 200×60 (80×24 has a file per moment): the
// start, the poisoned customer's first crash, the overlap-limited
// strategy, the knob form and the help, one file a size; at 80×24 the
// knob form, which has no other file at that size.
func TestShardViewAtLargerSizes(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		// The model keeps its runs behind pointers: each screen is drawn
		// before the next is made.
		var b strings.Builder
		show := func(name string, m Model) {
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
		show("start", newModel(t, sz[0], sz[1], Options{}))
		show("help", press(newModel(t, sz[0], sz[1], Options{}), "?"))
		m := seekTo(t, newModel(t, sz[0], sz[1], Options{}), 2500*time.Millisecond)
		show("poisoned at 2.5 s", m)
		show("overlap-limited at 2.5 s", press(m, "s", "s"))
		golden.Check(t, fmt.Sprintf("screens-%dx%d", sz[0], sz[1]), b.String())
	}
}
