package challengeui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// At 40 columns the list of challenges kept ↑, ↓, / and ? and dropped
// "enter play", the key that opens a challenge (playback.KeyLine now keeps
// enter before them), on its own and inside the home screen.
func TestNarrowPickerKeepsEnter(t *testing.T) {
	for _, embedded := range []bool{false, true} {
		for _, w := range []int{40, 30} {
			next, _ := NewPicker(Options{Theme: tuitest.Plain(), Embedded: embedded}).Update(tea.WindowSizeMsg{Width: w, Height: 30})
			lines := strings.Split(ansi.Strip(next.(Picker).View()), "\n")
			l := lines[len(lines)-1]
			out := "q quit"
			if embedded {
				out = "esc/q back"
			}
			if !strings.Contains(l, "enter play") || !strings.Contains(l, out) {
				t.Errorf("%d columns, embedded %v: the key line lacks enter or %q: %q", w, embedded, out, l)
			}
		}
	}
}
