package drillui

import (
	"testing"

	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// Words that arrive as one burst of characters into a number's answer are
// written into it, whatever keys they spell. Split into keys, "up" typed
// fast into the empty answer after a grade was u, which undid that grade,
// and p, typed into the card brought back.
func TestABurstIntoANumbersAnswerIsWritten(t *testing.T) {
	for _, w := range []string{"up", "u", "left", "esc", "q", "enter", "l", "/bulk"} {
		second := msCard()
		second.ID = "lesson-test-ms-2"
		m, s := modelOn(t, 80, 24, []drill.Card{msCard(), second})
		first, _ := m.Current()
		m = tuitest.Press(typeIn(m, "885"), "enter", "enter") // graded good
		next, _ := m.Current()
		m = tuitest.Send(m, tea.Msg(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(w + " 16 ")}))
		m = tuitest.Send(m, tea.Msg(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(w)}))
		if len(m.results) != 1 || s.Get(first.ID).Grades[drill.Good] != 1 {
			t.Errorf("%q typed in a burst took the grade back", w)
		}
		c, _ := m.Current()
		if c.ID != next.ID || m.listing || m.showKey || m.phase != asking {
			t.Errorf("%q typed in a burst left the second card's answer (on %s, listing %v, keys %v, phase %d)", w, c.ID, m.listing, m.showKey, m.phase)
		}
		if got, want := m.input.Value(), w+" 16 "+w; got != want {
			t.Errorf("the answer reads %q, want %q", got, want)
		}
	}
}
