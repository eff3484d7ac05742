package engine

import "time"

// Clients' patience, kept out of the event queue.
//
// Every request of an endpoint with a patience sets a timer when it
// arrives, and nearly every one of those timers comes up after its client
// has its answer, when it does nothing: in the services' scenarios they were
// a third to a half of all events, each a push and a pop through the
// wheel. An endpoint's timers all run for the same patience and are set in
// arrival order, so they come due in that order: each endpoint keeps them
// in a FIFO (waits), and only the first one that may still fire is in the
// event queue, as the event it has always been, with the time and sequence
// number it was given when its request arrived (the far heap orders any
// event by both, so the order of events is what it was, ties included).
// When that event comes up it fires or not as before; then the timers
// behind it whose clients have their answers are dropped without ever
// being events (a client answered stays answered, so dropping one early
// changes nothing), and the first one left takes its place in the queue.

// patienceWait is one request's patience timer: when it comes due and the
// sequence number it was given, and the request with its generation.
type patienceWait struct {
	at  time.Duration
	seq uint64
	req int32
	gen uint32
}

// waitRing is a FIFO of patience timers; its size is a power of two.
type waitRing struct {
	items   []patienceWait
	head, n int
}

// add makes room for one more timer at the back and returns it.
func (w *waitRing) add() *patienceWait {
	if w.n == len(w.items) {
		items := make([]patienceWait, max(64, 2*len(w.items)))
		for i := range w.n {
			items[i] = w.items[(w.head+i)&(len(w.items)-1)]
		}
		w.items, w.head = items, 0
	}
	p := &w.items[(w.head+w.n)&(len(w.items)-1)]
	w.n++
	return p
}

// reset empties the ring, keeping its array.
func (w *waitRing) reset() { w.head, w.n = 0, 0 }

// cloneWaits makes a copy of src in dst's array where it fits.
func cloneWaits(dst, src waitRing) waitRing {
	return waitRing{items: cloneInto(dst.items, src.items), head: src.head, n: src.n}
}

// setPatience sets the patience timer of request id, of endpoint ep,
// arrived now: the next sequence number is its, as when it was an event
// scheduled here. It goes into the event queue only when it is the
// endpoint's first (none is pending there).
func (r *Run) setPatience(es *endpointState, ep int, id int32, gen uint32) {
	r.seq++
	p := es.waits.add()
	*p = patienceWait{at: r.now + es.patience, seq: r.seq, req: id, gen: gen}
	if es.waits.n == 1 {
		r.queuePatience(ep, p)
	}
}

// queuePatience puts endpoint ep's first patience timer p in the event
// queue, with its own time and sequence number.
func (r *Run) queuePatience(ep int, p *patienceWait) {
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
	// would do nothing.
	w := &es.waits
	items, mask := w.items, len(w.items)-1
	h, n := w.head+1, w.n-1
	for ; n > 0; h, n = h+1, n-1 {
		p := &items[h&mask]
		if req := &r.requests[p.req]; req.gen == p.gen && !req.clientDone {
			r.queuePatience(ep, p)
			break
		}
	}
	w.head, w.n = h&mask, n
}
