package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// A session following the teacher in presentation mode is a projector,
// and no student in the teacher's counts (projector.go). The list of who
// is in the room left it out altogether: a teacher could not tell that
// the wall's session was connected, and a student who turned presentation
// mode on while following (ctrl+p, at their own desk) vanished from the
// list as if they had left. The list names them, apart from the students.
func TestTheRollNamesWhoIsShowingYourScreenInPresentationMode(t *testing.T) {
	racefree.Only(t)
	room, teacher, _ := adaFollows(t, tempStore(t))
	projectorFollowing(t, room)
	bea := storeSession(t, room, false, tempStore(t), 80, 24)
	bea.SetStudent("user-bea", "bea")
	press(t, bea, "ctrl+g")
	bea.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
	teacher.showRoll = true
	v := flat(teacher.View())
	if !strings.Contains(v, "1 student in the room") || !strings.Contains(v, "• ada · following") {
		t.Fatalf("the roll's students:\n%s", teacher.View())
	}
	if !strings.Contains(v, "not counted as students: bea, projector") {
		t.Errorf("the roll does not name the sessions presenting the teacher's screen:\n%s", teacher.View())
	}
	// bea turns it off: a student again, in the list, and no longer named
	// among the projectors.
	bea.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
	v = flat(teacher.View())
	if !strings.Contains(v, "2 students in the room") || !strings.Contains(v, "• bea · following") || !strings.Contains(v, "not counted as students: projector") {
		t.Errorf("bea left presentation mode:\n%s", teacher.View())
	}
}
