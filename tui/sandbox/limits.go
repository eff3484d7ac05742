package sandbox

import (
	"context"

	"github.com/breakerlab/breakerlab/engine"
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
	// Budget, when set, is asked before the knob form's design is run and
	// before a sweep is planned to run, with the design and the number of
	// runs it would make (1 for the design; cells × seeds for a sweep); an
	// error refuses it and is shown as it is. Nil holds both to the
	// engine's DefaultBudget: no knob the form allows can start a run that
	// takes the machine.
	Budget func(sc *engine.Scenario, runs int) error
}

// check asks Budget, or holds the design to the engine's default budget.
func (l Limits) check(sc *engine.Scenario, runs int) error {
	if l.Budget != nil {
		return l.Budget(sc, runs)
	}
	return engine.CheckBudget(sc, runs, 1, engine.DefaultBudget)
}

// context is the Limits' context, Background when none is set.
func (l Limits) context() context.Context {
	if l.Context == nil {
		return context.Background()
	}
	return l.Context
}
