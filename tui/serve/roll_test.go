package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// The teacher saw only counts; ctrl+l lists the students in the room by
// name, each once, and whether they follow or explore, with nothing of
// their answers; any key goes back.
func TestTheTeacherSeesWhoIsInTheRoom(t *testing.T) {
	racefree.Only(t)
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
	for _, want := range []string{"Who is in the room", "2 students in the room", "ada · following in 1 session, on the home screen in 1 session", "grace · on the home screen"} {
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

// The teacher's top line counted sessions ("2 follow · 2 explore") where
// the list of who is in the room and a question counted students ("2
// students in the room"). All three count students, from one computation:
// ada, following in two sessions and exploring in a third, follows once;
// grace explores.
func TestTheTopLineTheListAndThePollCountStudentsAlike(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 30)
	var ada []*Session
	for range 3 {
		s := lessonSession(t, room, false, 80, 24)
		s.SetStudent("user-ada", "ada")
		ada = append(ada, s)
	}
	grace := lessonSession(t, room, false, 80, 24)
	grace.SetStudent("user-grace", "grace")
	press(t, teacher, "j", "enter", "enter")
	press(t, ada[0], "ctrl+g")
	press(t, ada[1], "ctrl+g")

	if f, e, h := room.Counts(); f != 1 || e != 0 || h != 1 {
		t.Errorf("Counts: %d follow, %d explore, %d on home; want 1, 0 and 1 (ada follows, in two of her three sessions; grace is on the home screen)", f, e, h)
	}
	reads(teacher)
	top := flat(strings.SplitN(teacher.View(), "\n", 2)[0])
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlL})
	list := flat(teacher.View())
	keys(teacher, "x")
	room.Ask(testQuestion())
	reads(teacher)
	poll := flat(teacher.View())
	for what, c := range map[string]struct{ text, want string }{
		"the top line": {top, "1 follow · 0 explore · 1 on home"},
		"the list":     {list, "2 students in the room: 1 following you, 0 exploring on their own, 1 on the home screen"},
		"the poll":     {poll, "0 of 2 students answered"},
	} {
		if !strings.Contains(c.text, c.want) {
			t.Errorf("%s does not say %q:\n%s", what, c.want, c.text)
		}
	}
}
