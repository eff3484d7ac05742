package engine

import (
	"time"

	"github.com/breakerlab/breakerlab/engine/ratelimit"
)

// arriveOthers is arriveMany for a thread pool with no lean endpoint (its
// endpoints call services, or nothing, or through a retry): it handles
// arrivals that follow a replayed order one after another, for as long as
// the next comes before the queue's head and before stop. An arrival
// whose patience timer, if it has one, joins others in a ring with room
// takes arrive's steps here, written out, startOnWorker's included, when
// it finds a free worker: the order read, the counts, the request slot,
// its tenant (read with the traffic), the patience timer, the worker, and
// the handler (runHandler). One that finds no worker and no room to queue
// is refused as arrive refuses it, and so is one the front's shedder
// refuses (shedding.go), its tenant counted; one that finds no worker but room,
// and the shedder's leave if there is one, is queued as arrive queues it
// (rate-limit-vs-bulkhead's front queues a quarter of its arrivals while
// catalog is slow). Any other goes to arrive. The
// steps, and so the sequence numbers, are arrive's; in one loop they save
// each arrival runBefore's choice, two calls and the slot's lookups.
// arriveTasks is its twin for a tasks server.
//
// A call along a flat service edge whose outermost layer is a period rate
// limiter (limitedFlat) asks it once, here (TakeOrRefuse): a refusal at
// once is counted without a request (refuseLimited, refuseAtEntry's steps
// for it: a partner over its rate has most of its calls refused), and a
// permit at once is the one enterFlat's takeRate would have taken, as
// nothing between here and enterFlat reads the limiter; enterFlat then
// walks on from inside the limiter. (The shipped profile names hot calls
// by their line in their function: lines added here, or in enterFlat, took
// enterFlat's inlined takeRate away, so that runHandler took enterFlat in
// and grew too large to inline itself. Both keep their line count.)
func (r *Run) arriveOthers(stop time.Duration) {
	// A request shed (shedding.go) is refused as one with no room: toRefuse.
	const (
		toArrive = iota
		toWorker
		toRefuse
		toQueue
		toPermitted // toWorker, its limiter's permit taken: enterFlat starts at layer how>>2, 1
	)
	q := &r.queue
	// The first arrival's endpoint, kept from one arrival to the next:
	// only the arrivals move the first arrival (orderNextArrival, and
	// drawNext, which a replayed run does not take), and of what this loop
	// calls only arrive takes one; none of the rest (the handler, the
	// shedder, takeHeld's service steps) comes back to an arrival loop.
	// After arrive it is looked up again. (Nil once the traffic has ended,
	// when arrAt is noArrival and the loop returns before reading it.)
	firstEs := &r.endpoints[r.firstArr]
	for {
		epIdx := r.firstArr
		now := r.arrAt
		r.now = now
		es := firstEs
		// What arrive would do with it: toArrive (anything not written
		// out here), or take a free worker, refuse it, or queue it.
		how := toArrive
		if w := &es.waits; es.patience <= 0 || (w.n > 0 && w.n < len(w.items)) {
			if len(r.freeWorkers) > 0 {
				how = toWorker
			} else if !r.acceptQueueHasRoom() {
				how = toRefuse
			} else if sh := r.frontShed; sh == nil {
				how = toQueue
			} else {
				// sheds' common case (shedding.go), written out, a call
				// fewer on nearly every arrival of a saturated front: under
				// the OldestAge signal, the wait of a live request at the
				// accept ring's head, judged by AdmitWait (inlined). Any
				// other case asks sheds. TestTenantArrivalsTakeTheBatch and
				// TestLimitedArrivalsChangeNothing run it against arrive's
				// call of sheds.
				how = toQueue
				acc, live := &r.accept, false
				if h := acc.head; acc.n > 0 && !sh.estimates {
					req := &r.requests[acc.ids[h]]
					if live = uint64(req.gen) == acc.stamps[h] && !req.clientDone; live && !sh.sh.AdmitWait(max(now-req.arrived, 0), es.class) {
						how = toRefuse // shed
					}
				}
				if !live && r.sheds(sh, acc, es.class) {
					how = toRefuse // shed
				}
			}
		}
		if how == toArrive {
			r.arrive(epIdx)
			if r.firstArr >= 0 {
				firstEs = &r.endpoints[r.firstArr]
			}
			goto next
		}
		{
			// arrive's reading of the order.
			latency, errDraw := r.takeShared(es)
			firstEs = r.orderNextArrival()
			es.arrived++
			es.bucket.Arrivals++
			inWindow := now >= r.measureFrom && now < r.measureTo // judged once, for the endpoint and its tenant
			if inWindow {
				es.windowArrived++
			}
			// how becomes toPermitted once its limiter's permit is taken here.
			if how == toWorker && es.limitedFlat && r.accept.n == 0 && r.frontShed == nil {
				// Its edge's limiter, asked once (the function's comment).
				if ds := r.frontDepAt[uint8(es.dep)]; ds.svcFlat && ds.rateLimiterAt == 0 {
					if p, ok := ds.limiter.(*ratelimit.Period); ok {
						switch p.TakeOrRefuse(now - ds.limiterBorn) {
						case ratelimit.Refused:
							r.refuseLimited(es, ds, inWindow) // fastpath.go
							goto next
						case ratelimit.Took:
							how, ds.ratePassed = toPermitted, ds.ratePassed+1 // takeRate's count
						}
					}
				}
			}
			if how == toRefuse {
				// arrive's refusal (noRoom), or refuseArrival's of a
				// request shed, as arrive counts them.
				r.lacked = true // fork.go
				es.total[Rejected]++
				es.bucket.Outcomes[Rejected]++
				r.countRefused(es, now)
				if es.tenancy != nil {
					r.countTenantRefused(sharedTenant(es), inWindow) // tenants.go
				}
				goto next
			}
			var id int32
			if n := len(r.freeRequests); n > 0 {
				id = r.freeRequests[n-1]
				r.freeRequests = r.freeRequests[:n-1]
			} else {
				r.requests = append(r.requests, request{})
				id = int32(len(r.requests) - 1)
			}
			req := &r.requests[id]
			gen := req.gen
			*req = request{}
			req.arrived, req.latency, req.errDraw, req.gen = now, latency, errDraw, gen
			req.ep, req.dep, req.tenant = int16(epIdx), int32(es.dep), noTenant
			if es.tenancy != nil {
				// arrivalTenant's steps (tenants.go), the draw replayed
				// and the window judged.
				t := sharedTenant(es)
				if t >= 0 {
					r.tenantArrived(t, inWindow)
				}
				req.tenant = t
			}
			r.open++
			if es.patience > 0 {
				// arrive's setting of the patience timer (timers.go),
				// in its common case: the timer joins others, with room.
				r.seq++
				w := &es.waits
				p := &w.items[(w.head+w.n)&(len(w.items)-1)]
				w.n++
				p.at, p.seq, p.req, p.gen, p.tok = now+es.patience, r.seq, id, gen, 0
			}
			if how == toQueue {
				// arrive's queueing: no worker (noRoom notes it for a
				// fork), room in the accept queue.
				r.lacked = true // fork.go
				req.worker = noWorker
				r.accept.push(id, uint64(gen))
				goto next
			}
			// startOnWorker's steps.
			n := len(r.freeWorkers) - 1
			w := r.freeWorkers[n]
			r.freeWorkers = r.freeWorkers[:n]
			r.busy++
			r.maxBusy = max(r.maxBusy, r.busy) // fork.go
			es.busy++
			req.worker = w
			req.started = true
			if es.lean {
				// runHandler's steps for a flat service edge (lean:
				// no connection pools; canGoFlat: no deadline to
				// schedule), unless a test has turned the flat walk off.
				if ds := r.frontDepAt[uint8(es.dep)]; ds.svcFlat {
					req.callStart, req.active = now, uint8(how>>2) // toPermitted: the limiter, layer 0, entered
					ds.made++
					r.enterFlat(id, req, ds, int(how>>2)) // services_fast.go
					goto next
				}
			}
			r.runHandler(id, req, es)
		}
	next:
		// What the slot holds (Run.soon: the call just sent, a work's
		// end) is taken here when it is next, as runBefore would take
		// it, rather than back there; takeSoon may put more in it. When
		// it is not next, the arrival or the queue's head is.
		if s := &r.soon; s.seq != 0 && r.arrAt >= s.at && q.headAt >= s.at && r.takeHeld() {
			goto next // takeSoon's steps, inlined
		}
		if r.arrAt >= stop || r.arrAt > q.headAt || (r.arrAt == q.headAt && r.arrSeq >= q.headSeq) {
			return
		}
	}
}

