package serve

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// The teacher saw only counts; ctrl+l lists the students in the room by
// name, each once, and whether they follow or explore, with nothing of
// their answers; any key goes back.
func TestTheTeacherSeesWhoIsInTheRoom(t *testing.T) {
	room := NewRoom()
	teacher := lessonSession(t, room, true, 100, 30)
	ada := lessonSession(t, room, false, 80, 24)
	ada.SetStudent("user-ada", "ada")
	grace := lessonSession(t, room, false, 80, 24)
	grace.SetStudent("user-grace", "grace")
	again := lessonSession(t, room, false, 80, 24) // ada's second terminal
	again.SetStudent("user-ada", "ada")
	press(t, teacher, "j", "enter", "enter")
	press(t, ada, "ctrl+g")
	q := testQuestion()
	room.Ask(q)
	reads(grace)
	keys(grace, "1")

	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlL})
	v := flat(teacher.View())
	for _, want := range []string{"Who is in the room", "2 students in the room", "ada · following in 1 session, exploring in 1", "grace · exploring"} {
		if !strings.Contains(v, want) {
			t.Fatalf("the teacher's list does not say %q:\n%s", want, teacher.View())
		}
	}
	if strings.Index(v, "• ada") > strings.Index(v, "• grace") {
		t.Errorf("the list is not in name order:\n%s", teacher.View())
	}
	if strings.Contains(v, q.Choices[0]) {
		t.Fatalf("the list shows an answer:\n%s", teacher.View())
	}
	keys(teacher, "x")
	if v := teacher.View(); strings.Contains(v, "Who is in the room") || !strings.Contains(v, "The room answers") {
		t.Fatalf("a key did not close the list:\n%s", v)
	}
}
