package engine

import "time"

// Callers waiting at a semaphore bulkhead, and their timeouts.
//
// A call that waits for a bulkhead slot inside a timeout layer used to arm
// the layer's timer as it began to wait, since nobody knows when a slot
// frees. But a semaphore's wait is bounded (BulkheadWait): when it ends
// before the timeout can come due, the timer cannot fire during the wait,
// and most such waits end in a refusal that leaves the timeout layer, when
// the timer is dead before it was needed. In a hang, when half of all
// requests wait, arming and dropping those timers was a noticeable share
// of the run.
//
// So the timer is deferred: the call takes the sequence number the timer
// would have taken (the events scheduled after it keep theirs) and notes
// it, beside the request (Run.deferred: the request record is full), with
// the timeout's token. The first armTimeout after the wait, which
// every path that keeps the timeout layer active reaches at the instant
// the wait ends (a slot: sendCall, a connection wait, a service call; a
// refusal: the retry layer's backoff), arms it with that number and the
// time it always had, needed or not, as it was. The queue orders events by
// (time, sequence number) alone, so the timer comes up exactly when it
// would have, ties included; its being absent before cannot show, as
// nothing pops it sooner. A timeout left before that (the refusal going
// out through the layer, a cancellation) bumps the token, and the deferred
// timer is never armed: the event it would have been did nothing.
//
// Only the front service's calls defer (a hung service instance holds its
// events past their time, and a wait there may end after the timeout),
// and only when the wait ends strictly before the timeout: at a tie the
// timeout, set first, fires first.

// deferTimeouts is false in tests that run the old way (arm the timer as
// the wait begins) to compare the two, event for event.
var deferTimeouts = true

// deferredTimeout is a request slot's deferred timer: its sequence
// number (0: none), for the request of generation gen and the timeout of
// token tok. A request that has moved on (a new timeout, a new request in
// the slot) no longer matches it, and it is stale; the run's buffer is
// emptied when the run is reset, so a record never outlives its run.
type deferredTimeout struct {
	seq      uint64
	gen, tok uint32
}

// parkAtBulkhead parks the call of request id at layer i, ds's bulkhead,
// which is full and lets it wait: a semaphore's bounded wait, or a place
// in a thread pool's queue. These are enter's steps for such a call; the
// fast path (enterFast), which finds the bulkhead full before it has done
// anything there, parks it here directly, without walking the layers
// again (in a hang, half of all calls wait).
func (r *Run) parkAtBulkhead(id int32, req *request, ds *dependencyState, i int) {
	p := &ds.cfg.Policy
	req.active |= bit(i)
	ds.bulkheadBound = true // fork.go
	req.waitingBH = true
	req.bhTok++
	n := ds.waiting + 1 // one load and store each, where max reloaded both
	ds.waiting = n
	if n > ds.waitingMax {
		ds.waitingMax = n
	}
	if q := &ds.waiters; q.n < len(q.ids) {
		// ring.push with room (run.go), written out: in a hang every
		// call that comes waits, and the ring has long had its size.
		at := (q.head + q.n) & (len(q.ids) - 1)
		q.ids[at], q.stamps[at] = id, stamp(req.gen, req.bhTok)
		q.n++
	} else {
		q.push(id, stamp(req.gen, req.bhTok))
	}
	if p.BulkheadKind != SemaphoreBulkhead {
		r.armTimeout(id, req, ds, 0, false) // a queue's wait has no end of its own
		return
	}
	end := r.now + p.BulkheadWait
	if !deferTimeouts || req.inst != 0 || end >= req.timeoutAt {
		r.armTimeout(id, req, ds, 0, false)
	} else if at := ds.timeoutAt; at >= 0 && req.active&bit(at) != 0 && !req.timeoutArmed {
		// The wait ends before the timeout can: its timer waits too,
		// with its place in line. It takes the sequence number
		// armTimeout would have given it now, and is left unarmed. A
		// timer deferred at an earlier wait of the same timeout layer
		// keeps its number.
		if int(id) >= len(r.deferred) {
			r.growDeferred(id)
		}
		if d := &r.deferred[id]; d.seq == 0 || d.gen != req.gen || d.tok != req.timeoutTok {
			ds.armed = true // fork.go: as armTimeout would have said
			r.seq++
			*d = deferredTimeout{seq: r.seq, gen: req.gen, tok: req.timeoutTok}
		}
	}
	// A tasks server's wait ends in the wait lane (waits_lane.go), with
	// the seq its event would take, when it comes no sooner than the
	// lane's last. waitEndsAt's common case is written out (its call was
	// some 15 instructions on each of go-server's 12 million waits): the
	// lane holds an end already, and has room.
	if w := &r.waits; w.on {
		if e := &w.ends; e.n > 0 && end >= w.last && e.n < len(e.items) {
			r.seq++
			p := &e.items[(e.head+e.n)&(len(e.items)-1)]
			e.n++
			p.at, p.seq, p.req, p.gen, p.tok = end, r.seq, id, req.gen, req.bhTok
			w.last = end
			return
		}
		if r.waitEndsAt(end, id, req.gen, req.bhTok) {
			return
		}
	}
	// scheduleEvent, with the event written in place as scheduleAnswer
	// writes an answer: the wait's end is an event of every other wait.
	r.seq++
	if c := r.queue.place(end, r.seq); c != nil {
		c.req, c.gen, c.tok, c.dep, c.kind, c.err = id, req.gen, req.bhTok, 0, evBulkheadWait, false
		return
	}
	r.queue.pushFar(event{at: end, seq: r.seq, kind: evBulkheadWait, req: id, gen: req.gen, tok: req.bhTok})
}

