package builder

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// The "Start from" list takes g/G and Home/End for its ends, as the
// program's other lists do (listnav): G and End pick the last start, g
// and Home the empty server, and the pane highlights the one picked.
func TestStartsListGoesToItsEnds(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
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

// The list of starts says it takes g/G, where its keys are read: in the
// key line and in the help ? opens on it, whose table is the list's own
// (not the building keys, which do nothing there yet). The keys the help
// names for the ends are the ones that move there.
func TestStartsListHelpNamesItsEnds(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := newBuilder(80, 24)
	if line := ansi.Strip(m.keyLine()); !strings.Contains(line, "g/G first/last") {
		t.Errorf("the key line on the starts does not name g/G: %q", line)
	}
	help := ansi.Strip(tuitest.Press(m, "?").View())
	for _, want := range []string{"g/home the first start", "G/end  the last start", "enter  start from it"} {
		if !strings.Contains(help, want) {
			t.Errorf("the help on the starts does not say %q:\n%s", want, help)
		}
	}
	if strings.Contains(help, "add a service") {
		t.Errorf("the help on the starts lists the building keys, which do nothing there:\n%s", help)
	}
	last := len(m.starts)
	for _, k := range m.keys.Top.Keys() {
		if got := tuitest.Press(m, "G", k); got.pick != 0 {
			t.Errorf("%s, which the help names for the first start, left the cursor on %d", k, got.pick)
		}
	}
	for _, k := range m.keys.Bottom.Keys() {
		if got := tuitest.Press(m, k); got.pick != last {
			t.Errorf("%s, which the help names for the last start, left the cursor on %d, not %d", k, got.pick, last)
		}
	}
}
