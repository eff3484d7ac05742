package engine

import "time"

// The ends of a tasks server's waits at its semaphores, kept out of the
// event queue (issue 28).
//
// A call that finds a semaphore full waits BulkheadWait for a slot
// (parkAtBulkhead), and the wait's end was an evBulkheadWait event placed
// in the timing wheel: in go-server's sweep of permit wait × semaphore,
// 12.3 million of them, their placing alone 3.2 % of the sweep. A
// semaphore's wait is the same for every call, so its ends come due in
// the order the waits began; each takes its seq as it begins, so they are
// in (time, seq) order too. The wait lane is a FIFO of them (a waitRing,
// as a dependency's timeouts are kept): an end joins it when it comes no
// sooner than the lane's last (another semaphore's shorter wait may not:
// that end is an event as before), and the run's loop (runTasksBefore)
// and AdvanceTo's own step take the lane's first when it comes before the
// next arrival, the queue's head and the slice lane's first by (time,
// seq): exactly where its event would have come out.
//
// Unlike the timers' FIFOs, the lane drops nothing early: an end whose
// wait got its slot is taken at its time and does nothing, as its event
// would have. Until then it is a pending thing to happen, which a
// goroutine's step taken at once (nextToHappen) must not pass, and the
// steps so taken, or queued, and with them the run's seqs, are as they
// were.
//
// The lane is part of the run, not only of its loop (the slice lane
// empties as its loop returns): a run stepped 50 ms at a time (the sweep
// command, settling) in a hang holds up to a semaphore's wait of ends,
// and handing them all to the queue at every step would cost more than
// the lane saves. So a copy (cloneInto), Reset and Footprint know it, and
// so does the one reader of the queue's wait ends (deferredOutlasts).
//
// Only a tasks server's front service uses it, and only with no services
// behind: a hung service instance holds its events past their time, and a
// call into a service sent now (Run.soon) would have to look here too. A
// thread pool's runs keep their ends in the queue: runBefore's loop, the
// cascade's, pays nothing for the lane.
type waitLane struct {
	// ends are the waits' ends in (time, seq) order, each the
	// evBulkheadWait event it stands for: its time and seq, the request
	// with its generation and the wait's token.
	ends waitRing
	// at and seq are the first end's; at is noArrival when the lane is
	// empty. The slice lane's wait is at too (sliceLane.stop).
	at  time.Duration
	seq uint64
	// last is the last end's time, which a new end must not come before.
	last time.Duration
	// on says that the run's waits end here (set at init, as the run's
	// kind: a tasks server's with no services, unless waitLaneOff).
	on bool
}

// waitLaneOff, set by a test, keeps every wait's end in the event queue,
// as before the lane: the runs must not differ.
var waitLaneOff = false

// useWaitLane sets whether r's waits end in the lane, at init.
func (r *Run) useWaitLane() {
	r.waits.on = r.tasks != nil && len(r.svcs) == 0 && !waitLaneOff
	r.waits.ends.reset()
	r.waits.at, r.waits.seq = noArrival, 0
	r.lane.wait = noArrival
}

// waitEndsAt holds the end at `at` of request id's wait (generation gen,
// token tok) in the lane, with the next seq, and reports whether it did:
// not when it would come before the lane's last.
func (r *Run) waitEndsAt(at time.Duration, id int32, gen, tok uint32) bool {
	w := &r.waits
	e := &w.ends
	if e.n > 0 && at < w.last {
		return false
	}
	// add, written out: the ring has long had its size.
	if e.n == len(e.items) {
		e.grow()
	}
	r.seq++
	p := &e.items[(e.head+e.n)&(len(e.items)-1)]
	e.n++
	p.at, p.seq, p.req, p.gen, p.tok = at, r.seq, id, gen, tok
	w.last = at
	if e.n == 1 {
		w.at, w.seq = at, r.seq
		r.lane.wait = at
		r.lane.stop = min(r.lane.stop, at)
	}
	return true
}

