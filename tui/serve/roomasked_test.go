package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// ada follows the teacher to lesson 2's last screen. The teacher put none
// of its questions to the room: her last screen says so and asks her to
// review nothing, where it read "Score: 0 of 4" and "m review the 4
// questions missed", of questions nobody asked her.
func TestAFollowersLastScreenWithNoQuestionAsked(t *testing.T) {
	racefree.Only(t)
	_, teacher, ada := adaFollows(t, tempStore(t))
	// ada's screen looks at every step, so that she has seen them all.
	reads(ada)
	p, _ := teacher.home.Lessons()
	for i := 1; i < len(p.State().Prepared.Steps); i++ {
		goToStep(t, teacher, i)
		reads(ada)
	}
	toTheEnd(t, teacher, ada)
	v := flat(ada.View())
	if !strings.Contains(v, "The room was asked none of this lesson's questions: there is nothing to review.") {
		t.Errorf("ada's last screen does not say the room was asked nothing:\n%s", ada.View())
	}
	if strings.Contains(v, "Score:") || strings.Contains(v, "review the") || strings.Contains(v, "review missed") {
		t.Errorf("ada's last screen asks her to review questions nobody asked:\n%s", ada.View())
	}
	// The lesson is not done: the screen says why, beside "not done yet".
	if !strings.Contains(v, "questions were not put to the room (s lists the steps, to answer them on your own).") {
		t.Errorf("ada's last screen does not say what keeps the lesson from done:\n%s", ada.View())
	}
	press(t, ada, "m")
	if p := ada.rl.State(); !p.End {
		t.Errorf("m on ada's last screen opened step %d, a review of a question nobody asked:\n%s", p.Step+1, ada.View())
	}
}

// The teacher puts one of lesson 2's questions to the room, and ada
// answers it wrong: her last screen scores that one, names it alone to
// review, and m reviews it.
func TestAFollowersLastScreenReviewsWhatWasAsked(t *testing.T) {
	racefree.Only(t)
	l, question, _, _ := lessonTwo(t)
	room, teacher, ada := adaFollows(t, tempStore(t))
	a := askQuestion(t, room, teacher, question, ada)
	press(t, ada, string(rune('1'+(a.Right+1)%len(a.Choices))))
	press(t, teacher, "r")
	reads(ada)
	press(t, teacher, "esc")
	reads(ada)
	toTheEnd(t, teacher, ada)
	v := flat(ada.View())
	if !strings.Contains(v, "Score: 0 of 1 question asked, right at the first try.") {
		t.Errorf("ada's last screen does not score the one question asked:\n%s", ada.View())
	}
	title := l.Steps[question].Title
	if want := "review the 1 question missed at the first try or skipped: " + title; !strings.Contains(v, want) {
		t.Errorf("ada's last screen does not name the question asked, %q, alone:\n%s", want, ada.View())
	}
	ada.leftAt = ada.leftAt.Add(-questionGrace) // the poll closed long enough ago for a key to be meant for the screen
	press(t, ada, "m")
	if p := ada.rl.State(); p.End || p.Step != question {
		t.Errorf("m on ada's last screen opened step %d (end %v), want the question asked, step %d:\n%s", p.Step+1, p.End, question+1, ada.View())
	}
}

// adaFollows is a room whose teacher has lesson 2 open, on its first
// step, and ada, whose progress is store, following.
func adaFollows(t *testing.T, store *lessons.Store) (room *Room, teacher, ada *Session) {
	t.Helper()
	room = NewRoom()
	ada = storeSession(t, room, false, store, 120, 40)
	ada.SetStudent("user-ada", "ada")
	press(t, ada, "ctrl+g")
	return room, teacherOnLessonTwo(t, room), ada
}

// teacherOnLessonTwo is a teacher's session in room with lesson 2 open.
func teacherOnLessonTwo(t *testing.T, room *Room) *Session {
	t.Helper()
	teacher := lessonSession(t, room, true, 120, 40)
	press(t, teacher, "enter", "j", "enter")
	awaitLesson(t, teacher)
	return teacher
}

// askQuestion has the teacher put step i's question (not its prediction)
// to the room, and the students' screens read it.
func askQuestion(t *testing.T, room *Room, teacher *Session, i int, students ...*Session) Asked {
	t.Helper()
	return askStep(t, room, teacher, i, false, students...)
}

// askPrediction is askQuestion of step i's prediction.
func askPrediction(t *testing.T, room *Room, teacher *Session, i int, students ...*Session) Asked {
	t.Helper()
	return askStep(t, room, teacher, i, true, students...)
}

func askStep(t *testing.T, room *Room, teacher *Session, i int, predict bool, students ...*Session) Asked {
	t.Helper()
	goToStep(t, teacher, i)
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
	reads(students...)
	a, open := room.OpenQuestion()
	if !open || a.Predict != predict {
		t.Fatalf("ctrl+a on step %d asked %+v (open %v), want the prediction %v", i+1, a.Question, open, predict)
	}
	return a
}

// toTheEnd moves the teacher's open lesson to its last screen, and the
// students' screens read it.
func toTheEnd(t *testing.T, teacher *Session, students ...*Session) {
	t.Helper()
	p, _ := teacher.home.Lessons()
	goToStep(t, teacher, len(p.State().Prepared.Steps)-1)
	press(t, teacher, "n")
	if p, _ := teacher.home.Lessons(); !p.State().End {
		t.Fatalf("n on the last step did not open the lesson's last screen:\n%s", teacher.View())
	}
	reads(students...)
}
