package serve

import (
	"context"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/interviewui"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// The teacher opens a screen the room does not follow (the mock interview here):
// the follower read "the teacher is on the menu" and the teacher
// "presenting · 1 follow". The follower reads that the teacher's screen
// is not shared and that they see the teacher's last sandbox; the teacher
// that followers do not see this screen.
func TestAScreenNotSharedSaysSo(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	o := lessonHome(t)
	o.Theme = theme.New(theme.Plain())
	o.Interview = &interviewui.Options{OnScreen: true}
	teacher := NewSession(ctx, o, room, true)
	t.Cleanup(teacher.Leave)
	teacher.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	student := lessonSession(t, room, false, 120, 40)
	press(t, teacher, "j", "enter", "enter")
	if !teacher.home.InSandbox() {
		t.Fatal("the teacher's sandbox did not open")
	}
	press(t, student, "ctrl+g")
	press(t, teacher, "q", "q")
	press(t, teacher, "j", "j", "j", "j", "enter")
	if v := teacher.View(); strings.Contains(v, "Exercises") {
		t.Fatalf("the teacher's interview did not open:\n%s", v)
	}
	reads(student)
	if tag := student.tag(); !strings.Contains(tag, "not shared") || !strings.Contains(tag, "last sandbox") || strings.Contains(tag, "menu") {
		t.Fatalf("the follower's tag while the teacher is on the interview: %q", tag)
	}
	if v := firstLine(teacher.View()); !strings.Contains(v, "not shown to followers · 1 follow") {
		t.Fatalf("the teacher's top line on the interview: %q", v)
	}
	// Back on a sandbox, the tags are as before.
	press(t, teacher, "esc", "k", "k", "k", "k", "enter", "enter")
	if !teacher.home.InSandbox() {
		t.Fatalf("the teacher's sandbox did not open again:\n%s", teacher.View())
	}
	reads(student)
	if tag := student.tag(); strings.Contains(tag, "not shared") {
		t.Fatalf("the follower's tag once the teacher's sandbox is open again: %q", tag)
	}
	if v := firstLine(teacher.View()); strings.Contains(v, "not shown") {
		t.Fatalf("the teacher's top line on the sandbox: %q", v)
	}
}
