package interviewui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// Words that arrive as one burst of characters are written into the
// answer, whatever they spell: "left", "up", "right", "down" and "esc"
// typed fast came as one message named by its text, matched the arrow
// and esc bindings, and were lost (the cursor moved, or the hand-in
// question came up).
func TestABurstOfTextIsWritten(t *testing.T) {
	m, _, _ := model(t, 80, 24, "payment-checkout")
	for _, w := range []string{"turn ", "left", " then ", "up", " or ", "right", " and ", "down", " not ", "esc", " end"} {
		m = tuitest.Send(m, tea.Msg(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(w)}))
	}
	if m.ask != askNone {
		t.Fatal("typed text asked to hand in")
	}
	want := "turn left then up or right and down not esc end"
	if got := m.area.Value(); !strings.Contains(got, want) {
		t.Errorf("the answer reads %q, want %q in it", got, want)
	}
}
