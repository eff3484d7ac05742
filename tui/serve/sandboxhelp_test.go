package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// A student following the teacher's sandbox presses ? to learn its keys:
// the help opens and they go on following, as in a followed lesson
// (TestViewKeysKeepAStudentFollowing). ? forked the sandbox, and the help
// showed a screen the teacher no longer moved. The teacher's next move
// keeps the help open; esc closes it, still following; a key that
// explores (space) still makes the sandbox theirs.
func TestHelpInTheFollowedSandboxKeepsFollowing(t *testing.T) {
	racefree.Only(t) // the sessions are driven in this goroutine
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 100, 30)
	press(t, teacher, "j", "enter", "enter")
	if !teacher.home.InSandbox() {
		t.Fatal("the teacher's sandbox did not open")
	}
	press(t, student, followKey)
	if !student.Following() || student.shown != SandboxScreen {
		t.Fatalf("the student does not follow the teacher's sandbox: mode %d\n%s", student.mode, student.View())
	}
	send := func(k tea.KeyMsg) {
		t.Helper()
		_, cmd := student.Update(k)
		run(t, student, cmd, 0)
	}
	send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("?")})
	help := student.View()
	if !student.Following() {
		t.Fatalf("? stopped following:\n%s", help)
	}
	if !strings.Contains(help, "all keys") && !strings.Contains(help, "Keys") {
		t.Fatalf("? did not open the help:\n%s", help)
	}
	press(t, teacher, "l") // the teacher moves on
	student.Update(roomMsg{})
	if student.View() != help {
		t.Fatalf("the room's next message closed the student's help:\n%s", student.View())
	}
	send(tea.KeyMsg{Type: tea.KeyEsc}) // closes the help, not the room
	if !student.Following() || student.View() == help {
		t.Fatalf("esc in the help: following %v\n%s", student.Following(), student.View())
	}
	press(t, student, " ")
	if student.Following() || student.mode != exploring {
		t.Fatalf("space did not make the sandbox the student's own: mode %d", student.mode)
	}
}
