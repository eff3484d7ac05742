package challengeui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Level 12 with its deadline and its timeout both at the client's 1 s
// falls short and no why speaks of it (one knob from the start, every
// miss has a why: challenge's TestEveryOneKnobMissIsExplained; a deadline
// of 500 ms alone, which this test moved to, is now told one): at
// 200×60, with the brief whole and no pointer to the hint, the learner
// had a bare "falls short". A line says where the hint is; a design with
// a why shows the why instead.
func TestAShortfallWithNoWhyPointsToTheHint(t *testing.T) {
	racefree.Only(t) // the gradings run in this goroutine (settle); nothing starts another
	for _, sz := range [][2]int{{80, 24}, {200, 60}} {
		m := sized(t, open(t, "deadline", Options{}), sz[0], sz[1])
		m = press(t, m, "right", "right", "right", "right", "right", "right", "right", "right", "right", "right")
		m = press(t, m, "down", "down", "right", "right", "right", "right")
		r := m.Result()
		if r == nil || r.Pass || len(m.c.ExplainResult(m.setting, r)) > 0 {
			t.Fatalf("%dx%d: want a design that falls short with no why, got %v", sz[0], sz[1], m.setting)
		}
		if lineWith(m, hintPointer) == "" {
			t.Errorf("%dx%d: no word of the hint under \"falls short\":\n%s", sz[0], sz[1], strings.Join(plainLines(m), "\n"))
		}
		start := sized(t, open(t, "deadline", Options{}), sz[0], sz[1])
		if lineWith(start, hintPointer) != "" {
			t.Errorf("%dx%d: the start has a why, and the hint's pointer too", sz[0], sz[1])
		}
	}
}
