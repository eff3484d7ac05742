package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/home"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// A student's Live lab item over SSH says how to run the lab on their own
// computer, as the Exercises item does; it said "in a shell, `breakerlab
// lab checkout --tui` runs it", which a student's SSH session has no
// shell to do.
func TestServeLiveLabSaysHowToRunItAtHome(t *testing.T) {
	racefree.Only(t) // no goroutine: the home screen's model, driven here, runs no program
	// At 80×24 the menu fills the window and the note was drawn below its
	// last row: enter on the item seemed to do nothing.
	for _, size := range []tea.WindowSizeMsg{{Width: 100, Height: 30}, {Width: 80, Height: 24}} {
		o := serveHome()
		o.Theme = theme.New(theme.Plain())
		var m tea.Model = home.New(o)
		m, _ = m.Update(size)
		for _, k := range []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune("j")}, {Type: tea.KeyRunes, Runes: []rune("j")}, {Type: tea.KeyRunes, Runes: []rune("j")}, {Type: tea.KeyEnter}} {
			var cmd tea.Cmd
			m, cmd = m.Update(k)
			if cmd != nil && k.Type == tea.KeyEnter {
				m, _ = m.Update(cmd())
			}
		}
		v := strings.Join(strings.Fields(m.View()), " ")
		for _, want := range []string{"▸ Live lab", "does not run over SSH", "go install github.com/breakerlab/breakerlab/cmd/breakerlab@latest", "breakerlab lab checkout --tui"} {
			if !strings.Contains(v, want) {
				t.Errorf("%d×%d: the Live lab item over SSH does not show %q:\n%s", size.Width, size.Height, want, m.View())
			}
		}
	}
}
