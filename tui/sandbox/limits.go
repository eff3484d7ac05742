package sandbox

import (
	"context"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/sweep"
)

// Limits bound the work a sandbox starts beyond its own run: the sweeps
// its knob form opens (sweepkey.go). The zero value is the local
// program's: a sweep runs on every core, waits for no one, and ends only
// when it is done or stopped. A classroom server (tui/serve) sets every
// field, so that a session's work ends with the session and no student can
// take the machine.
type Limits struct {
	// Context ends the sandbox's work: a sweep under way stops (between
	// two steps of virtual time, and its memory is let go) when it ends.
	// Nil is context.Background().
	Context context.Context
	// MaxSweepWorkers is how many goroutines one sweep runs on; 0 is one
	// per core.
	MaxSweepWorkers int
	// Acquire, when set, is asked before a sweep starts, on the command's
	// goroutine; it returns the function that gives the slot back (called
	// once the sweep has stopped and let go of its runs), or an error
	// whose text the overlay shows instead of a heatmap ("the class server
	// is busy: ...").
	Acquire func() (release func(), err error)
	// Budget, when set, is asked before the knob form's design is run, with
	// the design and 1 run; an error refuses it and is shown as it is.
	// Without SweepBudget it is asked before a sweep too, with the first
	// cell's scenario and the sweep's runs (cells × seeds), which counts
	// every variant of the scenario where a sweep runs one. Nil holds the
	// design to the engine's DefaultBudget: no knob the form allows can
	// start a run that takes the machine.
	Budget func(sc *engine.Scenario, runs int) error
	// SweepBudget, when set, is asked before a sweep runs, with the
	// engine's estimate of the whole sweep (sweep.Plan.Cost: the variant
	// swept, on every cell and seed); an error refuses that size. With
	// neither it nor Budget set, a sweep is held to the engine's
	// DefaultBudget on the same estimate.
	SweepBudget func(engine.Cost) error
	// RaiseBudget, when set, says who can raise the budget and how, given
	// the requests the whole sweep would simulate; a sweep made smaller to
	// fit the budget shows it ("The teacher can raise it: ...").
	RaiseBudget func(requests float64) string
	// KeptRunBytes bounds the memory of the other variants' runs the
	// sandbox keeps, so that a switch back goes on from where each stood
	// rather than replaying it (variants.go): 0 is keptBudget, a negative
	// number keeps none. A class server, where every session keeps its
	// own, sets a smaller one.
	KeptRunBytes int
}

// check asks Budget, or holds the design to the engine's default budget.
func (l Limits) check(sc *engine.Scenario, runs int) error {
	if l.Budget != nil {
		return l.Budget(sc, runs)
	}
	return engine.CheckBudget(sc, runs, 1, engine.DefaultBudget)
}

// checkSweep asks whether a prepared plan may run: SweepBudget with its
// cost, or Budget as it was always asked, or the engine's default budget.
// costed reports whether the figure asked of is the plan's Cost, which
// the overlay may then quote.
func (l Limits) checkSweep(p *sweep.Plan) (costed bool, err error) {
	switch {
	case l.SweepBudget != nil:
		return true, l.SweepBudget(p.Cost())
	case l.Budget != nil:
		return false, l.Budget(p.CellScenario(0, 0), p.JobCount())
	}
	return true, engine.CheckCost(p.Cost(), engine.DefaultBudget)
}

// context is the Limits' context, Background when none is set.
func (l Limits) context() context.Context {
	if l.Context == nil {
		return context.Background()
	}
	return l.Context
}