// waitRanOut ends request id's wait at its dependency's semaphore
// bulkhead, which ran out (its evBulkheadWait came up): the bulkhead
// refuses the call. In a hang most calls end so, and a call of a
// fastLayers dependency made by the front service ends the short way:
// resultFast's steps (layerResult's for such a call) for a result of the
// bulkhead, less those a waiting call cannot need. Nothing inside the
// bulkhead was entered (enterFast and enter park the call before its inner
// layers, and no retry layer sends it back in), so the teardown inside
// has nothing to do; the call holds no connection and has none in flight
// (connReady and the send come after every layer). What is left is the
// way out through the layers outside the bulkhead (exitFast, its walk
// written out for a lone timeout there) and finishFast with a refusal's
// outcome (outcomeOf's Rejected).
// TestTasksFastLayersChangeNothing and TestFastPathChangesNothing run it
// against the pipeline's layerResult.
func (r *Run) waitRanOut(id int32, req *request) {
	ds := r.dep(req)
	req.waitingBH = false
	ds.waiting--
	ds.waitedOut++
	if q := &ds.waiters; q.n > 0 && q.ids[q.head] == id {
		// Its entry leaves the ring now, where releaseBulkhead would have
		// popped it stale: waits of one length end in the order they
		// began, so the wait that runs out is most often the ring's
		// first. (An entry of its slot there is dead either way: the
		// slot's request is this one, and it waits no more.)
		q.head = (q.head + 1) & (len(q.ids) - 1)
		q.n--
	}
	if !ds.fastLayers || req.inst != 0 {
		r.layerResult(id, ds.bulkheadAt, resBulkheadFull)
		return
	}
	if debugChecks && (req.active>>ds.bulkheadAt != 1 || req.inCall || (r.pools != nil && r.holdsConn(id))) {
		panic("engine: a call that waited at a bulkhead holds what is inside it")
	}
	if ds.bulkheadAt == 1 && ds.timeoutAt == 0 {
		// exitFast's walk (exitLayers) when the one layer outside the
		// bulkhead is the timeout, written out: a timeout around a
		// semaphore, in Policy's own order, is how most scenarios bound
		// their calls.
		req.timeoutTok++
		ds.maxInside = max(ds.maxInside, r.now-req.timeoutAt+ds.timeout) // fork_timeouts.go
		req.active = 0
	} else {
		r.exitFast(req, ds, ds.bulkheadAt, resBulkheadFull)
	}
	r.finishFast(id, req, ds, Rejected)
}

