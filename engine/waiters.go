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

// deferTimeout takes, for the timeout layer's timer of request id (which
// begins a bounded bulkhead wait ending before req.timeoutAt), the
// sequence number armTimeout would have given it now, and leaves it
// unarmed. A timer deferred at an earlier wait of the same timeout layer
// keeps its number.
func (r *Run) deferTimeout(id int32, req *request) {
	ds := r.dep(req)
	if at := ds.timeoutAt; at < 0 || req.active&(1<<at) == 0 || req.timeoutArmed {
		return
	}
	for len(r.deferred) <= int(id) {
		r.deferred = append(r.deferred, deferredTimeout{})
	}
	d := &r.deferred[id]
	if d.seq != 0 && d.gen == req.gen && d.tok == req.timeoutTok {
		return
	}
	ds.armed = true // fork.go: as armTimeout would have said
	r.seq++
	*d = deferredTimeout{seq: r.seq, gen: req.gen, tok: req.timeoutTok}
}

// deferredFor says whether request id's slot holds a deferred timer of
// req's present timeout.
func (r *Run) deferredFor(id int32, req *request) bool {
	d := &r.deferred[id]
	return d.gen == req.gen && d.tok == req.timeoutTok
}

// armDeferred arms req's deferred timer (request id), at its time and with
// its sequence number.
func (r *Run) armDeferred(id int32, req *request) {
	req.timeoutArmed = true
	seq := r.deferred[id].seq
	r.deferred[id].seq = 0
	r.setTimeoutSeq(r.dep(req), req.dep, req.timeoutAt, seq, id, req.gen, req.timeoutTok)
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

// deferredAt says whether a call to dependency i waits with a deferred
// timer. A fork that shortens i's timeout (fork_timeouts.go) must then be
// refused: the wait was judged to end before the old timeout, and the new
// one may come up during it, when the other run's timer is in the queue
// and this one's is not. A longer timeout keeps the judgement true.
func (r *Run) deferredAt(i int) bool {
	for id := range r.deferred {
		req := &r.requests[id]
		if d := &r.deferred[id]; d.seq != 0 && req.ep >= 0 && int(req.dep) == i && !req.timeoutArmed && r.deferredFor(int32(id), req) {
			return true
		}
	}
	return false
}
