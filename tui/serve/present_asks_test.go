package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// lastLine is v's last line, without its styles.
func lastLine(v string) string {
	v = ansi.Strip(v)
	return v[strings.LastIndex(v, "\n")+1:]
}

// A prompt typed in presentation mode, and the sandbox's leave question,
// are on the projector's last line, as presentation mode keeps them on
// its own (present.KeyLineAsker): the classroom drew a presenting
// session's screen with its last line given to the key corner, so what
// the teacher typed, or was asked, was hidden.
func TestPresentingSessionKeepsTheLineThatAsks(t *testing.T) {
	racefree.Only(t)
	for _, sz := range [][2]int{{100, 30}, {80, 24}} {
		s := plainSession(t, NewRoom(), true, sz[0], sz[1])
		s.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
		keys(s, "j", "enter", "enter", ":", "1", "2")
		v := s.View()
		if got := lastLine(v); !strings.Contains(got, "go to time") || !strings.Contains(got, "12") {
			t.Errorf("%dx%d: the time prompt is not on the last line %q:\n%s", sz[0], sz[1], got, ansi.Strip(v))
		}
		keys(s, "esc", "e", "ctrl+u", "8", "0", "enter", "q")
		v = s.View()
		if got := lastLine(v); !strings.Contains(got, "Leave") || !strings.Contains(got, "y leaves") {
			t.Errorf("%dx%d: the leave question is not on the last line %q:\n%s", sz[0], sz[1], got, ansi.Strip(v))
		}
	}
}

// A student presenting the room's sandbox or lesson, forked to explore it,
// keeps the time prompt they type on the projector too.
func TestPresentingStudentKeepsTheRoomsPrompt(t *testing.T) {
	racefree.Only(t)
	for _, c := range []struct {
		name   string
		open   []string
		screen Screen
	}{
		{"sandbox", []string{"j", "enter", "enter"}, SandboxScreen},
		{"lesson", []string{"enter", "enter"}, LessonScreen},
	} {
		room := NewRoom()
		teacher := lessonSession(t, room, true, 120, 40)
		student := lessonSession(t, room, false, 100, 30)
		press(t, teacher, c.open...)
		if c.screen == LessonScreen {
			awaitLesson(t, teacher)
		}
		press(t, student, "ctrl+g", "F")
		if student.mode != exploring || student.shown != c.screen {
			t.Fatalf("%s: the student explores %d in mode %d, want the room's %s", c.name, student.shown, student.mode, c.name)
		}
		student.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
		press(t, student, ":", "1", "2")
		v := student.View()
		if got := lastLine(v); !strings.Contains(got, "go to time") || !strings.Contains(got, "12") {
			t.Errorf("%s: the time prompt is not on the last line %q:\n%s", c.name, got, ansi.Strip(v))
		}
	}
}
