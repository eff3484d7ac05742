package drillui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// At 40 and 30 columns the drill's key line keeps the key that goes on
// (enter, space, a grade) and esc, whole: ranked apart from the other
// screens it kept "? keys" instead, and a choice card at 30 read
// "↑/↓ choose • ? keys", with no enter and no way out.
func TestNarrowKeyLineKeepsWhatGoesOnAndTheWayOut(t *testing.T) {
	m, _ := model(t, 200, 60, "ref-001-self-check-3", "gen-pool", "gen-little")
	type screen struct {
		name  string
		m     Model
		onKey string // the key that goes on from here, as the line names it
	}
	var screens []screen
	for !m.Done() {
		c, _ := m.Current()
		switch c.Kind {
		case drill.Open:
			screens = append(screens, screen{"open, asked", m, "space/enter "}, screen{"open, answered", tuitest.Press(m, "space"), "1 again"})
		case drill.Choice:
			screens = append(screens, screen{"choice, asked", m, "enter answer"}, screen{"choice, answered", tuitest.Press(m, "a"), "enter next"})
		default:
			screens = append(screens, screen{"number, asked", m, "enter check"}, screen{"number, answered", tuitest.Press(m, "1", "enter"), "enter next"})
		}
		m = skip(m)
	}
	screens = append(screens, screen{"summary", m, "enter quit"})
	for _, s := range screens {
		for _, w := range []int{40, 30} {
			v := ansi.Strip(tuitest.Send(s.m, tea.WindowSizeMsg{Width: w, Height: 24}).View())
			keys := v[strings.LastIndex(v, "\n")+1:]
			if !strings.Contains(keys, s.onKey) || !strings.Contains(keys, "esc quit") || strings.Contains(keys, "…") {
				t.Errorf("%s at %d columns: the key line lacks %q or esc, or is cut: %q", s.name, w, s.onKey, keys)
			}
		}
	}
}
