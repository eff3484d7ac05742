package livelab

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/palette"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Inside the home screen (Leave set) the palette's key works in the lab,
// which the home screen takes first: the keys list it, with `:`, which
// means nothing else here and asks the home screen for the palette, on
// the panes and on the keys. On a screen of its own there is no palette:
// the keys do not offer it and `:` asks for nothing.
func TestColonAsksTheHomeScreenForThePalette(t *testing.T) {
	asks := func(m *Model) bool { return tuitest.AsksForKey(m, ":", palette.Key) }
	for _, home := range []bool{true, false} {
		m := newModel(t, 1, fakeReal(t, scenarios.Checkout(), 1, 6, 200*time.Millisecond))
		if home {
			m.o.Leave = func() tea.Msg { return nil }
		}
		checkFrame(t, m, 80, 24)
		if got := asks(m); got != home {
			t.Errorf("inside home %v: `:` on the panes asks for the palette %v", home, got)
		}
		m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("?")})
		v := ansi.Strip(checkFrame(t, m, 80, 24))
		if got := strings.Contains(v, ":/"+palette.Key+"  go anywhere"); got != home {
			t.Errorf("inside home %v: the keys list the palette %v:\n%s", home, got, v)
		}
		if home && (!strings.Contains(v, "drill); stops the lab") || strings.Contains(v, "…")) {
			t.Errorf("the palette's line should say where it goes, whole, at 80 columns:\n%s", v)
		}
		// On its own `:` is any key, which closes the keys.
		if got := asks(m); got != home || m.showHelp != home {
			t.Errorf("inside home %v: `:` on the keys asks for the palette %v, and leaves them open %v", home, got, m.showHelp)
		}
	}
}
