package serve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// A teacher in presentation mode (serve --teacher --present, or ctrl+p)
// has their screen on the wall. Their poll page showed a bar and a count
// for each choice while the answers were open, which the projector's page
// keeps back until the reveal so that the room does not follow the crowd:
// the room read the split as it formed. In presentation mode the teacher's
// page shows the choices and how many answered, and the split from the
// reveal on (each choice's count, in the wall's layout: pollwall.go);
// out of it, the teacher sees the split live, as before.
func TestAPresentingTeachersPollKeepsTheSplitUntilTheReveal(t *testing.T) {
	racefree.Only(t)
	_, question, _, _ := lessonTwo(t)
	room, teacher, ada := adaFollows(t, tempStore(t))
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
	if !teacher.present {
		t.Fatal("ctrl+p did not turn the teacher's presentation mode on")
	}
	a := askQuestion(t, room, teacher, question, ada)
	press(t, ada, string(rune('1'+a.Right)))
	v := flat(teacher.View())
	if strings.Contains(v, "chose it") || strings.Contains(v, "·····") {
		t.Errorf("presenting, the teacher's page shows the split before the reveal:\n%s", teacher.View())
	}
	for _, want := range []string{"1) " + flat(a.Choices[0]), "1 of 1 student answered", "r reveals", "once r reveals"} {
		if !strings.Contains(v, want) {
			t.Errorf("presenting, the teacher's page lacks %q:\n%s", want, teacher.View())
		}
	}
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
	if v := flat(teacher.View()); !strings.Contains(v, "█") {
		t.Errorf("out of presentation mode, the teacher's page hides the split:\n%s", teacher.View())
	}
	teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlP})
	press(t, teacher, "r")
	// Ada chose the right answer, and she alone answered.
	chose := make([]string, len(a.Choices))
	for i := range chose {
		n := 0
		if i == a.Right {
			n = 1
		}
		chose[i] = fmt.Sprintf("%d) %d", i+1, n)
	}
	right := fmt.Sprintf("✓ %d) %s", a.Right+1, flat(a.Choices[a.Right]))
	if v := flat(teacher.View()); !strings.Contains(v, right) || !strings.Contains(v, "How many chose each: "+strings.Join(chose, " · ")+".") {
		t.Errorf("revealed, the presenting teacher's page lacks the split:\n%s", teacher.View())
	}
}
