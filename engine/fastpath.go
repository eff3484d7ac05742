package engine

import (
	"math"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

// The fast path. Most calls in most scenarios go to a dependency guarded by
// a timeout alone, or by nothing, and answer in time. For them the layered
// pipeline (pipeline.go) only marks and unmarks its timeout layer: no timer
// is armed, nothing can happen to the call but its answer. Such a call skips
// the layers: it is sent, and its answer is turned into the client's
// outcome, directly. Whatever the pipeline would have counted, the fast path
// counts too, in the same order and with the same events (and so the same
// sequence numbers): the results are bit for bit those of the pipeline.
// A call the fast path cannot finish this way (one that will not answer
// within the timeout, because of a fault) goes through the pipeline.
// runHandler (run.go) decides, and sends the call with sendFast; an
// arrival that finds a free worker does both at once, in Run.arrive's
// own lines. handle gives the answer to returnFast, and runBefore answers the
// common case (an ok answer, the client waiting, nobody queued for the
// worker) itself: most requests of most runs go through those few lines.

// Calls through a bulkhead or a breaker (issue 28) have a fast path of
// their own, beside the first. Their layers act on every call (a slot
// taken and given back, a permit asked for and a result recorded), so
// they are walked, but flat: enterFast enters them in a loop and sends
// the call, arming the timeout's timer only for a call that may outlast
// it; only a caller that waits for a bulkhead slot is left to the
// pipeline (enter). A result a layer makes itself (a refusal, a timeout)
// goes out through resultFast, an answer through returnLayers. The
// request is left as the pipeline leaves it (its active bits, slot,
// permit and timeout), so that whatever meets the call midway (a drain,
// a fork, the client giving up, the pipeline's own code) finds what it
// would find there; callReturned and layerResult send such calls the
// short way. A tasks server's calls, and calls through a connection pool,
// take this path only (tasks_run.go, pools_run.go): it gets the attempt
// its connection, gives it back and holds the answer for the loop at the
// points where startCall, callReturned, abandonWith and finishCall do.

// canGoFast says whether a dependency's calls may take a fast path (fast),
// and whether they walk layers on it (layers): no retry, no rate limiter,
// no total deadline, no retry budget, no service to call, no bulkhead per
// tenant. A timeout alone needs no walk; a bulkhead or a breaker does.
// splitFast sorts the two once the run is set up.
func canGoFast(ds *dependencyState) (fast, layers bool) {
	for _, l := range ds.layers {
		switch l {
		case LayerTimeout:
		case LayerBulkhead, LayerBreaker:
			layers = true
		default:
			return false, false
		}
	}
	if ds.cfg.Policy.Deadline != 0 || ds.budget != nil || ds.cfg.Service != "" || ds.propagate {
		return false, false
	}
	return true, layers
}

// splitFast runs once Run.init's hooks have turned fast off where a run
// needs the pipeline's own steps (shedding that estimates the wait), or
// sent the calls through layers (a tasks server, connection pools): a
// dependency still fast whose calls walk layers takes enterFast
// (fastLayers), and fast is left to those that do not, the only ones
// Run.arrive and runBefore send and answer themselves.
func (r *Run) splitFast() {
	for i := range r.dependencies {
		ds := &r.dependencies[i]
		ds.fastLayers = ds.fastLayers && ds.fast
		ds.fast = ds.fast && !ds.fastLayers
		ds.defaultOrder = ds.fastLayers && inDefaultOrder(ds)
	}
}

// enterFast is runHandler for a dependency with fastLayers: enter,
// startCall and sendCall, flat. Each layer does what enter has it do, in
// the same order; the pipeline takes over, at the bulkhead and before it
// has done anything, a caller that waits for a slot. Layers in
// DefaultOrder's order (ds.defaultOrder), as most are, are entered here in
// enterLayers' steps written out, layer by layer (the loop and its switch
// cost more than the steps); any other order goes through enterLayers.
// The property tests (fastpath_test.go) run both against the pipeline.
func (r *Run) enterFast(id int32, req *request, ds *dependencyState) {
	if !ds.defaultOrder {
		if !r.enterLayers(id, req, ds) {
			return
		}
	} else {
		p := &ds.cfg.Policy
		if i := ds.breakerAt; i >= 0 {
			if ds.breaker.Refused(r.now) {
				// What Allow would say, without its call: most calls
				// to a dependency that is down end here, and take
				// refuseFast's steps written out, sparing its call.
				ds.shortCircuited++
				r.exitFast(req, ds, i, resBreakerOpen)
				r.finishFast(id, req, ds, r.outcomeOf(ds, resBreakerOpen))
				return
			}
			permit, err := ds.breaker.Allow(r.now)
			if err != nil {
				ds.shortCircuited++
				r.refuseFast(id, req, ds, i, resBreakerOpen)
				return
			}
			req.active |= bit(i)
			req.permit, req.permitted = permit, true
		}
		if i := ds.timeoutAt; i >= 0 {
			req.active |= bit(i)
			req.timeoutTok++
			req.timeoutAt = r.now + p.Timeout
			req.timeoutArmed = false
			req.timeoutCut = false
		}
		if i := ds.bulkheadAt; i >= 0 {
			switch {
			case ds.tenantBH != nil:
				req.active |= 1 << i
				if !r.takeTenantSlot(req, ds) { // tenants.go
					r.refuseFast(id, req, ds, i, resBulkheadFull)
					return
				}
			case ds.bulkhead >= p.Bulkhead:
				if (p.BulkheadKind == SemaphoreBulkhead && p.BulkheadWait > 0) || (p.BulkheadKind == ThreadPoolBulkhead && ds.waiting < p.BulkheadQueue) {
					r.parkAtBulkhead(id, req, ds, i) // waiters.go: as enter parks it
					return
				}
				ds.bulkheadBound = true // fork.go
				ds.bulkheadFull++
				r.refuseFast(id, req, ds, i, resBulkheadFull)
				return
			default:
				req.active |= bit(i)
				ds.bulkhead++
				ds.maxBulkhead = max(ds.maxBulkhead, ds.bulkhead) // fork.go
				req.inBH = true
			}
		}
	}
	if r.pools != nil && !r.connReady(id, req) {
		return // pools_run.go: parked for a connection, as startCall parks it
	}
	// sendCall for a first attempt (callTok is 0: no retry layer), and
	// armTimeout: the timer is armed only for a call that may outlast
	// the timeout (one never answers, or answers at or after it).
	after, answers, isErr := req.latency, true, false
	if r.now >= ds.faultUntil || ds.fault != nil {
		after, answers, isErr = r.response(ds, req.latency, req.errDraw)
	}
	ds.calls++
	ds.fastSent++
	ds.inFlight++
	ds.noteInFlight(r.now)
	req.inCall = true
	req.callTok++
	if !answers {
		ds.maxAfter = noArrival // fork.go
	} else {
		ds.maxAfter = max(ds.maxAfter, after)
	}
	if ds.timeoutAt >= 0 && (!answers || after >= ds.timeout) {
		req.timeoutArmed = true
		ds.armed = true // fork.go
		// timers.go; timeoutAt is later than now (armTimeout's max).
		r.setTimeout(ds, req.dep, req.timeoutAt, id, req.gen, req.timeoutTok)
	}
	if answers {
		r.scheduleAnswer(id, req, r.now+after, isErr)
	}
}

// enterLayers is enterFast's walk into the layers, in any order: false
// when a layer refused the call or parked it (nothing more to do).
func (r *Run) enterLayers(id int32, req *request, ds *dependencyState) bool {
	p := &ds.cfg.Policy
	for i, l := range ds.layers {
		switch l {
		case LayerBreaker:
			permit, err := ds.breaker.Allow(r.now)
			if err != nil {
				ds.shortCircuited++
				r.refuseFast(id, req, ds, i, resBreakerOpen)
				return false
			}
			req.active |= bit(i)
			req.permit, req.permitted = permit, true
		case LayerTimeout:
			req.active |= bit(i)
			req.timeoutTok++
			req.timeoutAt = r.now + p.Timeout
			req.timeoutArmed = false
			req.timeoutCut = false
		case LayerBulkhead:
			if ds.tenantBH != nil {
				req.active |= 1 << i
				if !r.takeTenantSlot(req, ds) { // tenants.go
					r.refuseFast(id, req, ds, i, resBulkheadFull)
					return false
				}
				continue
			}
			if ds.bulkhead >= p.Bulkhead {
				if (p.BulkheadKind == SemaphoreBulkhead && p.BulkheadWait > 0) || (p.BulkheadKind == ThreadPoolBulkhead && ds.waiting < p.BulkheadQueue) {
					r.parkAtBulkhead(id, req, ds, i) // waiters.go: as enter parks it
					return false
				}
				ds.bulkheadBound = true // fork.go
				ds.bulkheadFull++
				r.refuseFast(id, req, ds, i, resBulkheadFull)
				return false
			}
			req.active |= bit(i)
			ds.bulkhead++
			ds.maxBulkhead = max(ds.maxBulkhead, ds.bulkhead) // fork.go
			req.inBH = true
		}
	}
	return true
}

// bit is layer i's bit in request.active; i < 8 (at most five layers),
// which the mask tells the compiler.
func bit(i int) uint8 { return 1 << (uint(i) & 7) }

// refuseFast is resultFast for a call layer i refused as enterFast
// entered it (its bit was never set, nothing inside it was entered, no
// call is in flight): the refusal goes out through the layers outside
// i, then to the client (an open breaker's to its fallback, if any).
func (r *Run) refuseFast(id int32, req *request, ds *dependencyState, i int, res result) {
	r.exitFast(req, ds, i, res)
	o := Rejected
	if res != resBulkheadFull {
		o = r.outcomeOf(ds, res)
	}
	r.finishFast(id, req, ds, o)
}

// refuseAtEntry is what becomes of an arrival of a lean endpoint with a
// worker free and nobody queued for one (runBefore's arriveMany lines,
// arriveDrawn, arriveOthers) whose call a layer refuses as it enters,
// with no layer outside it but a timeout: the request taken and set up,
// its patience timer set, the worker taken, then the refusal (enterFast's: refuseFast,
// finishFast, answerFast, freeFast; or enterFlat's: refuseFlat,
// finishFlat), with only what outlasts the request kept. The refusing
// layer, by its result by: the breaker, outermost and open
// (resBreakerOpen; Breaker.Refused: Allow would refuse and change
// nothing); a full bulkhead that makes no caller wait (resBulkheadFull;
// refusesFull) behind no breaker; or a rate limiter, outermost, that has
// refused the call at once (resRateLimited; the caller has asked it, as
// takeRate asks, and counted it). The request slot and the worker go
// back where they were taken from; the slot's generation stays as it
// was, which no pending event holds (its last occupant's events hold an
// older one). The patience timer keeps its sequence number but is not
// kept: joining others (the lines' condition), it would never be an
// event, only a stale timer dropped unread, its client answered
// (timers.go). The answer's latency is 0. A dependency that is down has
// most of a sweep's cells' calls to it refused so (api-gateway's search,
// some 40 % of its arrivals), and so has a partner over its rate
// (rate-limit-vs-bulkhead's limiter). TestBatchArrivalsChangeNothing and
// TestEntryRefusalsChangeNothing run it against arrive, and
// TestRefusedArrivalsTakeTheShortWay and
// TestRateLimitedArrivalsTakeTheShortWay check that it is taken.
func (r *Run) refuseAtEntry(es *endpointState, ds *dependencyState, now time.Duration, by result) {
	r.maxBusy = max(r.maxBusy, r.busy+1) // fork.go: the worker it held
	if !es.plain {
		r.seq++ // its patience timer's
	}
	o := Rejected
	if by == resBreakerOpen {
		ds.shortCircuited++
		if ds.cfg.Policy.Fallback != NoFallback {
			o = r.outcomeOf(ds, resBreakerOpen) // Rejected, with no fallback
		}
	} else if by == resBulkheadFull {
		// enterFast's refusal at the bulkhead, then exitFast's walk
		// out through a timeout entered before it (its timeoutAt was
		// now plus the timeout).
		if i := ds.timeoutAt; i >= 0 && i < ds.bulkheadAt {
			ds.maxInside = max(ds.maxInside, now-(now+ds.cfg.Policy.Timeout)+ds.timeout) // fork_timeouts.go
		}
		ds.bulkheadBound = true // fork.go
		ds.bulkheadFull++
	}
	ds.made++     // a call begun and refused in one step, without a request
	ds.answered++ // finishFast's counts
	if o == Failed || o == Rejected {
		ds.failedCalls++
	}
	es.total[o]++ // answerFast's, for a latency of 0
	es.bucket.Outcomes[o]++
	es.latencies = append(es.latencies, 0)
	if now >= r.measureFrom && now < r.measureTo {
		es.window[o]++
		es.latency.RecordMicros(0, 0)
	}
}

// refuseLimited is refuseAtEntry for a rate limiter's refusal (by
// resRateLimited), the only one arriveOthers makes, with its outcome known
// (Rejected: no breaker's fallback applies) and the arrival's window judged
// by the caller (inWindow: now within the measure), so that none of
// refuseAtEntry's tests of by and o is made again: rate-limit-vs-bulkhead's
// partner in its burst has most of its calls refused so. It counts the
// refusal at the limiter too (ds.rateLimited, takeRate's count).
// TestRefuseLimitedIsRefuseAtEntry holds it to refuseAtEntry.
func (r *Run) refuseLimited(es *endpointState, ds *dependencyState, inWindow bool) {
	r.maxBusy = max(r.maxBusy, r.busy+1) // fork.go: the worker it held
	if !es.plain {
		r.seq++ // its patience timer's
	}
	ds.rateLimited++
	ds.made++
	ds.answered++
	ds.failedCalls++
	es.total[Rejected]++
	es.bucket.Outcomes[Rejected]++
	es.latencies = append(es.latencies, 0)
	if inWindow {
		es.window[Rejected]++
		es.latency.RecordZero() // RecordMicros(0, 0)
	}
}

// refusesFull says whether ds's bulkhead, full (the caller has checked
// that it holds its cap), refuses a call that comes to it now, as
// enterFast and enterLayers refuse it: no caller waits for a slot, and
// the slots are not per tenant.
func (ds *dependencyState) refusesFull() bool {
	p := &ds.cfg.Policy
	if ds.tenantBH != nil || (p.BulkheadKind == SemaphoreBulkhead && p.BulkheadWait > 0) || (p.BulkheadKind == ThreadPoolBulkhead && ds.waiting < p.BulkheadQueue) {
		return false
	}
	return true
}

// resultFast is layerResult for a front call of a fastLayers dependency:
// a result layer i produced itself (its timeout fired, it refused the
// call as it entered, the wait for a bulkhead slot ran out) tears down the
// layers inside it and the attempt in flight, as abandonWith does (each
// breaker inside records a timeout), then goes out as exit and
// finishCall take it.
func (r *Run) resultFast(id int32, req *request, ds *dependencyState, i int, res result) {
	if r.pools != nil && r.holdsConn(id) {
		// pools_run.go: as abandonWith does, the connection first. Inlined,
		// the test spares the call the calls refused at a semaphore, which
		// hold nothing.
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
		}
	}
	if req.inCall { // not cancelled (leaveCancelled): the dependency works on
		req.inCall = false
		req.callTok++
		ds.abandoned++
	}
	r.exitFast(req, ds, i, res) // it clears i's bit with the rest
	o := Failed
	if res != resTimeout {
		o = r.outcomeOf(ds, res)
	}
	r.finishFast(id, req, ds, o)
}

