package sweep

import (
	"math"
	"reflect"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// sameAsRuns checks run, which the plan's Runner has just measured s on
// for cell scenario sc, against separate runs of sc on s's seed: its whole
// state is that of a run stepped to the moment it stopped, and s is what
// the whole run measures. It returns the whole run's snapshot.
func sameAsRuns(t *testing.T, p *Plan, s Sample, run *engine.Run, sc *engine.Scenario) engine.Snapshot {
	t.Helper()
	r, err := engine.New(sc, p.Variant, p.Seeds[s.Seed])
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(run.Now())
	if mine, want := run.Snapshot(), r.Snapshot(); !reflect.DeepEqual(mine, want) {
		t.Fatalf("cell %+v: the sweep's run at %v differs from a separate run stepped there", s.Job, run.Now())
	}
	r.Run()
	snap := r.Snapshot()
	goal := math.NaN()
	if p.Goal != nil {
		goal = p.Goal.Metric.Measure(&snap)
	}
	if want := p.Measure.Measure(&snap); !sameSample(s, want, goal) {
		t.Fatalf("cell %+v: the sweep measured %v and %v (stopped at %v), the whole run %v and %v", s.Job, s.Value, s.GoalValue, run.Now(), want, goal)
	}
	return snap
}

// windowCascade is the cascade measured over its first 20 s only, as the
// built-in scenarios that run on past their window (multi-hop, fleet-probes)
// are: its runs go on 10 s past the window.
func windowCascade() *engine.Scenario {
	sc := scenarios.Cascade()
	sc.MeasureTo = 20 * time.Second
	return sc
}

// settlePlan is a prepared sweep of windowCascade's variant v over
// two knobs, measuring measure with the goal goal ("" for none).
func settlePlan(t *testing.T, v int, x, y, measure, goal string) *Plan {
	t.Helper()
	ax, ay := twoAxes(t, x, y)
	m, err := ParseMetric(measure, windowCascade(), v)
	if err != nil {
		t.Fatal(err)
	}
	p := &Plan{Build: windowCascade, Variant: v, Axes: []Axis{ax, ay}, Seeds: []uint64{5, 6}, Measure: m, Set: testSet}
	if goal != "" {
		g, err := ParseGoal(goal, windowCascade(), v)
		if err != nil {
			t.Fatal(err)
		}
		p.Goal = &g
	}
	if err := p.Prepare(); err != nil {
		t.Fatal(err)
	}
	return p
}

// runChecked runs every job of p on one Runner, checks each against
// separate runs (sameAsRuns) and returns how many stopped before their
// scenario's duration, and how many ran to the end.
func runChecked(t *testing.T, p *Plan) (early, end int) {
	t.Helper()
	w := p.Runner()
	for _, job := range p.Jobs() {
		s, err := w.Run(job)
		if err != nil {
			t.Fatal(err)
		}
		sc := p.CellScenario(job.I, job.J)
		last := w.lastRun()
		sameAsRuns(t, p, s, last, sc)
		switch last.Now() {
		case last.End():
			end++
		default:
			if last.Now() < sc.Duration {
				early++
			}
		}
	}
	return early, end
}

// A sweep of window shares and percentiles stops each run once every
// request of the window has its outcome, well before the scenario's end,
// and measures what the whole run does; the finished runs kept for end
// forks are stopped runs too, and the cells forked from them are exact.
func TestSettledRunsStopEarly(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	p := settlePlan(t, 1, "recommendations.bulkhead=5..50:4", "recommendations.timeout=200ms..2s:3", "search.ok", "recommendations.p99<=900")
	early, _ := runChecked(t, p)
	if jobs := len(p.Jobs()); early < jobs/2 {
		t.Errorf("%d of %d runs stopped before the scenario's end (the window ends 10 s before): want most", early, jobs)
	} else {
		t.Logf("%d of %d runs stopped early; %d forked, %d at the end, %d from a row or column prefix, %d from a later copy (watch.go)",
			early, jobs, p.Forks(), p.endForks.Load(), p.rowForks.Load(), p.midForks.Load())
	}
	if p.endForks.Load() == 0 {
		t.Errorf("no cell forked from a finished (stopped) run: the test does not cover them")
	}
	// A bulkhead of 5 fills before the fault: those cells run from the
	// start, and the others of their column fork from one of them, at
	// forkAt or at a later moment the run was watched at.
	if p.rowForks.Load()+p.midForks.Load() == 0 {
		t.Errorf("no cell forked from a column's or row's copy")
	}
}

// Each metric stops where it is settled and no sooner: in_flight_max, a
// maximum over the whole run, runs to the end; first_open stops at the
// breaker's first opening (or runs to the end when it never opens); a
// percentile once the window's requests are answered. Every sample is
// the whole run's.
func TestEachMetricSettles(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	for _, c := range []struct {
		v              int
		measure, goal  string
		early, allEnds bool
	}{
		{1, "search.p99", "", true, false},
		{1, "recommendations.failed", "", true, false},
		{1, "recommendations.in_flight_max", "", false, true},
		{1, "search.ok", "recommendations.in_flight_max>=10", false, true},
		{2, "recommendations.first_open", "", true, false},
		{2, "recommendations.first_open", "search.ok>=0.9", true, false},
	} {
		t.Run(c.measure+"/"+c.goal, func(t *testing.T) {
			p := settlePlan(t, c.v, "recommendations.timeout=200ms..2s:2", "workers=100..300:2", c.measure, c.goal)
			early, ends := runChecked(t, p)
			jobs := len(p.Jobs())
			if c.early && early == 0 {
				t.Errorf("no run of %d stopped before the scenario's end", jobs)
			}
			if c.allEnds && ends != jobs {
				t.Errorf("%d of %d runs ran to the end: want all", ends, jobs)
			}
			t.Logf("%d of %d runs stopped early, %d ran to the end", early, jobs, ends)
		})
	}
}

// A grid whose knobs no fork may carry (both axes change the traffic)
// keeps copies of its runs at forkAt only until nx+ny of them have served
// no cell: seed 1's runs keep none.
func TestPrefixCopiesStopWhenUnused(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	rate, _ := ParseVary("search.rate=200..400:4")
	lat, _ := ParseVary("search-index.latency.mean=10ms..30ms:3")
	m, _ := ParseMetric("search.ok", windowCascade(), 1)
	p := &Plan{Build: windowCascade, Variant: 1, Axes: []Axis{rate, lat}, Seeds: []uint64{5, 6}, Measure: m, Set: testSet}
	if err := p.Prepare(); err != nil {
		t.Fatal(err)
	}
	nx, ny := p.Size()
	w := p.Runner()
	for _, job := range p.Jobs() {
		if _, err := w.Run(job); err != nil {
			t.Fatal(err)
		}
		if job.Seed == 1 && (p.preCol[nx+job.I].Load() != nil || p.preRow[ny+job.J].Load() != nil) {
			t.Fatalf("job %+v: a copy of the run at forkAt was kept, after %d served no cell", job, nx+ny)
		}
	}
	// The base cell forks from its own prefix on each seed, no other.
	if p.Forks() != len(p.Seeds) || p.rowForks.Load() != 0 {
		t.Errorf("%d runs forked, %d from a row's or column's prefix: want %d and none", p.Forks(), p.rowForks.Load(), len(p.Seeds))
	}
}
