package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// ctrl+k on the room's screen opens the palette, as on every screen: it
// did nothing, and "sandbox cascade" typed after it went to the room's
// sandbox as keys. The palette is the home screen's, so the student
// leaves the room, and the tag says so; esc comes back to following, a
// jump goes where it says.
func TestThePaletteFromTheRoom(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 100, 30)
	press(t, teacher, "j", "enter", "enter")
	if !teacher.home.InSandbox() {
		t.Fatal("the teacher's sandbox did not open")
	}
	press(t, student, "ctrl+g")
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
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 100, 30)
	press(t, teacher, "enter")
	press(t, student, "ctrl+g", "F")
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

// A student exploring the room's sandbox who opens its knob form and types
// "fault" into a field: the f is a letter of the field. It went back to
// following, and following closes the form, so what was typed was lost.
func TestRoomSandboxFormKeepsItsText(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 100, 30)
	press(t, teacher, "j", "enter", "enter")
	if !teacher.home.InSandbox() {
		t.Fatal("the teacher's sandbox did not open")
	}
	press(t, student, "ctrl+g", "F", "e")
	if student.mode != exploring || student.shown != SandboxScreen || !student.rs.TakesText() {
		t.Fatalf("the student does not explore the room's sandbox with its knob form open: mode %d, screen %d\n%s", student.mode, student.shown, student.View())
	}
	press(t, student, "f")
	if student.mode != exploring || !student.rs.TakesText() {
		t.Fatalf("f typed into the knob form: mode %d, form open %v\n%s", student.mode, student.rs.TakesText(), student.View())
	}
	press(t, student, "a", "u", "l", "t")
	if v := student.View(); !strings.Contains(v, "fault") {
		t.Fatalf("the knob form's field does not hold fault:\n%s", v)
	}
	press(t, student, "esc", "ctrl+g")
	if student.mode != following {
		t.Fatalf("ctrl+g with the form closed did not go back to following: mode %d\n%s", student.mode, student.View())
	}
}

// The same on the student's own sandbox, opened from the home screen,
// where f went to following too: typed into the knob form it is a letter.
func TestHomeSandboxFormKeepsItsText(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 100, 30)
	press(t, teacher, "j", "enter", "enter")
	press(t, student, "j", "enter", "enter", "e")
	sb, open := student.home.Sandbox()
	if student.mode != onHome || !open || !sb.TakesText() {
		t.Fatalf("the student's own sandbox with its knob form open: mode %d, sandbox open %v\n%s", student.mode, open, student.View())
	}
	press(t, student, "f")
	if sb, _ := student.home.Sandbox(); student.mode != onHome || !sb.TakesText() {
		t.Fatalf("f typed into the knob form: mode %d, form open %v\n%s", student.mode, sb.TakesText(), student.View())
	}
}

// And on the student's own lesson list: f typed into its filter is a
// letter of the filter, as it is on the room's list.
func TestHomeLessonFilterKeepsItsText(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 100, 30)
	press(t, teacher, "enter")
	press(t, student, "enter", "/", "f")
	p, open := student.home.Lessons()
	if student.mode != onHome || !open || !p.Filtering() {
		t.Fatalf("f typed into the home lesson list's filter: mode %d, list open %v\n%s", student.mode, open, student.View())
	}
}
