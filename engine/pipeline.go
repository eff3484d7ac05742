package engine

import (
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/retry"
)

// A call to a dependency passes through the policy's layers from the outside
// in (enter) and its result comes back from the inside out (exit), each
// layer acting on the way: the bulkhead gives its slot back, the breaker
// records, the retry layer may send the call in again. A layer that produces
// a result itself (a timeout firing, a breaker refusing, a full bulkhead)
// first tears down everything inside it (abandonInside).

// result is what comes out of a layer.
type result uint8

const (
	resOK result = iota
	resError
	resTimeout
	resBulkheadFull
	resBreakerOpen
	// resCancelled: the caller's cancellation reached the call; the breaker
	// ignores it (it says nothing of the dependency's health).
	resCancelled
	// resRateLimited: the rate limiter refused the call (ratelimitlayer.go).
	resRateLimited
)

func (r *Run) enter(id int32, i int) {
	req := &r.requests[id]
	ds := r.dep(req)
	p := &ds.cfg.Policy
	// A loop, not a call per layer: each layer that lets the call through
	// goes on to the next (nothing in here grows the request slab, so req
	// stays put); one that ends or parks it returns.
	for ; i < len(ds.layers); i++ {
		req.active |= 1 << i
		switch ds.layers[i] {
		case LayerRetry:
			req.attempt = 1
			req.retryCost = 0
		case LayerBreaker:
			permit, err := ds.breaker.Allow(r.now)
			if err != nil {
				ds.shortCircuited++
				r.layerResult(id, i, resBreakerOpen)
				return
			}
			req.permit, req.permitted = permit, true
		case LayerTimeout:
			// The timer is armed only when something inside may outlast it
			// (armTimeout): most calls answer in time, and an event never
			// scheduled costs nothing.
			req.timeoutTok++
			req.timeoutAt = r.now + p.Timeout
			req.timeoutArmed = false
			req.timeoutCut = false
			if ds.propagate {
				r.propagatedTimeout(id, req, ds)
			}
		case LayerBulkhead:
			if ds.tenantBH != nil {
				r.enterTenantBulkhead(id, i) // tenants.go: it enters what is inside
				return
			}
			if ds.bulkhead < p.Bulkhead {
				ds.bulkhead++
				ds.maxBulkhead = max(ds.maxBulkhead, ds.bulkhead) // fork.go
				req.inBH = true
				continue
			}
			if p.BulkheadKind == SemaphoreBulkhead && p.BulkheadWait > 0 || (p.BulkheadKind == ThreadPoolBulkhead && ds.waiting < p.BulkheadQueue) {
				r.parkAtBulkhead(id, req, ds, i) // waiters.go
				return
			}
			ds.bulkheadBound = true // fork.go
			ds.bulkheadFull++
			r.layerResult(id, i, resBulkheadFull)
			return
		case LayerRateLimiter: // ratelimitlayer.go
			switch r.takeRate(id, req, ds) {
			case rateRefusal:
				r.layerResult(id, i, resRateLimited)
				return
			case rateParked:
				return
			}
		}
	}
	r.startCall(id)
}

// armTimeout schedules the timeout layer's timer if that layer is active
// and what the request now waits for ends at or after it (or at an unknown
// time). Ties go to the timeout: a call must answer strictly within it.
// Its callers hold the request's slot and its edge (req is
// &r.requests[id], ds r.dep(req)) and pass them: looked up here again,
// they were some ten instructions on each of the millions of calls that
// arm a leaf's timeout or wait for a dial. (Two lines of this comment
// stand where those lookups stood, so that its lines keep their places:
// the shipped profile names calls by their line in the function.)
func (r *Run) armTimeout(id int32, req *request, ds *dependencyState, until time.Duration, known bool) {
	// req, ds: the caller's, as they were looked up here (r.dep(req)
	// once, where a store through req may change r.dependencies).
	if at := ds.timeoutAt; at < 0 || req.active&(1<<at) == 0 || req.timeoutArmed {
		return
	}
	if int(id) < len(r.deferred) && r.deferred[id].seq != 0 && r.deferredFor(id, req) {
		// Deferred at a bulkhead wait, which has ended: armed now, as if
		// it had been then (waiters.go), needed or not, as it was.
		r.armDeferred(id, req, ds)
		return
	}
	if known && until < req.timeoutAt {
		return
	}
	req.timeoutArmed = true
	ds.armed = true // fork.go
	// A timeout that fell due while a hung instance held the request
	// (a retry's backoff ended in the hang, and the retry runs when the
	// hang ends: hold) fires now, late, as a hung process's timers do.
	r.setTimeout(ds, req.dep, max(req.timeoutAt, r.now), id, req.gen, req.timeoutTok) // timers.go
}

