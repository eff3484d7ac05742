package engine

// A flat walk for a service's calls into another service through a
// timeout, a breaker, a bulkhead, a rate limiter or any of them
// (fleet-probes' api → provider, multi-hop's orders → inventory,
// rate-limit-vs-bulkhead's front → catalog). The pipeline (pipeline.go)
// would take such a call through enter, startCall and sendCall on the way
// in, through layerResult, abandonInside, exit and finishCall for a
// result a layer makes itself (a refusal, a timeout, a wait that runs
// out), and through callReturned, exit and finishCall on the way out:
// general code that asks at each step about retries, deadlines and retry
// budgets, none of which such an edge has. enterFlat, refuseFlat,
// resultFlat and serviceReturned do the same steps, in the same order,
// with none of those questions (and a front edge through a connection
// pool takes and gives back its connection where the pipeline would:
// dependencyState.pooled): the request is
// left exactly as the pipeline leaves it (its active bits, permit, slot,
// timeout), the same events are scheduled with the same sequence numbers,
// so a call sent one way may be answered the other, and whatever meets
// the call midway (a wait for a bulkhead slot or a rate limiter's permit,
// a crash, a fork) finds what it would find there and takes the
// pipeline's own code. A child's call to a leaf behind a timeout alone
// goes the short way too (childCall, leafDone, resultFlat: leafTimeout).
// Results are bit for bit the pipeline's; services_fast_test.go checks it
// on random systems, and on waits they rarely reach, against the pipeline
// alone (svcFlat and leafTimeout off).

// canGoFlat says whether ds, an edge to a service, is walked flat: its
// layers, if any, are each a timeout (its end cut to a propagated
// deadline or not), a breaker, a bulkhead (not one per tenant) or a rate
// limiter, and it has no total deadline and no retry budget. (An edge
// with no layers is walked flat too: its call goes straight to
// callService, its answer to finishCall's steps.) A pool is the edge's
// own (dependencyState.pooled), set after this: it does not keep an edge
// from the flat walk.
func canGoFlat(ds *dependencyState) bool {
	if ds.svc < 0 || ds.deadline != 0 || ds.budget != nil || ds.tenantBH != nil {
		return false
	}
	for _, l := range ds.layers {
		if l == LayerRetry {
			return false
		}
	}
	return true
}

// enterFlat is enter, startCall and sendCall for request c's call along
// ds, an edge canGoFlat allows (a child's, from childCall, or the front's,
// from runHandler): each layer is entered as enter enters it, its bit
// set first, and the call goes to callService unless a propagated
// deadline leaves no time for it (startCall's check). A layer's refusal goes
// out through refuseFlat, as layerResult takes it from enter; a call that
// waits (for a bulkhead slot, a rate limiter's permit) is parked as enter
// parks it, and the pipeline takes it on from there. The walk starts at
// layer from: arriveOthers, having taken the permit of a call's outermost
// layer, a period rate limiter, itself (and counted it, and set its bit),
// passes 1; every other caller 0. (The shipped profile names this
// function's hot calls by their lines: the body keeps its line count.)
func (r *Run) enterFlat(c int32, req *request, ds *dependencyState, from int) {
	for i := from; i < len(ds.layers); i++ {
		req.active |= bit(i)
		switch ds.layers[i] {
		case LayerBreaker:
			permit, err := ds.breaker.Allow(r.now)
			if err != nil {
				ds.shortCircuited++
				r.refuseFlat(c, req, ds, i, resBreakerOpen)
				return
			}
			req.permit, req.permitted = permit, true
		case LayerTimeout:
			// Marked, its timer armed by callService.
			req.timeoutTok++
			req.timeoutAt = r.now + ds.cfg.Policy.Timeout
			req.timeoutArmed = false
			req.timeoutCut = false
			if ds.propagate {
				r.propagatedTimeout(c, req, ds)
			}
		case LayerBulkhead:
			p := &ds.cfg.Policy
			if ds.bulkhead < p.Bulkhead {
				ds.bulkhead++
				ds.maxBulkhead = max(ds.maxBulkhead, ds.bulkhead) // fork.go
				req.inBH = true
				continue
			}
			if p.BulkheadKind == SemaphoreBulkhead && p.BulkheadWait > 0 || (p.BulkheadKind == ThreadPoolBulkhead && ds.waiting < p.BulkheadQueue) {
				r.parkAtBulkhead(c, req, ds, i) // waiters.go
				return
			}
			ds.bulkheadBound = true // fork.go
			ds.bulkheadFull++
			r.refuseFlat(c, req, ds, i, resBulkheadFull)
			return
		case LayerRateLimiter:
			switch r.takeRate(c, req, ds) { // ratelimitlayer.go
			case rateRefusal:
				r.refuseFlat(c, req, ds, i, resRateLimited)
				return
			case rateParked:
				return
			}
		}
	}
	if ds.propagate && r.deadlinePassed(c, ds) {
		// startCall's check: not sent, what is left of the deadline is
		// not worth a call; out through every layer, as exit takes it.
		ds.deadlineExceeded++
		r.finishFlat(c, req, ds, len(ds.layers), resTimeout)
		return
	}
	if ds.pooled && !r.connReady(c, req) {
		return // startCall's: parked for a connection (pools_run.go), or dialling
	}
	r.callService(c, req, ds)
}