// arriveTasks is arriveOthers for a tasks server (tasks.go), written apart
// so that neither tests which server it runs on arrival by arrival (the
// tests cost go-server's sweep 0.8 %). Every arrival on a tasks server
// gets a task while the process is up, so one of an endpoint without
// tenants whose patience timer joins others in a ring with room takes
// arrive's steps for that case here, written out (startOnWorker's
// included): the order read, the counts, spawnTask, the request slot, the
// patience timer, the task, and startTask or the handler. Any other goes
// to arrive. The steps, and so the sequence numbers, are arrive's.
// startTask's commonest case (no memory to work out, a plain loop whose
// first thread is free) is written out too, with the arrival's values at
// hand: a call fewer on each arrival (go-server's sweep -1.6 %).
// TestTaskArrivalsChangeNothing runs the loop against arrive alone. It
// stops before stop as arriveOthers does, before the lane's first slice
// end (tasks_lane.go): both are in lane.stop; and before what Run.soon
// holds when it comes first (a call sent now; a service's work's end,
// held for later, lets the arrivals before it go on).
func (r *Run) arriveTasks() {
	q := &r.queue
	for {
		epIdx := r.firstArr
		r.now = r.arrAt
		es := r.epAt[uint8(epIdx)]
		if w := &es.waits; !es.bare || r.tasks.down || (es.patience > 0 && (w.n == 0 || w.n == len(w.items))) {
			r.arrive(epIdx)
		} else {
			now := r.now
			// The task and the request slot come first, before arrive's
			// reading of the order, which touches nothing they do: what
			// the reading gives then need not be kept across their rare
			// growth (a call).
			r.spawnTask() // tasks_run.go: the process is up, so it gives a task
			var id int32
			if n := len(r.freeRequests); n > 0 {
				id = r.freeRequests[n-1]
				r.freeRequests = r.freeRequests[:n-1]
			} else {
				r.requests = append(r.requests, request{})
				id = int32(len(r.requests) - 1)
			}
			// arrive's reading of the order.
			latency, errDraw := r.takeShared(es)
			r.orderNextArrival()
			es.arrived++
			es.bucket.Arrivals++
			if now >= r.measureFrom && now < r.measureTo {
				es.windowArrived++
			}
			req := &r.requests[id]
			gen := req.gen
			*req = request{}
			req.arrived, req.latency, req.errDraw, req.gen = now, latency, errDraw, gen
			req.ep, req.dep, req.tenant = int16(epIdx), int32(es.dep), noTenant
			r.open++
			if es.patience > 0 {
				// arrive's setting of the patience timer (timers.go),
				// in its common case: the timer joins others, with room.
				r.seq++
				w := &es.waits
				p := &w.items[(w.head+w.n)&(len(w.items)-1)]
				w.n++
				p.at, p.seq, p.req, p.gen, p.tok = now+es.patience, r.seq, id, gen, 0
			}
			// startOnWorker's steps.
			n := len(r.freeWorkers) - 1
			w := r.freeWorkers[n]
			r.freeWorkers = r.freeWorkers[:n]
			r.busy++
			r.maxBusy = max(r.maxBusy, r.busy) // fork.go
			es.busy++
			req.worker = w
			req.started = true
			t := r.tasks
			if free := t.free; r.busy <= t.liveMax && t.kills == 0 && t.plain && free[0] <= now {
				// startTask's steps for its commonest case, written out
				// (tasks_run.go says why each holds): no new peak of
				// live tasks and no kill yet, so no memory to work out;
				// no blocking call to draw; the first thread free by now,
				// and no pauses.
				cost := t.cpu[epIdx]
				if cost == 0 {
					r.runHandler(id, req, es)
					goto next
				}
				at := now + cost
				free[0] = at
				t.busyTotal += cost
				t.bucket.LoopBusy += cost
				if now >= r.measureFrom && now < r.measureTo {
					t.busyWindow += cost
				}
				if !r.nextToHappen(at) {
					r.sliceEndsAt(at, id, gen) // tasks_lane.go
					goto next
				}
				r.seq++
				r.now = at
				if ds := r.enteredFast(es); ds != nil {
					req.callStart = at
					ds.made++
					r.enterFast(id, req, ds) // runHandler's steps (enteredFast)
					goto next
				}
				r.runHandler(id, req, es)
			} else if !r.startTask(id, req) { // tasks_run.go
				r.runHandler(id, req, es)
			}
		}
	next:
		if s := &r.soon; (s.seq != 0 && (s.at < r.arrAt || (s.at == r.arrAt && s.seq < r.arrSeq))) || r.arrAt >= r.lane.stop || r.arrAt > q.headAt || (r.arrAt == q.headAt && r.arrSeq >= q.headSeq) {
			return
		}
	}
}