// finishFast is finishCall's steps for a call of a fastLayers dependency
// that a layer ended (refuseFast, resultFast): the call counted, the
// client given outcome o unless it has left, the worker freed. A
// refusal's outcome is never Failed, so one rule counts both.
func (r *Run) finishFast(id int32, req *request, ds *dependencyState, o Outcome) {
	ds.answered++
	if o == Failed || o == Rejected {
		ds.failedCalls++
	}
	if t := r.tasks; t != nil && (t.free[0] > r.now || t.pauses) && r.answerWhenFree(id, o) {
		return // answerLater, written out (its call, not inlined here, was 23 instructions in go-server's hang)
	}
	es := r.epAt[uint8(req.ep)]
	if !req.clientDone {
		r.answerFast(req, es, o)
	}
	if r.accept.n > 0 {
		r.releaseWorker(id, req, es)
		return
	}
	r.freeFast(id, req, es)
}

// exitFast is exit's walk for a call of a fastLayers dependency, through
// layers i-1 down to 0, none of them a retry: each acts as it does in
// exit. The request's active bits are cleared at the end, all at once,
// since nothing a layer does on the way out reads them. It is small
// enough to inline, so that a call the outermost layer ends (an open
// breaker's refusal, most calls while a dependency is down) pays for no
// walk at all.
func (r *Run) exitFast(req *request, ds *dependencyState, i int, res result) {
	if i > 0 {
		r.exitLayers(req, ds, i, res)
	}
	req.active = 0
}

