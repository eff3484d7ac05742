package engine

import (
	"cmp"
	"slices"
	"time"
)

// Forking runs with another timeout on an edge whose timers were armed
// (issue 28): a call to a service arms its timer (when the service will
// answer is not known), and so does a call that waits for a bulkhead slot
// or a rate limiter's permit. The first fork rule (fork.go: no timer was
// ever armed, and no call took as long as the new timeout) refuses them
// all. Armed timers have not mattered either, though, when none has fired
// yet and every call so far left the timeout layer, whatever for, sooner
// than the new timeout would have fired (maxInside, noted where a call
// leaves the layer); and every call inside it now has been there less
// than the new timeout. Then every timer that was armed was, in the other
// run, armed at the same moment for another time, and never fired either:
// the fork moves the timers still pending to where the other run has them
// (shiftTimers), and every event and decision is the same.
//
// A timer armed late, after a hang held its call past its time, is left
// to the first rule: it does not lie at its call's timeoutAt, where a
// shift would put it.
//
// A tasks server's attempts arm the same timers: one that waits for a
// pool's connection (or dials a host that hangs) arms it at once, as a
// call to a service does, whatever the timeout; one that dials and then
// calls arms it only when the dial and the call together would outlast
// the timeout, and that sum is what maxAfter holds for such an attempt
// (sendDialled). Nothing else of a tasks server or its pools reads the
// timeout: the loop's slices, the pool's own wait and the memory held go
// as they did until a timer fires. So the same rules hold there.

// timeoutView is what the armed timers' rules read of every call inside
// a timeout layer and of every pending timer, gathered for all the
// dependencies at once when the first of them asks: a check of a fleet's
// twenty edges (one a service instance) would otherwise pass over every
// request and every pending event once an edge.
type timeoutView struct {
	ready bool
	// oldest[i]: the earliest timeoutAt of the calls inside dependency
	// i's timeout layer now (noArrival: none).
	oldest []time.Duration
	// late[i]: a pending timer of a call to i is not at its call's
	// timeoutAt (armed late, after a hang held the call).
	late []bool
}

// gather fills v from r: one pass over the requests and one over the queue.
func (v *timeoutView) gather(r *Run) {
	n := len(r.dependencies)
	v.ready = true
	v.oldest, v.late = make([]time.Duration, n), make([]bool, n)
	for i := range v.oldest {
		v.oldest[i] = noArrival
	}
	for k := range r.requests {
		req := &r.requests[k]
		if req.ep < 0 || req.dep < 0 || int(req.dep) >= n {
			continue
		}
		if at := r.dependencies[req.dep].timeoutAt; at >= 0 && req.active&(1<<at) != 0 {
			v.oldest[req.dep] = min(v.oldest[req.dep], req.timeoutAt)
		}
	}
	r.queue.each(func(e *event) {
		if e.kind != evTimeout {
			return
		}
		if req := &r.requests[e.req]; req.gen == e.gen && req.dep >= 0 && int(req.dep) < n && req.timeoutTok == e.tok && e.at != req.timeoutAt {
			v.late[req.dep] = true
		}
	})
}

// timeoutUnused reports whether dependency i's timeout may be t in a fork
// of r: no call has needed the timeout ds has (see above). v is what the
// calls of this check share of r (gathered when first needed).
func (r *Run) timeoutUnused(i int, t time.Duration, v *timeoutView) bool {
	ds := &r.dependencies[i]
	old := ds.timeout
	// Both positive, so the layers are the same. A retry inside the
	// timeout layer spends its backoff and its next attempt inside the
	// same timeout, which maxAfter, one attempt's time, does not cover:
	// then no retry was made.
	if t <= 0 || old <= 0 || ds.maxInside >= t || (ds.retryAt > ds.timeoutAt && ds.retries > 0) {
		return false
	}
	// Where deadlines propagate, an attempt's timeout ends at the sooner
	// of its own and the deadline less the margin, and says which
	// (timeoutCut): neither timeout may have been the later for any
	// attempt so far.
	if ds.propagate && ds.slackSeen && ds.slackMin < max(t, old) {
		return false
	}
	// A call whose end was known when it began arms its timer only if it
	// ends at or after the timeout: one that took as long as t did not
	// arm in r, unless it took as long as old too. With a longer timeout
	// than r's (t > old), every call that did not arm in r (it took less
	// than old) does not arm with t either, and one that did is seen by
	// the armed timers' rules below (its timer has not fired, so it is
	// still inside, or left before old): maxAfter, which also counts
	// every call armed for a hang, is then no reason to refuse.
	if ds.maxAfter >= t && (t < old || !ds.armed) {
		return false
	}
	if !ds.armed {
		return true // no call came near any timer: the same calls went fast
	}
	if ds.timeouts != 0 || ds.deadlineTimeouts != 0 || ds.propagate {
		return false
	}
	if !v.ready {
		v.gather(r)
	}
	// The calls inside the layer now: the new timeout must not have run
	// out for the one that entered first.
	if o := v.oldest[i]; o != noArrival && o-old+t <= r.now {
		return false
	}
	if t < old && r.deferredOutlasts(i, t-old) {
		return false // waiters.go: a timer deferred for the old timeout only
	}
	late := v.late[i]
	// The timers waiting behind the first in ds's FIFO (timers.go) are
	// not events yet: the same look at them.
	w := &ds.timers
	for k := range w.n {
		p := &w.items[(w.head+k)&(len(w.items)-1)]
		if req := &r.requests[p.req]; req.gen == p.gen && int(req.dep) == i && req.timeoutTok == p.tok && p.at != req.timeoutAt {
			late = true
		}
	}
	return !late
}

