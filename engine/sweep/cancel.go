package sweep

import (
	"context"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// cancelStep is how much virtual time a run advances between two looks at
// its context: a run of a million requests a second stops within some
// 50,000 requests of being told, and a built-in scenario's run takes a
// thousand steps, each a few comparisons more than one call to the end.
const cancelStep = 50 * time.Millisecond

// advance moves r to t (clamped to its end) in steps of cancelStep,
// stopping with ctx's error when ctx ends. Stepping in any sizes gives
// the state one step would (engine's AdvanceTo), so a run that is not
// stopped is the run Run makes, bit for bit.
func advance(ctx context.Context, r *engine.Run, t time.Duration) error {
	done := ctx.Done()
	if done == nil {
		r.AdvanceTo(t)
		return nil
	}
	t = min(t, r.End())
	for r.Now() < t {
		select {
		case <-done:
			return ctx.Err()
		default:
		}
		r.AdvanceTo(min(r.Now()+cancelStep, t))
	}
	r.AdvanceTo(t) // a no-op but for a run already at t
	return nil
}

// Release lets go of what the plan keeps for its runs to share (the
// drawn traffic, the prefix runs, the finished runs kept to fork from),
// keeping what a result needs to be read and drawn (the axes, the seeds,
// the measure, the cells). Call it once no Runner of the plan runs and
// none will: a stopped or finished sweep's memory is then the result's.
func (p *Plan) Release() {
	p.traffic, p.prefixes, p.endCol, p.endRow, p.preCol, p.preRow, p.midCol, p.midRow = nil, nil, nil, nil, nil, nil, nil, nil
	p.held.Store(0)
	p.kept.Store(0)
	p.spareMu.Lock()
	p.spare, p.keptSpare, p.spareBytes = nil, nil, 0
	p.spareMu.Unlock()
}