// exitLayers is exitFast's walk, for i > 0.
func (r *Run) exitLayers(req *request, ds *dependencyState, i int, res result) {
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
	}
}

// returnLayers is callReturned for a call of a fastLayers dependency made
// by the front service, sent by enterFast or by the pipeline (the two
// leave the same state): exit and finishCall, the short way. Layers in
// DefaultOrder's order (ds.defaultOrder), as most are, are left here in
// exitLayers' steps written out, innermost first (the loop and its switch
// cost more than the steps), with releaseBulkhead's and record's common
// cases (nobody waits for the slot; a success) in their own lines: their
// calls were a fifth of an answer's instructions in api-gateway's sweep.
// The property tests (fastpath_test.go) run it against the pipeline's
// exit.
func (r *Run) returnLayers(id int32, req *request, ds *dependencyState, res result) {
	req.inCall = false
	if r.pools != nil {
		r.putConn(id, ds, true) // pools_run.go: as callReturned does
	}
	if !ds.defaultOrder {
		r.exitFast(req, ds, len(ds.layers), res)
		r.returnFast(id, req, ds, res != resOK)
		return
	}
	if ds.bulkheadAt >= 0 {
		if ds.tenantBH == nil && ds.waiters.n == 0 {
			// releaseBulkhead, with nobody to hand the slot to.
			if req.inBH {
				req.inBH = false
				ds.bulkhead--
			}
		} else {
			r.releaseBulkhead(req, ds)
		}
	}
	if ds.timeoutAt >= 0 {
		req.timeoutTok++
		ds.maxInside = max(ds.maxInside, r.now-req.timeoutAt+ds.timeout) // fork_timeouts.go
	}
	if ds.breakerAt >= 0 {
		if res == resOK && req.permitted {
			req.permitted = false // record's steps for a success
			ds.breaker.Record(r.now, req.permit, breaker.Success)
		} else {
			r.record(req, ds, res)
		}
	}
	req.active = 0 // as exitFast clears it
	r.returnFast(id, req, ds, res != resOK)
}

