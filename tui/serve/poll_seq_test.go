package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A question the teacher ended does not carry over to the next one: a
// student who answered it is not shown as having answered the next, and a
// student who put it aside sees the next.
func TestTheNextQuestionStartsAfresh(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	teacher := plainSession(t, room, true, 100, 30)
	a := plainSession(t, room, false, 80, 24)
	b := plainSession(t, room, false, 80, 24)
	room.Ask(testQuestion())
	reads(a, b)
	keys(a, "2")
	keys(b, "esc")
	keys(teacher, "esc") // ends it
	room.Ask(testQuestion())
	if v := a.View(); strings.Contains(v, "Your answer") || !strings.Contains(v, "Press 1-3 to answer") {
		t.Errorf("a student who answered the last question is shown as having answered this one:\n%s", v)
	}
	if v := b.View(); !strings.Contains(v, "The teacher asks") {
		t.Errorf("a student who put the last question aside does not see this one:\n%s", v)
	}
}
