package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// atAskableStep opens lesson 1 on the teacher's screen and moves to its
// first step with a prediction or a question, read off the player.
func atAskableStep(t *testing.T, teacher *Session) {
	t.Helper()
	press(t, teacher, "enter", "enter")
	awaitLesson(t, teacher)
	for range 40 {
		p, _ := teacher.home.Lessons()
		if pq, qq, _, step := p.RoomQuestions(); step >= 0 && (pq != nil || qq != nil) {
			return
		}
		press(t, teacher, "n")
	}
	t.Fatalf("lesson 1 has no step with a question:\n%s", teacher.View())
}

// The join line names ctrl+a only where it asks the room something: on
// the home screen it opened a page saying nothing could be asked, and
// during a poll, or once the step's question was asked, it put nothing
// new.
func TestJoinLineNamesCtrlAWhereItAsks(t *testing.T) {
	racefree.Only(t) // the sessions are driven in this goroutine
	room := NewRoom()
	room.SetJoin(Join{Host: "192.168.1.20", Port: "2222", Access: "class password", Progress: "progress per name"})
	teacher := lessonSession(t, room, true, 160, 30)
	hint := func() bool { return strings.Contains(teacher.joinView(160), askKey) }
	if hint() {
		t.Fatalf("on the home screen the join line names %s: %q", askKey, teacher.joinView(160))
	}
	press(t, teacher, "enter")
	if !teacher.home.InLessons() || hint() {
		t.Fatalf("on the lesson list the join line names %s: %q", askKey, teacher.joinView(160))
	}
	press(t, teacher, "q")
	atAskableStep(t, teacher)
	if line := teacher.joinView(160); !strings.Contains(line, askKey+" asks the room") {
		t.Fatalf("on a step with a question the join line does not name %s: %q", askKey, line)
	}
	_, cmd := teacher.Update(tea.KeyMsg{Type: tea.KeyCtrlA})
	run(t, teacher, cmd, 0)
	if _, open := room.OpenQuestion(); !open {
		t.Fatalf("%s asked nothing:\n%s", askKey, teacher.View())
	}
	if hint() {
		t.Fatalf("during the poll the join line names %s: %q", askKey, teacher.joinView(160))
	}
	press(t, teacher, "esc")
	if _, open := room.OpenQuestion(); open || hint() {
		t.Fatalf("the poll ended (open %v), the same question asked: the join line %q", open, teacher.joinView(160))
	}
}