func stamp(gen, tok uint32) uint64 { return uint64(gen)<<32 | uint64(tok) }

// startCall sends one attempt to the dependency.
func (r *Run) startCall(id int32) {
	req := &r.requests[id]
	ds := r.dep(req)
	if ds.propagate && r.deadlinePassed(id, ds) {
		// Not sent: what is left of the deadline is not worth a call.
		ds.deadlineExceeded++
		r.exit(id, len(ds.layers), resTimeout)
		return
	}
	if r.pools != nil && !r.connReady(id, req) {
		return // pools_run.go: parked for a connection, or refused
	}
	r.sendCall(id, req, ds)
}

// sendCall sends request id's attempt, which has what it needs.
func (r *Run) sendCall(id int32, req *request, ds *dependencyState) {
	if ds.svc >= 0 {
		r.callService(id, req, ds)
		return
	}
	latency, errDraw := req.latency, req.errDraw
	if req.callTok > 0 {
		// A retry meets the dependency afresh.
		latency, errDraw = ds.sample(ds.rng), ds.rng.float64()
	}
	ds.calls++
	ds.inFlight++
	ds.noteInFlight(r.now)
	req.inCall = true
	req.callTok++
	after, answers, isErr := r.response(ds, latency, errDraw)
	if answers {
		ds.maxAfter = max(ds.maxAfter, after) // fork.go
	} else {
		ds.maxAfter = noArrival
	}
	r.armTimeout(id, req, ds, r.now+after, answers)
	if answers {
		r.schedule(event{at: r.now + after, kind: evCallDone, req: id, gen: req.gen, tok: req.callTok,
			dep: req.dep, err: isErr})
	}
}

// response decides how long the dependency takes to answer a call starting
// now, whether it answers at all, and whether the answer is an error.
func (r *Run) response(ds *dependencyState, latency time.Duration, errDraw float64) (after time.Duration, answers, isErr bool) {
	if f := ds.faultAt(r.now); f != nil {
		switch f.Kind {
		case Hang, Unreachable:
			if f.To == 0 {
				return 0, false, false
			}
			return f.To - r.now + latency, true, false
		case Slow:
			return f.Latency, true, false
		case Error:
			if errDraw < f.Probability {
				return 0, true, true
			}
		}
	}
	return latency, true, false
}

func (r *Run) callReturned(id int32, res result) {
	req := &r.requests[id]
	ds := r.dep(req)
	if ds.fastLayers && req.inst == 0 {
		// An answer (ok or an error: a leaf's; fastLayers calls no
		// service) to the front service, through a bulkhead or a breaker.
		r.returnLayers(id, req, ds, res) // fastpath.go
		return
	}
	req.inCall = false
	if r.pools != nil {
		r.putConn(id, ds, true) // pools_run.go: the connection goes back idle
	}
	r.exit(id, len(ds.layers), res)
}

// layerResult is a result produced by layer i itself (i = -1: the call's
// total deadline): what is inside it is abandoned, and the result goes out.
func (r *Run) layerResult(id int32, i int, res result) {
	if req := &r.requests[id]; i >= 0 && req.dep >= 0 {
		ds := r.dep(req)
		if req.inst == 0 && ds.fastLayers {
			r.resultFast(id, req, ds, i, res) // fastpath.go
			return
		}
		if ds.svcFlat || (req.inst != 0 && r.insts[req.inst].leafTimeout) {
			r.resultFlat(id, req, ds, i, res) // services_fast.go
			return
		}
	}
	// A call refused as it enters layer i (a full bulkhead, an open
	// breaker) has nothing inside to abandon, and abandonWith would only
	// look: no layer inside active, no call in flight, no connection.
	// With connection pools, there may also be a connection to give back
	// or a wait for one to end (holdsConn); a refusal has neither.
	if req := &r.requests[id]; req.active>>(i+1) != 0 || req.inCall || (r.pools != nil && r.holdsConn(id)) {
		r.abandonInside(id, i)
	}
	if i >= 0 {
		r.requests[id].active &^= 1 << i
	}
	r.exit(id, i, res)
}

