package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// A student following the teacher's lesson who tries the teacher's keys
// (ctrl+a asks the room, ctrl+l lists who is here: both on the teacher's
// screen the projector shows) keeps following and reads whose key it is.
// Both forked the student, who then missed the teacher's next step, for a
// key that did nothing for them; ctrl+l is the terminal's redraw too.
func TestTheTeachersKeysKeepAStudentFollowing(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 80, 24)
	press(t, teacher, "enter", "enter")
	awaitLesson(t, teacher)
	press(t, student, "ctrl+g")
	if !student.Following() || student.shown != LessonScreen {
		t.Fatalf("the student does not follow the teacher's lesson:\n%s", student.View())
	}
	for _, k := range []tea.KeyMsg{{Type: tea.KeyCtrlA}, {Type: tea.KeyCtrlL}} {
		_, cmd := student.Update(k)
		run(t, student, cmd, 0)
		if f, e, _ := room.Counts(); !student.Following() || f != 1 || e != 0 {
			t.Fatalf("%s: following %v; the room counts %d following, %d exploring:\n%s", k, student.Following(), f, e, student.View())
		}
		v := flat(student.View())
		if !strings.Contains(v, k.String()+" is the teacher's key") || strings.Contains(v, "stopped following") {
			t.Fatalf("%s does not say whose key it is:\n%s", k, student.View())
		}
		if !strings.Contains(firstLine(student.View()), "following the teacher") {
			t.Fatalf("%s: the top line no longer says following: %q", k, firstLine(student.View()))
		}
		// The teacher's next step still reaches them.
		before := student.rl.State().Step
		press(t, teacher, "n")
		student.Update(roomMsg{})
		if got := student.rl.State().Step; got != before+1 {
			t.Fatalf("after %s the teacher's step %d did not reach the student (on %d)", k, before+1, got)
		}
		// The note is said once: the next key takes it down.
		press(t, student, "j")
		if v := flat(student.View()); strings.Contains(v, "teacher's key") || !student.Following() {
			t.Fatalf("after j the note stays or following stopped (%v):\n%s", student.Following(), student.View())
		}
	}
}
