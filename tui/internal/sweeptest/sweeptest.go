// Package sweeptest makes sweep results for the tests of what draws them
// (tui/sweepui's heatmap, tui/picture's slides) without running the
// engine. Only tests import it; it imports engine/sweep and the built-in
// scenarios.
package sweeptest

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
)

// Filled is a result of the cascade's axes (one or two --vary specs)
// measuring metric, with goal if not "", whose cell (i, j) holds
// value(i, j) on one seed.
func Filled(t testing.TB, axes []string, metric, goal string, value func(i, j int) float64) *sweep.Result {
	t.Helper()
	sc := scenarios.Cascade()
	p := &sweep.Plan{Seeds: []uint64{5}}
	for _, v := range axes {
		ax, err := sweep.ParseVary(v)
		if err != nil {
			t.Fatal(err)
		}
		p.Axes = append(p.Axes, ax)
	}
	m, err := sweep.ParseMetric(metric, sc, 0)
	if err != nil {
		t.Fatal(err)
	}
	p.Measure = m
	if goal != "" {
		g, err := sweep.ParseGoal(goal, sc, 0)
		if err != nil {
			t.Fatal(err)
		}
		p.Goal = &g
	}
	res := sweep.NewResult(p)
	nx, ny := p.Size()
	for j := range ny {
		for i := range nx {
			v := value(i, j)
			res.Add(sweep.Sample{Job: sweep.Job{I: i, J: j}, Value: v, GoalValue: v})
		}
	}
	return res
}
