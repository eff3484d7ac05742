package sweepui

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/lessons"
)

// A sweep of a built-in scenario that runs on past its measurement window
// (its runs stop once the window's requests are answered, fork from the
// base's prefix, from a column's or row's, or from a finished run) measures
// in every cell, on two workers, what a whole run of that cell's scenario
// measures, bit for bit: the benchmark's sweeps on 5 × 5 grids, one seed,
// with a percentile for a goal.
func TestBuiltinSweepsEqualWholeRuns(t *testing.T) {
	for _, bs := range builtinSweeps {
		// Services, tenants with shedding and with per-tenant bulkheads,
		// bulkheads on a service's edges, tasks servers (with pools, whose
		// waits arm timeouts' timers), and timeouts forked in a hang or a
		// slowdown: a few seconds.
		switch bs.name {
		case "multi-hop/service-workers", "noisy-tenant/shedding", "noisy-tenant/tenant-bulkhead", "rate-limit-vs-bulkhead/bulkheads", "go-server/transport",
			"async-cascade/semaphore", "event-loop-stall/threads", "cascade/bulkhead-timeout", "api-gateway/bulkhead-timeout", "multi-hop/hop-timeouts":
		default:
			continue
		}
		t.Run(bs.name, func(t *testing.T) {
			builtin, _ := scenarios.Lookup(bs.scenario)
			var axes []sweep.Axis
			for _, spec := range []string{bs.x, bs.y} {
				ax, err := sweep.ParseVary(strings.Replace(spec, ":20", ":5", 1))
				if err != nil {
					t.Fatal(err)
				}
				axes = append(axes, ax)
			}
			m, err := sweep.ParseMetric(bs.measure, builtin.Build(), bs.variant)
			if err != nil {
				t.Fatal(err)
			}
			g, err := sweep.ParseGoal(m.Owner+".p95<=1000", builtin.Build(), bs.variant)
			if err != nil {
				t.Fatal(err)
			}
			p := &sweep.Plan{Build: builtin.Build, Variant: bs.variant, Axes: axes, Seeds: []uint64{5}, Measure: m, Goal: &g, Set: lessons.SetKnob}
			if err := p.Prepare(); err != nil {
				t.Fatal(err)
			}
			res, err := Run(context.Background(), p, 2, nil)
			if err != nil {
				t.Fatal(err)
			}
			nx, ny := p.Size()
			for j := range ny {
				for i := range nx {
					r, err := engine.New(p.CellScenario(i, j), bs.variant, 5)
					if err != nil {
						t.Fatal(err)
					}
					r.Run()
					snap := r.Snapshot()
					c := res.Cell(i, j)
					want, wantGoal := m.Measure(&snap), g.Metric.Measure(&snap)
					if math.Float64bits(c.Mean) != math.Float64bits(want) || math.Float64bits(c.GoalMean) != math.Float64bits(wantGoal) {
						t.Errorf("cell %d,%d: the sweep measured %v and %v, a whole run %v and %v", i, j, c.Mean, c.GoalMean, want, wantGoal)
					}
				}
			}
			t.Logf("%d of %d runs forked", p.Forks(), nx*ny)
		})
	}
}

// A cell that forks from a finished run at the end is that run, and hands
// it on to the later cells of its row and column as well (engine/sweep's
// forkEnd): on fleet-probes, where most cells are some earlier cell's run
// and a cell's two neighbours are often end forks of one run, the cells
// run from the fault are few, and every cell still measures what its
// whole run measures. On one worker, so that the jobs come in order.
func TestEndForksHandTheirRunOn(t *testing.T) {
	builtin, _ := scenarios.Lookup("fleet-probes")
	const v = 1
	var axes []sweep.Axis
	for _, spec := range []string{"api/provider.timeout=100ms..2s:10", "api.workers=10..40:10"} {
		ax, err := sweep.ParseVary(spec)
		if err != nil {
			t.Fatal(err)
		}
		axes = append(axes, ax)
	}
	m, err := sweep.ParseMetric("page.ok", builtin.Build(), v)
	if err != nil {
		t.Fatal(err)
	}
	p := &sweep.Plan{Build: builtin.Build, Variant: v, Axes: axes, Seeds: []uint64{5}, Measure: m, Set: lessons.SetKnob}
	if err := p.Prepare(); err != nil {
		t.Fatal(err)
	}
	w := p.Runner()
	for _, job := range p.Jobs() {
		s, err := w.Run(job)
		if err != nil {
			t.Fatal(err)
		}
		r, err := engine.New(p.CellScenario(job.I, job.J), v, 5)
		if err != nil {
			t.Fatal(err)
		}
		r.Run()
		snap := r.Snapshot()
		if want := m.Measure(&snap); math.Float64bits(s.Value) != math.Float64bits(want) {
			t.Errorf("cell %d,%d: the sweep measured %v, a whole run %v", job.I, job.J, s.Value, want)
		}
	}
	work := p.Work()
	ran := work[sweep.FromPrefix].Runs + work[sweep.FromMid].Runs + work[sweep.FromRowPrefix].Runs
	t.Logf("%d of %d runs at the end, %d from the fault or later, %d from the start", work[sweep.FromEnd].Runs, len(p.Jobs()), ran, work[sweep.FromStart].Runs+work[sweep.FromEarlyMid].Runs)
	if ran > 4 {
		t.Errorf("%d cells ran on from the fault or a copy past it: want at most 4", ran)
	}
}
