package engine

import "time"

// Timers kept out of the event queue: clients' patience, and the timeout
// layer's timers.
//
// Every request of an endpoint with a patience sets a timer when it
// arrives, and nearly every one of those timers comes up after its client
// has its answer, when it does nothing; most timeouts armed on a hop to a
// service come up after the call answered and the request is gone. In the
// services' scenarios such timers were a third to a half of all events,
// each a push and a pop through the wheel. An endpoint's patience timers
// all run for the same patience and are set in arrival order, so they come
// due in that order; so do a dependency's timeouts, set as its calls go
// out, as long as each comes due no sooner than the one set before it
// (those that would are scheduled as any event). Each keeps its timers in
// a FIFO (waitRing), and only the first one is in the event queue, as the
// event it has always been, with the time and sequence number it was given
// when it was set (placed by both, eventQueue.placeAt, so the order of
// events is what it was, ties included). When that event comes up, the
// timers behind it that can do nothing are dropped without ever being
// events: a patience timer whose client has its answer, a timeout whose
// request has ended (its slot's generation moved on). Both stay so, so
// dropping one early changes nothing. The first one left takes its place
// in the queue.

// timerWait is one request's timer: when it comes due and the sequence
// number it was given, the request with its generation, and (a timeout's)
// the token of the attempt it times.
type timerWait struct {
	at  time.Duration
	seq uint64
	req int32
	gen uint32
	tok uint32
}

// waitRing is a FIFO of timers; its size is a power of two. A timer is in
// the event queue exactly when it is a ring's first.
type waitRing struct {
	items   []timerWait
	head, n int
}

// add makes room for one more timer at the back and returns it.
func (w *waitRing) add() *timerWait {
	if w.n == len(w.items) {
		w.grow()
	}
	p := &w.items[(w.head+w.n)&(len(w.items)-1)]
	w.n++
	return p
}

// grow doubles the ring's array (64 timers at first), keeping its timers
// in order. A ring whose array has the room doubles in place: a fork's
// copy (cloneWaits) is made in the array of the run it replaces, as long
// as the copy's timers need, and the array keeps its capacity; a sweep's
// Runner forks a run into the same arrays job after job, and its rings,
// made anew as each grew back, were over half of what go-server's memory
// sweep allocated (495 of 895 MB).
func (w *waitRing) grow() {
	size := max(64, 2*len(w.items))
	if len(w.items) > 0 && cap(w.items) >= size {
		w.items = doubleInPlace(w.items, w.head, w.n, size)
		return
	}
	items := make([]timerWait, size)
	for i := range w.n {
		items[i] = w.items[(w.head+i)&(len(w.items)-1)]
	}
	w.items, w.head = items, 0
}

// doubleInPlace makes a ring of n entries from head, in items, one of
// size entries in the same array, which has the capacity: the entries
// from head to the array's end stay where they are, and those that
// wrapped round to its start go past its old end, where the larger ring's
// indices, from the same head, put them.
func doubleInPlace[T any](items []T, head, n, size int) []T {
	old := len(items)
	grown := items[:size]
	if end := head + n; end > old {
		copy(grown[old:], grown[:end-old])
	}
	return grown
}

// dropEnded drops from the ring the timers between its first and its last
// that can do nothing, keeping the order of the rest: patience timers
// (answered: a client that has its answer waits no more) and timeouts (a
// request that has ended), as patienceDue and timeoutDue test them, in a
// loop of its own: a ring of patience timers fills every few dozen
// arrivals (a host's dials have theirs, dropDeadDials, pools_run.go). It
// is called when the ring is full, instead of growing it: the timer that
// comes up drops those behind it that can do nothing (patienceDue,
// timeoutDue, dialDue), and dropping them sooner changes nothing, as long
// as what makes a timer dead stays so (a slot's generation, an attempt's
// token only grow; a client that has its answer keeps it). The first stays
// because it is in the event queue, the last because a new timer is
// compared with it (one due sooner is an event of its own). A ring so
// kept holds about as many timers as can still do something, not every
// one set within a patience or a hang, and costs a fork's copy
// (cloneWaits) and the cache as much.
func (w *waitRing) dropEnded(reqs []request, answered bool) {
	items, mask := w.items, len(w.items)-1
	kept := 1
	// The timers between the first and the last lie in at most two runs
	// of the array, read in order; a kept timer moves back to the next
	// place kept, one already read.
	from, left := (w.head+1)&mask, w.n-2
	for left > 0 {
		run := items[from:min(from+left, len(items))]
		for k := range run {
			p := &run[k]
			if q := &reqs[p.req]; q.gen == p.gen && !(answered && q.clientDone) {
				items[(w.head+kept)&mask] = *p
				kept++
			}
		}
		left -= len(run)
		from = 0
	}
	w.dropped(kept)
}

