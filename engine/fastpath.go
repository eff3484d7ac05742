package engine

import "time"

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

// canGoFast says whether a dependency's calls may take the fast path: no
// layer but a timeout, no total deadline, no retry budget to keep.
func canGoFast(ds *dependencyState) bool {
	for _, l := range ds.layers {
		if l != LayerTimeout {
			return false
		}
	}
	return ds.cfg.Policy.Deadline == 0 && ds.budget == nil && ds.cfg.Service == "" && !ds.propagate
}

// sendFast sends request id's call, which runHandler has found will
// answer after `after`, within the timeout: as startCall does, minus the
// timer it would not arm.
func (r *Run) sendFast(id int32, req *request, ds *dependencyState, after time.Duration, isErr bool) {
	ds.calls++
	ds.inFlight++
	ds.inFlightMax = max(ds.inFlightMax, ds.inFlight)
	ds.maxAfter = max(ds.maxAfter, after) // fork.go
	req.inCall = true
	req.callTok++
	req.fast = true
	r.scheduleAnswer(id, req, r.now+after, isErr)
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
	es := &r.endpoints[req.ep]
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
	es.latencies = append(es.latencies, micros(now-arrived))
	if arrived >= r.measureFrom && arrived < r.measureTo {
		es.window[o]++
		es.latency.Record(now - arrived)
	}
	if req.tenant >= 0 {
		r.tenantAnswered(req.tenant, arrived, o) // tenants.go
	}
}

// freeFast frees req's worker and slot: releaseWorker and freeRequest
// for their common case, nobody queued for the worker.
func (r *Run) freeFast(id int32, req *request, es *endpointState) {
	w := req.worker
	r.workerOwner[w] = noWorker
	r.busy--
	es.busy--
	req.gen++
	req.ep = -1
	r.open--
	r.freeRequests = append(r.freeRequests, id)
	r.freeWorkers = append(r.freeWorkers, w)
}
