package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// rehearsed is a teacher's progress in which every prediction of l was
// made (and so opens revealed), as after a rehearsal of the lesson.
func rehearsed(t *testing.T, l *lessons.Lesson) *lessons.Store {
	t.Helper()
	store := tempStore(t)
	p := store.Get(l.ProgressKey())
	for i, st := range l.Steps {
		if st.Predict != nil {
			p.Predicted(i, lessons.Prediction{Guess: "rehearsed", Result: lessons.Skipped.String()})
		}
	}
	store.Set(l.ProgressKey(), p)
	return store
}

// A teacher who rehearsed the lesson with the same progress file opens
// every prediction revealed in their own player; ctrl+a still puts the
// step's prediction to the room (the students have made none), and a step
// with neither prediction nor question says so, naming the nearest that
// has one.
func TestARehearsedPredictionIsStillAsked(t *testing.T) {
	racefree.Only(t)
	l, _, predict, _ := lessonTwo(t)
	room := NewRoom()
	teacher := storeSession(t, room, true, rehearsed(t, l), 100, 30)
	press(t, teacher, "enter", "j", "enter")
	awaitLesson(t, teacher)

	plain := -1
	for i, st := range l.Steps {
		if st.Predict == nil && st.Question == nil && i < predict {
			plain = i
		}
	}
	if plain >= 0 {
		goToStep(t, teacher, plain)
		teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
		v := flat(teacher.View())
		if _, open := room.OpenQuestion(); open || !strings.Contains(v, "only explains") || !strings.Contains(v, "no prediction and no question") {
			t.Fatalf("ctrl+a on step %d, which has no question, says:\n%s", plain+1, teacher.View())
		}
		keys(teacher, "x")
	}

	goToStep(t, teacher, predict)
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
	a, open := room.OpenQuestion()
	if !open || !a.Predict || a.step != predict {
		t.Fatalf("ctrl+a on step %d, whose prediction the teacher's player shows revealed, asked %+v (open %v):\n%s", predict+1, a.Question, open, teacher.View())
	}
}

// On a step with both a prediction and a question, ctrl+a asks the
// prediction first even when the teacher's player shows it revealed from
// the rehearsal, and asks it again at the next ctrl+a: the room has not
// seen it revealed in this session, so its question would come before
// its reveal. Once the teacher asks it again in the player (a), guesses
// and the reveal shows (G), ctrl+a moves on to the question.
func TestAStepWithBothAsksThePredictionThenTheQuestion(t *testing.T) {
	racefree.Only(t)
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	li, step := -1, -1
	for i, l := range all {
		for j, st := range l.Steps {
			if st.Predict != nil && st.Question != nil && li < 0 {
				li, step = i, j
			}
		}
	}
	if li < 0 {
		t.Skip("no lesson has a step with both a prediction and a question")
	}
	l := all[li]
	room := NewRoom()
	teacher := storeSession(t, room, true, rehearsed(t, l), 100, 30)
	press(t, teacher, "enter")
	for range li {
		press(t, teacher, "j")
	}
	press(t, teacher, "enter")
	awaitLesson(t, teacher)
	goToStep(t, teacher, step)
	ask := func(wantPredict bool, when string) {
		t.Helper()
		teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
		a, open := room.OpenQuestion()
		if !open || a.Predict != wantPredict || a.step != step {
			t.Fatalf("%s, step %d, %s: ctrl+a asked %+v (open %v), want the prediction %v:\n%s", l.ID, step+1, when, a.Question, open, wantPredict, teacher.View())
		}
		keys(teacher, "esc")
	}
	ask(true, "rehearsed")
	ask(true, "rehearsed, the prediction asked once")
	// A guess of either kind: choice 1, or the number 1 sent.
	press(t, teacher, "a", "1")
	if l.Steps[step].Predict.Kind == lessons.Number {
		press(t, teacher, "enter")
	}
	press(t, teacher, "G")
	if p, _ := teacher.home.Lessons(); func() bool { _, _, revealed, _ := p.RoomQuestions(); return !revealed }() {
		t.Fatalf("a, a guess and G did not reveal the prediction in the teacher's player:\n%s", teacher.View())
	}
	ask(false, "guessed and revealed in this session")
}
