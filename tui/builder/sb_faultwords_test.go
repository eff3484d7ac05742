package builder

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// The parts list says a fault as the engine runs it: a leaf's slow fault
// is the time each call takes ("10s slow 2s"), which the list wrote
// "slow +2s", time added; a service's slowness is added to its work, and
// the list said only "slow", not how much.
func TestPartsListSaysSlowAsItRuns(t *testing.T) {
	racefree.Only(t)                                                       // no goroutine: the model driven by hand
	m := tuitest.Press(newBuilder(240, 40), "enter", "d", "up", "up", "f") // /checkout → db; /orders → orders ×3
	m = tuitest.Press(selectPart(t, m, "db"), "i", "ctrl+u", "10s slow 2s for 5s", "enter")
	m = tuitest.Press(selectPart(t, m, "orders"), "i", "ctrl+u", "20s #1 slow 300ms for 5s", "enter")
	m = tuitest.Press(m, "i", "ctrl+u", "30s errors 40% for 5s", "enter")
	if m.msgErr {
		t.Fatalf("a fault was refused: %s", m.msg)
	}
	v := ansi.Strip(m.View())
	for _, want := range []string{"⚠ slow 2s 10s–15s", "#1 slow +300ms 20s–25s", "error 40% 30s–35s"} {
		if !strings.Contains(v, want) {
			t.Errorf("the list should say %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "slow +2s") {
		t.Errorf("db's slow fault read as time added:\n%s", v)
	}
}
