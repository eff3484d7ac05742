package home

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// At 40 columns the home menu's key line kept ↑, ↓ and ? and dropped
// "enter open", the key that opens what the menu lists
// (playback.KeyLine now keeps enter before them).
func TestNarrowMenuKeepsEnter(t *testing.T) {
	for _, w := range []int{40, 30} {
		m := send(newHome(t, Options{}), tea.WindowSizeMsg{Width: w, Height: 30})
		lines := strings.Split(ansi.Strip(m.View()), "\n")
		if l := lines[len(lines)-1]; !strings.Contains(l, "enter open") || !strings.Contains(l, "q quit") {
			t.Errorf("%d columns: the menu's key line lacks enter or q: %q", w, l)
		}
	}
}
