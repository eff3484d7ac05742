package serve

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// ctrl+c ends the session of a student who explores the room's screen, as
// the README and the waiting screen say, at the first press: the room's
// lesson player is embedded, and its ctrl+c went back a level (a lesson
// to its list, the list home), so it took three presses.
func TestCtrlCEndsAnExploringSession(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 100, 30)
	press(t, teacher, "enter", "enter")
	awaitLesson(t, teacher)
	press(t, student, "ctrl+g", "F")
	if student.mode != exploring || student.shown != LessonScreen || !student.rl.Open() {
		t.Fatalf("the student does not explore the teacher's lesson: mode %d, screen %d\n%s", student.mode, student.shown, student.View())
	}
	if _, cmd := student.Update(tea.KeyMsg{Type: tea.KeyCtrlC}); !isQuit(cmd) {
		t.Fatalf("ctrl+c in a forked lesson did not end the session: mode %d, lesson open %v\n%s", student.mode, student.rl.Open(), student.View())
	}

	// The room's sandbox, a prompt open (chaos's own ctrl+c closes it).
	press(t, teacher, "q", "q", "j", "enter", "enter")
	if !teacher.home.InSandbox() {
		t.Fatalf("the teacher's sandbox did not open:\n%s", teacher.View())
	}
	explorer := lessonSession(t, room, false, 100, 30)
	press(t, explorer, "ctrl+g", "f")
	if explorer.mode != exploring || explorer.shown != SandboxScreen {
		t.Fatalf("the student does not explore the teacher's sandbox: mode %d, screen %d", explorer.mode, explorer.shown)
	}
	if _, cmd := explorer.Update(tea.KeyMsg{Type: tea.KeyCtrlC}); !isQuit(cmd) {
		t.Fatalf("ctrl+c in the room's sandbox, chaos open, did not end the session:\n%s", explorer.View())
	}
}
