package interviewui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// A pasted answer taller than the text box shows its end, where the
// cursor is, at once: the box stayed on the lines it showed before the
// paste, with the end below it until the next key.
func TestAPasteShowsItsEnd(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}} {
		m, _, _ := model(t, sz[0], sz[1], "payment-checkout")
		paste := strings.Repeat("The gateway needs a bulkhead per upstream and a breaker each; ", 80) + "END"
		m = tuitest.Send(m, tea.Msg(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(paste), Paste: true}))
		if v := ansi.Strip(m.View()); !strings.Contains(v, "END") {
			t.Errorf("at %dx%d the paste's end is not in sight:\n%s", sz[0], sz[1], v)
		}
	}
}
