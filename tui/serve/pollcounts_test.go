package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The teacher's top line says who follows, who explores and who is on
// home. With a poll open in presentation mode it said only "presentation
// mode · teaching": the tag was fitted beside the lesson's moment title,
// which the poll's page, drawn instead, does not have, where the room's
// counts matter most (is the room still with the question?).
func TestTheTeachersTopLineKeepsTheCountsOverAPoll(t *testing.T) {
	racefree.Only(t) // the sessions are driven in this goroutine
	_, _, predict, _ := lessonTwo(t)
	for _, present := range []bool{false, true} {
		for _, w := range []int{80, 100, 200} {
			room := NewRoom()
			teacher := lessonSession(t, room, true, w, 30)
			teacher.SetPresent(present)
			follower := lessonSession(t, room, false, 100, 30)
			lessonSession(t, room, false, 100, 30) // on home
			press(t, teacher, "enter", "j", "enter")
			awaitLesson(t, teacher)
			goToStep(t, teacher, predict)
			press(t, follower, followKey)
			teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
			if _, open := room.OpenQuestion(); !open {
				t.Fatalf("at %d ctrl+a opened no poll:\n%s", w, teacher.View())
			}
			top, _, _ := strings.Cut(ansi.Strip(teacher.View()), "\n")
			if want := "1 follow · 0 explore · 1 on home"; !strings.Contains(top, want) {
				t.Errorf("%s at %d: the teacher's top line over the poll is %q, want it to say %q",
					map[bool]string{true: "presenting", false: "teaching"}[present], w, strings.TrimSpace(top), want)
			}
		}
	}
}
