package serve

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// forkAtPrediction has a student with progress store follow the teacher
// to lesson 2's first choice prediction and fork there (F).
func forkAtPrediction(t *testing.T) (l *lessons.Lesson, predict int, room *Room, teacher, student *Session, store *lessons.Store) {
	t.Helper()
	l, _, predict, _ = lessonTwo(t)
	room = NewRoom()
	teacher = lessonSession(t, room, true, 100, 30)
	store = tempStore(t)
	student = storeSession(t, room, false, store, 100, 30)
	press(t, teacher, "enter", "j", "enter")
	awaitLesson(t, teacher)
	goToStep(t, teacher, predict)
	press(t, student, "ctrl+g", "F")
	if student.mode != exploring || student.rl.State().Step != predict {
		t.Fatalf("the student does not explore step %d: mode %d, step %d\n%s", predict+1, student.mode, student.rl.State().Step+1, student.View())
	}
	return l, predict, room, teacher, student, store
}

// A prediction made in a lesson forked from the teacher is kept in the
// student's progress: the forked player kept none.
func TestAForkedLessonKeepsProgress(t *testing.T) {
	racefree.Only(t)
	l, predict, _, _, student, store := forkAtPrediction(t)
	press(t, student, "2")
	rec, ok := store.Get(l.ProgressKey()).Prediction(predict)
	if !ok || rec.Guess == "" {
		t.Fatalf("the prediction made in the forked lesson's step %d is not in the student's progress: %+v (%v)\n%s", predict+1, rec, ok, student.View())
	}
}

// The student's answer to the room's prediction shows in the lesson they
// forked, open on that step, as in their own player: it was handed only
// to a player that follows.
func TestAPollAnswerReachesTheForkedLesson(t *testing.T) {
	racefree.Only(t)
	l, predict, room, teacher, student, store := forkAtPrediction(t)
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
	reads(student)
	a, open := room.OpenQuestion()
	if !open || !a.Predict {
		t.Fatalf("ctrl+a did not put step %d's prediction: %+v", predict+1, a.Question)
	}
	press(t, student, string(rune('1'+a.Right)))
	_, step, rec, ok := student.rl.StepPrediction()
	if !ok || step != predict || rec.Guess != a.Choices[a.Right] {
		t.Fatalf("the forked lesson holds %+v (%v) for step %d after the poll answer %q", rec, ok, step+1, a.Choices[a.Right])
	}
	if kept, ok := store.Get(l.ProgressKey()).Prediction(predict); !ok || kept.Guess != a.Choices[a.Right] {
		t.Fatalf("the student's progress keeps %+v (%v)", kept, ok)
	}
}

// With the poll of that step open (put aside), a prediction made in the
// forked lesson is the student's answer to the poll: the teacher counts
// it, and the student's poll screen shows it.
func TestAPredictionInTheForkedLessonAnswersThePoll(t *testing.T) {
	racefree.Only(t)
	_, predict, room, teacher, student, _ := forkAtPrediction(t)
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
	reads(student)
	press(t, student, "esc") // the poll aside: the forked lesson shows
	press(t, student, "2")
	a, _ := room.OpenQuestion()
	if a.Counts[1] != 1 {
		t.Fatalf("a prediction of choice 2 in the forked lesson's step %d: the room counts %v", predict+1, a.Counts)
	}
	if student.answeredSeq != a.Seq || student.answered != 1 {
		t.Fatalf("the student's poll does not show their answer 2: answered %d to %d", student.answered+1, student.answeredSeq)
	}
}
