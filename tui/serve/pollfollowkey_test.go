package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// A student who comes in while a room question is open finds it on their
// screen, over their home screen, whose top line says followKey follows
// the teacher. A projector, as the README has it, signs in, follows and
// turns presentation mode on. followKey did nothing while the question
// was there: the question took every key, and the student, or the
// projector, stayed unfollowing with no word. It follows, and the
// question stays on the screen.
func TestFollowKeyFollowsUnderAnOpenQuestion(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	press(t, teacher, "enter", "enter")
	awaitLesson(t, teacher)
	home := lessonSession(t, room, false, 100, 30)
	explorer := lessonSession(t, room, false, 100, 30)
	press(t, explorer, followKey, "F")
	if explorer.mode != exploring {
		t.Fatalf("F did not explore: mode %d", explorer.mode)
	}
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
	if _, open := room.OpenQuestion(); !open {
		t.Fatal("ctrl+a asked nothing")
	}
	for _, c := range []struct {
		name    string
		student *Session
	}{{"on the home screen", home}, {"exploring", explorer}} {
		name, student := c.name, c.student
		reads(student)
		if v := flat(student.View()); !strings.Contains(v, "The teacher asks") {
			t.Fatalf("%s: the open question is not on the student's screen:\n%s", name, student.View())
		}
		if tag := student.tag(); !strings.Contains(tag, followKey+" follows") {
			t.Fatalf("%s: the tag does not name %s: %q", name, followKey, tag)
		}
		press(t, student, followKey)
		if !student.Following() {
			t.Fatalf("%s: %s under the open question did not follow: mode %d\n%s", name, followKey, student.mode, student.View())
		}
		if v := flat(student.View()); !strings.Contains(v, "The teacher asks") {
			t.Fatalf("%s: following took the open question off the screen:\n%s", name, student.View())
		}
	}
}
