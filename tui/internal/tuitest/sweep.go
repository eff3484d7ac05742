package tuitest

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine/sweep"
)

// StoppedGrid is a sweep of 64 × 32 cells (2,048) on one seed stopped one
// run short, its first cell not run, for a count of a thousand or more
// in every place a sweep writes one: search.ok of each cell a share that
// grows to the top right, with the goal search.ok>=0.5 if goal. Nothing
// runs: the samples are added.
func StoppedGrid(t testing.TB, goal bool) *sweep.Result {
	t.Helper()
	m := sweep.Metric{Name: "search.ok", Owner: "search", Field: "ok"}
	p := &sweep.Plan{Seeds: []uint64{Seed}, Measure: m}
	if goal {
		p.Goal = &sweep.Goal{Metric: m, Op: ">=", Threshold: 0.5}
	}
	for _, s := range []string{"caller.rate=1..64:64", "workers=1..32:32"} {
		ax, err := sweep.ParseVary(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Axes = append(p.Axes, ax)
	}
	res := sweep.NewResult(p)
	nx, ny := p.Size()
	for j := range ny {
		for i := range nx {
			if i+j > 0 {
				v := float64(i+j) / float64(nx+ny)
				res.Add(sweep.Sample{Job: sweep.Job{I: i, J: j}, Value: v, GoalValue: v})
			}
		}
	}
	return res
}