// abandonInside tears down the layers inside layer i and the attempt in
// flight. The dependency keeps working on an abandoned call, unless the
// edge propagates cancellation (abandonWith).
func (r *Run) abandonInside(id int32, i int) {
	r.abandonWith(id, i, resTimeout)
}

// abandonWith is abandonInside, telling the breaker inside the result res
// (a timeout, or a cancellation it ignores). A call whose edge propagates
// cancellation is cancelled at the callee: a service's child stops
// (abandonServiceCall), a leaf dependency stops working on it at once.
func (r *Run) abandonWith(id int32, i int, res result) {
	req := &r.requests[id]
	if req.dep < 0 {
		return // a tasks server's handler waiting for its loop: it calls nothing
	}
	ds := r.dep(req)
	if r.pools != nil {
		// pools_run.go: a wait ends, a connection closes, before any layer
		// lets go: Go's Transport closes the connection as the context
		// ends, and only after client.Do returns does the handler free its
		// permit. Released first, the permit's next holder would take a
		// connection while this one still counted.
		r.putConn(id, ds, false)
	}
	ds.leaveCancelled(req)
	for j := len(ds.layers) - 1; j > i; j-- {
		if req.active&(1<<j) == 0 {
			continue
		}
		req.active &^= 1 << j
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
			r.record(req, ds, res)
		case LayerRetry:
			req.retryTok++
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
		default: // a cancelled call has left already (leaveCancelled)
			ds.abandoned++ // the dependency goes on working on it
		}
	}
}

// leaveCancelled takes req's call out of ds when its caller's giving up
// reaches the dependency (Policy.Cancel), which stops working on it now:
// its answer, still scheduled, finds the call gone (handle) and counts
// nothing. It runs before any layer lets go, as the connection's close
// does (abandonWith): the permit the call held goes to its next holder,
// who sends at once on an idle connection, and the cancelled call counted
// in flight till then made one more than the permits (go-server's
// contained design with its dials running on, 61 against 60). A
// service's call ends through abandonServiceCall, after the layers.
func (ds *dependencyState) leaveCancelled(req *request) {
	if req.inCall && ds.cancel && ds.svc < 0 {
		req.inCall = false
		req.callTok++
		ds.inFlight--
		ds.cancelled++
	}
}

// exit carries a result out through the layers outside layer i.
func (r *Run) exit(id int32, i int, res result) {
	req := &r.requests[id]
	ds := r.dep(req)
	for j := i - 1; j >= 0; j-- {
		switch ds.layers[j] {
		case LayerBulkhead:
			r.releaseBulkhead(req, ds)
		case LayerTimeout:
			req.timeoutTok++
			ds.maxInside = max(ds.maxInside, r.now-req.timeoutAt+ds.timeout) // fork_timeouts.go
		case LayerBreaker:
			r.record(req, ds, res)
		case LayerRetry:
			if r.retryLater(id, req, ds, res) {
				return
			}
			req.retryTok++
		}
		req.active &^= 1 << j
	}
	if res == resOK {
		ds.succeeded++
		if ds.budget != nil {
			// A successful retry gets its cost back; a first try earns a
			// little (the AWS quota, engine/retry.TokenBucket).
			ds.budget.OnSuccess(req.attempt > 1, int(req.retryCost))
		}
	}
	r.finishCall(id, res)
}

func (r *Run) record(req *request, ds *dependencyState, res result) {
	if !req.permitted {
		return
	}
	req.permitted = false
	br := breaker.Failure
	switch res {
	case resOK:
		br = breaker.Success
	case resCancelled:
		// The caller's giving up says nothing about the dependency's health.
		br = breaker.Ignored
	case resBulkheadFull:
		// Nor do the caller's own limits, but the libraries record them
		// unless told not to: the breaker's RecordsRefusals says which.
		br = ds.breaker.RefusalResult(breaker.BulkheadRefusals)
	case resRateLimited:
		br = ds.breaker.RefusalResult(breaker.RateLimiterRefusals)
	}
	ds.breaker.Record(r.now, req.permit, br)
}