// inDefaultOrder says whether a fastLayers dependency's layers stand in
// DefaultOrder's order: the breaker, then the timeout, then the bulkhead,
// whichever of them it has (an absent one sits at -1). splitFast notes it
// in ds.defaultOrder, which costs less to read than this to work out.
func inDefaultOrder(ds *dependencyState) bool {
	br, to, bh := ds.breakerAt, ds.timeoutAt, ds.bulkheadAt
	return (to < 0 || to > br) && (bh < 0 || (bh > to && bh > br))
}

// sendFast sends request id's call, which runHandler has found will
// answer after `after`, within the timeout: as startCall does, minus the
// timer it would not arm.
func (r *Run) sendFast(id int32, req *request, ds *dependencyState, after time.Duration, isErr bool) {
	ds.calls++
	ds.inFlight++
	ds.noteInFlight(r.now)
	ds.maxAfter = max(ds.maxAfter, after) // fork.go
	req.inCall = true
	req.callTok++
	req.fast = true
	r.scheduleAnswer(id, req, r.now+after, isErr)
}

// answersSurely says whether the call that a plain endpoint's arrival
// makes to ds, answering after `after` (answers: at all), is sure to meet
// nothing before its answer. Such a call writes no request slot: it takes
// a slot's number (so that every slot goes to the request it went to
// before), and its answer's event (evPlainDone) carries what the answer
// reads, which spares the slot's zeroing and filling, and the answer's
// checks of the slot's generation, token and state (some 45 instructions
// a request in the cascade). Each part rules out what could meet it (the
// first two, settled as the run is set up, are es.sure: plainAndFast):
//   - es.plain: lean (no tasks server, whose loop would hold the answer;
//     no tenant, whose counts the answer would read) and no patience,
//     so no client gives up on it and no timer names its slot;
//   - ds.fast: no layer but a timeout, so no breaker, bulkhead, retry,
//     rate limiter, deadline, retry budget or service refuses, holds,
//     repeats or ends the call midway, nor reads its slot to record it;
//   - answers, and after within the timeout (ds.answerBy): the
//     dependency's fault was read as the call was sent (response), and
//     no timer is armed.
//
// What is left may still meet the call, and writes its slot first, as
// the fast path would have (materialize): the drain, which ends the calls
// in flight (demotePlain), and an answer that runBefore's lines for it do
// not take (an error, a queued request to hand the worker to, a call held
// in Run.soon), which handle takes (callSlot). A snapshot reads its
// worker from the event (owners). A fork needs
// nothing: it keeps every layer (knobsUnused) and refuses patience where
// there was none (patienceUnused), so the call stays sure in the copy; a
// new timeout is refused unless it outlasts every call so far (maxAfter);
// and what a fork's evidence reads of a slot (the layers entered) is
// nothing for such a call, as for a free slot.
// evPlainDone follows evCallDone among the kinds, so that one test (kind
// <= evPlainDone) takes both where answers are handled. Its event holds
// the slot's number in req, the worker and the endpoint in dep
// (plainWorker, plainEp) and the arrival time in gen and tok
// (plainArrived).
func answersSurely(es *endpointState, ds *dependencyState, after time.Duration, answers bool) bool {
	return es.sure && answers && after < ds.answerBy
}

