package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// Letters pasted into a number's box, then enter: the paste left the box
// empty without a word, and enter said only "type a number first." The
// box says the letters were not taken, and enter names them and what the
// box takes: the classroom's poll says the same (playback.NumberField's
// EmptyNote), for the guess's box and the question's alike.
func TestLettersInANumbersBoxAreRefusedInWords(t *testing.T) {
	racefree.Only(t) // no goroutine: a player and its keys
	paste := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("abc"), Paste: true}
	const named = `Nothing was sent: "abc" is no part of a number, so the box took none of it. Type a number, like 12.`

	guess := allLessons(t)[3]
	i := stepTitled(t, guess, "Closed, counting")
	m := open(t, guess, i, 120, 40, Options{})
	m = send(m, paste)
	if v := textColumn(m); !strings.Contains(v, `Not part of a number: "abc"`) {
		t.Errorf("a paste of letters into the guess's box says nothing:\n%s", m.View())
	}
	m = send(m, keys("\n")...)
	if v := textColumn(m); !strings.Contains(v, named) || m.predicts[i].made {
		t.Errorf("enter after letters in the guess's box (made %v):\n%s", m.predicts[i].made, m.View())
	}

	answer := allLessons(t)[0]
	j := stepTitled(t, answer, "Self-check: the hang")
	m = open(t, answer, j, 120, 40, Options{})
	m = send(m, paste)
	if v := textColumn(m); !strings.Contains(v, `Not part of a number: "abc"`) {
		t.Errorf("a paste of letters into the answer's box says nothing:\n%s", m.View())
	}
	m = send(m, keys("\n")...)
	if v := textColumn(m); !strings.Contains(v, named) || m.questions[j].tries != 0 {
		t.Errorf("enter after letters in the answer's box (tries %d):\n%s", m.questions[j].tries, m.View())
	}
	// A number typed after them: the note goes, and it is answered.
	m = send(m, keys("5\n")...)
	if v := textColumn(m); strings.Contains(v, `"abc"`) || m.questions[j].tries != 1 {
		t.Errorf("a number after the letters (tries %d):\n%s", m.questions[j].tries, m.View())
	}
}
