package engine

import "time"

// The ends of a tasks server's slices on the loop, kept out of the event
// queue (issue 28).
//
// A handler's slice on the loop (startTask) ends at a time known when it
// starts. Unless nothing else would happen first (nextToHappen), its end
// was an evTaskReady event: some 250 instructions each, through the timing
// wheel (place, the pop, handle's dispatch, handleTask), 2.8 million of
// them in go-server's sweep. Yet only a few are ever pending: each of the
// loop's threads runs one slice at a time, and those queued for a busy
// thread end one after another. The lane holds up to laneCap of them,
// each with the seq its event would have taken when it would have been
// scheduled, in time order: a ring whose first, the earliest, is kept at
// hand, and whose last is most often where a new end goes (a slice
// starts no earlier than the last on its thread ended, and most run on
// the first thread). The run's loop (runTasksBefore, a tasks server's
// runBefore) takes the first when it comes before the next arrival, the
// queue's head and stop by (time, seq), which is exactly where its event
// would have come out. An end the lane has no
// room for, or at the time of one it holds (laneTie says why), goes to
// the queue as its event, as every one did before (handleTask): the
// order of the two together is the same.
//
// The lane lives only while that loop runs: it opens the lane and hands
// what it holds to the queue when it returns (flushLane). AdvanceTo's own
// step, snapshots, forks and Reset, which all come between, find every
// pending slice end an event in the queue, as before, and need nothing of
// the lane's. A slice started by AdvanceTo's step waits in the lane for
// the loop that follows.
type sliceLane struct {
	// at and seq are the first end's time and seq; at is noArrival when
	// the lane is empty (seq is then of no use).
	at  time.Duration
	seq uint64
	// stop is the earliest of at, wait and end, the loop's stop: the
	// loop's tests of its stop read it instead, and so cost nothing more
	// until the lane's first end, or the wait lane's, is due or stop has
	// come.
	stop, end time.Duration
	// wait is the wait lane's first end's time (waitLane.at, waits_lane.go).
	wait time.Duration
	// The ends, in time order (no two at one time), are ends[head],
	// ends[head+1]..., n of them, the indices taken modulo laneCap.
	head, n uint32
	ends    [laneCap]sliceEnd
}

// laneCap is how many slice ends the lane holds: the threads of
// go-server's and async-cascade's loops, twice over. A power of two.
const laneCap = 8

// sliceEnd is an evTaskReady event held in the lane: request req's
// slice ends at at; gen is the request slot's then.
type sliceEnd struct {
	at  time.Duration
	seq uint64
	req int32
	gen uint32
}

// laneRoom is how many ends the lane takes: laneCap, or 0, set by a
// test, for a run as before the lane: every slice end an event, and a
// tasks server's run through runBefore's own loop (the runs must not
// differ).
var laneRoom uint32 = laneCap

// open readies the lane for the loop with its stop.
func (l *sliceLane) open(stop time.Duration) {
	if l.n == 0 {
		l.at = noArrival // a run that has never held a slice end
	}
	l.end = stop
	l.stop = min(stop, l.at, l.wait)
}

// before reports whether the lane's first end comes before stop and
// before (at, seq), the next arrival or the queue's head.
func (l *sliceLane) before(at time.Duration, seq uint64) bool {
	return l.at < l.end && (l.at < at || (l.at == at && l.seq < seq))
}

// sliceEndsAt ends request id's slice on the loop at at: it holds the end
// in the lane, with the seq its event takes, or queues the event itself
// when the lane is full, or holds an end at the same time (the lane's
// ends keep times of their own: laneTie says why).
func (r *Run) sliceEndsAt(at time.Duration, id int32, gen uint32) {
	l := &r.lane
	// Its seq is the largest: it goes after every end not later than at,
	// most often after the last.
	i := l.head + l.n
	for i != l.head && l.ends[(i-1)%laneCap].at > at {
		i--
	}
	if l.n >= laneRoom || (i != l.head && l.ends[(i-1)%laneCap].at == at) {
		r.scheduleEvent(at, evTaskReady, id, gen, 0, 0)
		return
	}
	r.seq++
	for k := l.head + l.n; k != i; k-- {
		l.ends[k%laneCap] = l.ends[(k-1)%laneCap]
	}
	e := &l.ends[i%laneCap]
	e.at, e.seq, e.req, e.gen = at, r.seq, id, gen
	l.n++
	if i == l.head {
		l.at, l.seq = at, r.seq
		l.stop = min(l.stop, at)
	}
}

