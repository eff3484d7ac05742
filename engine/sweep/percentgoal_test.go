package sweep

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A share's goal prints as it was typed, or as the shortest decimal that
// reads back to the same float: 99.9% divided by 100 in binary was
// 0.9990000000000001, and `sweep --goal 'orders.ok>=99.9%'` said
// "meets ...>=99.90000000000001%".
func TestPercentGoalPrintsAsTyped(t *testing.T) {
	sc := scenarios.Cascade()
	for _, c := range []struct{ typed, percent, fraction string }{
		{"99.9%", "99.9%", "0.999"},
		{"0.1%", "0.1%", "0.001"},
		{"33.3%", "33.3%", "0.333"},
		{"12.5%", "12.5%", "0.125"},
		{"0.999", "99.9%", "0.999"},
		{"1%", "1%", "0.01"},
		{"9.99e1%", "99.9%", "0.999"},
		{"99.95 %", "99.95%", "0.9995"},
	} {
		g, err := ParseGoal("recommendations.ok>="+c.typed, sc, 0)
		if err != nil {
			t.Errorf("%s: %v", c.typed, err)
			continue
		}
		if got := report.PercentExact(g.Threshold); got != c.percent {
			t.Errorf("goal >=%s prints its threshold as %q, want %q", c.typed, got, c.percent)
		}
		if got, want := g.String(), "recommendations.ok>="+c.fraction; got != want {
			t.Errorf("goal >=%s is %q, want %q", c.typed, got, want)
		}
		// What is printed, typed back, is the same goal.
		back, err := ParseGoal("recommendations.ok>="+report.PercentExact(g.Threshold), sc, 0)
		if err != nil || back.Threshold != g.Threshold {
			t.Errorf("goal >=%s printed as %s reads back as %v (%v), want %v", c.typed, report.PercentExact(g.Threshold), back.Threshold, err, g.Threshold)
		}
	}
}