func (r *Run) releaseBulkhead(req *request, ds *dependencyState) {
	if ds.tenantBH != nil {
		releaseTenantSlot(req, ds) // tenants.go
		return
	}
	if !req.inBH {
		return
	}
	req.inBH = false
	ds.bulkhead--
	// Hand the slot to the first caller still waiting for it.
	for ds.waiters.len() > 0 {
		wid, st := ds.waiters.pop()
		w := &r.requests[wid]
		if w.ep < 0 || !w.waitingBH || stamp(w.gen, w.bhTok) != st {
			continue
		}
		r.waitTookSlot(wid, w) // waits_lane.go: w waits no more
		ds.waiting--
		ds.bulkhead++
		w.inBH = true
		r.enter(wid, ds.bulkheadAt+1)
		return
	}
}

// retryLater decides whether the retry layer sends the call in again, and
// if so schedules it.
func (r *Run) retryLater(id int32, req *request, ds *dependencyState, res result) bool {
	rp := ds.cfg.Policy.Retry
	var delay time.Duration
	switch res {
	case resOK:
		return false
	case resBreakerOpen:
		// An open breaker is not a transient fault: retrying at once only
		// hammers it. At most, wait out its open time.
		if !rp.WaitForBreaker {
			return false
		}
		delay = ds.breaker.OpenRemaining(r.now)
	case resBulkheadFull, resRateLimited:
		if !rp.RetryBulkheadFull {
			return false
		}
	}
	if req.attempt >= rp.Attempts {
		ds.attemptsJudged = MaxAttempts + 1 // fork_policies.go: they ran out
		return false
	}
	ds.attemptsJudged = max(ds.attemptsJudged, int(req.attempt))
	if res != resBreakerOpen {
		delay = rp.Backoff.Delay(req.attempt, ds.rng.float64())
	}
	if d := ds.cfg.Policy.Deadline; d > 0 && r.now+delay >= req.callStart+d {
		ds.retriesDenied++
		return false
	}
	if ds.budget != nil {
		_, concurrency := ds.budget.(*retry.Concurrency)
		if !(concurrency && req.retried) {
			cost, ok := ds.budget.TryRetry(res == resTimeout)
			if !ok {
				ds.retriesDenied++
				return false
			}
			req.retryCost = int16(cost)
			req.retried = concurrency
		}
	}
	ds.retries++
	r.armTimeout(id, req, ds, r.now+delay, true)
	req.retryTok++
	r.schedule(event{at: r.now + delay, kind: evRetry, req: id, gen: req.gen, tok: req.retryTok})
	return true
}

func (r *Run) retryNow(id int32) {
	req := &r.requests[id]
	req.attempt++
	r.enter(id, r.dep(req).retryAt+1)
}

// outcomeOf is the client's outcome for a call's result res: a breaker's
// refusal goes to the fallback, if there is one, and is counted there.
// A refusal with no fallback, the common case (api-gateway's breakers
// refuse millions of calls a sweep), is told here: small enough to be
// inlined, outcomeOf spares it a call (outcome has the rest).
func (r *Run) outcomeOf(ds *dependencyState, res result) Outcome {
	if res == resBreakerOpen && ds.cfg.Policy.Fallback == NoFallback {
		return Rejected
	}
	return r.outcome(ds, res)
}

// outcome is outcomeOf for any result.
func (r *Run) outcome(ds *dependencyState, res result) Outcome {
	switch res {
	case resOK:
		return OK
	case resBulkheadFull, resRateLimited:
		return Rejected
	case resBreakerOpen:
		fb := ds.cfg.Policy.Fallback
		if fb == NoFallback {
			return Rejected
		}
		if fb.answers() {
			ds.fellBack++
			if fb == QueueFallback {
				ds.queuedForLater++
			}
			return Fallback
		}
		if fb == FailFastFallback {
			ds.lastRetryAfter = ds.breaker.OpenRemaining(r.now)
		}
		return Rejected
	}
	return Failed
}

// finishCall turns the call's result into the client's outcome, applying
// the fallback to a breaker's refusal, and frees the worker.
func (r *Run) finishCall(id int32, res result) {
	req := &r.requests[id]
	req.deadlineOn = false
	ds := r.dep(req)
	o := OK
	if res != resOK {
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
	r.answerClient(id, o)
	r.finishServer(id)
}

// noteInFlight records a new peak of the calls in flight, and when it was
// first reached: a call has just been sent at now.
func (ds *dependencyState) noteInFlight(now time.Duration) {
	if ds.inFlight > ds.inFlightMax {
		ds.inFlightMax, ds.inFlightMaxAt = ds.inFlight, now
	}
}