// growDeferred grows the run's deferred timers to hold request id's.
func (r *Run) growDeferred(id int32) {
	for len(r.deferred) <= int(id) {
		r.deferred = append(r.deferred, deferredTimeout{})
	}
}

// deferredFor says whether request id's slot holds a deferred timer of
// req's present timeout.
func (r *Run) deferredFor(id int32, req *request) bool {
	d := &r.deferred[id]
	return d.gen == req.gen && d.tok == req.timeoutTok
}

// armDeferred arms req's deferred timer (request id), at its time and with
// its sequence number.
func (r *Run) armDeferred(id int32, req *request, ds *dependencyState) {
	req.timeoutArmed = true
	seq := r.deferred[id].seq
	r.deferred[id].seq = 0
	r.setTimeoutSeq(ds, req.dep, req.timeoutAt, seq, id, req.gen, req.timeoutTok)
}

// setTimeoutSeq is setTimeout (timers.go) for a timer whose sequence
// number, seq, was taken earlier: the dependency's FIFO keeps it only if
// it comes due after the FIFO's last by time and then by sequence number
// (a timer set since may share its time with a later number); otherwise
// it is queued as any event, with its own number.
func (r *Run) setTimeoutSeq(ds *dependencyState, dep int32, at time.Duration, seq uint64, id int32, gen, tok uint32) {
	if debugChecks && at < r.now {
		panic("engine: a deferred timeout armed after its time")
	}
	w := &ds.timers
	if w.n > 0 {
		if last := &w.items[(w.head+w.n-1)&(len(w.items)-1)]; at < last.at || (at == last.at && seq < last.seq) {
			r.queue.push(event{at: at, seq: seq, kind: evTimeout, req: id, gen: gen, tok: tok})
			return
		}
	}
	p := w.add()
	*p = timerWait{at: at, seq: seq, req: id, gen: gen, tok: tok}
	if w.n == 1 {
		r.queueTimeout(dep, p)
	}
}

// holdsConn says whether request id holds a pooled connection or waits for
// one: only then has abandonWith a connection to settle (putConn).
func (r *Run) holdsConn(id int32) bool {
	h := r.pools.holds
	return int(id) < len(h) && h[id].state != connNone
}

// deferredOutlasts says whether a call to dependency i waits with a
// deferred timer whose wait ends at or after its timeout moved by shift
// (a fork to a shorter timeout, fork_timeouts.go). Such a fork must be
// refused: the wait was judged to end before the old timeout, but under
// the new one the whole run would have armed the timer as the wait began,
// and it would come up during the wait, when this run's is not in the
// queue. A wait that also ends before the new timeout would have been
// deferred alike, with the same sequence number, and armed at its end at
// the moved time. The wait's end is its evBulkheadWait event's time, in
// the queue or in the wait lane (waits_lane.go).
func (r *Run) deferredOutlasts(i int, shift time.Duration) bool {
	waiting := false
	for id := range r.deferred {
		if r.waitsDeferred(int32(id), i) {
			waiting = true
			break
		}
	}
	if !waiting {
		return false
	}
	outlasts := false
	look := func(e *event) {
		if e.kind != evBulkheadWait || outlasts {
			return
		}
		req := &r.requests[e.req]
		if req.gen == e.gen && req.bhTok == e.tok && req.waitingBH && r.waitsDeferred(e.req, i) && e.at >= req.timeoutAt+shift {
			outlasts = true
		}
	}
	r.queue.each(look)
	r.eachWaitEnd(look)
	return outlasts
}

// waitsDeferred says whether request id, a call to dependency i, holds a
// deferred timer not yet armed. A slot past r.deferred never held one
// (growDeferred grows it to the slot that defers).
func (r *Run) waitsDeferred(id int32, i int) bool {
	if int(id) >= len(r.deferred) {
		return false
	}
	req := &r.requests[id]
	d := &r.deferred[id]
	return d.seq != 0 && req.ep >= 0 && int(req.dep) == i && !req.timeoutArmed && r.deferredFor(id, req)
}
