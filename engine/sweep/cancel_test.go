package sweep

import (
	"context"
	"errors"
	"math"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A runner with a context that never ends steps its runs a little at a
// time, and measures exactly what one step to the end measures; with the
// context ended it returns the context's error and no sample.
func TestRunnerContextStepsAndStops(t *testing.T) {
	racefree.Only(t) // one goroutine: the engine's work alone
	p, q := testPlan(t), testPlan(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	plain, stepped := p.Runner(), q.RunnerContext(ctx)
	for _, job := range p.Jobs() {
		want, got := runBoth(t, plain, stepped, job)
		if math.Float64bits(got.Value) != math.Float64bits(want.Value) ||
			math.Float64bits(got.GoalValue) != math.Float64bits(want.GoalValue) {
			t.Errorf("job %+v: stepped %v and %v, in one step %v and %v", job, got.Value, got.GoalValue, want.Value, want.GoalValue)
		}
	}
	r := testPlan(t)
	cancel()
	if _, err := r.RunnerContext(ctx).Run(r.Jobs()[0]); !errors.Is(err, context.Canceled) {
		t.Errorf("a run with its context ended: %v, want context.Canceled", err)
	}
	// Released, a plan still sizes and describes its result.
	q.Release()
	if nx, ny := q.Size(); nx != 4 || ny != 3 || q.CellScenario(3, 2) == nil {
		t.Errorf("a released plan is %d×%d", nx, ny)
	}
}
