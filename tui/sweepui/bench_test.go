package sweepui

import (
	"context"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/lessons"
)

// BenchmarkSweep20x20 sweeps the cascade's three variants over a 20 × 20
// grid (recommendations' timeout against the pool's size), one seed a cell:
// 1,200 runs of 30 simulated seconds on every core.
func BenchmarkSweep20x20(b *testing.B) {
	var plans []*sweep.Plan
	sc := scenarios.Cascade()
	for v := range sc.Variants {
		x, _ := sweep.ParseVary("recommendations.timeout=100ms..5s:20")
		y, _ := sweep.ParseVary("workers=100..400:20")
		m, err := sweep.ParseMetric("search.ok", sc, v)
		if err != nil {
			b.Fatal(err)
		}
		p := &sweep.Plan{Build: scenarios.Cascade, Variant: v, Axes: []sweep.Axis{x, y}, Seeds: []uint64{5}, Measure: m, Set: lessons.SetKnob}
		if err := p.Prepare(); err != nil {
			b.Fatal(err)
		}
		plans = append(plans, p)
	}
	runs := 0
	for b.Loop() {
		for _, p := range plans {
			res, err := Run(context.Background(), p, 0, nil)
			if err != nil {
				b.Fatal(err)
			}
			runs += res.Runs
		}
	}
	b.ReportMetric(float64(runs)/b.Elapsed().Seconds(), "runs/s")
}

// BenchmarkPrepare20x20 plans BenchmarkSweep20x20's three sweeps: every
// cell's scenario built, its two knobs set (lessons.SetKnob) and checked,
// which a sweep does on one goroutine before any run starts.
func BenchmarkPrepare20x20(b *testing.B) {
	sc := scenarios.Cascade()
	x, _ := sweep.ParseVary("recommendations.timeout=100ms..5s:20")
	y, _ := sweep.ParseVary("workers=100..400:20")
	b.ReportAllocs()
	for b.Loop() {
		for v := range sc.Variants {
			m, err := sweep.ParseMetric("search.ok", sc, v)
			if err != nil {
				b.Fatal(err)
			}
			p := &sweep.Plan{Build: scenarios.Cascade, Variant: v, Axes: []sweep.Axis{x, y}, Seeds: []uint64{5}, Measure: m, Set: lessons.SetKnob}
			if err := p.Prepare(); err != nil {
				b.Fatal(err)
			}
		}
	}
}
