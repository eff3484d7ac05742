package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// A student has lesson 2 open on its prediction step in two sessions (two
// terminals sharing their progress, as the server's stores give them); in
// one they follow the teacher, whose poll of the step they answer. The
// other session is signalled, and its player shows the answer at once: the
// step no longer asks, it shows the guess. Another student's player, on
// the same step, still asks.
func TestAPollAnswerShowsInTheStudentsOtherSession(t *testing.T) {
	racefree.Only(t)
	l, _, predict, _ := lessonTwo(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 100, 30)
	store := tempStore(t)
	answering := storeSession(t, room, false, store, 100, 30)
	other := storeSession(t, room, false, store, 120, 40)
	someoneElse := storeSession(t, room, false, tempStore(t), 120, 40)
	for _, s := range []*Session{other, someoneElse} {
		press(t, s, "enter", "j", "enter")
		awaitLesson(t, s)
		for p, _ := s.home.Lessons(); p.State().Step < predict; p, _ = s.home.Lessons() {
			press(t, s, "n")
		}
		if v := flat(s.View()); !strings.Contains(v, "Predict:") {
			t.Fatalf("the player does not ask step %d's prediction:\n%s", predict+1, s.View())
		}
	}

	press(t, answering, "ctrl+g")
	press(t, teacher, "enter", "j", "enter")
	awaitLesson(t, teacher)
	goToStep(t, teacher, predict)
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
	a, ok := room.OpenQuestion()
	if !ok || !a.Predict {
		t.Fatalf("ctrl+a asked %+v (open %v)", a.Question, ok)
	}
	reads(answering, other, someoneElse)
	drain := func(s *Session) {
		select {
		case <-s.me.Signal():
		default:
		}
	}
	drain(other)
	drain(someoneElse)
	press(t, answering, string(rune('1'+a.Right)))
	if rec, ok := store.Get(l.ProgressKey()).Prediction(predict); !ok || rec.Guess != a.Choices[a.Right] {
		t.Fatalf("the poll's answer was not kept: %+v (%v)", rec, ok)
	}
	select {
	case <-other.me.Signal():
	default:
		t.Fatal("the student's other session was not signalled")
	}
	other.Update(roomMsg{})
	someoneElse.Update(roomMsg{})

	// The poll ends: each player is on screen again.
	keys(teacher, "esc")
	other.Update(roomMsg{})
	someoneElse.Update(roomMsg{})
	guess := "Your guess: " + firstWords(a.Choices[a.Right], 2)
	if v := flat(other.View()); strings.Contains(v, "Predict:") || !strings.Contains(v, guess) {
		t.Errorf("the student's other session does not show their poll answer %q:\n%s", a.Choices[a.Right], other.View())
	}
	if v := flat(someoneElse.View()); !strings.Contains(v, "Predict:") || strings.Contains(v, guess) {
		t.Errorf("another student's player shows the answer:\n%s", someoneElse.View())
	}
}
