package serve

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A student who follows the teacher presses esc at a question ("esc puts
// the question aside") just as the teacher ends it. In either order the
// esc puts the question away and nothing else: the student still follows.
// An esc that comes once the screen has shown the question gone for
// longer than questionGrace is the student's own, and stops following.
func TestEscAtAQuestionTheTeacherEnds(t *testing.T) {
	racefree.Only(t)
	at := time.Unix(1000, 0)
	clock := func() time.Time { return at }
	setUp := func(t *testing.T) (teacher, student *Session, room *Room) {
		t.Helper()
		room = NewRoom()
		teacher = plainSession(t, room, true, 100, 30)
		student = plainSession(t, room, false, 80, 24)
		student.SetIdleLimit(0, clock)
		keys(student, "ctrl+g")
		if !student.Following() {
			t.Fatal("f did not follow")
		}
		room.Ask(testQuestion())
		student.Update(roomMsg{}) // the room's signal: the question is drawn
		if v := student.View(); !strings.Contains(v, "esc to put the question aside") {
			t.Fatalf("the student's screen:\n%s", v)
		}
		at = at.Add(questionGrace) // the student reads it (pollopen.go)
		return teacher, student, room
	}
	still := func(t *testing.T, s *Session, when string) {
		t.Helper()
		if !s.Following() {
			t.Errorf("%s: the student no longer follows the teacher", when)
		}
		if v := s.View(); strings.Contains(v, "The teacher asks") || !strings.Contains(firstLine(v), "following") {
			t.Errorf("%s: the student's screen:\n%s", when, v)
		}
	}

	t.Run("esc, then the end", func(t *testing.T) {
		teacher, student, room := setUp(t)
		keys(student, "esc")
		keys(teacher, "esc")
		student.Update(roomMsg{})
		if _, open := room.OpenQuestion(); open {
			t.Fatal("the teacher's esc did not end the question")
		}
		still(t, student, "esc, then the end")
		// The question went by the student's own esc: their next esc
		// is theirs at once.
		keys(student, "esc")
		if student.Following() {
			t.Error("an esc after the student put the question aside themselves did not stop following")
		}
	})

	t.Run("the end, then esc before the screen changed", func(t *testing.T) {
		teacher, student, _ := setUp(t)
		keys(teacher, "esc")
		keys(student, "esc") // before the room's signal reaches the session
		still(t, student, "the end, then esc")
		at = at.Add(questionGrace + time.Millisecond)
		keys(student, "esc")
		if student.Following() {
			t.Error("an esc long after the question went did not stop following")
		}
	})

	t.Run("the end drawn, then esc", func(t *testing.T) {
		teacher, student, room := setUp(t)
		keys(teacher, "esc")
		student.Update(roomMsg{}) // the screen without the question
		at = at.Add(questionGrace / 3)
		keys(student, "esc")
		still(t, student, "esc a third of the grace after the end")
		// A number meant for the question explores nothing either.
		keys(student, "2")
		still(t, student, "2 a third of the grace after the end")
		if student.mode != following {
			t.Errorf("mode %d after a 2 meant for the question", student.mode)
		}
		at = at.Add(questionGrace)
		keys(student, "esc")
		if student.Following() {
			t.Error("an esc after the grace did not stop following")
		}
		// The next question is answered as usual.
		room.Ask(testQuestion())
		student.Update(roomMsg{})
		at = at.Add(questionGrace)
		keys(student, "2")
		if a, _ := room.OpenQuestion(); a.Counts[1] != 1 {
			t.Errorf("the next question's counts %v", a.Counts)
		}
	})

	t.Run("replaced before drawn", func(t *testing.T) {
		teacher, student, room := setUp(t)
		keys(teacher, "esc")
		room.Ask(testQuestion())
		// A 1 pressed at the first question, before the second was drawn,
		// answers neither.
		keys(student, "1")
		if a, _ := room.OpenQuestion(); a.Counts[0] != 0 {
			t.Errorf("a key pressed at the ended question answered the next one: %v", a.Counts)
		}
		student.Update(roomMsg{})
		at = at.Add(questionGrace)
		keys(student, "1")
		if a, _ := room.OpenQuestion(); a.Counts[0] != 1 {
			t.Errorf("the next question, on screen, did not take the answer: %v", a.Counts)
		}
		if !student.Following() {
			t.Error("the student stopped following")
		}
	})
}
