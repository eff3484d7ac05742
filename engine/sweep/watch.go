package sweep

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// Forks from the middle of a run (issue 28). A cell whose knob matters at
// the fault cannot go on from the base's prefix past it, nor from a
// finished run of its column or row, and so simulates everything after
// the fault; yet the cell next to it in its column (the same first knob,
// the next value of the second) is often the same run as it for some
// seconds more: a timeout of 2 s and one of 2.25 s part when the first
// call takes 2 s, a bulkhead of 20 and one of 23 when the twenty-first
// call is inside. So a run watches the next cell of its column and of its
// row as it goes: now and then (nextLook) it asks whether that
// cell could still fork from it (engine's CanFork, the check ForkInto
// makes) and, while it could, keeps a copy of itself at that moment,
// shared by the two when both may. When a watched cell could not fork
// from the finished run (an end fork), its last copy is kept for the
// later jobs of the column or row (midCol, midRow), and a job goes on
// from it when ForkInto finds it exact: it simulates only what came after
// the moment the two runs could part. Every copy is taken while the cell
// watched could still fork from it, so none is kept in vain for that
// cell; later jobs of the column or row may use it too.

// watchSteps sets a run's step, the measurement window after the fork
// point in twentieths (some 1 s of a built-in scenario's 20), and the
// looks' spacing from it (nextLook): a copy costs a few microseconds to a
// megabyte's memmove, against a step's milliseconds.
const watchSteps = 20

// nextLook is when a run at now looks next. Most cells part from their
// neighbours soon after the fault (a bulkhead fills within a second, a
// timeout of 1 s parts from a longer one 1 s in), and a look a step late
// there costs a neighbour most of what it could save: from the fork point
// on, the looks come a step's eighth apart and then further, each gap
// half the time since the fork point, up to a step (two for a run whose
// copy is large, bigCopyBytes: its copies cost more than a step's
// simulating saves in the many runs whose neighbour never parts), so
// that a parting t after it is caught within about a third of t. Before
// the fork point (a run from the start) they come a step apart, and one
// comes at it.
func (w *Runner) nextLook(now time.Duration) time.Duration {
	f, s, most := w.p.forkAt, w.watch.step, w.watch.step
	if w.watch.big {
		most = 2 * s
	}
	if now < f {
		return min(now+s, f+s/8)
	}
	return now + max(s/8, min(most, (now-f)/2))
}

// bigCopyBytes is the size of a run's copy (engine's Footprint) past
// which its looks thin out to two steps apart late in the run
// (fleet-probes' 1 MB; the cascade's are some 160 KB).
const bigCopyBytes = 512 << 10

// probe is one cell a run watches: its scenario, whether it could still
// fork from the run at the last look, and the run's copy at the latest
// look at which it could.
type probe struct {
	sc    *engine.Scenario
	alive bool
	copy  *engine.Run
}

// watch is what a Runner watches during its job: the next cell of the
// job's column and of its row, the time of the next look and the step.
type watch struct {
	col, row   probe
	next, step time.Duration
	big        bool          // the run's copy is over bigCopyBytes
	bufs       []*engine.Run // copies let go, for the next ones
}

// begin starts watching for job, whose run r is now at its start (the
// prefix, a kept run's moment, or forkAt for a run from the start): the
// first look is a little later (nextLook), since a copy of the start is
// what the cells watched may fork from already.
func (w *Runner) begin(job Job, r *engine.Run) {
	p, wt := w.p, &w.watch
	wt.forget()
	nx, ny := p.Size()
	sc := p.cell(job.J*nx + job.I)
	// A grid too large to keep its cells' scenarios would build them
	// again at every look: it is not watched.
	if p.cells == nil || !r.Forkable() {
		return
	}
	wt.step = (sc.MeasureTo - p.forkAt) / watchSteps
	if wt.step <= 0 {
		return
	}
	wt.big = r.Footprint() > bigCopyBytes
	wt.next = w.nextLook(r.Now())
	if job.J+1 < ny {
		wt.col = probe{sc: p.cell((job.J+1)*nx + job.I), alive: true}
	}
	if job.I+1 < nx {
		wt.row = probe{sc: p.cell(job.J*nx + job.I + 1), alive: true}
	}
}

// nextMayFork reports whether the next cell of job's column or row could
// fork from r just now: a copy of r is worth keeping for them.
func (p *Plan) nextMayFork(job Job, r *engine.Run) bool {
	nx, ny := p.Size()
	if p.cells == nil {
		return true // not looked at: kept, as ForkInto will judge
	}
	return job.J+1 < ny && r.CanFork(p.cell((job.J+1)*nx+job.I), p.Variant) ||
		job.I+1 < nx && r.CanFork(p.cell(job.J*nx+job.I+1), p.Variant)
}

