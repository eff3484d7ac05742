package present_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// asking is a screen without a key number whose key line can ask.
type asking struct{ asks bool }

func (asking) Init() tea.Cmd                         { return nil }
func (a asking) Update(tea.Msg) (tea.Model, tea.Cmd) { return a, nil }
func (a asking) KeyLineAsks() bool                   { return a.asks }
func (a asking) View() string {
	last := " space play • q quit"
	if a.asks {
		last = " go to time: 12▏"
	}
	return strings.Join([]string{" title", " body", " status", last}, "\n")
}

// A key line that asks is kept in presentation mode, where a key line of
// help is given to the key corner: a prompt typed on the projector used to
// be blanked, the keys going into it unseen.
func TestKeyLineThatAsksIsKept(t *testing.T) {
	th := theme.New(theme.Plain())
	for _, asks := range []bool{false, true} {
		m := send(present.Wrap(asking{asks}, th, true), tea.WindowSizeMsg{Width: 40, Height: 4}, key("x"))
		v := ansi.Strip(m.View())
		fits(t, v, 40, 4)
		if got := strings.Contains(v, "go to time: 12▏"); got != asks {
			t.Errorf("asking %v: the prompt shown %v:\n%s", asks, got, v)
		}
		if strings.Contains(v, "q quit") {
			t.Errorf("asking %v: the key help is shown:\n%s", asks, v)
		}
	}
}
