package sweep

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A sweep of the knobs a fork may change (the pool's size and a timeout)
// forks most of its runs from a prefix, and every cell is still exactly a
// separate run of its settings and seed, in every variant of the cascade.
func TestForkedCellsEqualSingleRuns(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	to, _ := ParseVary("recommendations.timeout=100ms..3s:4")
	w, _ := ParseVary("workers=30..300:4")
	for v := range scenarios.Cascade().Variants {
		m, err := ParseMetric("search.ok", scenarios.Cascade(), v)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := ParseGoal("recommendations.ok>=0.5", scenarios.Cascade(), v)
		p := &Plan{Build: scenarios.Cascade, Variant: v, Axes: []Axis{to, w}, Seeds: []uint64{5, 9}, Measure: m, Goal: &g, Set: testSet}
		if err := p.Prepare(); err != nil {
			t.Fatal(err)
		}
		runner := p.Runner()
		for _, job := range p.Jobs() {
			s, err := runner.Run(job)
			if err != nil {
				t.Fatal(err)
			}
			sc := scenarios.Cascade()
			sys := &sc.Variants[v].System
			sys.Dependencies[2].Policy.Timeout, _ = time.ParseDuration(p.Axes[0].Values[job.I].(string))
			sys.Workers = int(p.Axes[1].Values[job.J].(int64))
			snap := sameAsRuns(t, p, s, runner.lastRun(), sc)
			// What the metrics read, as the test has always checked.
			want, wantGoal := snap.Endpoints[0].Window.Share(engine.OK), snap.Endpoints[2].Window.Share(engine.OK)
			if s.Value != want || s.GoalValue != wantGoal {
				t.Errorf("variant %d cell %+v: sweep measured %v and %v, a single run %v and %v", v+1, job, s.Value, s.GoalValue, want, wantGoal)
			}
		}
		if n := p.Forks(); n == 0 || n == len(p.Jobs()) {
			t.Errorf("variant %d: %d of %d runs forked: want some (100 ms is outlasted before the fault)", v+1, n, len(p.Jobs()))
		} else {
			t.Logf("variant %d: %d of %d runs forked, %d of them at the end", v+1, n, len(p.Jobs()), p.endForks.Load())
		}
	}
}
