package sweepui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/internal/sweeptest"
	"github.com/breakerlab/breakerlab/tui/theme"
	xansi "github.com/charmbracelet/x/ansi"
)

// A one-knob table whose goal is on another measure than the one it
// shows has a column of the goal measure's mean, so each ✓ stands beside
// the figure that met it: the table of payments.held_max with
// --goal 'checkout.ok>=0.5%' marked a row of 26.3 calls and named no
// checkout.ok at all. The figure reads on its own side of the
// threshold, 98.9% and not 99% beside a goal of 99% it misses.
func TestGoalOnAnotherMeasureHasItsColumn(t *testing.T) {
	p := sweeptest.Plan(t, scenarios.Cascade, "recommendations.held_max", "recommendations.timeout=200ms..5s:3")
	g, err := sweep.ParseGoal("search.ok>=99%", p.Build(), 0)
	if err != nil {
		t.Fatal(err)
	}
	p.Goal = &g
	p.Build = nil
	res := sweep.NewResult(p)
	goals := []float64{0.5, 0.989, 0.995}
	for i, v := range goals {
		res.Add(sweep.Sample{Job: sweep.Job{I: i}, Value: float64(10 * (i + 1)), GoalValue: v})
	}
	lines := strings.Split(xansi.Strip(Heatmap(res, theme.New(theme.Plain()), 80)), "\n")
	k := 0
	for k < len(lines) && !strings.Contains(lines[k], "fewest") {
		k++
	}
	if k+3 >= len(lines) || !strings.HasSuffix(strings.TrimSpace(lines[k]), "search.ok") {
		t.Fatalf("no column headed search.ok:\n%s", strings.Join(lines, "\n"))
	}
	for i, want := range []string{" 50% ", " 98.9% ", " 99.5% "} {
		row := lines[k+1+i]
		if !strings.Contains(row, want) {
			t.Errorf("row %d %q: want search.ok's mean %q in it", i, row, strings.TrimSpace(want))
		}
		if met := goals[i] >= 0.99; strings.Contains(row, "✓") != met {
			t.Errorf("row %d %q: ✓ shown %v, goal met %v", i, row, !met, met)
		}
	}
}
