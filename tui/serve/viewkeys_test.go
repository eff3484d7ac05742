package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// A student following at 60x20 sees the lesson's text or its simulation,
// one at a time, and tab is how they see the other: tab, scrolling and
// the help only change their own screen, and they go on following (tab
// used to count as any key and stop following). A key that moves in the
// lesson (n) still makes the screen theirs.
func TestViewKeysKeepAStudentFollowing(t *testing.T) {
	racefree.Only(t) // the sessions are driven in this goroutine
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 60, 20)
	press(t, teacher, "enter", "enter")
	awaitLesson(t, teacher)
	press(t, teacher, "n")
	press(t, student, "ctrl+g")
	if !student.Following() || student.shown != LessonScreen || !student.rl.Open() {
		t.Fatalf("the student does not follow the teacher's lesson: mode %d\n%s", student.mode, student.View())
	}
	send := func(k tea.KeyMsg) {
		t.Helper()
		_, cmd := student.Update(k)
		run(t, student, cmd, 0)
	}
	text := student.View()
	send(tea.KeyMsg{Type: tea.KeyTab})
	sim := student.View()
	if !student.Following() {
		t.Fatalf("tab stopped following:\n%s", sim)
	}
	if sim == text || strings.Contains(sim, "stopped following") {
		t.Fatalf("tab did not show the simulation, or said following stopped:\n%s", sim)
	}
	// The teacher's next move keeps the student's view and their following.
	press(t, teacher, "r")
	student.Update(roomMsg{})
	send(tea.KeyMsg{Type: tea.KeyTab})
	for _, k := range []tea.KeyMsg{
		{Type: tea.KeyDown}, {Type: tea.KeyRunes, Runes: []rune("j")}, {Type: tea.KeyUp},
		{Type: tea.KeyRunes, Runes: []rune("?")},
	} {
		send(k)
		if !student.Following() {
			t.Fatalf("%s stopped following:\n%s", k, student.View())
		}
	}
	help := student.View()
	if !strings.Contains(help, "text/simulation") {
		t.Fatalf("? did not open the help:\n%s", help)
	}
	student.Update(roomMsg{})
	if student.View() != help {
		t.Fatalf("the room's next message closed the student's help:\n%s", student.View())
	}
	send(tea.KeyMsg{Type: tea.KeyEsc}) // closes the help, not the room
	if !student.Following() || strings.Contains(student.View(), "text/simulation  ") {
		t.Fatalf("esc in the help: following %v\n%s", student.Following(), student.View())
	}
	if st := student.rl.State(); st.Step != 1 {
		t.Fatalf("the view keys moved the follower to step %d, want the teacher's 2", st.Step+1)
	}
	// n moves in the lesson: the student explores from here.
	press(t, student, "n")
	if student.Following() || student.mode != exploring {
		t.Fatalf("n did not make the lesson the student's own: mode %d", student.mode)
	}
	if st := student.rl.State(); st.Step != 2 {
		t.Fatalf("the explorer's n went to step %d, want 3", st.Step+1)
	}
}
