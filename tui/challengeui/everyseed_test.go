package challengeui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// Every goal missed names the seed it is missed on, the worst, as
// `challenge --check` names it on its line (GoalResult.WorstSeed): with
// level 1's timeout at its smallest, two goals are missed on two seeds,
// and the second read "healthy recommendations cut off 108" with no seed.
// Beside the sandbox at 200×60, with lines to spare, a seed that does not
// fit its goal's line takes one of its own.
func TestEveryMissedGoalNamesItsSeed(t *testing.T) {
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		m, r, where := shortestTimeout(t, sz[0], sz[1])
		missed, seeds := 0, map[uint64]bool{}
		for i := range r.Goals {
			g := &r.Goals[i]
			if g.Pass {
				if line := lineWith(m, g.Goal.Label); strings.Contains(line, " on seed ") {
					t.Errorf("%s: a goal met names a seed: %q", where, line)
				}
				continue
			}
			missed++
			seed, ok := g.WorstSeed()
			if !ok {
				t.Fatalf("%s: %s missed on no seed", where, g.Goal.Label)
			}
			seeds[seed] = true
			// The label may wrap: its block runs from its mark to the
			// value's line.
			block := goalBlockText(m, g.Goal.Label)
			if want := fmt.Sprintf(" on seed %d", seed); !strings.Contains(block, want) || !strings.Contains(block, g.Shown()) {
				t.Errorf("%s: %s is missed on seed %d with %s, its lines say:\n%s", where, g.Goal.Label, seed, g.Shown(), block)
			}
		}
		if missed < 2 || len(seeds) < 2 {
			t.Fatalf("%s: want two goals missed on two seeds to tell apart, got %d on %d", where, missed, len(seeds))
		}
	}
}

// goalBlockText is the goal line holding label and the lines its label
// wraps onto, up to the next goal's mark or a blank line, joined by
// spaces with their indents trimmed; in the panel alone, where the
// sandbox is beside it.
func goalBlockText(m Model, label string) string {
	w, ok := m.panelShown()
	if !ok {
		return ""
	}
	lines := plainLines(m)
	for i, l := range lines {
		lines[i] = ansi.Truncate(l, w, "")
	}
	for i, l := range lines {
		if !strings.Contains(l, label) {
			continue
		}
		parts := []string{strings.TrimSpace(l)}
		for _, n := range lines[i+1:] {
			s := strings.TrimSpace(n)
			if s == "" || strings.HasPrefix(s, "✗ ") || strings.HasPrefix(s, "✓ ") || strings.HasPrefix(s, "· ") {
				break
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, " ")
	}
	return ""
}

// shortestTimeout is level 1 in w×h with its timeout typed in at 100 ms,
// which misses two goals on two seeds, its result, and where, for
// messages; the view is checked to fill w×h.
func shortestTimeout(t *testing.T, w, h int) (Model, *challenge.Result, string) {
	t.Helper()
	m := sized(t, open(t, "timeout-pool", Options{}), w, h)
	m = press(t, m, "enter", "ctrl+u", "1", "0", "0", "m", "s", "enter")
	where := fmt.Sprintf("at %dx%d", w, h)
	r := m.Result()
	if r == nil {
		t.Fatalf("%s: no result after typing 100ms", where)
	}
	tuitest.CheckBlock(t, m.View(), w, h)
	return m, r, where
}
