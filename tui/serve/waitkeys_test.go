package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A student follows while the teacher has opened nothing the room can
// follow (the home screen's menu): their screen waits for the teacher's
// sandbox or lesson. Any key there (? for the help, j, a letter) dropped
// them on their own home screen without a word, no longer following, so
// the lesson the teacher then opened never reached them. Only what the
// page names leaves it: esc or q goes back, F explores (here, their own
// home screen); other keys wait on.
func TestAKeyWhileWaitingForTheTeacherKeepsFollowing(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 80, 24)
	press(t, student, "ctrl+g")
	if student.mode != following || !strings.Contains(flat(student.View()), "not shared") {
		t.Fatalf("ctrl+g with the teacher on their menu: mode %d\n%s", student.mode, student.View())
	}
	for _, k := range []string{"?", "j", "x", "1", " "} {
		press(t, student, k)
		if student.mode != following {
			t.Fatalf("%q on the page waiting for the teacher left following (mode %d):\n%s", k, student.mode, student.View())
		}
	}
	if v := flat(student.View()); !strings.Contains(v, "other keys wait here") {
		t.Errorf("the waiting page does not say what other keys do:\n%s", student.View())
	}
	// The teacher opens a lesson: it reaches the student, still following.
	press(t, teacher, "enter", "enter")
	awaitLesson(t, teacher)
	reads(student)
	if student.shown != LessonScreen {
		t.Errorf("the teacher's lesson did not reach the waiting student:\n%s", student.View())
	}
	press(t, student, "q")
	for _, k := range []string{"F", "esc", "q"} {
		s := lessonSession(t, NewRoom(), false, 80, 24)
		press(t, s, "ctrl+g", k)
		if s.mode == following {
			t.Errorf("%q on the waiting page kept following; it goes back", k)
		}
	}
}
