package sweep

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A cell whose knob matters at the fault goes on from a copy of the run of
// the cell before it in its column or row, taken at the last look before
// the two runs could part (watch.go): some cells of grids of the
// cascade's workers, bulkheads and timeouts start past the fault, and
// every cell is still exactly a separate run of its settings and seed.
func TestWatchedCopiesForkExactly(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	for _, c := range []struct {
		v    int
		x, y string
	}{
		{0, "workers=100..400:4", "recommendations.timeout=500ms..5s:5"},
		{1, "recommendations.bulkhead=5..60:4", "recommendations.timeout=500ms..5s:4"},
	} {
		x, _ := ParseVary(c.x)
		y, _ := ParseVary(c.y)
		m, err := ParseMetric("search.ok", scenarios.Cascade(), c.v)
		if err != nil {
			t.Fatal(err)
		}
		p := &Plan{Build: scenarios.Cascade, Variant: c.v, Axes: []Axis{x, y}, Seeds: []uint64{5, 9}, Measure: m, Set: testSet}
		if err := p.Prepare(); err != nil {
			t.Fatal(err)
		}
		w := p.Runner()
		later := 0
		for _, job := range p.Jobs() {
			mid := p.midForks.Load()
			s, err := w.Run(job)
			if err != nil {
				t.Fatal(err)
			}
			sameAsRuns(t, p, s, w.lastRun(), p.CellScenario(job.I, job.J))
			if p.midForks.Load() > mid && w.start > p.forkAt {
				later++
			}
		}
		t.Logf("variant %d: %d of %d runs forked, %d from a watched copy, %d of them past the fault", c.v+1, p.Forks(), len(p.Jobs()), p.midForks.Load(), later)
		if later == 0 {
			t.Errorf("variant %d: no cell went on from a copy taken past the fault", c.v+1)
		}
		if w.watch.active() {
			t.Errorf("variant %d: the Runner still watches after its last job", c.v+1)
		}
	}
}

// The looks come a step apart before the fork point, one at it,
// then ever further apart (half the time since the fork point) up to two
// steps for a run whose copy is large: a parting soon after the fault is
// caught close to it, and such a run watched to its end looks fewer times
// than once a step.
func TestLooksThickenAtTheFault(t *testing.T) {
	w := &Runner{p: &Plan{forkAt: 10 * time.Second}}
	w.watch.step, w.watch.big = time.Second, true
	var got []time.Duration
	for at := time.Duration(0); at < 30*time.Second; at = w.nextLook(at) {
		got = append(got, at)
	}
	want := []time.Duration{0, time.Second, 2 * time.Second, 3 * time.Second, 4 * time.Second, 5 * time.Second, 6 * time.Second, 7 * time.Second,
		8 * time.Second, 9 * time.Second, 10 * time.Second, 10*time.Second + 125*time.Millisecond, 10*time.Second + 250*time.Millisecond}
	for k, at := range want {
		if k >= len(got) || got[k] != at {
			t.Fatalf("looks at %v, want them to start %v", got, want)
		}
	}
	after := 0
	for k := 1; k < len(got); k++ {
		gap := got[k] - got[k-1]
		if got[k-1] >= 10*time.Second {
			after++
			if gap > 2*time.Second || gap < 125*time.Millisecond || (k > 1 && got[k-2] >= 10*time.Second && gap < got[k-1]-got[k-2]) {
				t.Errorf("gap %v after %v (looks %v): want growing gaps of an eighth of a step to two steps", gap, got[k-1], got)
			}
		}
	}
	if after >= 20 || after < 10 {
		t.Errorf("%d looks over the 20 steps after the fork point, want fewer than one a step and more than half that", after)
	}
}