// useTimeout gives ds the timeout t (0: none), and answersSurely its
// bound.
func (ds *dependencyState) useTimeout(t time.Duration) {
	ds.timeout, ds.answerBy = t, t
	if t <= 0 {
		ds.answerBy = noArrival
	}
}

// takeWorker gives a request of endpoint es, calling ds, a free worker,
// as the arrival lines do: the worker off the free stack, the busy counts
// and their peak, and the call made.
func (r *Run) takeWorker(es *endpointState, ds *dependencyState) int32 {
	r.open++
	n := len(r.freeWorkers) - 1
	w := r.freeWorkers[n]
	r.freeWorkers = r.freeWorkers[:n]
	r.busy++
	r.maxBusy = max(r.maxBusy, r.busy) // fork.go
	es.busy++
	ds.made++
	return w
}

// plainAndFast is answersSurely's part that the run's set-up settles,
// kept in endpointState.sure: es.plain, and ds.fast for its dependency.
func plainAndFast(es *endpointState, ds *dependencyState) bool {
	return es.plain && ds.fast
}

// plainCall is the answer's event of a call answersSurely: request slot
// id's number, its worker w, its endpoint ep and its arrival time (see
// plainArrived, plainWorker).
func plainCall(e *event, id, w int32, ep int, arrived time.Duration, isErr bool) {
	e.req, e.dep, e.kind, e.err = id, w|int32(ep)<<24, evPlainDone, isErr // plainWorker, plainEp
	e.gen, e.tok = uint32(arrived), uint32(uint64(arrived)>>32)
}

