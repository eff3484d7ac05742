package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// workersQuestion is a number question in workers, as a lesson's would be.
func workersQuestion() Question {
	pq := &lessons.PreparedQuestion{Kind: lessons.Number, Prompt: "How many workers does the pool need?",
		Answer: 150, AnswerKind: lessons.KindCount, Tolerance: 0.1, Relative: true, Unit: "workers", AnswerText: "150"}
	q, _ := numberQuestion(pq, false, "a test")
	return q
}

// A teacher's review: "1e9" typed read 19 with a note, ctrl+u did nothing,
// and 150 after it made 19150, which was refused. ctrl+u empties the box,
// note and all, and 150 goes at the first enter.
func TestCtrlUEmptiesTheNumber(t *testing.T) {
	racefree.Only(t) // no goroutine: sessions driven by hand
	room := NewRoom()
	_ = plainSession(t, room, true, 100, 30)
	s := plainSession(t, room, false, 80, 24)
	room.Ask(workersQuestion())
	reads(s)
	keys(s, "1", "e", "9")
	if v := flat(s.View()); !strings.Contains(v, "Your number: 19▏ workers") || !strings.Contains(v, `"e"`) || !strings.Contains(v, "left out") {
		t.Fatalf("1e9 typed:\n%s", s.View())
	}
	keys(s, "ctrl+u")
	if v := flat(s.View()); !strings.Contains(v, "Your number: ▏ workers") || strings.Contains(v, "left out") {
		t.Fatalf("ctrl+u after 1e9:\n%s", s.View())
	}
	keys(s, "150", "enter")
	a, _ := room.OpenQuestion()
	if len(a.Guesses) != 1 || a.Guesses[0].Value != 150 {
		t.Fatalf("150 and enter after ctrl+u: the room has %v\n%s", a.Guesses, s.View())
	}
}

// The box edits as the lesson player's does: ctrl+a, ctrl+b, ctrl+f,
// ctrl+d and ctrl+w move and delete, typing goes in at the cursor, and
// the cursor is drawn where it is.
func TestTheNumberEditsAsALine(t *testing.T) {
	racefree.Only(t) // no goroutine: sessions driven by hand
	room := NewRoom()
	_ = plainSession(t, room, true, 100, 30)
	s := plainSession(t, room, false, 80, 24)
	room.Ask(workersQuestion())
	reads(s)
	keys(s, "1250")
	for _, k := range []tea.KeyMsg{{Type: tea.KeyCtrlA}, {Type: tea.KeyCtrlF}, {Type: tea.KeyCtrlD}} {
		s.Update(k)
	}
	if v := flat(s.View()); !strings.Contains(v, "Your number: 1▏50 workers") {
		t.Fatalf("1250, ctrl+a, ctrl+f, ctrl+d:\n%s", s.View())
	}
	keys(s, "4")
	s.Update(tea.KeyMsg{Type: tea.KeyCtrlE})
	keys(s, "enter")
	if a, _ := room.OpenQuestion(); len(a.Guesses) != 1 || a.Guesses[0].Value != 1450 {
		t.Fatalf("4 typed after the 1, ctrl+e and enter: the room has %v\n%s", a.Guesses, s.View())
	}
	keys(s, "99")
	s.Update(tea.KeyMsg{Type: tea.KeyCtrlW})
	if got := s.num.field.Input; got != "" {
		t.Errorf("ctrl+w after 99: the box holds %q", got)
	}
}

// A number typed and not sent when the teacher reveals is said so, in the
// lesson player's words, where the screen said "You gave no number"; a
// number sent is the answer, and one typed after it to replace it, not
// sent, is said so too.
func TestAnUnsentNumberIsSaidAtTheReveal(t *testing.T) {
	racefree.Only(t) // no goroutine: sessions driven by hand
	room := NewRoom()
	teacher := plainSession(t, room, true, 100, 30)
	typed := plainSession(t, room, false, 80, 24)
	sent := plainSession(t, room, false, 80, 24)
	none := plainSession(t, room, false, 80, 24)
	room.Ask(workersQuestion())
	reads(typed, sent, none)
	keys(typed, "19150")
	keys(sent, "140", "enter", "77")
	keys(teacher, "r")
	if v := flat(typed.View()); !strings.Contains(v, "Your answer 19150 workers was typed but not sent.") || strings.Contains(v, "You gave no number") {
		t.Errorf("19150 typed, not sent, at the reveal:\n%s", typed.View())
	}
	if v := flat(sent.View()); !strings.Contains(v, "Your answer: 140 workers: right") || !strings.Contains(v, "77 workers was typed after it and not sent.") {
		t.Errorf("140 sent, 77 typed after, at the reveal:\n%s", sent.View())
	}
	if v := flat(none.View()); !strings.Contains(v, "You gave no number before the reveal") {
		t.Errorf("nothing typed, at the reveal:\n%s", none.View())
	}
}
