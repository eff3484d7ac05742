package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// One student's typo does not stretch the teacher's histogram: 12
// quadrillion among answers near 73, or 7300 typed for 73, is counted in
// a bar above the rest, and the real answers spread over the bars; a
// number far below goes in a bar of its own below them.
func TestATypoDoesNotStretchTheHistogram(t *testing.T) {
	pq := &lessons.PreparedQuestion{Kind: lessons.Number, Prompt: "How many calls?", Answer: 73, AnswerKind: lessons.KindCount,
		Tolerance: 0.1, Relative: true, Unit: "calls", AnswerText: "73"}
	q, _ := numberQuestion(pq, false, "L, step 1")
	room := NewRoom()
	room.Ask(q)
	a, _ := room.OpenQuestion()
	for _, c := range []struct {
		guesses []float64
		above   string // the bar above the rest; "": none
		below   string
	}{
		{[]float64{19, 70, 12e15}, "above ", ""},
		{[]float64{70, 73, 75, 80, 7300}, "above ", ""},
		{[]float64{-1e12, 70, 73, 75, 80}, "", "below "},
		{[]float64{40, 70, 73, 75, 80, 110}, "", ""},
	} {
		lines := histogram(a, c.guesses, pq.Answer, 74)
		var filled, total int
		aboveSeen, belowSeen := false, false
		for i, l := range lines {
			f := strings.Fields(l)
			if strings.HasPrefix(l, "above ") {
				aboveSeen = i == len(lines)-1
				continue
			}
			if strings.HasPrefix(l, "below ") {
				belowSeen = i == 0
				continue
			}
			for j, w := range f {
				if strings.Trim(w, "█·") == "" && j+1 < len(f) && f[j+1] != "0" {
					filled++
				}
			}
			total++
		}
		if aboveSeen != (c.above != "") || belowSeen != (c.below != "") {
			t.Errorf("%v: a bar above %v (want %v), below %v (want %v):\n%s", c.guesses, aboveSeen, c.above != "", belowSeen, c.below != "", strings.Join(lines, "\n"))
		}
		// The answers near 73 fall in more than one bar, not all in the
		// first of bars that run to the typo.
		if filled < 2 {
			t.Errorf("%v: the answers near 73 fill %d of %d bars:\n%s", c.guesses, filled, total, strings.Join(lines, "\n"))
		}
	}
}