// forget lets go of what the probes hold, into the buffers, and stops
// watching.
func (wt *watch) forget() {
	wt.drop(&wt.col, &wt.row)
	wt.drop(&wt.row, &wt.col)
	wt.col.alive, wt.row.alive = false, false
}

// active reports whether a cell watched may still fork from the run.
func (wt *watch) active() bool { return wt.col.alive || wt.row.alive }

// look asks whether each cell watched could still fork from r, and keeps
// one copy of r for those that could.
func (w *Runner) look(r *engine.Run) {
	wt := &w.watch
	wt.next = w.nextLook(r.Now())
	var c *engine.Run
	for _, pr := range []*probe{&wt.col, &wt.row} {
		if !pr.alive {
			continue
		}
		if !r.CanFork(pr.sc, w.p.Variant) {
			pr.alive = false
			continue
		}
		if c == nil {
			if n := len(wt.bufs); n > 0 {
				c = wt.bufs[n-1]
				wt.bufs = wt.bufs[:n-1]
			} else {
				c = w.p.getSpare()
			}
			r.CloneInto(c)
		}
		other := &wt.row
		if pr == &wt.row {
			other = &wt.col
		}
		wt.drop(pr, other)
		pr.copy = c
	}
}

// drop lets go of pr's copy, unless other shares it.
func (wt *watch) drop(pr, other *probe) {
	if pr.copy != nil && pr.copy != other.copy {
		wt.bufs = append(wt.bufs, pr.copy)
	}
	pr.copy = nil
}

// advanceWatching moves r to t as advance does, looking at the cells
// watched every step while one of them may still fork from r.
func (w *Runner) advanceWatching(ctx context.Context, r *engine.Run, t time.Duration) error {
	wt := &w.watch
	for wt.active() && wt.next < t && r.Now() < r.End() {
		if err := advance(ctx, r, wt.next); err != nil {
			return err
		}
		w.look(r)
	}
	return advance(ctx, r, t)
}

// end hands the plan the copies of the cells watched that could not fork
// from the finished run, for the later jobs of job's column and row.
func (w *Runner) end(job Job) {
	wt := &w.watch
	var slots []*atomic.Pointer[keptRun]
	nx, ny := w.p.Size()
	col, row := wt.col.copy, wt.row.copy
	if col != nil && !wt.col.alive {
		slots = append(slots, &w.p.midCol[job.Seed*nx+job.I])
	}
	if row != nil && !wt.row.alive && row == col {
		slots = append(slots, &w.p.midRow[job.Seed*ny+job.J])
	}
	if len(slots) > 0 && w.p.keepIn(slots, col) {
		wt.col.copy = nil
		if row == col {
			wt.row.copy = nil
		}
	}
	if row != nil && row != col && !wt.row.alive && w.p.keepIn([]*atomic.Pointer[keptRun]{&w.p.midRow[job.Seed*ny+job.J]}, row) {
		wt.row.copy = nil
	}
	wt.col.alive, wt.row.alive = false, false
}

// keepIn keeps r, a copy made for the jobs of slots, in each of them,
// replacing (and letting go of) what they held, unless the plan holds
// too many bytes of kept runs.
func (p *Plan) keepIn(slots []*atomic.Pointer[keptRun], r *engine.Run) bool {
	size := int64(r.Footprint())
	if p.kept.Add(size) > p.keptMax {
		p.kept.Add(-size)
		return false
	}
	k := &keptRun{run: r, size: size}
	k.refs.Store(int32(len(slots)))
	for _, s := range slots {
		p.drop(s.Swap(k))
	}
	return true
}

// noEnd is no bound on the moment of a kept run (forkLatest).
const noEnd = time.Duration(1<<63 - 1)

// forkLatest makes r, when it can, job's run forked from the later of the
// runs kept in its slots of col and row from which ForkInto forks, among
// those whose moment is in [from, to): a copy made before forkAt is
// worth less than the base's prefix, and is tried after it.
func (p *Plan) forkLatest(col, row []atomic.Pointer[keptRun], job Job, sc *engine.Scenario, r *engine.Run, from, to time.Duration) bool {
	nx, ny := p.Size()
	var held []*keptRun
	for _, slot := range []*atomic.Pointer[keptRun]{&col[job.Seed*nx+job.I], &row[job.Seed*ny+job.J]} {
		if k := slot.Load(); k != nil && k.hold() {
			if now := k.run.Now(); now < from || now >= to {
				p.drop(k)
				continue
			}
			held = append(held, k)
		}
	}
	if len(held) == 2 && held[1].run.Now() > held[0].run.Now() {
		held[0], held[1] = held[1], held[0]
	}
	ok := false
	for _, k := range held {
		if !ok {
			ok = k.run.ForkInto(r, sc, p.Variant)
		}
		p.drop(k)
	}
	return ok
}
