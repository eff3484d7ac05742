package lessonui

import (
	"strings"
	"testing"
)

// Once the room has answered a prediction and seen it revealed
// (RoomAnswered), the teacher's own player shows what the panes held for
// the guess, as presentation mode does, though the run still waits for
// their space: the panes kept "shown once you have guessed" over an
// answer every student was reading. Lesson 1's "Who pays for it" holds
// the outcome table's shares; lesson 4's first step holds the breaker's
// state.
func TestTheRoomsRevealReleasesTheHeldPanes(t *testing.T) {
	cases := []struct {
		lesson     string
		step       int
		held, seen string // in the panes before, and after, the room's reveal
	}{
		{"01-one-slow-dependency", 3, "guess", "90.0%"},
		{"04-breaker-states", 0, "its state shows after your guess", "closed"},
	}
	for _, c := range cases {
		p := lessonID(t, c.lesson)
		for _, sz := range [][2]int{{120, 40}, {200, 60}} {
			m := open(t, p, c.step, sz[0], sz[1], Options{})
			tw, _ := m.columns()
			// The panes' column: the text's, and the status line under
			// both, say "guess" whatever the panes hold.
			panes := func() string {
				v := strings.Split(m.View(), "\n")
				return flat(simColumn(strings.Join(v[:len(v)-2], "\n"), tw))
			}
			if sim := panes(); !strings.Contains(sim, c.held) {
				t.Fatalf("%s step %d at %dx%d: before any guess the panes should say %q:\n%s", c.lesson, c.step+1, sz[0], sz[1], c.held, m.View())
			}
			m = m.RoomAnswered(c.step)
			if !m.waiting() {
				t.Fatalf("%s step %d: the room's reveal played the teacher's run", c.lesson, c.step+1)
			}
			if sim := panes(); strings.Contains(sim, c.held) || !strings.Contains(sim, c.seen) {
				t.Errorf("%s step %d at %dx%d: after the room's reveal the panes should show %q, not %q:\n%s", c.lesson, c.step+1, sz[0], sz[1], c.seen, c.held, m.View())
			}
		}
	}
}
