package drillui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The drill's key line keeps "? keys" at every width, and esc from 60
// columns, leaving out scrolling, the deck list and undo first: an open
// card's answer at 60 columns was cut after "pgup/pgdn scroll", and ? and
// esc were gone.
func TestKeyLineKeepsHelpAtEveryWidth(t *testing.T) {
	m, _ := model(t, 200, 60, "ref-001-self-check-3", "gen-pool")
	screens := map[string]Model{}
	for !m.Done() {
		c, _ := m.Current()
		answered := tuitest.Press(m, "a") // a choice's first
		if c.Kind == drill.Open {
			answered = tuitest.Press(m, "space")
		}
		screens[kindWords[c.Kind]+", asked"], screens[kindWords[c.Kind]+", answered"] = m, answered
		m = skip(m)
	}
	for name, s := range screens {
		for _, sz := range [][2]int{{200, 60}, {80, 24}, {60, 16}, {50, 16}} {
			v := ansi.Strip(tuitest.Send(s, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]}).View())
			keys := v[strings.LastIndex(v, "\n")+1:]
			// Below 60 columns the grade keys may leave no room for esc.
			if !strings.Contains(keys, "? keys") || sz[0] >= 60 && !strings.Contains(keys, "esc quit") || strings.Contains(keys, "…") {
				t.Errorf("%s at %dx%d: the key line lacks ? or esc, or is cut: %q", name, sz[0], sz[1], keys)
			}
		}
	}
}