// plainEvent is plainCall's event, due at `at` with seq, for pushFar.
func plainEvent(at time.Duration, seq uint64, id, w int32, ep int, arrived time.Duration, isErr bool) event {
	e := event{at: at, seq: seq}
	plainCall(&e, id, w, ep, arrived, isErr)
	return e
}

// answerEvent fills e, the answer's event of the call that request id's
// arrival sends now on worker w: an evPlainDone where req is nil (the
// call answersSurely and wrote no slot), else its evCallDone.
func answerEvent(e *event, id int32, req *request, w int32, ep int, now time.Duration, isErr bool) {
	if req == nil {
		plainCall(e, id, w, ep, now, isErr)
		return
	}
	e.req, e.gen, e.tok, e.dep, e.kind, e.err = id, req.gen, req.callTok, req.dep, evCallDone, isErr
}

// farAnswer is answerEvent's event due at `at`, beyond the wheel's
// horizon (pushFar).
func (r *Run) farAnswer(id int32, req *request, w int32, ep int, at time.Duration, isErr bool) event {
	e := event{at: at, seq: r.seq}
	answerEvent(&e, id, req, w, ep, r.now, isErr)
	return e
}

// enterPlain is what the arrival lines (arriveMany, arriveDrawn) do for a
// plain endpoint's call on the plain fast path that does not answer in
// time, where answersSurely says no: its slot written whole, its worker
// taken, and the call sent into the pipeline (enter), whose timeout's
// timer it will outlast.
func (r *Run) enterPlain(id int32, es *endpointState, ds *dependencyState, ep int, now, latency time.Duration, errDraw float64) {
	req := &r.requests[id]
	gen := req.gen
	*req = request{}
	req.arrived, req.latency, req.errDraw, req.gen = now, latency, errDraw, gen
	req.ep, req.dep, req.tenant = int16(ep), int32(es.dep), noTenant
	w := r.takeWorker(es, ds)
	req.worker, req.started, req.callStart = w, true, now
	r.enter(id, 0) // canGoFast: no retry budget to begin
}

