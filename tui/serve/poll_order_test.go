package serve

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// storeSession is a lesson session whose progress is store.
func storeSession(t *testing.T, room *Room, teacher bool, store *lessons.Store, w, h int) *Session {
	t.Helper()
	waitPendingAtEnd(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	o := lessonHome(t)
	o.Theme = theme.New(theme.Plain())
	o.LessonStore = store
	s := NewSession(ctx, o, room, teacher)
	t.Cleanup(s.Leave)
	s.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return s
}

func shuffled(order []int) bool {
	for i, j := range order {
		if i != j {
			return true
		}
	}
	return false
}

// The poll lists a step's choices in the order the teacher's own player
// shows them, the prediction's and, at a later attempt, the question's:
// the teacher who pressed k in their player after showing the poll picked
// the poll's choice k.
func TestThePollsOrderIsTheTeachersPlayers(t *testing.T) {
	racefree.Only(t)
	l, question, predict, _ := lessonTwo(t)
	const attempt = 2
	np, nq := len(l.Steps[predict].Predict.Choices), len(l.Steps[question].Question.Choices)
	// A learner for whom neither order is the file's, so that the file's
	// order could not pass; found, not named.
	learner := ""
	for i := 0; learner == ""; i++ {
		c := fmt.Sprintf("teacher-%d", i)
		if shuffled(lessons.ChoiceOrder(c, l.ID, predict, "predict", 0, np)) && shuffled(lessons.ChoiceOrder(c, l.ID, question, "question", attempt, nq)) {
			learner = c
		}
	}
	store := tuitest.LearnerStore(t, learner)
	p := store.GetLesson(l)
	for range attempt {
		p.TakeAgain(question)
	}
	store.Set(l.ProgressKey(), p)

	room := NewRoom()
	teacher := storeSession(t, room, true, store, 100, 30)
	press(t, teacher, "enter", "j", "enter")
	awaitLesson(t, teacher)
	if pk, _ := teacher.home.Lessons(); pk.State().Lesson != l.ID {
		t.Fatalf("the teacher opened %q, want lesson 2 (%s)", pk.State().Lesson, l.ID)
	}
	ask := func() Asked {
		t.Helper()
		teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
		a, open := room.OpenQuestion()
		if !open {
			t.Fatalf("ctrl+a asked nothing:\n%s", teacher.View())
		}
		keys(teacher, "esc")
		return a
	}
	checkPredict := func() {
		a := ask()
		// A choice whose place in the poll is not its place in the file.
		k := -1
		for n, c := range a.Choices {
			if c != l.Steps[predict].Predict.Choices[n].Text && k < 0 {
				k = n
			}
		}
		if k < 0 {
			t.Fatalf("the poll lists the prediction's choices in the file's order: %q", a.Choices)
		}
		press(t, teacher, fmt.Sprint(k+1))
		rec, ok := store.Get(l.ProgressKey()).Prediction(predict)
		if !ok || rec.Guess != a.Choices[k] {
			t.Fatalf("the teacher pressed %d after the poll's %d. %q; the player recorded %q (%v)", k+1, k+1, a.Choices[k], rec.Guess, ok)
		}
	}
	checkQuestion := func() {
		a := ask()
		wrong := (a.Right + 1) % len(a.Choices)
		press(t, teacher, fmt.Sprint(wrong+1))
		v := strings.Join(strings.Fields(teacher.View()), " ")
		why := strings.Join(strings.Fields(a.Whys[wrong]), " ")
		if !strings.Contains(v, "Not quite") || (why != "" && !strings.Contains(v, strings.Join(strings.Fields(why)[:min(4, len(strings.Fields(why)))], " "))) {
			t.Fatalf("the poll's %d. %q is wrong (why: %q); the player said:\n%s", wrong+1, a.Choices[wrong], why, teacher.View())
		}
		press(t, teacher, fmt.Sprint(a.Right+1))
		if v := teacher.View(); !strings.Contains(v, "✓ Right.") {
			t.Fatalf("the poll's right answer is %d. %q; pressing %d in the player:\n%s", a.Right+1, a.Choices[a.Right], a.Right+1, v)
		}
	}
	steps := []func(){checkPredict, checkQuestion}
	at := []int{predict, question}
	if question < predict {
		steps[0], steps[1], at[0], at[1] = checkQuestion, checkPredict, question, predict
	}
	for i, check := range steps {
		goToStep(t, teacher, at[i])
		check()
	}
}
