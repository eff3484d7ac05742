package sandbox

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A key that cannot act says why in one line, as the other keys do: at
// 80x24 n selected on a map the screen does not show, ↓ and ↑ did nothing
// without a fleet, and I said nothing in compare mode.
func TestKeysThatCannotActSayWhy(t *testing.T) {
	status := func(m Model) string { return ansi.Strip(lastLines(m.View(), 2)[0]) }
	m := newModel(t, 80, 24, Options{})
	if m.placed(pMap) {
		t.Fatal("cascade at 80x24 shows its map: the fixture checks nothing")
	}
	if s := status(press(m, "n")); !strings.Contains(s, "hidden") {
		t.Errorf("n on a hidden map: %q, want it to say the map is hidden", s)
	}
	for _, k := range []string{"down", "up"} {
		if s := status(press(m, k)); !strings.Contains(s, "no fleet") {
			t.Errorf("%s without a fleet: %q, want it to say there is none", k, s)
		}
	}
	c := press(m, "c")
	if c.cmp == nil {
		t.Fatal("c opened no compare mode")
	}
	if s := status(press(c, "I")); !strings.Contains(s, "compare") || !strings.Contains(s, "fleet") {
		t.Errorf("I in compare mode: %q, want it to say why no fleet opens", s)
	}
}
