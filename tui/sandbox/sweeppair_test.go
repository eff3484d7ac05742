package sandbox

import (
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A breaker's window swept against its minimum calls, either way round,
// is planned: the sandbox parts the two ranges it picks, where it paired
// a window of 10 with a minimum of 18 and refused the sweep, a dead end
// the learner could not change. Both of the design's values stay on
// their axes, and the picker says where each range was cut.
func TestAWindowSweptAgainstItsMinimumCallsIsPlanned(t *testing.T) {
	racefree.Only(t) // no goroutine: the plan is prepared, no run is made
	const win, least = "recommendations.breaker.window", "recommendations.breaker.min_calls"
	for _, minCalls := range []int64{0, 5, 9, 20} {
		sc := tuitest.Scenario(t, "cascade")
		if err := lessons.SetKnob(sc, 2, least, minCalls); err != nil {
			t.Fatal(err)
		}
		for _, xy := range [][2]string{{win, least}, {least, win}} {
			s := &sweepOverlay{base: sc, variant: 2, x: xy[0], measures: []string{"search.ok"}}
			plan, mark, err := s.planFor(xy[1], 24, 16, 1)
			if err != nil {
				t.Errorf("min_calls %d, %s against %s: %v", minCalls, xy[0], xy[1], err)
				continue
			}
			for a, ax := range plan.Axes {
				design := mark.X
				if a == 1 {
					design = mark.Y
				}
				if !slices.Contains(ax.X, design) || len(ax.X) < 2 {
					t.Errorf("min_calls %d: %s's axis %v lacks the design's %v", minCalls, ax.Path, ax.X, design)
				}
			}
			// The axis that was cut says where, and not that the end is the
			// scenario's limit, which it no longer is.
			sx, sy, _ := s.pairedSpans(xy[1], 24, 16)
			said := ""
			for _, sp := range []span{sx, sy} {
				_, cut := sp.words()
				if sp.paired != "" && (strings.Contains(cut, "the least the scenario takes") || strings.Contains(cut, "the most the scenario takes")) {
					t.Errorf("min_calls %d: %s's range is parted from the other, and says %q", minCalls, sp.ax.Path, cut)
				}
				said += cut + "|"
			}
			if minCalls == 9 && !strings.Contains(said, "no window below any minimum calls swept") && !strings.Contains(said, "no minimum above any window swept") {
				t.Errorf("min_calls 9, %s against %s: the ranges say %q, not where they were parted", xy[0], xy[1], said)
			}
		}
	}
}
