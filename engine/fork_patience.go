package engine

import "time"

// A fork for another patience (issue 28: a sweep of an endpoint's patience
// forked only at its start). A client's patience is read in three places:
// its timer, set as its request arrives and due at arrival + patience,
// which gives up on it if no answer has come; the deadline, arrival +
// patience, that an edge of the front's propagating deadlines holds its
// attempts to (propagatedTimeout, deadlinePassed; a service's edges hold
// theirs to their callers' timeouts); and nowhere else. So a run with
// patience p is the run with patience q, so far, when no client has given
// up yet, every client answered or still waiting has waited less than q
// (under q too its answer came, or may still come, before its timer), and
// on every edge propagating deadlines, under p as under q, each attempt
// was sent with the edge's own timeout ending before the deadline less the
// margin (slackMin; a shorter patience moves every deadline by q - p): the
// deadline cut none short and dropped none.
// Going on under q, each pending timer moves by q - p (shiftTimers); the
// ring keeps its order, since every timer moves alike.

// patienceUnused reports whether endpoint i of a fork of r for sys may
// have the patience q: see above. A patience of none, on either side, is
// refused: it changes which timers exist at all.
func (r *Run) patienceUnused(i int, q time.Duration, sys *System) bool {
	es := &r.endpoints[i]
	p := es.patience
	if q <= 0 || p <= 0 || es.gaveUp > 0 {
		return false
	}
	for k := range r.nFrontDeps {
		ds := &r.dependencies[k]
		if !ds.propagate {
			continue
		}
		// Its own timeout and margin, the same in the fork, end every
		// attempt so far before either deadline would.
		d := &sys.Dependencies[k].Policy
		if ds.timeout <= 0 || d.Timeout != ds.timeout || d.DeadlineMargin != ds.margin ||
			ds.slackSeen && ds.slackMin+min(0, q-p) < ds.timeout ||
			// nor was any attempt held back for too little time left
			// (MinTimeLeft) in r, nor would be with the new patience.
			ds.slackSeen && ds.slackMin+min(0, q-p) <= ds.minLeft {
			return false
		}
	}
	if q > p {
		return true // every wait so far was under p (no one gave up)
	}
	// Every answer came within q: latencies holds each answer's wait in
	// whole microseconds (floored), so a wait of m µs was under (m+1) µs,
	// under q when m+1 <= q's whole microseconds.
	limit := uint32(min(q/time.Microsecond, 1<<32-1))
	for _, m := range es.latencies {
		if m >= limit {
			return false
		}
	}
	// The client waiting longest has waited less than q: its timer is the
	// first live one in the ring (they are in order of arrival), due at
	// its arrival + p.
	w := &es.waits
	mask := len(w.items) - 1
	for n := range w.n {
		t := &w.items[(w.head+n)&mask]
		if req := &r.requests[t.req]; req.gen == t.gen && !req.clientDone {
			return t.at-p+q > r.now
		}
	}
	return true
}

// repatience gives the endpoints of a fork sys's patience (patienceUnused
// has checked each that changed), and returns how far each one's pending
// timers move, or nil when none does.
func (r *Run) repatience(sys *System) []time.Duration {
	var shifts []time.Duration
	for i := range sys.Endpoints {
		es := &r.endpoints[i]
		q := sys.Endpoints[i].Patience
		if q == es.patience {
			continue
		}
		if shifts == nil {
			shifts = make([]time.Duration, len(r.endpoints))
		}
		shifts[i] = q - es.patience
		es.patience = q
	}
	return shifts
}

// shift moves every timer of w by d and drops those now behind the
// clock, now, which the other run has passed (patienceUnused and
// timeoutUnused have checked that they would do nothing there), keeping
// the order: every timer moves alike. It returns the first left, which the
// queue holds for the ring (queuePatience, queueTimeout), or nil: none
// left, or d is 0 and nothing moved.
func (w *waitRing) shift(d, now time.Duration) *timerWait {
	if d == 0 || w.n == 0 {
		return nil
	}
	mask, kept := len(w.items)-1, 0
	for n := range w.n {
		t := w.items[(w.head+n)&mask]
		t.at += d
		if t.at < now {
			continue
		}
		w.items[(w.head+kept)&mask] = t
		kept++
	}
	w.n = kept
	if kept == 0 {
		return nil
	}
	return &w.items[w.head&mask]
}