// dropped ends a drop that kept the first kept timers: the last one
// follows them, and a ring still more than a quarter full doubles, so that
// the next drop is three quarters of a ring of new timers away and each
// timer is looked at about once before its own turn.
func (w *waitRing) dropped(kept int) {
	mask := len(w.items) - 1
	w.items[(w.head+kept)&mask] = w.items[(w.head+w.n-1)&mask]
	w.n = kept + 1
	if w.n > len(w.items)/4 {
		w.grow()
	}
}

// reset empties the ring, keeping its array.
func (w *waitRing) reset() { w.head, w.n = 0, 0 }

// cloneWaits makes a copy of src in dst's array where it fits: its timers
// alone, in order from the array's start, in the smallest ring (of at
// least 64) that holds them, so that a FIFO that was once long costs a copy
// what it holds now.
func cloneWaits(dst, src waitRing) waitRing {
	if src.items == nil {
		return waitRing{}
	}
	size := src.copySize()
	items := dst.items[:0]
	if cap(items) >= size {
		items = items[:size]
	} else {
		items = make([]timerWait, size)
	}
	mask := len(src.items) - 1
	if end := src.head + src.n; end <= len(src.items) {
		copy(items, src.items[src.head:end])
	} else {
		k := copy(items, src.items[src.head:])
		copy(items[k:], src.items[:end&mask])
	}
	return waitRing{items: items, n: src.n}
}

// copySize is the length of the array cloneWaits gives a copy of w (an
// array of its own reused may be longer).
func (w *waitRing) copySize() int {
	size := min(64, len(w.items))
	for size < w.n {
		size *= 2
	}
	return size
}

// setPatience sets the patience timer of request id, of endpoint ep,
// arrived now: the next sequence number is its, as when it was an event
// scheduled here. It goes into the event queue only when it is the
// endpoint's first (none is pending there).
func (r *Run) setPatience(es *endpointState, ep int, id int32, gen uint32) {
	if w := &es.waits; w.n == len(w.items) && w.n > 2 {
		w.dropEnded(r.requests, true)
	}
	r.seq++
	p := es.waits.add()
	// Field by field: a literal is built aside and copied in.
	p.at, p.seq, p.req, p.gen, p.tok = r.now+es.patience, r.seq, id, gen, 0
	if es.waits.n == 1 {
		r.queuePatience(ep, p)
	}
}

// queuePatience puts endpoint ep's first patience timer p in the event
// queue, with its own time and sequence number.
func (r *Run) queuePatience(ep int, p *timerWait) {
	if c := r.queue.placeAt(p.at, p.seq); c != nil {
		c.req, c.gen, c.tok, c.dep, c.kind, c.err = p.req, p.gen, 0, int32(ep), evPatience, false
		return
	}
	r.queue.pushFar(event{at: p.at, seq: p.seq, kind: evPatience, req: p.req, gen: p.gen, dep: int32(ep)})
}

// patienceDue handles endpoint e.dep's first patience timer, due now: the
// client gives up if it still waits. The next timer whose client may still
// wait then goes into the queue.
func (r *Run) patienceDue(e *event) {
	ep := int(e.dep)
	es := &r.endpoints[ep]
	if req := &r.requests[e.req]; req.gen == e.gen && !req.clientDone {
		if !req.started && r.frontShed != nil {
			r.frontShed.gaveUp++ // shedding.go: it stays in the accept ring, given up
		}
		es.gaveUp++
		r.answerClient(e.req, Failed)
	}
	// Past e's timer, drop those whose clients have their answers: they
	// would do nothing. Nearly every timer is dropped so: the ring is
	// read in runs that do not wrap (waitingIn).
	w := &es.waits
	h, n := w.head+1, w.n-1
	if h == len(w.items) {
		h = 0
	}
	for n > 0 {
		run := w.items[h:min(h+n, len(w.items))]
		if k := waitingIn(run, r.requests); k < len(run) {
			w.head, w.n = h+k, n-k
			r.queuePatience(ep, &run[k])
			return
		}
		n -= len(run)
		if h += len(run); h == len(w.items) {
			h = 0
		}
	}
	w.head, w.n = h, 0
}

