package builder

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// At 40 columns the list of starts kept "↓/j move" and "? keys" and
// dropped "enter", the one key that starts building; its help dropped
// "?/esc close the help", leaving "q back" alone. The keys that go on
// and the way out of the help outlast the others (playback.KeyLine).
func TestNarrowKeyLinesKeepEnterAndTheWayOutOfHelp(t *testing.T) {
	for _, w := range []int{40, 30} {
		m := newBuilder(w, 30)
		lastLine := func(m Model) string {
			lines := strings.Split(ansi.Strip(m.View()), "\n")
			return lines[len(lines)-1]
		}
		if l := lastLine(m); !strings.Contains(l, "enter start") || !strings.Contains(l, "esc/q home") {
			t.Errorf("%d columns, the list of starts: the key line lacks enter or esc: %q", w, l)
		}
		if l := lastLine(tuitest.Press(m, "?")); !strings.Contains(l, "?/esc close") {
			t.Errorf("%d columns, the help on the list of starts: the key line lacks ?/esc: %q", w, l)
		}
		if l := lastLine(tuitest.Press(m, "enter", "?")); !strings.Contains(l, "?/esc close") {
			t.Errorf("%d columns, the help while building: the key line lacks ?/esc: %q", w, l)
		}
	}
}
