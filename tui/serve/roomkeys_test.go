package serve

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// ctrl+k on the room's screen opens the palette, as on every screen: it
// did nothing, and "sandbox cascade" typed after it went to the room's
// sandbox as keys. The palette is the home screen's, so the student
// leaves the room, and the tag says so; esc comes back to following, a
// jump goes where it says.
func TestThePaletteFromTheRoom(t *testing.T) {
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 100, 30)
	press(t, teacher, "j", "enter", "enter")
	if !teacher.home.InSandbox() {
		t.Fatal("the teacher's sandbox did not open")
	}
	press(t, student, "f")
	student.Update(tea.KeyMsg{Type: tea.KeyCtrlK})
	if student.Following() || !strings.Contains(student.tag(), "esc goes back") {
		t.Fatalf("ctrl+k while following: following %v, tag %q\n%s", student.Following(), student.tag(), student.View())
	}
	press(t, student, "esc")
	if !student.Following() || student.tag() == "" || strings.Contains(student.tag(), "palette") {
		t.Fatalf("esc on the palette did not go back to following: tag %q\n%s", student.tag(), student.View())
	}
	student.Update(tea.KeyMsg{Type: tea.KeyCtrlK})
	press(t, student, "sandbox cascade", "enter")
	if student.mode != onHome || !student.home.InSandbox() {
		t.Fatalf("the palette's jump to sandbox cascade: mode %d, sandbox open %v\n%s", student.mode, student.home.InSandbox(), student.View())
	}
}

// f, F and : typed into the filter of the room's lesson list are letters
// of the filter: f went back to following, throwing the filter away.
// Outside it, : on the list opens the palette, as on home's list.
func TestRoomKeysLeaveTextAlone(t *testing.T) {
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 100, 30)
	press(t, teacher, "enter")
	press(t, student, "f", "F")
	if student.mode != exploring || student.shown != LessonScreen {
		t.Fatalf("the student does not explore the room's lesson list: mode %d, screen %d", student.mode, student.shown)
	}
	press(t, student, "/", "f")
	if student.mode != exploring {
		t.Fatalf("f typed into the filter went back to following:\n%s", student.View())
	}
	press(t, student, "a", "u", "l", "t")
	if student.mode != exploring || !student.rl.Filtering() {
		t.Fatalf("typing fault in the filter: mode %d, filtering %v\n%s", student.mode, student.rl.Filtering(), student.View())
	}
	if v := student.View(); !strings.Contains(v, "fault") {
		t.Fatalf("the filter does not hold fault:\n%s", v)
	}
	press(t, student, "esc", ":")
	if student.mode != onHome || student.palFrom != exploring {
		t.Fatalf(": on the room's lesson list did not open the palette: mode %d\n%s", student.mode, student.View())
	}
}
