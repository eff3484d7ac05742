package sweep

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// shortAsync is async-cascade ending 10 s after its upstream slows.
func shortAsync() *engine.Scenario {
	sc := scenarios.AsyncCascade()
	sc.Duration, sc.MeasureTo = 30*time.Second, 30*time.Second
	return sc
}

// asyncSet sets the knobs of async-cascade these tests vary, standing in
// for lessons.SetKnob.
func asyncSet(sc *engine.Scenario, v int, path string, val any) error {
	sys := &sc.Variants[v].System
	switch path {
	case "search-api.bulkhead":
		sys.Dependencies[0].Policy.Bulkhead = int(val.(int64))
		return nil
	case "aiohttp.size":
		sys.Pools[0].Size = int(val.(int64))
		return nil
	case "search-api.timeout":
		d, err := time.ParseDuration(val.(string))
		sys.Dependencies[0].Policy.Timeout = d
		return err
	}
	return fmt.Errorf("no knob %q", path)
}

// twoAxes reads the axes x and y, or fails t.
func twoAxes(t testing.TB, x, y string) (Axis, Axis) {
	t.Helper()
	ax, err := ParseVary(x)
	if err != nil {
		t.Fatal(err)
	}
	ay, err := ParseVary(y)
	if err != nil {
		t.Fatal(err)
	}
	return ax, ay
}

// asyncPlan is a sweep of async-cascade's variant v over two knobs.
func asyncPlan(t testing.TB, v int, x, y string) *Plan {
	t.Helper()
	ax, ay := twoAxes(t, x, y)
	m, err := ParseMetric("profile.ok", shortAsync(), v)
	if err != nil {
		t.Fatal(err)
	}
	p := &Plan{Build: shortAsync, Variant: v, Axes: []Axis{ax, ay}, Seeds: []uint64{5}, Measure: m, Set: asyncSet}
	if err := p.Prepare(); err != nil {
		t.Fatal(err)
	}
	return p
}

// A sweep of a tasks server (async-cascade's semaphores, its pool's size,
// its timeout) forks most of its runs, and every cell is still exactly a
// separate run of its settings.
func TestTaskSweepForksEqualSingleRuns(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	for _, c := range []struct {
		v    int
		x, y string
	}{
		{1, "search-api.bulkhead=5..60:4", "aiohttp.size=20..200:3"},
		{0, "search-api.timeout=100ms..2s:3", "aiohttp.size=110..200:2"},
	} {
		p := asyncPlan(t, c.v, c.x, c.y)
		runJobs(t, p, func(job Job, sample Sample, run *engine.Run) {
			sc := shortAsync()
			for a, ax := range p.Axes {
				k := job.I
				if a == 1 {
					k = job.J
				}
				if err := asyncSet(sc, c.v, ax.Path, ax.Values[k]); err != nil {
					t.Fatal(err)
				}
			}
			sameAsRuns(t, p, sample, run, sc)
		})
		if n := p.Forks(); n < len(p.Jobs())/2 {
			t.Errorf("variant %d, %s × %s: %d of %d runs forked, want most", c.v+1, c.x, c.y, n, len(p.Jobs()))
		} else {
			t.Logf("variant %d: %d of %d runs forked, %d at the end", c.v+1, n, len(p.Jobs()), p.endForks.Load())
		}
	}
}

// BenchmarkAsyncCascadeSweep runs, on one goroutine, a 10×10 sweep of
// async-cascade's semaphore variant over search's permits and the pool's
// size, the whole scenario (60 simulated seconds) a cell.
func BenchmarkAsyncCascadeSweep(b *testing.B) {
	runs := 0
	for b.Loop() {
		p := asyncPlan(b, 1, "search-api.bulkhead=5..60:10", "aiohttp.size=20..200:10")
		p.Build = scenarios.AsyncCascade
		if err := p.Prepare(); err != nil {
			b.Fatal(err)
		}
		runs += runJobs(b, p, nil)
	}
	b.ReportMetric(float64(runs)/b.Elapsed().Seconds(), "runs/s")
}

// runJobs runs every job of p, one after another on one Runner, and
// returns how many; check, if not nil, sees each job's sample and run
// once it is done.
func runJobs(tb testing.TB, p *Plan, check func(Job, Sample, *engine.Run)) int {
	w := p.Runner()
	jobs := p.Jobs()
	for _, job := range jobs {
		s, err := w.Run(job)
		if err != nil {
			tb.Fatal(err)
		}
		if check != nil {
			check(job, s, w.lastRun())
		}
	}
	return len(jobs)
}

// The base a sweep forks from has the tasks server's largest pool (no cap
// counting as the largest), as it has the largest bulkheads: the pool
// least likely to have mattered by the fault.
func TestTaskSweepBaseHasTheLargestPool(t *testing.T) {
	for _, c := range []struct {
		vary string
		want int
	}{{"aiohttp.size=20..200:4", 200}, {"aiohttp.size=0..200:3", 0}} {
		p := asyncPlan(t, 1, c.vary, "search-api.bulkhead=10..10:1")
		if got := p.baseCell.Variants[1].System.Pools[0].Size; got != c.want {
			t.Errorf("%s: the base cell's pool has size %d, want %d", c.vary, got, c.want)
		}
	}
}
