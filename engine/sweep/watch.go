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
// look at which it could, with its bytes.
type probe struct {
	sc    *engine.Scenario
	alive bool
	copy  *engine.Run
	size  int64
}

// watch is what a Runner watches during its job: the next cell of the
// job's column and of its row, the time of the next look and the step.
//
// A copy the probes hold is a run kept to fork from, as much as one in
// the plan's slots, and its bytes count in the plan's kept bytes
// (keptMax) from the look that takes it until it is let go or handed to
// the slots (end). Uncounted, two copies a worker of go-server's runs in
// its hang (some 3 MB each), and the worker's buffers of copies let go,
// took a 40 × 40 sweep's live heap to 58 MB. A look that finds the kept
// bytes full takes no copy: the probe keeps the one it has, of an earlier
// moment, which its cell may fork from all the same.
type watch struct {
	col, row   probe
	next, step time.Duration
	big        bool // the run's copy is over bigCopyBytes
}

// begin starts watching for job, whose run r is now at its start (the
// prefix, a kept run's moment, or forkAt for a run from the start): the
// first look is a little later (nextLook), since a copy of the start is
// what the cells watched may fork from already.
func (w *Runner) begin(job Job, r *engine.Run) {
	p, wt := w.p, &w.watch
	w.forget()
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

// forget lets go of what the probes hold, into the plan's spare runs, and
// stops watching.
func (w *Runner) forget() {
	wt := &w.watch
	w.drop(&wt.col, &wt.row)
	w.drop(&wt.row, &wt.col)
	wt.col.alive, wt.row.alive = false, false
}

// active reports whether a cell watched may still fork from the run.
func (wt *watch) active() bool { return wt.col.alive || wt.row.alive }

// look asks whether each cell watched could still fork from r, and keeps
// one copy of r for those that could.
func (w *Runner) look(r *engine.Run) {
	wt, p := &w.watch, w.p
	wt.next = w.nextLook(r.Now())
	var c *engine.Run
	var size int64
	probes := []*probe{&wt.col, &wt.row}
	for _, pr := range probes {
		if pr.alive && !r.CanFork(pr.sc, p.Variant) {
			pr.alive = false
		}
	}
	var stays *engine.Run // a copy a probe goes on holding: no copy is made in it
	for _, pr := range probes {
		if !pr.alive {
			continue
		}
		other := w.other(pr)
		if c == nil {
			// A compact copy (engine's KeepInto: arrays of about their
			// length, not of r's capacity, which at the fault's start is
			// up to nine times as much), counted at the least it holds
			// first, then at its own, which reused arrays up to twice as
			// large may make more. It replaces the probe's copy, which
			// is made again in place, in arrays that have about the room
			// it needs (a look before, the run held a little less),
			// when the probe is its only holder, or the other probe holds
			// it too and takes the new copy as well (both cells still
			// may fork: the usual case, since a copy is shared while
			// they may); else its arrays come from the compact copies let
			// go (keptSpare), which are of other moments and runs. When a
			// shared copy was let go only after the new one was made,
			// go-server's memory sweep (one worker) took 481 of its 521
			// looks' copies from keptSpare, and its bytes counted twice
			// at the look that replaced it, so that a look near the
			// bound took no copy: now 159 of 608, and it simulates
			// 0.4307 of its events, not 0.4405.
			mine := pr.copy != nil && pr.copy != stays && (pr.copy != other.copy || other.alive)
			est, freeing := int64(r.KeptFootprint()), int64(0)
			if mine {
				freeing = pr.size
			}
			if !p.charge(est, freeing) {
				stays = pr.copy
				continue
			}
			if mine {
				c = pr.copy
				p.kept.Add(-pr.size)
				if other.copy == c {
					other.copy, other.size = nil, 0
				}
				pr.copy, pr.size = nil, 0
			} else {
				c = p.getSpare(&p.keptSpare)
			}
			r.KeepInto(c)
			size = int64(c.Footprint())
			p.kept.Add(size - est)
		}
		w.drop(pr, other)
		pr.copy, pr.size = c, size
	}
}

// other is the probe watched beside pr.
func (w *Runner) other(pr *probe) *probe {
	if pr == &w.watch.row {
		return &w.watch.col
	}
	return &w.watch.row
}

// drop lets go of pr's copy, unless other shares it: its bytes leave the
// plan's kept bytes, and its buffers go to the spare runs.
func (w *Runner) drop(pr, other *probe) {
	if pr.copy != nil && pr.copy != other.copy {
		w.p.kept.Add(-pr.size)
		w.p.putSpare(&w.p.keptSpare, pr.copy)
	}
	pr.copy, pr.size = nil, 0
}

// charge counts size more bytes of runs kept, unless that would take the
// plan past keptMax once freeing bytes, which the new run replaces, are
// let go (false: nothing counted).
func (p *Plan) charge(size, freeing int64) bool {
	if p.kept.Add(size)-freeing > p.keptMax {
		p.kept.Add(-size)
		return false
	}
	return true
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
// from the finished run, for the later jobs of job's column and row, and
// lets go of the rest: a cell that could fork from the finished run has
// no use for an earlier moment of it, and a copy's bytes counted for
// nothing would keep other runs out until the Runner's next job.
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
	if len(slots) > 0 {
		w.p.keepIn(slots, col, wt.col.size)
		wt.col.copy, wt.col.size = nil, 0
		if row == col {
			wt.row.copy, wt.row.size = nil, 0
		}
	}
	if row != nil && row != col && !wt.row.alive {
		w.p.keepIn([]*atomic.Pointer[keptRun]{&w.p.midRow[job.Seed*ny+job.J]}, row, wt.row.size)
		wt.row.copy, wt.row.size = nil, 0
	}
	w.forget()
}

// keepIn keeps r, a watched copy of size bytes made for the jobs of
// slots, in each of them, replacing (and letting go of) what they held.
// Its bytes are counted already (look), and stay counted until the last
// slot lets it go (drop).
func (p *Plan) keepIn(slots []*atomic.Pointer[keptRun], r *engine.Run, size int64) {
	k := &keptRun{run: r, size: size, compact: true}
	k.refs.Store(int32(len(slots)))
	for _, s := range slots {
		p.drop(s.Swap(k))
	}
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