// retime gives dependency k of a fork the timeout t (timeoutUnused has
// checked it): the calls inside the timeout layer give up at their new
// time, and, where timers were armed, shifts[k] notes how far the pending
// ones move (for shiftTimers, made when first needed).
func (r *Run) retime(k int, t time.Duration, shifts *[]time.Duration) {
	ds := &r.dependencies[k]
	shift := t - ds.timeout
	ds.useTimeout(t)
	if shift == 0 || ds.timeoutAt < 0 {
		return
	}
	for id := range r.requests {
		req := &r.requests[id]
		if req.ep >= 0 && int(req.dep) == k && req.active&(1<<ds.timeoutAt) != 0 {
			req.timeoutAt += shift
		}
	}
	if ds.armed {
		if *shifts == nil {
			*shifts = make([]time.Duration, len(r.dependencies))
		}
		(*shifts)[k] = shift
	}
}

// shiftTimers moves the pending timers of the requests calling each
// dependency k by shift[k] (the new timeout less the old), the stale ones
// of live requests too, so that the queue holds what the other run's
// does (a stale timer does nothing when it comes), and the patience
// timers of each endpoint i by patience[i] (fork_patience.go). Either may
// be nil: nothing moves. Events keep their seq, so the order of events at
// one instant is kept.
func (r *Run) shiftTimers(shift, patience []time.Duration) {
	q := &r.queue
	var all []event
	moved := false
	q.each(func(e *event) {
		c := *e
		if c.kind == evPatience && patience != nil && patience[c.dep] != 0 {
			// The first of an endpoint's ring of patience timers: the
			// ring moves as a whole below, and its new first is queued.
			moved = true
			return
		}
		if shift == nil {
			all = append(all, c)
			return
		}
		if c.kind == evTimeout && c.err && shift[c.dep] != 0 {
			// The first of a FIFO of timeouts (timers.go): the FIFO
			// moves as a whole below, and its new first is queued.
			moved = true
			return
		}
		// Only a timeout's req is read: another event's may name no
		// request at all (a tasks server's restart).
		if c.kind != evTimeout {
			all = append(all, c)
			return
		}
		if req := &r.requests[c.req]; req.gen == c.gen && req.dep >= 0 && shift[req.dep] != 0 {
			c.at += shift[req.dep]
			moved = true
			if c.at < r.now {
				// A stale timer of an earlier attempt that the other
				// run has already passed over (timeoutUnused has
				// checked that every live one is still ahead).
				return
			}
		}
		all = append(all, c)
	})
	if !moved {
		return
	}
	// Each moved dependency's FIFO: every timer moves by the same shift,
	// so their order holds; those now behind the clock are stale (as
	// above) and go, and the first left is the FIFO's event, as
	// queueTimeout would make it.
	for ep, d := range patience {
		if p := r.endpoints[ep].waits.shift(d, r.now); p != nil { // fork_patience.go
			all = append(all, event{at: p.at, seq: p.seq, kind: evPatience, req: p.req, gen: p.gen, dep: int32(ep)})
		}
	}
	for k, d := range shift {
		if p := r.dependencies[k].timers.shift(d, r.now); p != nil {
			all = append(all, event{at: p.at, seq: p.seq, kind: evTimeout, req: p.req, gen: p.gen, tok: p.tok, dep: int32(k), err: true})
		}
	}
	q.refill(all)
}

// refill empties the queue, keeping its memory and where it stands (cur),
// and queues every event of all again in the order they were scheduled
// (by seq), as place expects: for a fork that moves events in time.
func (q *eventQueue) refill(all []event) {
	slices.SortFunc(all, func(a, b event) int { return cmp.Compare(a.seq, b.seq) })
	if len(q.slab) > 0 {
		q.slab = q.slab[:1]
	}
	q.free, q.inW, q.first = 0, 0, 0
	clear(q.heads[:])
	clear(q.used[:])
	q.far.items = q.far.items[:0]
	q.headAt, q.headSeq = noArrival, 0
	for _, e := range all {
		q.push(e)
	}
}

// each calls f with every pending event, in no particular order.
func (q *eventQueue) each(f func(*event)) {
	for i := range q.heads {
		for idx := q.heads[i]; idx != 0; idx = q.slab[idx].next {
			f(&q.slab[idx])
		}
	}
	for k := range q.far.items {
		f(&q.far.items[k])
	}
}
