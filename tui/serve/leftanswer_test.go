package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// ada answers the room's question on a lesson step and her connection
// drops before the teacher reveals it. Her answer was given: the
// teacher's count keeps it (saying she has left), the reveal's tally and
// the summary the class ends with count it, and when she signs in again
// under her name her progress keeps it, as it does for grace, who stayed.
// Before, it was taken out as she left: the tally said 1 of 1, the
// summary counted grace alone, and ada's progress kept no answer.
func TestAnAnswerStaysWhenItsStudentLeavesBeforeTheReveal(t *testing.T) {
	racefree.Only(t)
	l, question, _, _ := lessonTwo(t)
	room := NewRoom()
	teacher := teacherOnLessonTwo(t, room)
	adaStore, graceStore := tempStore(t), tempStore(t)
	ada := storeSession(t, room, false, adaStore, 100, 30)
	ada.SetStudent("user-ada", "ada")
	grace := storeSession(t, room, false, graceStore, 100, 30)
	grace.SetStudent("user-grace", "grace")
	a := askQuestion(t, room, teacher, question, ada, grace)
	right := string(rune('1' + a.Right))
	wrong := string(rune('1' + (a.Right+1)%len(a.Choices)))
	press(t, ada, right)
	press(t, grace, wrong)
	ada.Leave()

	teacher.Update(roomMsg{})
	if v := flat(teacher.View()); !strings.Contains(v, "2 of 2 students answered (1 of them since left)") {
		t.Errorf("ada left after answering: the teacher's count does not keep her answer:\n%s", teacher.View())
	}
	press(t, teacher, "r")
	if a, _ := room.OpenQuestion(); a.Counts[a.Right] != 1 {
		t.Errorf("the revealed tally lost ada's right answer: %v", a.Counts)
	}
	press(t, teacher, "esc")
	answers := strings.Join(room.Answers(), "\n")
	if !strings.Contains(answers, "2 students answered, 1 right") {
		t.Errorf("the class's summary does not count ada's answer:\n%s", answers)
	}
	if _, answered := graceStore.Get(l.ProgressKey()).FirstTry(question); !answered {
		t.Errorf("grace's progress keeps no answer to step %d", question+1)
	}

	back := storeSession(t, room, false, adaStore, 100, 30)
	back.SetStudent("user-ada", "ada")
	reads(back)
	if r, answered := adaStore.Get(l.ProgressKey()).FirstTry(question); !answered || !r {
		t.Errorf("ada came back: her progress keeps step %d's answer as answered %v, right %v; want her right answer", question+1, answered, r)
	}
}
