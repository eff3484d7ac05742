package sweep

import (
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// Stopping a run once what it measures is settled. A built-in scenario
// runs on well past its measurement window (fleet-probes to 90 s for a
// window ending at 48 s), and most metrics stop changing long before the
// end (engine's settle.go):
//
//   - an endpoint's shares and percentiles (ok, failed, ..., p99) read
//     only the requests that arrived in [MeasureFrom, MeasureTo): once
//     the run is past MeasureTo and each of them has its outcome, they
//     are final;
//   - first_open is final at the breaker's first opening;
//   - in_flight_max is a maximum over the whole run: never settled before
//     its end.
//
// A sample read from the run at the moment both the measure and the goal
// are settled is the sample of the whole run, bit for bit. A run stopped
// so is also the state the cell's whole run has at that moment, so the
// end forks taken from it (keepEnd, forkEnd) are the cells' runs at that
// moment too, settled as well.

// settleStep is how much virtual time a run advances between two looks at
// whether its figures are settled: each look is a few comparisons, and a
// run stops within 50 ms of virtual time of the moment it could.
const settleStep = 50 * time.Millisecond

// settles reports whether m can be settled before a run's end, and from
// when it is worth looking: for a window's figure, the window's end (no
// run is settled before its last arrival); for a first opening, at once.
func settles(m Metric, sc *engine.Scenario) (from time.Duration, ok bool) {
	switch m.Field {
	case "in_flight_max":
		return 0, false
	case "first_open":
		return 0, true
	}
	return sc.MeasureTo, true
}

// settled reports whether m's value in r can no longer change.
func settled(m Metric, r *engine.Run, sc *engine.Scenario) bool {
	switch m.Field {
	case "in_flight_max":
		return false
	case "first_open":
		return r.Opened(m.Owner)
	}
	if r.Now() < sc.MeasureTo {
		return false
	}
	open, ok := r.WindowOpen(m.Owner)
	return ok && open == 0
}

// finish runs r, cell sc's run, on until what the plan measures is
// settled, or to its end, looking at the cells it watches (watch.go) on
// the way; it stops with the Runner's context's error when that ends
// first.
func (w *Runner) finish(r *engine.Run, sc *engine.Scenario) error {
	p, ctx := w.p, w.ctx
	from, ok := settles(p.Measure, sc)
	if ok && p.Goal != nil {
		f, g := settles(p.Goal.Metric, sc)
		from, ok = max(from, f), g
	}
	if !ok {
		return w.advanceWatching(ctx, r, r.End())
	}
	if err := w.advanceWatching(ctx, r, from); err != nil {
		return err
	}
	done := ctx.Done()
	for !p.settled(r, sc) && r.Now() < r.End() {
		if done != nil {
			select {
			case <-done:
				return ctx.Err()
			default:
			}
		}
		r.AdvanceTo(min(r.Now()+settleStep, r.End()))
		if w.watch.active() && r.Now() >= w.watch.next {
			w.look(r)
		}
	}
	return nil
}

// settled reports whether both the measure and the goal, if any, are
// settled in r.
func (p *Plan) settled(r *engine.Run, sc *engine.Scenario) bool {
	return settled(p.Measure, r, sc) && (p.Goal == nil || settled(p.Goal.Metric, r, sc))
}
