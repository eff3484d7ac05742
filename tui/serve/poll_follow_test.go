package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// A student's answer to the room's prediction is their prediction of the
// step: their progress keeps it, as their own player records one (the
// choice's text, how near it came; a number with its value), a later
// answer replacing it; an answer to a question that is no prediction
// keeps nothing.
func TestAPollAnswerIsTheStudentsPrediction(t *testing.T) {
	racefree.Only(t)
	l, question, predict, number := lessonTwo(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 100, 30)
	store := tempStore(t)
	student := storeSession(t, room, false, store, 80, 24)
	press(t, student, "ctrl+g")
	press(t, teacher, "enter", "j", "enter")
	awaitLesson(t, teacher)
	p, _ := teacher.home.Lessons()
	steps := p.State().Prepared.Steps

	stops := []int{question, predict}
	if number >= 0 {
		stops = append(stops, number)
	}
	done := map[int]bool{}
	for len(done) < len(stops) {
		// The stops in the order the teacher comes to them.
		next := -1
		for _, s := range stops {
			if !done[s] && (next < 0 || s < next) {
				next = s
			}
		}
		done[next] = true
		goToStep(t, teacher, next)
		teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
		// The room's signal: the student's screen shows the question
		// (until it does, a key is meant for the one before: pollclose.go),
		// and the student reads it (pollopen.go).
		reads(student)
		a, open := room.OpenQuestion()
		if !open {
			t.Fatalf("step %d: ctrl+a asked nothing:\n%s", next+1, teacher.View())
		}
		switch next {
		case question:
			press(t, student, "1")
			if _, ok := store.Get(l.ProgressKey()).Prediction(question); ok {
				t.Errorf("an answer to step %d's question was kept as a prediction", question+1)
			}
		case predict:
			wrong := (a.Right + 1) % len(a.Choices)
			press(t, student, string(rune('1'+wrong)))
			press(t, student, string(rune('1'+a.Right))) // changed: the later one is kept
			rec, ok := store.Get(l.ProgressKey()).Prediction(predict)
			if !ok || rec.Guess != a.Choices[a.Right] || rec.Result != lessons.Spot.String() {
				t.Errorf("step %d: the student chose %q in the poll; their progress keeps %+v (%v)", predict+1, a.Choices[a.Right], rec, ok)
			}
		case number:
			q := steps[number].Predict
			press(t, student, q.AnswerText)
			student.Update(tea.KeyMsg{Type: tea.KeyEnter})
			rec, ok := store.Get(l.ProgressKey()).Prediction(number)
			if !ok || rec.Value == nil || *rec.Value != q.Answer || rec.Result != lessons.Spot.String() || rec.Guess != lessons.WithUnit(q.FormatGuess(q.Answer), q.Unit) {
				t.Errorf("step %d: the student typed %s; their progress keeps %+v (%v)", number+1, q.AnswerText, rec, ok)
			}
		}
		keys(teacher, "esc")
	}
}

// A student who answered the room's prediction and then follows the
// teacher in a session that did not see the answer given (ada's, back
// after her connection dropped; grace's second terminal, opened after the
// poll) saw "Your prediction: none, skipped" at the teacher's reveal.
func TestAPollAnswerReachesTheFollowedRevealInALaterSession(t *testing.T) {
	racefree.Only(t)
	_, _, predict, _ := lessonTwo(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 100, 30)
	press(t, teacher, "enter", "j", "enter")
	awaitLesson(t, teacher)
	goToStep(t, teacher, predict)
	adaStore, graceStore := tempStore(t), tempStore(t)
	ada := storeSession(t, room, false, adaStore, 80, 24)
	ada.SetStudent("user-ada", "ada")
	grace := storeSession(t, room, false, graceStore, 80, 24)
	grace.SetStudent("user-grace", "grace")
	press(t, ada, "ctrl+g")
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
	reads(ada, grace)
	a, open := room.OpenQuestion()
	if !open || !a.Predict {
		t.Fatalf("ctrl+a asked %+v (open %v)", a.Question, open)
	}
	press(t, ada, string(rune('1'+a.Right)))
	press(t, grace, string(rune('1'+a.Right)))
	ada.Leave()          // her connection drops
	keys(teacher, "esc") // the poll ends

	back := storeSession(t, room, false, adaStore, 80, 24)
	back.SetStudent("user-ada", "ada")
	second := storeSession(t, room, false, graceStore, 80, 24)
	second.SetStudent("user-grace", "grace")
	press(t, back, "ctrl+g")
	press(t, second, "ctrl+g")
	// The teacher reveals the step.
	sh, _ := room.Latest()
	sh.Lesson = sh.Lesson.HideAnswers(false)
	room.Publish(sh)
	reads(back, second)
	for name, s := range map[string]*Session{"ada, back": back, "grace's second session": second} {
		if v := flat(s.View()); strings.Contains(v, "none, skipped") || !strings.Contains(v, "Your prediction: "+firstWords(a.Choices[a.Right], 3)) {
			t.Errorf("%s: the followed reveal does not show the poll's answer %q:\n%s", name, a.Choices[a.Right], s.View())
		}
	}
}
