package pane_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
)

// The line under the instances names the keys that scroll them on the
// screen the pane is on: the sandbox's arrows by default, another
// screen's own keys once it binds them (the lesson player's ↑ and ↓
// scroll its text), and only those keys scroll.
func TestFleetScrollHintNamesTheBoundKeys(t *testing.T) {
	f := pane.NewFleet(tuitest.Plain())
	f.SetData(pane.Data{Snap: fleetSnap(), Gen: 1})
	f.SetSize(80, 21)
	if v := ansi.Strip(f.View()); !strings.Contains(v, "↓ 4 more (↑/↓ to scroll)") {
		t.Errorf("the sandbox's pane should name its arrows:\n%s", v)
	}

	f.SetKeys(pane.FleetKeys{
		Up:   key.NewBinding(key.WithKeys("K"), key.WithHelp("K", "earlier instances")),
		Down: key.NewBinding(key.WithKeys("J"), key.WithHelp("J", "more instances")),
	})
	v := ansi.Strip(f.View())
	if !strings.Contains(v, "↓ 4 more (K/J to scroll)") || strings.Contains(v, "↑/↓") {
		t.Errorf("with K and J bound the line should name them, not the arrows:\n%s", v)
	}
	f = tuitest.Press(f, "down")
	if got := rowNumbers(f.View()); got[0] != "0" {
		t.Errorf("↓ is not the pane's key any more, yet it scrolled: %v", got)
	}
	f = tuitest.Press(f, "J")
	v = ansi.Strip(f.View())
	if got := rowNumbers(v); got[0] != "1" || !strings.Contains(v, "↑ 1 above · ↓ 3 more (K/J to scroll)") {
		t.Errorf("J should scroll one instance on, got %v:\n%s", got, v)
	}
}