// waitingIn is the index in run of the first patience timer whose client
// may still wait, or len(run) if none. It reads every timer of a run of
// answered requests, which patienceDue drops: kept out of line, with no
// call in it, its loop keeps everything in registers and needs no bounds
// check on run.
//
//go:noinline
func waitingIn(run []timerWait, reqs []request) int {
	// Two timers a turn, walking the run itself: the loop's own steps
	// (an index, its test and bounds checks, the address) were about
	// half of what each dropped timer cost.
	n := len(run)
	for len(run) >= 2 {
		if p := &run[0]; reqs[p.req].gen == p.gen && !reqs[p.req].clientDone {
			return n - len(run)
		}
		if p := &run[1]; reqs[p.req].gen == p.gen && !reqs[p.req].clientDone {
			return n - len(run) + 1
		}
		run = run[2:]
	}
	if len(run) == 1 {
		if p := &run[0]; reqs[p.req].gen == p.gen && !reqs[p.req].clientDone {
			return n - 1
		}
	}
	return n
}

// setTimeout arms the timeout layer's timer of request id, calling ds
// (dependency dep), to come due at `at`: in ds's FIFO when that keeps it
// in time order, else as any event. Either way it takes the next sequence
// number, as it always has.
func (r *Run) setTimeout(ds *dependencyState, dep int32, at time.Duration, id int32, gen, tok uint32) {
	w := &ds.timers
	if w.n > 0 && at < w.items[(w.head+w.n-1)&(len(w.items)-1)].at {
		r.schedule(event{at: at, kind: evTimeout, req: id, gen: gen, tok: tok})
		return
	}
	if w.n == len(w.items) && w.n > 2 {
		w.dropEnded(r.requests, false)
	}
	r.seq++
	// add's steps, written out: its call was not inlined here, and
	// nearly every call armed through armTimeout comes this way.
	if w.n == len(w.items) {
		w.grow()
	}
	p := &w.items[(w.head+w.n)&(len(w.items)-1)]
	w.n++
	p.at, p.seq, p.req, p.gen, p.tok = at, r.seq, id, gen, tok
	if w.n == 1 {
		r.queueTimeout(dep, p)
	}
}

// queueTimeout puts p, the first timeout of dependency dep's FIFO, in the
// event queue; err marks the event as the FIFO's.
func (r *Run) queueTimeout(dep int32, p *timerWait) {
	if c := r.queue.placeAt(p.at, p.seq); c != nil {
		c.req, c.gen, c.tok, c.dep, c.kind, c.err = p.req, p.gen, p.tok, dep, evTimeout, true
		return
	}
	r.queue.pushFar(event{at: p.at, seq: p.seq, kind: evTimeout, req: p.req, gen: p.gen, tok: p.tok, dep: dep, err: true})
}

// timeoutDue moves dependency e.dep's FIFO of timeouts past e, its first,
// which has come up (and is handled as any timeout after this): the
// timeouts behind it whose requests have ended are dropped, and the first
// one left goes into the queue. It runs before e is handled, so that a
// timeout armed meanwhile finds the FIFO as it is.
func (r *Run) timeoutDue(e *event) {
	w := &r.dependencies[e.dep].timers
	items, mask := w.items, len(w.items)-1
	h, n := w.head+1, w.n-1
	for ; n > 0; h, n = h+1, n-1 {
		p := &items[h&mask]
		if r.requests[p.req].gen == p.gen {
			r.queueTimeout(e.dep, p)
			break
		}
	}
	w.head, w.n = h&mask, n
	e.err = false // from here on, a timeout as any other (hold may queue it again)
}
