package engine

// A flat walk for a service's calls into another service through a
// timeout, a breaker or both (fleet-probes' api → provider, multi-hop's
// orders → inventory). The pipeline (pipeline.go) would take such a call
// through enter, startCall and sendCall on the way in, and through
// callReturned, exit and finishCall on the way out: general code that asks
// at each step about retries, bulkheads, rate limiters, deadlines,
// connection pools and retry budgets, none of which such an edge has.
// enterFlat and serviceReturned do the same steps, in the same order, with
// none of those questions: the request is left exactly as the pipeline
// leaves it (its active bits, permit, timeout), the same events are
// scheduled with the same sequence numbers, so a call sent one way may be
// answered the other, and whatever meets the call midway (its timeout, a
// crash, a fork) finds what it would find there and takes the pipeline's
// own code. Results are bit for bit the pipeline's; services_fast_test.go
// checks it on random systems against the pipeline alone (svcFlat off).

// canGoFlat says whether ds, an edge to a service, is walked flat: its
// layers, if any, are each a timeout or a breaker, and it has no total
// deadline, no deadline to propagate, no retry budget. (An edge with no
// layers is walked flat too: its call goes straight to callService, its
// answer to finishCall's steps.) (A connection pool is checked per call:
// the run's, not the edge's.)
func canGoFlat(ds *dependencyState) bool {
	if ds.svc < 0 || ds.deadline != 0 || ds.propagate || ds.budget != nil {
		return false
	}
	for _, l := range ds.layers {
		if l != LayerTimeout && l != LayerBreaker {
			return false
		}
	}
	return true
}

// enterFlat is enter, startCall and sendCall for request c's call along
// ds, an edge canGoFlat allows (a child's, from childCall, or the front's,
// from runHandler): each layer is entered as enter enters it, its
// bit set first, and the call goes to callService. A breaker's refusal
// goes out through layerResult, as from enter.
func (r *Run) enterFlat(c int32, req *request, ds *dependencyState) {
	for i, l := range ds.layers {
		req.active |= bit(i)
		if l == LayerBreaker {
			permit, err := ds.breaker.Allow(r.now)
			if err != nil {
				ds.shortCircuited++
				r.layerResult(c, i, resBreakerOpen)
				return
			}
			req.permit, req.permitted = permit, true
			continue
		}
		// The timeout: marked, its timer armed by callService.
		req.timeoutTok++
		req.timeoutAt = r.now + ds.cfg.Policy.Timeout
		req.timeoutArmed = false
		req.timeoutCut = false
	}
	r.callService(c, req, ds)
}

// serviceReturned is callReturned for an answer from a service, to request
// id, which waits for it (endChildOn, leafDone). Along an edge canGoFlat
// allows, with no connection pools, it does exit's and finishCall's steps
// itself, in their order: each layer from the inside out (the timeout
// stops waiting, the breaker records), the call counted, and the outcome
// to id's own caller (childAnswered) or client. Any other edge, or a run
// with pools, goes to callReturned.
func (r *Run) serviceReturned(id int32, res result) {
	req := &r.requests[id]
	ds := &r.dependencies[req.dep]
	if !ds.svcFlat || r.pools != nil {
		r.callReturned(id, res)
		return
	}
	req.inCall = false
	for j := len(ds.layers) - 1; j >= 0; j-- {
		if ds.layers[j] == LayerBreaker {
			r.record(req, ds, res)
		} else {
			req.timeoutTok++
			ds.maxInside = max(ds.maxInside, r.now-req.timeoutAt+ds.timeout) // fork_timeouts.go
		}
		req.active &^= bit(j)
	}
	// finishCall's steps.
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
	if r.tasks != nil && r.answerLater(id, o) {
		return // tasks_run.go: the answer waits for the loop
	}
	if r.frontShed != nil {
		r.answerClient(id, o)
		r.finishServer(id) // it tells the shedder
		return
	}
	// answerClient and finishServer, as returnFast (fastpath.go) does them:
	// the edge has no retry budget to settle.
	es := &r.endpoints[req.ep]
	if !req.clientDone {
		r.answerFast(req, es, o)
	}
	if r.accept.n > 0 {
		r.releaseWorker(id, req, es)
		return
	}
	r.freeFast(id, req, es)
}
