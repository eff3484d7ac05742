package sweep

import (
	"math"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// One Runner, taking a plan's jobs in an order that changes cell and seed
// every time, measures what a fresh run per job (Plan.Run) measures.
func TestRunnerEqualsPlanRun(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	p := testPlan(t)
	jobs := p.Jobs()
	w := p.Runner()
	for k := range jobs {
		// Walk the jobs back to front, so neighbours differ in cell and seed.
		job := jobs[len(jobs)-1-k]
		got, want := runBoth(t, w, p, job)
		if math.Float64bits(got.Value) != math.Float64bits(want.Value) ||
			math.Float64bits(got.GoalValue) != math.Float64bits(want.GoalValue) {
			t.Errorf("job %+v: runner measured %v and %v, a fresh run %v and %v", job, got.Value, got.GoalValue, want.Value, want.GoalValue)
		}
	}
}