// takeShared and orderNextArrival are the two halves of reading the next
// arrival of a run whose traffic is replayed in an order drawn with it
// (Run.order), which every arrival path of such a run takes: two functions
// so that the compiler inlines each (one would be over its budget).
//
// takeShared takes es's next request: its latency and error draw, and
// es's following arrival, with the seq it takes now, when its endpoint's
// last one arrives.
func (r *Run) takeShared(es *endpointState) (latency time.Duration, errDraw float64) {
	k := int(es.sharedNext) // 0 <= k, and k+1 cannot overflow
	reqs := es.shared.reqs
	if k+1 < len(reqs) {
		// Both indexes in range by the test: no bounds check (the
		// endpoint's last arrival, below, keeps its own).
		this := &reqs[k]
		latency, errDraw = this.latency, this.errDraw
		r.seq++
		es.pendAt, es.pendSeq = reqs[k+1].at, r.seq
	} else {
		this := &reqs[k]
		latency, errDraw = this.latency, this.errDraw
	}
	es.sharedNext = uint32(k + 1)
	return latency, errDraw
}

// orderNextArrival makes the arrival after the one just taken, in the
// replayed order, the run's first, and returns its endpoint (nil when the
// traffic has ended), which arriveOthers keeps for its next arrival.
func (r *Run) orderNextArrival() *endpointState {
	m := r.orderNext + 1
	r.orderNext = m
	if m < uint(len(r.order)) { // unsigned m: no bounds check on order[m]
		ep := r.order[m]
		n := r.epAt[ep] // Run.epAt: no bounds check
		r.firstArr, r.arrAt, r.arrSeq = int(ep), n.pendAt, n.pendSeq
		return n
	}
	r.firstArr, r.arrAt, r.arrSeq = -1, noArrival, 0
	return nil
}