// refuseFlat is layerResult for a call that layer i of ds, an edge
// canGoFlat allows, refused as enterFlat entered it: nothing inside i was
// entered and no call is in flight (nothing to abandon), so its bit is
// cleared and the result goes out as exit and finishCall take it.
func (r *Run) refuseFlat(c int32, req *request, ds *dependencyState, i int, res result) {
	req.active &^= bit(i)
	r.finishFlat(c, req, ds, i, res)
}

// resultFlat is layerResult for a result that layer i of ds produced
// itself (its timeout fired, a wait for a bulkhead slot ran out, a rate
// limiter's hold ended in a refusal, a layer refused a call the pipeline
// walked in), for a call along an edge canGoFlat allows or a child's call
// to a leaf behind a timeout alone (leafTimeout): abandonWith's steps for
// the connection (a pooled edge's), the layers inside i and the attempt in
// flight (each breaker inside records a timeout), then exit's and
// finishCall's (finishFlat).
func (r *Run) resultFlat(id int32, req *request, ds *dependencyState, i int, res result) {
	if ds.pooled {
		// A wait for a connection ends, a connection closes, before any
		// layer lets go, as abandonWith does.
		r.putConn(id, ds, false)
	}
	ds.leaveCancelled(req)
	for j := len(ds.layers) - 1; j > i; j-- {
		if req.active&bit(j) == 0 {
			continue
		}
		req.active &^= bit(j)
		switch ds.layers[j] {
		case LayerBulkhead:
			if req.waitingBH {
				req.waitingBH = false
				ds.waiting--
			}
			r.releaseBulkhead(req, ds)
		case LayerTimeout:
			req.timeoutTok++
			ds.maxInside = max(ds.maxInside, r.now-req.timeoutAt+ds.timeout) // fork_timeouts.go
		case LayerBreaker:
			r.record(req, ds, resTimeout)
		case LayerRateLimiter: // ratelimitlayer.go
			abandonRateWait(req, ds)
		}
	}
	if req.inCall {
		req.inCall = false
		req.callTok++
		switch {
		case ds.svc >= 0:
			ds.abandoned++
			r.abandonServiceCall(id, ds)
		default: // a cancelled leaf's call has left already (leaveCancelled)
			ds.abandoned++
		}
	}
	req.active &^= bit(i)
	r.finishFlat(id, req, ds, i, res)
}

// serviceReturned is callReturned for an answer from a service, to request
// id, which waits for it (endChildOn, leafDone, refuseChild). Along an edge
// canGoFlat allows, it gives the connection back (a pooled edge's) and
// does exit's and finishCall's steps itself, in their order (finishFlat),
// as callReturned would. Any other edge goes to callReturned.
func (r *Run) serviceReturned(id int32, res result) {
	req := &r.requests[id]
	ds := &r.dependencies[req.dep]
	if !ds.svcFlat {
		r.callReturned(id, res)
		return
	}
	req.inCall = false
	if ds.pooled {
		r.putConn(id, ds, true) // the connection goes back idle
	}
	r.finishFlat(id, req, ds, len(ds.layers), res)
}

// finishFlat is exit's and finishCall's steps for request id's call
// along an edge canGoFlat allows, once layer i (len(ds.layers): the
// answer) has let result res out: exit's walk through layers i-1 out to
// 0, none of them a retry, each acting as it does in exit (a rate
// limiter's has nothing to do on the way out), then the call counted and
// the outcome to id's own caller (childAnswered) or client.
func (r *Run) finishFlat(id int32, req *request, ds *dependencyState, i int, res result) {
	for j := i - 1; j >= 0; j-- {
		switch ds.layers[j] {
		case LayerBulkhead:
			r.releaseBulkhead(req, ds)
		case LayerTimeout:
			req.timeoutTok++
			ds.maxInside = max(ds.maxInside, r.now-req.timeoutAt+ds.timeout) // fork_timeouts.go
		case LayerBreaker:
			r.record(req, ds, res)
		}
		req.active &^= bit(j)
	}
	req.deadlineOn = false
	o := OK
	if res == resOK {
		ds.succeeded++
	} else {
		o = r.outcomeOf(ds, res)
	}
	ds.answered++
	if o == Failed || o == Rejected {
		ds.failedCalls++
	}
	if req.inst != 0 {
		r.childAnswered(id, o)
		return
	}
	if t := r.tasks; t != nil && (t.free[0] > r.now || t.pauses) && r.answerWhenFree(id, o) {
		return // answerLater's steps (tasks_run.go), not inlined here as a call: the answer waits for the loop
	}
	if r.frontShed != nil {
		r.answerClient(id, o)
		r.finishServer(id) // it tells the shedder
		return
	}
	// answerClient and finishServer, as returnFast (fastpath.go) does them:
	// the edge has no retry budget to settle.
	es := r.epAt[uint8(req.ep)] // Run.epAt: no bounds check
	if !req.clientDone {
		r.answerFast(req, es, o)
	}
	if r.accept.n > 0 {
		r.releaseWorker(id, req, es)
		return
	}
	r.freeFast(id, req, es)
}
