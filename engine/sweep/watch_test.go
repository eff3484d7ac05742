package sweep

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A cell whose knob matters at the fault goes on from a copy of the run of
// the cell before it in its column or row, taken at the last look before
// the two runs could part (watch.go): some cells of grids of the
// cascade's workers, bulkheads and timeouts start past the fault, and
// every cell is still exactly a separate run of its settings and seed.
func TestWatchedCopiesForkExactly(t *testing.T) {
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
			sameAsRuns(t, p, s, w.last, p.CellScenario(job.I, job.J))
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