// runTasksBefore is runBefore for a tasks server's run: it handles, in
// order, every event strictly before stop, the next being the queue's
// head, the first arrival, the lane's first slice end or the wait lane's
// first end (waits_lane.go), whichever comes first by (time, seq), or a
// call into a service sent now (Run.soon), due now. It is runBefore's loop without what a tasks server never
// takes (arriveMany and the other arrival loops: its arrivals go to
// arriveTasks or arrive; answers on the plain fast path: its calls walk
// their layers, tasksFastLayers), and with the lane: a loop of its own,
// so that the lane's tests cost the thread pools' runs nothing (in
// runBefore's loop the cascade took 0.4 % more instructions, even with
// one test before the loop 1.2 %). Its steps are runBefore's, which
// TestPropertyLaneIsTheQueuesOrder runs it against (laneRoom 0), step by
// step. What Run.soon holds (a call due now, a service's work's end)
// waits for the slice lane's first end when that comes first by (time,
// seq): takeSoon weighs only the arrivals and the queue. (The wait lane
// is off in a run with services, waits_lane.go.) The test is on the
// slot's line, and the comment here, so that the loop's lines keep their
// places, by which the PGO profile names the calls it inlines.
func (r *Run) runTasksBefore(stop time.Duration) {
	if r.lane.open(stop); laneRoom == 0 {
		if debugChecks && r.waits.on {
			panic("engine: runBefore's loop for a run whose waits end in the wait lane")
		}
		r.runBefore(stop) // a test's run without the lane
		return
	}
	q := &r.queue
	for {
		if s := &r.soon; s.seq != 0 {
			if (r.lane.at > s.at || (r.lane.at == s.at && r.lane.seq > s.seq)) && r.arrAt >= s.at && q.headAt >= s.at && r.takeHeld() {
				continue // takeSoon's steps (services_run.go), as arriveTasks takes them
			}
		}
		// lane.stop is the earlier of stop and the lane's first end: the
		// tests of it look at the lane only when the next arrival or
		// the queue's head is due no earlier than either.
		if r.arrAt < q.headAt || (r.arrAt == q.headAt && r.arrSeq < q.headSeq) {
			if r.arrAt >= r.lane.stop {
				switch {
				case r.waitFirst(r.arrAt, r.arrSeq, stop):
					r.waitEnded() // waits_lane.go
					continue
				case r.lane.before(r.arrAt, r.arrSeq):
					r.sliceEnded(r.lane.take()) // tasks_run.go
					continue
				case r.arrAt >= stop:
					r.flushLane()
					return
				case r.lane.at == r.arrAt:
					r.laneTie()
					continue
				}
				// Left: a wait's end at the arrival's time, whose seq
				// is larger. The arrival comes first.
			}
			if r.batch == byTasks {
				r.arriveTasks() // arrive_fast.go
				continue
			}
			r.now = r.arrAt
			r.arrive(r.firstArr)
			continue
		}
		if q.headAt >= r.lane.stop {
			switch {
			case r.waitFirst(q.headAt, q.headSeq, stop):
				r.waitEnded()
				continue
			case r.lane.before(q.headAt, q.headSeq):
				r.sliceEnded(r.lane.take())
				continue
			case q.headAt >= stop:
				r.flushLane()
				return
			case r.lane.at == q.headAt:
				r.laneTie()
				continue
			}
			// Left: a wait's end at the head's time, after it by seq.
		}
		r.now = q.headAt
		var c *event
		if len(q.far.items) == 0 || q.far.items[0].seq != q.headSeq {
			// runBefore's own lines for popCell's common case, the
			// wheel's first event (the call to popCell would cost
			// go-server's sweep 1.7 %).
			s := q.first & wheelMask
			idx := q.heads[s]
			c = &q.slab[idx]
			next := c.next
			q.heads[s] = next
			c.next, q.free = q.free, idx
			q.inW--
			q.cur = int64(c.at >> slotShift)
			if next == 0 {
				q.nextSlot(s)
			} else {
				n := &q.slab[next]
				q.headAt, q.headSeq = n.at, n.seq
			}
			if len(q.far.items) > 0 {
				q.farFirst()
			}
		} else {
			c = q.popCell()
		}
		// runBefore's step for the answer to a front call through layers
		// (enterFast's), which handle gives callReturned and that
		// returnLayers: the same checks, a call fewer. The event is read
		// where it lay; returnLayers may schedule, after the reads.
		if c.kind == evCallDone {
			req := &r.requests[c.req]
			if req.inst == 0 && req.gen == c.gen && req.inCall && req.callTok == c.tok && !req.fast {
				if ds := r.frontDepAt[uint8(c.dep)]; ds.fastLayers { // a front call's (req.inst == 0)
					ds.inFlight--
					res := resOK
					if c.err {
						res = resError
					}
					r.returnLayers(c.req, req, ds, res)
					continue
				}
			}
		}
		// handle's steps for the end of a wait at a semaphore bulkhead,
		// without the copy, the call and its tests of the other kinds: in
		// a hang nearly every call waits there, and most run out
		// (go-server's sweep: 7 million waits, 5.6 million run out). A
		// call of a service's instance goes to handle, which may hold it.
		if c.kind == evBulkheadWait {
			req := &r.requests[c.req]
			if req.gen != c.gen {
				continue // the request finished and its slot moved on
			}
			if req.inst == 0 {
				if req.waitingBH && req.bhTok == c.tok {
					r.waitRanOut(c.req, req) // waiters.go
				}
				continue
			}
		}
		// handle's steps for the end of a service's work (workDone takes
		// the request and its generation, read before it schedules
		// anything) and for a leaf's answer to its call: a work's end
		// the lane had no room for (workLane) comes here, and a
		// backed-up service's workers hear their leaf's answers by the
		// million (go-inventory's sweeps).
		if c.kind == evWorkDone {
			r.workDone(c.req, c.gen) // services_lane.go
			continue
		}
		// handle may schedule events, which reuse the cell: it gets a copy.
		e := *c
		if e.kind == evLeafDone {
			r.leafDone(&e) // handle's steps for it: services_run.go
			continue
		}
		r.handle(&e)
	}
}

