package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// A projector signs in as a student does, follows the teacher and turns
// presentation mode on: the teacher's counts leave it out. Found in a
// lesson run with a room of two students and a projector at 120x40: the
// teacher read a third follower and "1 of 2 students answered" of ada
// alone. Turned off, presentation mode makes the session a student again;
// a projector whose key answered the open question counts, its answer
// with it.
func TestAProjectorIsNoStudentInTheTeachersCounts(t *testing.T) {
	racefree.Only(t)
	_, question, _, _ := lessonTwo(t)
	room, teacher, ada := adaFollows(t, tempStore(t))
	proj := projectorFollowing(t, room)
	if f, e, h := room.Counts(); f != 1 || e != 0 || h != 0 {
		t.Errorf("a projector and ada following: counts %d follow · %d explore · %d on home, want ada alone following", f, e, h)
	}
	if roll := room.Roll(); len(roll) != 1 || roll[0].Name != "ada" {
		t.Errorf("who is in the room lists %+v, want ada alone", roll)
	}
	a := askQuestion(t, room, teacher, question, ada, proj)
	if a.Students != 1 {
		t.Errorf("the question counts %d students, want ada alone", a.Students)
	}
	press(t, ada, "1")
	reads(teacher)
	if v := flat(teacher.View()); !strings.Contains(v, "1 of 1 student answered") {
		t.Errorf("ada answered: the teacher's count is not 1 of 1:\n%s", teacher.View())
	}
	proj.appearedAt = proj.appearedAt.Add(-questionGrace)
	press(t, proj, "2")
	if a, _ := room.OpenQuestion(); a.Students != 2 {
		t.Errorf("the projector answered: the question counts %d students, want 2 of whom 2 answered", a.Students)
	}
	press(t, teacher, "esc")
	reads(proj)
	if f, _, _ := room.Counts(); f != 1 {
		t.Errorf("the question ended: %d follow, want ada alone", f)
	}
	proj.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
	if f, e, h := room.Counts(); f != 2 || e+h != 0 {
		t.Errorf("presentation mode off: counts %d follow · %d explore · %d on home, want two students following", f, e, h)
	}
}
