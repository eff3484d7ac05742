package home

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/present"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// shuffle opened from home and projected is the shard view's own
// projector layout (both strategies side by side, customers lost big), as
// `sandbox shuffle --present` draws it, not the dense two-pane table; and
// a time typed there keeps its prompt on the projector, as the sandbox's
// does.
func TestPresentedShardViewFromHome(t *testing.T) {
	m := newHome(t, Options{})
	m = press(m, "down", "enter", "up", "enter") // Sandbox, then shuffle (the last)
	if !m.InShardView() {
		t.Fatal("enter on shuffle should open the shard view")
	}
	mo, ok := m.Moment()
	own, ownOK := m.sv.Moment()
	if !ok || !ownOK || mo.Title != own.Title || len(mo.Sides) != 2 {
		t.Fatalf("the home screen's moment (ok %v) is %q with %d sides, the shard view's (ok %v) %q", ok, mo.Title, len(mo.Sides), ownOK, own.Title)
	}
	p := tuitest.Send(present.Wrap(m, m.th, true), tea.WindowSizeMsg{Width: 100, Height: 30})
	if v := ansi.Strip(p.View()); !strings.Contains(v, "customers lost") || !strings.Contains(v, "A: plain sharding") {
		t.Errorf("the projected shard view from home is not its projector layout:\n%s", v)
	}

	m = press(m, "t")
	if !m.KeyLineAsks() {
		t.Fatal("the home screen does not say its shard view's key line asks")
	}
	p = tuitest.Send(present.Wrap(m, m.th, true), tea.WindowSizeMsg{Width: 100, Height: 30})
	if v := ansi.Strip(p.View()); !strings.Contains(v, "go to time") {
		t.Errorf("presentation mode hides the shard view's prompt opened from home:\n%s", v)
	}
}
