package builder

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// The "Start from" list takes g/G and Home/End for its ends, as the
// program's other lists do (listnav): G and End pick the last start, g
// and Home the empty server, and the pane highlights the one picked.
func TestStartsListGoesToItsEnds(t *testing.T) {
	m := newBuilder(100, 30)
	last := len(m.starts)
	if last == 0 {
		t.Fatal("the builder offers no built-in starts")
	}
	lastName := "copy of " + m.starts[last-1].Name
	for _, c := range []struct {
		keys []string
		want int
	}{
		{[]string{"G"}, last},
		{[]string{"G", "g"}, 0},
		{[]string{"end"}, last},
		{[]string{"down", "down", "home"}, 0},
	} {
		got := tuitest.Press(m, c.keys...)
		if got.pick != c.want {
			t.Errorf("%v: the cursor is on start %d, want %d", c.keys, got.pick, c.want)
		}
	}
	v := ansi.Strip(tuitest.Press(m, "G").View())
	if !strings.Contains(v, "▸ "+lastName) {
		t.Errorf("after G the pane does not highlight %q:\n%s", lastName, v)
	}
}
