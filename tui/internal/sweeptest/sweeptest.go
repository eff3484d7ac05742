// Package sweeptest makes sweep results for the tests of what draws them
// (tui/sweepui's heatmap, tui/picture's slides) without running the
// engine. Only tests import it; it imports engine/sweep and the built-in
// scenarios.
package sweeptest

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
)

// Plan is a plan of build's scenario over axes (--vary specs), measuring
// metric on seed 5; nothing runs it.
func Plan(t testing.TB, build func() *engine.Scenario, metric string, axes ...string) *sweep.Plan {
	t.Helper()
	p := &sweep.Plan{Build: build, Seeds: []uint64{5}}
	for _, v := range axes {
		ax, err := sweep.ParseVary(v)
		if err != nil {
			t.Fatal(err)
		}
		p.Axes = append(p.Axes, ax)
	}
	m, err := sweep.ParseMetric(metric, build(), 0)
	if err != nil {
		t.Fatal(err)
	}
	p.Measure = m
	return p
}

// Filled is a result of the cascade's axes (one or two --vary specs)
// measuring metric, with goal if not "", whose cell (i, j) holds
// value(i, j) on one seed.
func Filled(t testing.TB, axes []string, metric, goal string, value func(i, j int) float64) *sweep.Result {
	t.Helper()
	return FilledBut(t, axes, metric, goal, value, func(int, int) bool { return false })
}

// FilledBut is Filled with the cells where skip holds not run, as in a
// sweep stopped before them.
func FilledBut(t testing.TB, axes []string, metric, goal string, value func(i, j int) float64, skip func(i, j int) bool) *sweep.Result {
	t.Helper()
	return fill(t, axes, metric, goal, value, value, skip)
}

// FilledGoal is Filled with a goal on a measure of its own: cell (i, j)
// measures value(i, j), and the goal's measure there is goalValue(i, j).
func FilledGoal(t testing.TB, axes []string, metric, goal string, value, goalValue func(i, j int) float64) *sweep.Result {
	t.Helper()
	return fill(t, axes, metric, goal, value, goalValue, func(int, int) bool { return false })
}

func fill(t testing.TB, axes []string, metric, goal string, value, goalValue func(i, j int) float64, skip func(i, j int) bool) *sweep.Result {
	t.Helper()
	p := Plan(t, scenarios.Cascade, metric, axes...)
	if goal != "" {
		g, err := sweep.ParseGoal(goal, p.Build(), 0)
		if err != nil {
			t.Fatal(err)
		}
		p.Goal = &g
	}
	// Without Build, what draws the result says no window ("of requests
	// arriving from ..."), which the tests of the heatmaps' other words
	// leave out of their wants.
	p.Build = nil
	res := sweep.NewResult(p)
	nx, ny := p.Size()
	for j := range ny {
		for i := range nx {
			if skip(i, j) {
				continue
			}
			res.Add(sweep.Sample{Job: sweep.Job{I: i, J: j}, Value: value(i, j), GoalValue: goalValue(i, j)})
		}
	}
	return res
}
