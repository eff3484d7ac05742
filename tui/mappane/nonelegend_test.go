package mappane

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// go-server's payments hangs from 20 s and at 30 s has none of its calls
// answered: its failed cell is "–", which the legend explains beside the
// failed column's own entry, whole at 80 columns, in a pane of the height
// the map needs (80x10: the line of the gap above the legend) or more.
// Cascade's map answers everything it calls and its legend says nothing
// of "–".
func TestTheLegendExplainsNoneAnswered(t *testing.T) {
	hung := snapAt(t, "go-server", 0, 30*time.Second)
	for _, sz := range [][2]int{{80, 24}, {80, 10}, {120, 30}, {200, 40}} {
		m := newMap(hung, sz[0], sz[1])
		view := m.View()
		tuitest.CheckBlock(t, view, sz[0], sz[1])
		plain := ansi.Strip(view)
		if !strings.Contains(lineOf(plain, "◆ payments"), " "+noneAnswered+" ") {
			t.Fatalf("go-server at 30 s, %v: payments' row %q has no %q: not the hang this test is about", sz, lineOf(plain, "◆ payments"), noneAnswered)
		}
		if !strings.Contains(plain, keyNoneAnswered) {
			t.Errorf("go-server at 30 s, %v: the legend does not say %q:\n%s", sz, keyNoneAnswered, plain)
		}
	}
	calm := snapAt(t, "cascade", 0, 15*time.Second)
	plain := ansi.Strip(newMap(calm, 200, 40).View())
	if strings.Contains(plain, noneAnswered) || !strings.Contains(plain, keyFailed) {
		t.Errorf("cascade at 15 s: want the failed column's entry and no %q:\n%s", noneAnswered, plain)
	}
}
