package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A student who had not answered when the teacher revealed, and pressed
// a choice or typed a number then, saw nothing change and nothing say
// why: their key was dropped, as answers close at the reveal, and the
// screen read "The right answer: 2." alone. It says they gave none and
// that the answers are closed. Found running a lesson with a room: bob,
// late, pressed 3 at the reveal and read no reply.
func TestALateAnswerIsToldTheAnswersClosed(t *testing.T) {
	racefree.Only(t) // no goroutine: sessions driven by hand
	for _, tc := range []struct {
		name, key, gave string
		q               Question
	}{
		{"a choice", "3", "You gave no answer", testQuestion()},
		{"a number", "140", "You gave no number", workersQuestion()},
	} {
		room := NewRoom()
		teacher := plainSession(t, room, true, 100, 30)
		late := plainSession(t, room, false, 80, 24)
		room.Ask(tc.q)
		reads(late)
		keys(teacher, "r")
		keys(late, tc.key, "enter")
		if a, _ := room.OpenQuestion(); sum(a.Counts) != 0 || len(a.Guesses) > 0 {
			t.Fatalf("%s: an answer after the reveal counted: %v %v", tc.name, a.Counts, a.Guesses)
		}
		if v := flat(late.View()); !strings.Contains(v, tc.gave+" before the reveal, and the answers are closed now.") {
			t.Errorf("%s: %s pressed after the reveal; the screen does not say the answers closed:\n%s", tc.name, tc.key, late.View())
		}
	}
}

func sum(xs []int) int {
	n := 0
	for _, x := range xs {
		n += x
	}
	return n
}
