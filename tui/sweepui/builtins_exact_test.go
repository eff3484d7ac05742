package sweepui

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
)

// A sweep of a built-in scenario that runs on past its measurement window
// (its runs stop once the window's requests are answered, fork from the
// base's prefix, from a column's or row's, or from a finished run) measures
// in every cell, on two workers, what a whole run of that cell's scenario
// measures, bit for bit: the benchmark's sweeps on 5 × 5 grids, one seed,
// with a percentile for a goal.
func TestBuiltinSweepsEqualWholeRuns(t *testing.T) {
	// Under -race, TestBuiltinSweepsIndependentOfWorkers runs the workers
	// of poolSweeps on smaller grids, which reach every path the workers
	// share; the whole runs here are the engine's work alone.
	racefree.Only(t)
	for _, bs := range builtinSweeps {
		if !exactSweeps[bs.name] {
			continue
		}
		t.Run(bs.name, func(t *testing.T) {
			p := exactPlan(t, bs.scenario, bs.variant, bs.x, bs.y, bs.measure, 5)
			m, g := p.Measure, *p.Goal
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

// exactPlan is the prepared plan of a built-in sweep (builtinSweeps) on
// an n × n grid of its axes, one seed, with a percentile for a goal.
func exactPlan(t *testing.T, scenario string, variant int, x, y, measure string, n int) *sweep.Plan {
	t.Helper()
	builtin, _ := scenarios.Lookup(scenario)
	var axes []sweep.Axis
	for _, spec := range []string{x, y} {
		ax, err := sweep.ParseVary(strings.Replace(spec, ":20", fmt.Sprintf(":%d", n), 1))
		if err != nil {
			t.Fatal(err)
		}
		axes = append(axes, ax)
	}
	m, err := sweep.ParseMetric(measure, builtin.Build(), variant)
	if err != nil {
		t.Fatal(err)
	}
	g, err := sweep.ParseGoal(m.Owner+".p95<=1000", builtin.Build(), variant)
	if err != nil {
		t.Fatal(err)
	}
	p := &sweep.Plan{Build: builtin.Build, Variant: variant, Axes: axes, Seeds: []uint64{5}, Measure: m, Goal: &g, Set: lessons.SetKnob}
	if err := p.Prepare(); err != nil {
		t.Fatal(err)
	}
	return p
}

// exactSweeps names the built-in sweeps TestBuiltinSweepsEqualWholeRuns
// checks cell by cell: services, tenants with shedding and with
// per-tenant bulkheads, bulkheads on a service's edges, tasks servers
// (with pools, whose waits arm timeouts' timers), a tasks server calling
// a service, a breaker shared by several dependencies, the accept queue's
// bound, a semaphore's permit wait, a service's shedding bounds, a
// task's memory and the limit that kills, a fault's start and its
// slowness, and timeouts forked in a hang or a slowdown.
var exactSweeps = map[string]bool{
	"multi-hop/service-workers": true, "noisy-tenant/shedding": true, "noisy-tenant/tenant-bulkhead": true,
	"rate-limit-vs-bulkhead/bulkheads": true, "go-server/transport": true, "async-cascade/semaphore": true,
	"event-loop-stall/threads": true, "cascade/bulkhead-timeout": true, "api-gateway/bulkhead-timeout": true,
	"multi-hop/hop-timeouts": true, "go-inventory/hop-timeouts": true, "go-inventory/service-workers": true,
	"api-gateway/shared-breaker": true, "cascade/workers-queue": true, "go-server/permit-wait": true,
	"go-inventory/patience": true, "api-gateway/patience": true, "multi-hop/patience-deadlines": true,
	"rate-limit-vs-bulkhead/service-shedding": true, "go-server/memory": true,
	"cascade/fault-start": true, "go-inventory/database-slowness": true,
}

// The same sweeps on 3 × 3 grids measure the same on two workers as on
// one. Under -race only those of poolSweeps run: their workers reach
// every path the pool's runs share (below); the rest, the engine's work
// on other scenarios, run without it (TestOtherBuiltinSweepsIndependentOfWorkers).
func TestBuiltinSweepsIndependentOfWorkers(t *testing.T) {
	ran := 0
	for _, bs := range builtinSweeps {
		if exactSweeps[bs.name] && poolSweeps[bs.name] {
			ran++
			t.Run(bs.name, func(t *testing.T) { sameOnOneWorkerAndTwo(t, bs.scenario, bs.variant, bs.x, bs.y, bs.measure) })
		}
	}
	// A name of poolSweeps that is no sweep of exactSweeps would leave
	// its paths unseen under -race.
	if ran != len(poolSweeps) {
		t.Errorf("%d sweeps of poolSweeps ran, want all %d: a name is not one of exactSweeps", ran, len(poolSweeps))
	}
}

// The sweeps of exactSweeps that poolSweeps leaves out measure the same
// on two workers as on one: the engine's work on other scenarios, run
// without -race, under which it took most of this package's CPU.
func TestOtherBuiltinSweepsIndependentOfWorkers(t *testing.T) {
	racefree.Only(t)
	for _, bs := range builtinSweeps {
		if exactSweeps[bs.name] && !poolSweeps[bs.name] {
			t.Run(bs.name, func(t *testing.T) { sameOnOneWorkerAndTwo(t, bs.scenario, bs.variant, bs.x, bs.y, bs.measure) })
		}
	}
}

// poolSweeps are the built-in sweeps whose workers run under -race. On
// 3 × 3 grids, with this package's other tests under -race and
// engine/sweep's own, they reach every statement of engine/sweep and of
// the pool that all of exactSweeps reach, save one that Prepare runs
// before any worker starts (a per-tenant bulkhead in the base's key) and
// those only a worker finding another drawing the same traffic reaches,
// by chance: go-server's memory keeps its finished runs as compact copies
// (keepEnd, when a run as it is would fill the plan's bytes), whose size
// spaces its watches' looks; the event loop's threads fork no run at all
// (a plan with no prefix); multi-hop's service workers fork runs whose
// services have pools of their own.
var poolSweeps = map[string]bool{
	"go-server/memory": true, "event-loop-stall/threads": true, "multi-hop/service-workers": true,
}

// sameOnOneWorkerAndTwo sweeps a built-in sweep's 3 × 3 grid (exactPlan)
// on one worker and on two, and compares each cell's result, NaN and all.
func sameOnOneWorkerAndTwo(t *testing.T, scenario string, variant int, x, y, measure string) {
	t.Helper()
	var results [2]*sweep.Result
	for k, workers := range []int{1, 2} {
		p := exactPlan(t, scenario, variant, x, y, measure, 3)
		var err error
		if results[k], err = Run(context.Background(), p, workers, nil); err != nil {
			t.Fatal(err)
		}
	}
	for j := range 3 {
		for i := range 3 {
			// %v, not ==, so that NaN equals NaN.
			if a, b := fmt.Sprintf("%+v", results[0].Cell(i, j)), fmt.Sprintf("%+v", results[1].Cell(i, j)); a != b {
				t.Errorf("cell %d,%d: %s on two workers, %s on one", i, j, b, a)
			}
		}
	}
}

// A cell that forks from a finished run at the end is that run, and hands
// it on to the later cells of its row and column as well (engine/sweep's
// forkEnd): on fleet-probes, where most cells are some earlier cell's run
// and a cell's two neighbours are often end forks of one run, the cells
// run from the fault are few, and every cell still measures what its
// whole run measures. On one worker, so that the jobs come in order.
func TestEndForksHandTheirRunOn(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
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
