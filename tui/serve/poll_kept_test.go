package serve

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// A student's own player has lesson 2 open while the teacher polls its
// predictions. The latest prediction of a step is the student's, wherever
// it was made:
//   - a prediction made in their player, then a different poll answer: the
//     poll's is kept, and the poll's screen says what it replaced and that
//     the open player shows the step as before;
//   - a poll answer to a step the player has not asked yet: the player's
//     saves (a step moved to) keep it, and the prediction the player then
//     asks for and the student gives replaces it.
func TestAPollAnswerAndTheStudentsOwnPlayer(t *testing.T) {
	l, _, predict, number := lessonTwo(t)
	if number < 0 || number < predict {
		t.Skipf("lesson 2 (%s) has no numeric prediction after its choice one", l.ID)
	}
	key := l.ProgressKey()
	room := NewRoom()
	teacher := lessonSession(t, room, true, 100, 30)
	store, err := lessons.OpenStore(filepath.Join(t.TempDir(), "lessons.json"))
	if err != nil {
		t.Fatal(err)
	}
	student := storeSession(t, room, false, store, 80, 24)
	kept := func(step int) (lessons.Prediction, bool) { return store.Get(key).Prediction(step) }
	// stepTo moves the student's own player to step i.
	stepTo := func(i int) {
		t.Helper()
		for {
			p, _ := student.home.Lessons()
			at := p.State().Step
			if at == i {
				return
			}
			k := "n"
			if at > i {
				k = "p"
			}
			press(t, student, k)
			if p, _ := student.home.Lessons(); p.State().Step == at {
				t.Fatalf("%s left the student's player on step %d:\n%s", k, at+1, student.View())
			}
		}
	}
	// poll has the teacher put step i's prediction to the room.
	poll := func(i int) Asked {
		t.Helper()
		goToStep(t, teacher, i)
		teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
		student.Update(roomMsg{})
		a, open := room.OpenQuestion()
		if !open || !a.Predict {
			t.Fatalf("step %d: ctrl+a asked %+v (open %v)", i+1, a.Question, open)
		}
		return a
	}
	// back ends the poll and takes the student back to their own player.
	back := func() {
		t.Helper()
		press(t, student, "esc") // puts the question aside
		keys(teacher, "esc")
		student.Update(roomMsg{})
		press(t, student, "esc") // stops following
		if student.Following() || !student.home.InLessons() {
			t.Fatalf("the student is not back in their own player:\n%s", student.View())
		}
	}

	press(t, student, "enter", "j", "enter")
	awaitLesson(t, student)
	stepTo(predict)
	// The student predicts in their own player: its choice 1.
	pk, _ := student.home.Lessons()
	steps := pk.State().Prepared.Steps
	q := steps[predict].Predict
	order := lessons.ShownOrder(store.Learner(), l.ID, store.Get(key), predict, true, len(q.Choices))
	press(t, student, "1")
	own, ok := kept(predict)
	if !ok || own.Guess != q.Choices[order[0]].Text {
		t.Fatalf("the student's own prediction of step %d: %+v (%v), want %q", predict+1, own, ok, q.Choices[order[0]].Text)
	}

	press(t, student, "f")
	press(t, teacher, "enter", "j", "enter")
	awaitLesson(t, teacher)
	a := poll(predict)
	other := 0
	for a.Choices[other] == own.Guess {
		other++
	}
	press(t, student, fmt.Sprint(other+1))
	v := flat(student.View())
	for _, want := range []string{
		fmt.Sprintf("Your progress keeps it as your prediction of step %d of “%s”. It replaces the one you made before: “%s”", predict+1, l.Title, own.Guess),
		"Your own player has this lesson open: it shows the step as it was until you open the lesson again.",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("the poll's screen does not say %q:\n%s", want, student.View())
		}
	}
	back()
	stepTo(predict - 1) // the player saves its older copy
	if got, _ := kept(predict); got.Guess != a.Choices[other] {
		t.Errorf("step %d: the student answered %q in the poll after %q in their player; after the player saved, their progress keeps %q",
			predict+1, a.Choices[other], own.Guess, got.Guess)
	}

	// The poll of the numeric step, which the student's player has not
	// come to.
	press(t, student, "f")
	a = poll(number)
	nq := steps[number].Predict
	press(t, student, nq.AnswerText, "enter")
	polled, ok := kept(number)
	if !ok || polled.Value == nil {
		t.Fatalf("step %d: the poll's answer was not kept: %+v", number+1, polled)
	}
	if v := flat(student.View()); !strings.Contains(v, fmt.Sprintf("Your progress keeps it as your prediction of step %d of “%s”. Your own player has this lesson open: it shows the step as it was until you open the lesson again, and a prediction you make there replaces this one.", number+1, l.Title)) {
		t.Errorf("the number poll's screen:\n%s", student.View())
	}
	back()
	stepTo(number) // saving at every step
	if got, _ := kept(number); got.Guess != polled.Guess {
		t.Errorf("step %d: after the student's player came to it, their progress keeps %+v, want the poll's %+v", number+1, got, polled)
	}
	// The player asks (it has none); the student's answer there is later.
	mine := "0"
	if nq.AnswerText == "0" {
		mine = "1"
	}
	press(t, student, mine, "enter")
	got, ok := kept(number)
	if !ok || got.Value == nil || *got.Value == *polled.Value {
		t.Errorf("step %d: the student predicted %s in their player after the poll; their progress keeps %+v", number+1, mine, got)
	}
	stepTo(number - 1)
	if again, _ := kept(number); again.Guess != got.Guess {
		t.Errorf("step %d: the player's own prediction %+v became %+v", number+1, got, again)
	}
}
