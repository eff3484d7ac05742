package sweepui

import (
	"context"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/lessons"
)

// BenchmarkSweep20x20 prepares and sweeps the cascade's three variants over
// a 20 × 20 grid (recommendations' timeout against the pool's size), one
// seed a cell: 1,200 runs of 30 simulated seconds on every core.
func BenchmarkSweep20x20(b *testing.B) {
	sc := scenarios.Cascade()
	x, _ := sweep.ParseVary("recommendations.timeout=100ms..5s:20")
	y, _ := sweep.ParseVary("workers=100..400:20")
	runs, forks := 0, 0
	for b.Loop() {
		// Plans are prepared afresh each time: a plan keeps what its runs
		// drew and ran (traffic, the prefixes and finished runs forks
		// start from), and a second sweep of one plan would reuse them.
		for v := range sc.Variants {
			m, err := sweep.ParseMetric("search.ok", sc, v)
			if err != nil {
				b.Fatal(err)
			}
			p := &sweep.Plan{Build: scenarios.Cascade, Variant: v, Axes: []sweep.Axis{x, y}, Seeds: []uint64{5}, Measure: m, Set: lessons.SetKnob}
			if err := p.Prepare(); err != nil {
				b.Fatal(err)
			}
			res, err := Run(context.Background(), p, 0, nil)
			if err != nil {
				b.Fatal(err)
			}
			runs += res.Runs
			forks += p.Forks()
		}
	}
	b.ReportMetric(float64(runs)/b.Elapsed().Seconds(), "runs/s")
	// The share of runs that went on from a prefix or a finished run
	// instead of running from the start (engine's ForkInto).
	b.ReportMetric(float64(forks)/float64(runs), "forked/run")
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

// BenchmarkSweepBulkheadTimeout20x20 sweeps the cascade's bulkhead variant
// over recommendations' bulkhead size (5 to 60) against its timeout (100 ms
// to 5 s), 20 × 20 cells on 3 seeds: 1,200 runs of 30 simulated seconds on
// every core. The bulkhead is the knob a sweep could not fork before
// issue 28.
func BenchmarkSweepBulkheadTimeout20x20(b *testing.B) {
	x, _ := sweep.ParseVary("recommendations.bulkhead=5..60:20")
	y, _ := sweep.ParseVary("recommendations.timeout=100ms..5s:20")
	m, err := sweep.ParseMetric("search.ok", scenarios.Cascade(), 1)
	if err != nil {
		b.Fatal(err)
	}
	runs, forks := 0, 0
	for b.Loop() {
		p := &sweep.Plan{Build: scenarios.Cascade, Variant: 1, Axes: []sweep.Axis{x, y}, Seeds: []uint64{5, 6, 7}, Measure: m, Set: lessons.SetKnob}
		if err := p.Prepare(); err != nil {
			b.Fatal(err)
		}
		res, err := Run(context.Background(), p, 0, nil)
		if err != nil {
			b.Fatal(err)
		}
		runs += res.Runs
		forks += p.Forks()
	}
	b.ReportMetric(float64(runs)/b.Elapsed().Seconds(), "runs/s")
	b.ReportMetric(float64(forks)/float64(runs), "forked/run")
}