// take removes the first end and returns its time, request and gen, for
// sliceEnded: the loop's step when the lane's first end is the next
// thing to happen (sliceLane.before).
func (l *sliceLane) take() (at time.Duration, id int32, gen uint32) {
	e := &l.ends[l.head%laneCap]
	at, id, gen = l.at, e.req, e.gen
	l.head++
	if l.n--; l.n == 0 {
		l.at, l.stop = noArrival, min(l.end, l.wait) // most often: the first was the only one
	} else {
		f := &l.ends[l.head%laneCap]
		l.at, l.seq = f.at, f.seq
		l.stop = min(l.end, l.at, l.wait)
	}
	return at, id, gen
}

// laneTie hands the lane's first end to the queue as its event, with its
// seq, when the loop finds an arrival or an event at its time and with
// a smaller seq, which comes first. That step's time is the end's, and
// the step may send a call into a service (Run.soon), due then with a
// larger seq: takeSoon, which looks for what comes before the call among
// the arrivals and in the queue, must find the end there. The one other
// step that brings the clock to a time the lane holds without taking it
// is a service's work's end held in Run.soon (workLane) before it by
// seq (the loop takes the lane's ends in turn, and their times are all
// different: another at the same time goes to the queue); a call that
// step sends waits for the lane's end by the loop's own test of the soon
// slot (runTasksBefore).
func (r *Run) laneTie() {
	l := &r.lane
	e := &l.ends[l.head%laneCap]
	r.queueSliceEnd(e)
	l.head++
	if l.n--; l.n == 0 {
		l.at = noArrival
	} else {
		f := &l.ends[l.head%laneCap]
		l.at, l.seq = f.at, f.seq
	}
	l.stop = min(l.end, l.at, l.wait)
	if debugChecks && l.at <= r.now {
		panic("engine: the lane holds two slice ends at one time")
	}
}

// queueSliceEnd queues the event e stands for, with its seq, which is
// below the latest: placeAt, not place.
func (r *Run) queueSliceEnd(e *sliceEnd) {
	q := &r.queue
	if c := q.placeAt(e.at, e.seq); c != nil {
		c.req, c.gen, c.tok, c.dep, c.kind, c.err = e.req, e.gen, 0, 0, evTaskReady, false
		return
	}
	q.pushFar(event{at: e.at, seq: e.seq, kind: evTaskReady, req: e.req, gen: e.gen})
}

// flushLane hands the lane's ends to the queue as the events they stand
// for, with their seqs, as the loop returns (sliceLane says why).
func (r *Run) flushLane() {
	l := &r.lane
	for k := range l.n {
		r.queueSliceEnd(&l.ends[(l.head+k)%laneCap])
	}
	l.n = 0
	l.at = noArrival
}