// waitFirst reports whether the lane's first end is the next thing to
// happen in the loop: before stop, before (at, seq) (the next arrival or
// the queue's head) and before the slice lane's first.
func (r *Run) waitFirst(at time.Duration, seq uint64, stop time.Duration) bool {
	w := &r.waits
	l := &r.lane
	return w.at < stop && (w.at < at || (w.at == at && w.seq < seq)) && (w.at < l.at || (w.at == l.at && w.seq < l.seq))
}

// waitEnded takes the lane's first end, due now, and ends its wait as
// handle ends it for an evBulkheadWait event (runTasksBefore's own lines
// for one): unless the request moved on, or its wait did (a slot, a
// cancellation), the wait ran out. The lane's next first is set before,
// so that what the end does (a goroutine's next step, taken at once or
// not: nextToHappen) finds the lane as it is.
func (r *Run) waitEnded() {
	e := &r.waits.ends
	p := &e.items[e.head]
	at, id, gen, tok := p.at, p.req, p.gen, p.tok
	r.popEnd()
	r.now = at
	if req := &r.requests[id]; req.gen == gen && req.waitingBH && req.bhTok == tok {
		r.waitRanOut(id, req) // waiters.go
	}
}

// waitTookSlot ends request id's wait at a semaphore (req is its slot),
// which got a slot (releaseBulkhead), and drops its end from the lane when
// it is the lane's first: that end would be taken at its time to do
// nothing (waitEnded's test), as would any end of slot id's now, the
// request waiting no more (a later wait of the slot has a new bhTok, a
// later request a new gen). A freed slot goes to the semaphore's oldest
// waiter, and waits of one length end in the order they began, so in a
// hang most handed slots are the lane's first (go-server's sweep of
// permit wait × semaphore: 6 million of its 12 million ends did nothing,
// each a turn of the loop). Dropping it changes no seq (each end took its
// own as its wait began) and nothing the end did: what it held back, a
// goroutine's step that would pass it (nextToHappen), is taken at once as
// it would have been taken next, with the seq it took either way. An end
// not first (another semaphore's before it) stays. The test is small
// enough to inline into releaseBulkhead.
func (r *Run) waitTookSlot(id int32, req *request) {
	req.waitingBH = false
	if r.waits.ends.n > 0 { // an empty lane: a thread pool's run, or one with services (waitLane.on)
		r.dropFirstEnd(id)
	}
}

// dropFirstEnd drops the lane's first end if it is slot id's
// (waitTookSlot).
func (r *Run) dropFirstEnd(id int32) {
	if e := &r.waits.ends; e.items[e.head].req == id {
		r.popEnd()
	}
}

// popEnd removes the lane's first end and makes the next its first, in
// the loop's stop too.
func (r *Run) popEnd() {
	w := &r.waits
	e := &w.ends
	e.head = (e.head + 1) & (len(e.items) - 1)
	if e.n--; e.n == 0 {
		w.at = noArrival
	} else {
		f := &e.items[e.head]
		w.at, w.seq = f.at, f.seq
	}
	l := &r.lane
	l.wait = w.at
	l.stop = min(l.end, l.at, w.at)
}

// eachWaitEnd calls f with every end the lane holds, as the events they
// stand for.
func (r *Run) eachWaitEnd(f func(e *event)) {
	e := &r.waits.ends
	for k := range e.n {
		p := &e.items[(e.head+k)&(len(e.items)-1)]
		f(&event{at: p.at, seq: p.seq, kind: evBulkheadWait, req: p.req, gen: p.gen, tok: p.tok})
	}
}

// nextSeq is the seq of what AdvanceTo found next, the first arrival (ep,
// an endpoint) or the queue's head.
func (r *Run) nextSeq(ep int, head *event) uint64 {
	if ep >= 0 {
		return r.arrSeq
	}
	return head.seq
}
