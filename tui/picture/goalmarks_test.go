package picture

import (
	"bytes"
	"testing"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/internal/sweeptest"
)

// A sweep's picture never leaves out a goal it was given. A one-knob
// curve whose goal is on another measure (held_max drawn, search.ok>=99%
// the goal) has no threshold line on its axis: it crosses the points
// that meet it, as the map crosses its cells, and says so; and a map or
// a curve on which nothing meets the goal says that. Both pictures drew
// nothing of the goal, as if --goal had not been given.
func TestSweepPictureSaysItsGoal(t *testing.T) {
	result := func(metric string, axes []string, goal string, goalValue func(i int) float64) *sweep.Result {
		return sweeptest.FilledGoal(t, axes, metric, goal,
			func(i, _ int) float64 { return float64(10 * (i + 1)) },
			func(i, _ int) float64 { return goalValue(i) })
	}
	one := []string{"recommendations.timeout=200ms..5s:3"}
	two := []string{"recommendations.timeout=200ms..5s:3", "workers=100..300:3"}
	for _, c := range []struct {
		name string
		res  *sweep.Result
		want string
	}{
		{"curve, some met", result("recommendations.held_max", one, "search.ok>=99%", func(i int) float64 { return 0.98 + 0.01*float64(i) }), "meets search.ok>=99%"},
		{"curve, none met", result("recommendations.held_max", one, "search.ok>=99%", func(int) float64 { return 0.5 }), "none meets search.ok>=99%"},
		{"map, none met", result("recommendations.held_max", two, "search.ok>=99%", func(int) float64 { return 0.5 }), "no cell meets search.ok>=99%"},
	} {
		var b bytes.Buffer
		if err := Sweep(&b, c.res, "cascade, variant 1", "svg"); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		texts := svgTexts(t, b.Bytes())
		if !hasText(texts, c.want) {
			t.Errorf("%s: the picture does not say %q; its texts: %q", c.name, c.want, texts)
		}
		if c.name == "curve, some met" && hasText(texts, "none meets") {
			t.Errorf("%s: the picture says none meets the goal, where two points do: %q", c.name, texts)
		}
	}
}