// callSlot is the request slot of e's call, which e's answer reads:
// written first where the call wrote none (materialize).
func (r *Run) callSlot(e *event) *request {
	if e.kind == evPlainDone {
		r.materialize(e)
	}
	return &r.requests[e.req]
}

// materialize writes the request slot of e's call (evPlainDone) as the
// fast path's send leaves it, and makes e the evCallDone it stands for,
// whose answer reads and checks the slot. The slot's latency and error
// draw stay 0: a call sent is never sent again without a retry layer,
// the only reader of the two after its first attempt.
func (r *Run) materialize(e *event) {
	req := &r.requests[e.req]
	ep, w := e.plainEp(), e.plainWorker()
	es := r.epAt[uint8(ep)]
	arrived, gen := e.plainArrived(), req.gen
	*req = request{}
	req.arrived, req.gen, req.callStart = arrived, gen, arrived
	req.ep, req.dep, req.tenant, req.worker = int16(ep), int32(es.dep), noTenant, w
	req.started, req.inCall, req.callTok, req.fast = true, true, 1, true
	e.kind, e.gen, e.tok, e.dep = evCallDone, gen, 1, int32(es.dep)
}

// demotePlain materializes every pending evPlainDone, before the drain,
// which walks the slots of the calls in flight.
func (r *Run) demotePlain() {
	if !r.anySure {
		return
	}
	r.queue.each(func(e *event) {
		if e.kind == evPlainDone {
			r.materialize(e)
		}
	})
}

// scheduleAnswer schedules request id's call's answer at `at`, as schedule
// would, with the event written in place (eventQueue.place).
func (r *Run) scheduleAnswer(id int32, req *request, at time.Duration, isErr bool) {
	r.seq++
	if c := r.queue.place(at, r.seq); c != nil {
		c.req, c.gen, c.tok, c.dep, c.kind, c.err = id, req.gen, req.callTok, req.dep, evCallDone, isErr
		return
	}
	r.queue.pushFar(event{at: at, seq: r.seq, kind: evCallDone, req: id, gen: req.gen, tok: req.callTok, dep: req.dep, err: isErr})
}

// returnFast is a fast call's answer: what callReturned, exit, finishCall,
// answerClient and finishServer do with it when no layer acts and there is
// no retry budget to settle. runBefore (run.go) takes its common case
// itself, with the same steps (answerFast, freeFast).
func (r *Run) returnFast(id int32, req *request, ds *dependencyState, isErr bool) {
	req.inCall = false
	o := Failed
	ds.answered++
	if !isErr {
		o = OK
		ds.succeeded++
	} else {
		ds.failedCalls++
	}
	if r.tasks != nil && r.answerLater(id, o) {
		return // tasks_run.go: as finishCall, the answer waits for the loop
	}
	es := r.epAt[uint8(req.ep)]
	if !req.clientDone { // the client may have given up already
		r.answerFast(req, es, o)
	}
	if r.accept.n > 0 {
		r.releaseWorker(id, req, es)
		return
	}
	r.freeFast(id, req, es)
}

// answerFast gives the client waiting on req outcome o and counts it:
// answerClient and countWindow, written out.
func (r *Run) answerFast(req *request, es *endpointState, o Outcome) {
	req.clientDone = true
	es.total[o]++
	es.bucket.Outcomes[o]++
	arrived, now := req.arrived, r.now
	// The answer's latency is never negative (now has passed arrived): its
	// microseconds, worked out once, serve micros and the histogram.
	d := now - arrived
	us := time.Duration(uint64(d) / uint64(time.Microsecond))
	// micros(d), whose division is us's, done once; its clamp at 0 does
	// nothing here, and the one above is a min.
	es.latencies = append(es.latencies, uint32(min(us, math.MaxUint32)))
	if arrived >= r.measureFrom && arrived < r.measureTo {
		es.window[o]++
		es.latency.RecordMicros(d, us)
	}
	if req.tenant >= 0 {
		r.tenantAnswered(req.tenant, arrived, o) // tenants.go
	}
}

// freeFast frees req's worker and slot: releaseWorker and freeRequest
// for their common case, nobody queued for the worker.
func (r *Run) freeFast(id int32, req *request, es *endpointState) {
	w := req.worker
	r.busy--
	es.busy--
	req.gen++
	req.ep = -1
	r.open--
	r.freeRequests = append(r.freeRequests, id)
	r.freeWorkers = append(r.freeWorkers, w)
}
