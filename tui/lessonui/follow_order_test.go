package lessonui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// choiceLines are the choices as the projector lists them, numbered.
func choiceLines(t *testing.T, m Model) []string {
	t.Helper()
	mo, _ := m.Moment()
	if mo.Ask == nil {
		t.Fatal("the moment asks nothing")
	}
	return mo.Ask.Choices
}

// A follower numbers a step's choices as the presenter's player does, the
// prediction's and, at a later attempt, the question's, whoever the
// presenter is: the teacher's "press 2" is the room's 2. (Lesson 2's
// second step: the teacher's player and the poll read "1 None, 2 More
// than half, 3 A few", the followers "1 None, 2 A few, 3 More than half":
// the follower drew the order for no learner.)
func TestFollowerNumbersChoicesAsThePresenter(t *testing.T) {
	p := lessonID(t, "02-timeouts")
	predict, question := 1, -1
	for i := range p.Steps {
		if q := p.Steps[i].Question; q != nil && q.Kind == lessons.Choice && p.Steps[i].Predict == nil && question < 0 {
			question = i
		}
	}
	if q := p.Steps[predict].Predict; q == nil || q.Kind != lessons.Choice || question < 0 {
		t.Fatal("lesson 2 no longer has a choice prediction at step 2 and a choice question")
	}
	np, nq := len(p.Steps[predict].Predict.Choices), len(p.Steps[question].Question.Choices)
	const attempt = 1
	// A teacher whose orders are not the ones drawn for no learner, found,
	// not named.
	differ := func(a, b []int) bool { return fmt.Sprint(a) != fmt.Sprint(b) }
	learner := ""
	for i := 0; learner == ""; i++ {
		c := fmt.Sprintf("teacher-%d", i)
		if differ(lessons.ChoiceOrder(c, p.Lesson.ID, predict, "predict", 0, np), lessons.ChoiceOrder("", p.Lesson.ID, predict, "predict", 0, np)) &&
			differ(lessons.ChoiceOrder(c, p.Lesson.ID, question, "question", attempt, nq), lessons.ChoiceOrder("", p.Lesson.ID, question, "question", attempt, nq)) {
			learner = c
		}
	}
	store := tuitest.LearnerStore(t, learner)
	pr := store.GetLesson(p.Lesson)
	for range attempt {
		pr.TakeAgain(question)
	}
	store.Set(p.Lesson.ProgressKey(), pr)

	teacher := open(t, p, predict, 100, 30, Options{Store: store})
	want := lessons.ShownOrder(learner, p.Lesson.ID, pr, predict, true, np)
	if fmt.Sprint(teacher.predicts[predict].order) != fmt.Sprint(want) {
		t.Fatalf("the teacher's player shows %v, the poll's rule %v", teacher.predicts[predict].order, want)
	}
	// A student's picker following the teacher: a new follower, then the
	// same one moved to another step.
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	room := NewPicker(all, lessons.NewLab(), Options{Theme: tuitest.Plain(), Embedded: true})
	next, _ := room.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	room = next.(Picker)
	if room, err = room.Follow(teacher.State()); err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(choiceLines(t, *room.player), "\n"), strings.Join(choiceLines(t, teacher), "\n"); got != want {
		t.Errorf("the prediction's choices: the teacher shows\n%s\nthe follower\n%s", want, got)
	}
	// The follower's own poll answer, the teacher's second choice, is its
	// second.
	second := p.Steps[predict].Predict.Choices[teacher.predicts[predict].order[1]].Text
	room = room.FollowGuess(predict, lessons.Prediction{Guess: second, Result: lessons.Off.String()})
	if c := choiceLines(t, *room.player); !strings.Contains(c[1], "2) "+second+"  ← the guess") {
		t.Errorf("the poll's choice 2 is not the follower's 2: %q", c)
	}

	teacher = open(t, p, question, 100, 30, Options{Store: store})
	if room, err = room.Follow(teacher.State()); err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(choiceLines(t, *room.player), "\n"), strings.Join(choiceLines(t, teacher), "\n"); got != want {
		t.Errorf("the question's choices at attempt %d: the teacher shows\n%s\nthe follower\n%s", attempt+1, want, got)
	}
	// Pressed in the follower's own player once it explores, 1 picks the
	// teacher's 1.
	room, _ = room.Fork()
	f := send(*room.player, keys("1")...)
	if picked, first := f.questions[question].picked, teacher.questions[question].order[0]; picked != first {
		t.Errorf("1 picked choice %d in the follower, the teacher's 1 is %d", picked, first)
	}
}
