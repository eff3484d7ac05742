package engine

import "time"

// workLane holds ends of children's work (evWorkDone) out of the event
// queue, in the order the queue would hand them out, for the run's loop
// to take in their turn (Run.soon, takeSoon).
//
// A service's Work is most often a constant (rate-limit-vs-bulkhead's
// catalog: 2 ms), so the children's work ends, each scheduled when its
// child takes a worker, come in the order they were scheduled: by time,
// and at one time by seq. The lane is a small ring of them, in that order:
// an end joins it only if it comes no sooner than the lane's last (and it
// comes after it by seq, taken later), so the lane's first is always its
// earliest by (time, seq). An end is held with the seq its event would
// have taken and is handled exactly when that event would have been: the
// loop takes the slot's first before anything in the queue or the
// arrivals that comes after it by (time, seq). Each end held saves the
// queue a place and a pop, and the loop handle's dispatch.
//
// An end joins the lane only while the loop runs and before its stop
// (Run.before): the loop then takes it before it returns, so nothing is
// held when a run is stepped, forked, snapshot or reset, and AdvanceTo,
// which looks only at the queue and the arrivals, never has to look here.
// A tasks server's run holds them too: its loop (runTasksBefore) takes
// the slot's first only when its slice lane's first end does not come
// before it, and a handler's step taken at once (tasks_run.go,
// nextToHappen) needs only to come before the slot's first. Ends that do
// not fit (the ring is full, or an end comes sooner
// than the last: another service's shorter work, a slow instance's
// longer) go to the queue as before; the lane and the queue are merged by
// (time, seq) all the same.
type workLane struct {
	items   [workLaneSize]heldWork
	head, n int
	last    time.Duration // the time of the last end that joined
	off     bool          // every end goes to the queue (set at init)
}

// workLaneSize is the lane's ring: a power of two, more than the work ends
// that fall within one Work of each other in the built-in scenarios.
const workLaneSize = 16

// heldWork is a work's end held in the lane: the evWorkDone event it
// stands for, of request req (generation gen).
type heldWork struct {
	at  time.Duration
	seq uint64
	req int32
	gen uint32
}

// holdWork puts the end at at of child c's work (generation gen), whose
// seq r.seq has just been taken for it, last in the lane, which the
// caller (startChild) found it may join: due before the loop's stop, no
// sooner than the lane's last, and with room.
func (r *Run) holdWork(at time.Duration, c int32, gen uint32) {
	s := &r.soon
	w := &s.work
	h := &w.items[(w.head+w.n)&(workLaneSize-1)]
	h.at, h.seq, h.req, h.gen = at, r.seq, c, gen
	w.n++
	w.last = at
	if s.seq == 0 {
		s.at, s.seq = at, r.seq // the first held: anything held comes before it
	}
}

// takeHeld handles the first of what r.soon holds, the call's arrival or
// the first work's end at its time, if it is the next thing to happen,
// and reports whether it was: takeSoon found nothing pending due sooner,
// and a tie (the next arrival or the queue's head due at the same time)
// goes by seq.
func (r *Run) takeHeld() bool {
	s := &r.soon
	if (r.arrAt == s.at && r.arrSeq < s.seq) || (r.queue.headAt == s.at && r.queue.headSeq < s.seq) {
		return false
	}
	w := &s.work
	if s.seq == s.callSeq {
		s.callSeq = 0
		s.seq = 0
		if w.n > 0 {
			h := &w.items[w.head]
			s.at, s.seq = h.at, h.seq
		}
		r.childArrives(s.req, s.gen, s.tok, int(s.inst))
		return true
	}
	h := &w.items[w.head]
	c, gen := h.req, h.gen
	r.now = s.at
	w.head = (w.head + 1) & (workLaneSize - 1)
	w.n--
	// The next first: the call (held at now, if any) or the next end,
	// by (time, seq).
	s.at, s.seq = r.now, s.callSeq
	if w.n > 0 {
		if h := &w.items[w.head]; s.seq == 0 || h.at < s.at || (h.at == s.at && h.seq < s.seq) {
			s.at, s.seq = h.at, h.seq
		}
	}
	// workDone's steps, written out (a call fewer for nearly every
	// child); TestPropertyWorkLaneIsTheQueuesOrder runs them against
	// workDone's, from the queue.
	req := &r.requests[c]
	if req.gen != gen || req.ep < 0 {
		return true // cancelled, crashed or drained meanwhile
	}
	if in := &r.insts[req.inst]; in.state != InstanceIsHung {
		r.childCall(c, req, in)
		return true
	}
	r.hold(&event{kind: evWorkDone, req: c, gen: gen}) // as workDone holds it
	return true
}

// workDone is the end of child c's work (an evWorkDone event of
// generation gen), from the queue or the lane: unless the child is gone
// meanwhile (cancelled, crashed or drained), its call goes out
// (childCall), or waits while its instance hangs (hold).
func (r *Run) workDone(c int32, gen uint32) {
	req := &r.requests[c]
	if req.gen != gen || req.ep < 0 {
		return // cancelled, crashed or drained meanwhile
	}
	in := &r.insts[req.inst]
	if in.state == InstanceIsHung {
		// The instance answers nothing until the hang ends (hold
		// schedules the event anew, with a seq of its own).
		r.hold(&event{kind: evWorkDone, req: c, gen: gen})
		return
	}
	r.childCall(c, req, in)
}
