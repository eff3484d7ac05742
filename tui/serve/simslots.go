package serve

import (
	"context"
	"errors"
	"fmt"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/sandbox"
)

// A student's sweep (ctrl+s in the sandbox's knob form) is the one thing a
// session can start that is heavier than its own screen: a grid of whole
// runs. Over SSH a sweep runs on one worker, a session runs one sweep at a
// time, the whole server runs at most MaxSimulations at once, and every
// one ends with its session (sandbox.Limits).

// simSlots is the server's semaphore of simulations running at once.
type simSlots chan struct{}

// ErrBusy is the refusal of a sweep while every slot is taken.
var ErrBusy = errors.New("the class server is busy")

// acquire takes a slot, or says how many are taken.
func (s simSlots) acquire() (release func(), err error) {
	select {
	case s <- struct{}{}:
		return func() { <-s }, nil
	default:
		return nil, fmt.Errorf("%w: %s running, the most it runs at once (the teacher sets it with --max-simulations); try again in a moment", ErrBusy, plural(len(s), "simulation", "simulations"))
	}
}

// SimulationsRunning is how many sweeps hold a slot just now.
func (s *Server) SimulationsRunning() int { return len(s.slots) }

// sandboxLimits are a session's: its sweeps stop when ctx ends, run on one
// worker, one at a time, within the server's slots, and its designs and
// sweeps are held to the session's budget (Config.SessionBudget), a sweep
// by the engine's estimate of the sweep itself (the variant swept, every
// cell and seed). A sweep over it runs smaller, naming the teacher's flag.
func (s *Server) sandboxLimits(ctx context.Context) sandbox.Limits {
	mine := make(simSlots, 1)
	budget := max(s.cfg.SessionBudget, 0) // 0: engine.CheckBudget's "no limit"
	return sandbox.Limits{
		Context:         ctx,
		MaxSweepWorkers: 1,
		Budget: func(sc *engine.Scenario, runs int) error {
			return engine.CheckBudget(sc, runs, 1, budget)
		},
		SweepBudget: func(c engine.Cost) error { return engine.CheckCost(c, budget) },
		RaiseBudget: raiseBudget,
		// Each session keeps the other variants' runs it has shown, so
		// that a tab back goes on from where the run stood (a follower
		// tabs whenever the teacher does); a sandbox alone keeps up to
		// 32 MB of them. Here 100 sessions (DefaultMaxSessions) would hold
		// 3.2 GB at that: a session keeps 6 MB, a built-in's runs without
		// most of their rewind snapshots, and replays the rest as before.
		KeptRunBytes: sessionKeptRuns,
		Acquire: func() (func(), error) {
			own, err := mine.acquire()
			if err != nil {
				return nil, errors.New("one sweep at a time: another of this session's sweeps is still running (esc stops it)")
			}
			all, err := s.slots.acquire()
			if err != nil {
				own()
				return nil, err
			}
			return func() { all(); own() }, nil
		},
	}
}

// sessionKeptRuns bounds the bytes of the runs a session's sandbox keeps
// for its switches back (sandbox.Limits.KeptRunBytes).
const sessionKeptRuns = 6 << 20

// raiseBudget is what a sweep made smaller to fit the session's budget
// says about the whole one: the student cannot raise the budget, the
// teacher can, when starting the server, to the figure the whole sweep
// needs.
func raiseBudget(requests float64) string {
	return fmt.Sprintf("The teacher can raise the class's budget: breakerlab serve --session-budget %s.", engine.BudgetValue(requests))
}
