package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// Once the teacher has revealed the room's answers to a step's
// prediction, their own player, still asking it, plays on one space and
// says so: it asked "Space again: play without a guess" after the room had
// answered and seen the answer, and then showed "none, skipped" on the
// projector. Before the reveal space still asks twice, as it does alone.
func TestOneSpacePlaysAStepTheRoomHasAnswered(t *testing.T) {
	racefree.Only(t)
	_, _, predict, _ := lessonTwo(t)
	room := NewRoom()
	teacher := lessonSession(t, room, true, 120, 40)
	student := lessonSession(t, room, false, 100, 30)
	press(t, teacher, "enter", "j", "enter")
	awaitLesson(t, teacher)
	goToStep(t, teacher, predict)
	playing := func() bool { p, _ := teacher.home.Lessons(); return p.State().Playing }

	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
	reads(student)
	keys(student, "1")
	press(t, teacher, "esc") // ended before the reveal: space asks twice
	press(t, teacher, " ")
	if playing() || !strings.Contains(flat(teacher.View()), "Space again: play without a guess.") {
		t.Fatalf("one space before any reveal played, or did not ask again:\n%s", teacher.View())
	}
	press(t, teacher, "p", "n") // the step afresh

	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
	reads(student)
	keys(student, "1")
	press(t, teacher, "r", "esc")
	if v := flat(teacher.View()); !strings.Contains(v, "The room has answered: space plays it") {
		t.Fatalf("the teacher's player after the reveal does not say space plays:\n%s", teacher.View())
	}
	press(t, teacher, " ")
	if !playing() {
		t.Fatalf("one space after the reveal did not play:\n%s", teacher.View())
	}
}
