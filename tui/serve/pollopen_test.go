package serve

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// reads draws the room's open question on each student's screen (the
// room's signal) and lets questionGrace pass since it came onto it, as a
// student takes to read it: a key sooner is not taken as meant for it
// (pollopen.go).
func reads(ss ...*Session) {
	for _, s := range ss {
		s.Update(roomMsg{})
		s.appearedAt = s.appearedAt.Add(-questionGrace)
	}
}

// A student in their own lesson player presses 1, their choice of the
// step's prediction, just as the teacher's poll of that prediction comes
// onto their screen: before the screen is drawn with it, or 200 ms after.
// The 1 answers neither the poll (no count, no prediction kept from it)
// nor the player behind it, which the poll covers. A 1 pressed once the
// poll has been on the screen for questionGrace answers it.
func TestADigitAsThePollAppears(t *testing.T) {
	racefree.Only(t)
	l, _, predict, _ := lessonTwo(t)
	for _, drawn := range []bool{false, true} {
		name := "before it is drawn"
		if drawn {
			name = "200 ms after it is drawn"
		}
		t.Run(name, func(t *testing.T) {
			at := time.Unix(1000, 0)
			room := NewRoom()
			teacher := lessonSession(t, room, true, 100, 30)
			store := tempStore(t)
			student := storeSession(t, room, false, store, 100, 30)
			student.SetIdleLimit(0, func() time.Time { return at })
			kept := func() (lessons.Prediction, bool) { return store.Get(l.ProgressKey()).Prediction(predict) }

			press(t, student, "enter", "j", "enter")
			awaitLesson(t, student)
			for p, _ := student.home.Lessons(); p.State().Step < predict; p, _ = student.home.Lessons() {
				press(t, student, "n")
			}
			if v := flat(student.View()); !strings.Contains(v, "Predict:") {
				t.Fatalf("the student's own player does not ask step %d's prediction:\n%s", predict+1, student.View())
			}
			press(t, teacher, "enter", "j", "enter")
			awaitLesson(t, teacher)
			goToStep(t, teacher, predict)
			teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
			a, open := room.OpenQuestion()
			if !open || !a.Predict {
				t.Fatalf("ctrl+a asked %+v (open %v)", a.Question, open)
			}
			if drawn {
				student.Update(roomMsg{})
				at = at.Add(200 * time.Millisecond)
			}
			press(t, student, "1")
			if a, _ := room.OpenQuestion(); a.Counts[0] != 0 {
				t.Errorf("a 1 pressed %s answered the poll: counts %v", name, a.Counts)
			}
			if rec, ok := kept(); ok {
				t.Errorf("a 1 pressed %s left a prediction of step %d: %+v", name, predict+1, rec)
			}
			if v := flat(student.View()); !strings.Contains(v, "The teacher asks") || strings.Contains(v, "Your answer") {
				t.Errorf("after a 1 pressed %s the student's screen:\n%s", name, student.View())
			}

			student.Update(roomMsg{})
			at = at.Add(questionGrace)
			press(t, student, "1")
			if a, _ := room.OpenQuestion(); a.Counts[0] != 1 {
				t.Errorf("a 1 pressed once the poll had shown for %v did not answer it: counts %v", questionGrace, a.Counts)
			}
			if rec, ok := kept(); !ok || rec.Guess != a.Choices[0] {
				t.Errorf("the poll's answer %q was not kept: %+v (%v)", a.Choices[0], rec, ok)
			}
		})
	}
}

// Within questionGrace after a question came onto a student's screen,
// every key but ctrl+c does nothing: esc does not put aside the question
// the student has not read, nor the reveal that came back onto the screen
// of one who had put it aside; the keys of a number are not typed into its
// answer, nor does enter send one. ctrl+c quits. After the grace each
// key does what it does.
func TestKeysAsThePollAppears(t *testing.T) {
	racefree.Only(t)
	at := time.Unix(1000, 0)
	clock := func() time.Time { return at }
	room := NewRoom()
	teacher := plainSession(t, room, true, 100, 30)
	student := plainSession(t, room, false, 80, 24)
	student.SetIdleLimit(0, clock)
	soon := func() {
		student.Update(roomMsg{})
		at = at.Add(200 * time.Millisecond)
	}
	asks := func(when string) {
		t.Helper()
		if v := student.View(); !strings.Contains(v, "The teacher asks") {
			t.Errorf("%s the question is not on the student's screen:\n%s", when, v)
		}
	}

	room.Ask(testQuestion())
	soon()
	if _, cmd := student.Update(tea.KeyMsg{Type: tea.KeyCtrlC}); !isQuit(cmd) {
		t.Error("ctrl+c just as the question came did not quit")
	}
	keys(student, "esc")
	asks("after an esc 200 ms after it came")
	keys(student, "2")
	if a, _ := room.OpenQuestion(); a.Counts[1] != 0 {
		t.Errorf("a 2 pressed 200 ms after the question came answered it: %v", a.Counts)
	}
	at = at.Add(questionGrace)
	keys(student, "esc")
	if v := student.View(); strings.Contains(v, "The teacher asks") {
		t.Fatalf("esc after the grace did not put the question aside:\n%s", v)
	}

	// The reveal comes back onto the screen of the student who put the
	// question aside.
	keys(teacher, "r")
	soon()
	keys(student, "esc")
	if v := student.View(); !strings.Contains(v, revealTitle) {
		t.Errorf("an esc 200 ms after the reveal came put it away:\n%s", v)
	}
	at = at.Add(questionGrace)
	keys(student, "esc")
	if v := student.View(); strings.Contains(v, revealTitle) {
		t.Errorf("esc after the grace did not put the reveal away:\n%s", v)
	}
	keys(teacher, "esc")

	pq := &lessons.PreparedQuestion{Kind: lessons.Number, Prompt: "How many customers lose service?",
		Answer: 249, AnswerKind: lessons.KindCount, Tolerance: 0.1, Relative: true, Unit: "customers", AnswerText: "249"}
	q, _ := numberQuestion(pq, true, "Shuffle sharding, step 2, the prediction")
	room.Ask(q)
	soon()
	keys(student, "5", "enter")
	if a, _ := room.OpenQuestion(); len(a.Guesses) != 0 || student.num.field.Input != "" {
		t.Errorf("5 and enter 200 ms after the number question came: guesses %v, the input %q", a.Guesses, student.num.field.Input)
	}
	asks("after 5 and enter 200 ms after the number question came")
	at = at.Add(questionGrace)
	keys(student, "249", "enter")
	if a, _ := room.OpenQuestion(); len(a.Guesses) != 1 || a.Guesses[0].Value != 249 {
		t.Errorf("249 and enter after the grace: guesses %v", a.Guesses)
	}
}
