package serve

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The teacher read "1 of 1 students answered": the count of the room
// takes its noun's number from pane.Counted, for a question and a number
// poll alike (both views write answeredOf).
func TestAnsweredCountsTheRoomsNoun(t *testing.T) {
	racefree.Only(t) // words only, no goroutine
	for _, c := range []struct {
		answered, students, left int
		want                     string
	}{
		{0, 0, 0, "0 of 0 students answered; nobody's name is kept."},
		{0, 1, 0, "0 of 1 student answered; nobody's name is kept."},
		{1, 1, 0, "1 of 1 student answered; nobody's name is kept."},
		{1, 2, 0, "1 of 2 students answered; nobody's name is kept."},
		{2, 2, 0, "2 of 2 students answered; nobody's name is kept."},
		{2, 2, 1, "2 of 2 students answered (1 of them since left); nobody's name is kept."},
	} {
		if got := answeredOf(c.answered, c.students, c.left); got != c.want {
			t.Errorf("%d of %d: %q, want %q", c.answered, c.students, got, c.want)
		}
	}
}
