package serve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// A student's own player has lesson 2 open while the teacher polls its
// predictions. The latest prediction of a step is the student's, wherever
// it was made, and their open player shows it at once:
//   - a prediction made in their player, then a different poll answer: the
//     poll's is kept, the poll's screen says what it replaced, and the
//     player shows the poll's guess;
//   - a poll answer to a step the player has not asked yet: the player
//     shows it made when it comes to the step, asks for none, and its
//     saves (a step moved to) keep it.
func TestAPollAnswerAndTheStudentsOwnPlayer(t *testing.T) {
	racefree.Only(t)
	l, _, predict, number := lessonTwo(t)
	if number < 0 || number < predict {
		t.Skipf("lesson 2 (%s) has no numeric prediction after its choice one", l.ID)
	}
	key := l.ProgressKey()
	room := NewRoom()
	teacher := lessonSession(t, room, true, 100, 30)
	store := tempStore(t)
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
		reads(student)
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

	press(t, student, "ctrl+g")
	press(t, teacher, "enter", "j", "enter")
	awaitLesson(t, teacher)
	a := poll(predict)
	other := 0
	for a.Choices[other] == own.Guess {
		other++
	}
	press(t, student, fmt.Sprint(other+1))
	v := flat(student.View())
	if want := fmt.Sprintf("Your progress keeps it as your prediction of step %d of “%s”. It replaces the one you made before: “%s”", predict+1, l.Title, own.Guess); !strings.Contains(v, want) {
		t.Errorf("the poll's screen does not say %q:\n%s", want, student.View())
	}
	if strings.Contains(v, "until you open the lesson again") {
		t.Errorf("the poll's screen says the open player shows the old prediction:\n%s", student.View())
	}
	back()
	if v := flat(student.View()); !strings.Contains(v, "Your guess: "+firstWords(a.Choices[other], 2)) {
		t.Errorf("step %d: the student's own player does not show the poll's answer %q:\n%s", predict+1, a.Choices[other], student.View())
	}
	stepTo(predict - 1) // the player saves its copy
	if got, _ := kept(predict); got.Guess != a.Choices[other] {
		t.Errorf("step %d: the student answered %q in the poll after %q in their player; after the player saved, their progress keeps %q",
			predict+1, a.Choices[other], own.Guess, got.Guess)
	}

	// The poll of the numeric step, which the student's player has not
	// come to.
	press(t, student, "ctrl+g")
	a = poll(number)
	nq := steps[number].Predict
	press(t, student, nq.AnswerText, "enter")
	polled, ok := kept(number)
	if !ok || polled.Value == nil {
		t.Fatalf("step %d: the poll's answer was not kept: %+v", number+1, polled)
	}
	if v := flat(student.View()); !strings.Contains(v, fmt.Sprintf("Your progress keeps it as your prediction of step %d of “%s”.", number+1, l.Title)) ||
		strings.Contains(v, "until you open the lesson again") {
		t.Errorf("the number poll's screen:\n%s", student.View())
	}
	back()
	stepTo(number) // saving at every step
	if got, _ := kept(number); got.Guess != polled.Guess {
		t.Errorf("step %d: after the student's player came to it, their progress keeps %+v, want the poll's %+v", number+1, got, polled)
	}
	// The player asks for none: it shows the poll's guess, and plays to
	// the reveal.
	if p, _ := student.home.Lessons(); !p.State().AnswersHidden() {
		t.Fatalf("step %d shows its answer before it played:\n%s", number+1, student.View())
	}
	if v := flat(student.View()); strings.Contains(v, "Predict:") || !strings.Contains(v, "Your guess: "+polled.Guess) {
		t.Errorf("step %d: the student's own player does not show the poll's answer %q:\n%s", number+1, polled.Guess, student.View())
	}
	press(t, student, " ")
	if p, _ := student.home.Lessons(); !p.State().Playing {
		t.Errorf("step %d: space did not play after the poll's answer:\n%s", number+1, student.View())
	}
	stepTo(number - 1)
	if again, _ := kept(number); again.Guess != polled.Guess {
		t.Errorf("step %d: the poll's prediction %+v became %+v", number+1, polled, again)
	}
}

// firstWords is s's first n words.
func firstWords(s string, n int) string {
	f := strings.Fields(s)
	return strings.Join(f[:min(n, len(f))], " ")
}
