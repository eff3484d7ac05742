package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/hist"
	"github.com/breakerlab/breakerlab/engine/retry"
)

// SampleEvery is the time series' resolution for runs up to an hour; longer
// runs use coarser samples so a series never holds more than maxSamples.
const (
	SampleEvery = 100 * time.Millisecond
	maxSamples  = 36_000
)

// noWorker marks a request that holds no worker, and a free worker cell.
const noWorker = -1

// Run is one variant of a scenario being simulated with one seed. It is a
// self-contained value: runs share nothing mutable, so many can run at once
// on different goroutines. A Run itself is not safe for concurrent use.
type Run struct {
	scenario *Scenario
	variant  int
	sys      *System
	seed     uint64

	now      time.Duration
	end      time.Duration // Duration plus the drain limit
	queue    eventQueue
	seq      uint64
	sampleAt time.Duration // the end of the bucket being filled
	closeAt  time.Duration // when it closes (noArrival: none will)
	every    time.Duration
	// lastBucket (the scenario's duration) and the measurement window,
	// copied here for the hot path.
	lastBucket, measureFrom, measureTo time.Duration
	drained                            bool // the drain limit has passed

	endpoints    []endpointState
	dependencies []dependencyState
	// The endpoints' next arrivals are kept out of the event queue: they
	// are the most frequent events and there are only a few endpoints.
	// arrivals[i] is endpoint i's (at noArrival once its traffic ends);
	// firstArr is the one that comes first (ties go to the one scheduled
	// first), or -1 when traffic has ended, with its time and seq in arrAt
	// and arrSeq: kept up to date on every arrival, so that finding the
	// next event costs two comparisons.
	arrivals []pending
	firstArr int
	arrAt    time.Duration
	arrSeq   uint64

	requests     []request
	freeRequests []int32
	open         int // requests whose server-side work is not finished

	accept ring // admitted requests waiting for a worker

	workerOwner []int16 // endpoint index holding each worker, or noWorker
	freeWorkers []int32 // a stack of free worker indices
	busy        int

	transitions []Transition
}

type endpointState struct {
	arrivals *rand.Rand // when requests arrive
	traffic  *rand.Rand // what each request meets: latency, error draw
	rate     float64
	interval time.Duration
	patience time.Duration
	dep      int // index into dependencies, or -1
	busy     int

	arrived uint64 // whole run
	// windowArrived counts the arrivals in the measurement window, decided
	// or not, so a view can show how many of them are still undecided.
	windowArrived uint64
	gaveUp        uint64 // clients that stopped waiting
	total         Counts // whole run
	window        Counts // arrivals in the measurement window
	latency       hist.Histogram
	bucket        EndpointSample
	series        []EndpointSample
	// latencies holds every answer's latency in the order the answers
	// came, which is the order of the series' outcome counts (see
	// EndpointSnapshot.Latencies).
	latencies []uint32
}

type dependencyState struct {
	cfg    *Dependency
	layers []Layer // the configured layers, outermost first
	// where each layer sits in layers, or -1
	retryAt, breakerAt, timeoutAt, bulkheadAt int

	rng         *rand.Rand // retries' latencies and backoff jitter
	fast        bool       // its calls may take the fast path (fastpath.go)
	inFlight    int
	inFlightMax int
	abandoned   int  // calls in flight whose caller no longer waits
	bulkhead    int  // calls inside the bulkhead now
	waiters     ring // calls waiting for a bulkhead slot
	waiting     int  // live waiters (the ring may hold stale ones)
	breaker     *breaker.Breaker
	budget      retry.Budget
	logNormMu   float64
	logNormSig  float64
	series      []DependencySample

	calls          uint64 // attempts that reached the dependency
	succeeded      uint64 // calls whose result came back ok
	retries        uint64
	retriesDenied  uint64 // by the budget or the deadline
	bulkheadFull   uint64
	shortCircuited uint64
	fellBack       uint64
	queuedForLater uint64
	lastRetryAfter time.Duration
}

// request is one arrived request, kept in a slab and reused.
type request struct {
	arrived time.Duration
	latency time.Duration // what the dependency would take, healthy, on the first attempt
	errDraw float64       // compared with an error fault's probability on the first attempt
	gen     uint32
	ep      int16 // -1 when the slot is free
	dep     int16 // the endpoint's dependency, or -1: kept here for the hot path
	fast    bool  // its call took the fast path (fastpath.go)
	worker  int32

	clientDone bool  // the client has its answer, or gave up
	started    bool  // the server has started work on it
	attempt    int   // attempts made so far
	retried    bool  // holds an Envoy retry slot
	retryCost  int16 // what the token bucket charged for the latest retry

	// Which layers are active, and the tokens that make their pending
	// events stale once they are left.
	active       uint8 // bit i: layer i is entered and not yet left
	callTok      uint32
	timeoutTok   uint32
	timeoutAt    time.Duration // when the active timeout layer gives up
	timeoutArmed bool          // its timer is in the event queue
	retryTok     uint32
	bhTok        uint32
	inBH         bool
	waitingBH    bool
	permitted    bool
	permit       breaker.Permit
	inCall       bool
	deadlineOn   bool
	callStart    time.Duration // when the server started the call's pipeline
}

// Transition is a breaker's state change, with the dependency it guards.
type Transition struct {
	Dependency string
	breaker.Transition
}

// New prepares variant v (counting from 0) of the scenario for seed. The
// scenario must not be changed while the run uses it.
func New(sc *Scenario, v int, seed uint64) (*Run, error) {
	if err := sc.Validate(); err != nil {
		return nil, err
	}
	if v < 0 || v >= len(sc.Variants) {
		return nil, fmt.Errorf("scenario %q has variants 1 to %d, not %d", sc.Name, len(sc.Variants), v+1)
	}
	sys := &sc.Variants[v].System
	r := &Run{
		scenario: sc,
		variant:  v,
		sys:      sys,
		seed:     seed,
		end:      sc.Duration + DrainLimit,
		every:    sampleInterval(sc.Duration),
	}
	r.sampleAt = r.every
	r.lastBucket, r.measureFrom, r.measureTo = sc.Duration, sc.MeasureFrom, sc.MeasureTo
	r.setCloseAt()
	samples := int(sc.Duration / r.every)

	depIndex := map[string]int{}
	r.dependencies = make([]dependencyState, len(sys.Dependencies))
	for i := range sys.Dependencies {
		d := &sys.Dependencies[i]
		depIndex[d.Name] = i
		ds := &r.dependencies[i]
		ds.cfg = d
		ds.series = make([]DependencySample, 0, samples)
		ds.rng = rand.New(rand.NewPCG(seed, streamKey(d.Name, 3)))
		ds.layers = configuredLayers(&d.Policy)
		ds.retryAt, ds.breakerAt, ds.timeoutAt, ds.bulkheadAt = -1, -1, -1, -1
		for at, l := range ds.layers {
			switch l {
			case LayerRetry:
				ds.retryAt = at
			case LayerBreaker:
				ds.breakerAt = at
			case LayerTimeout:
				ds.timeoutAt = at
			case LayerBulkhead:
				ds.bulkheadAt = at
			}
		}
		if d.Latency.Kind == LogNormal {
			mu := math.Log(float64(d.Latency.P50))
			ds.logNormMu = mu
			ds.logNormSig = (math.Log(float64(d.Latency.P99)) - mu) / z99
		}
		if d.Policy.Breaker != nil {
			name := d.Name
			jitter := rand.New(rand.NewPCG(seed, streamKey(d.Name, 4)))
			b, err := breaker.NewWithOptions(*d.Policy.Breaker, breaker.Options{
				OnTransition: func(t breaker.Transition) {
					r.transitions = append(r.transitions, Transition{Dependency: name, Transition: t})
				},
				Rand: jitter.Float64,
			})
			if err != nil {
				return nil, fmt.Errorf("dependency %q: %w", d.Name, err)
			}
			ds.breaker = b
		}
		if rp := d.Policy.Retry; rp != nil {
			switch rp.Budget {
			case TokenBucketBudget:
				ds.budget = retry.NewAWSTokenBucket()
			case ConcurrencyBudget:
				ds.budget = retry.NewEnvoyBudget()
			}
		}
		ds.fast = canGoFast(ds)
	}

	r.endpoints = make([]endpointState, len(sys.Endpoints))
	r.arrivals = make([]pending, len(sys.Endpoints))
	for i := range sys.Endpoints {
		e := &sys.Endpoints[i]
		es := &r.endpoints[i]
		es.arrivals = rand.New(rand.NewPCG(seed, streamKey(e.Name, 1)))
		es.traffic = rand.New(rand.NewPCG(seed, streamKey(e.Name, 2)))
		es.rate, es.interval, es.patience = e.Rate, e.Interval, e.Patience
		es.dep = -1
		if e.Calls != "" {
			es.dep = depIndex[e.Calls]
		}
		es.series = make([]EndpointSample, 0, samples)
		es.latencies = make([]uint32, 0, expectedAnswers(e, sc.Duration))
		r.arrivals[i].at = noArrival
		if first, ok := r.firstArrival(es); ok {
			r.scheduleArrival(i, first)
		}
	}

	r.setFirstArrival()
	r.workerOwner = make([]int16, sys.Workers)
	r.freeWorkers = make([]int32, sys.Workers)
	for w := range r.workerOwner {
		r.workerOwner[w] = noWorker
		// Pop from the end hands out worker 0 first.
		r.freeWorkers[w] = int32(sys.Workers - 1 - w)
	}
	// The drain limit is not kept in the queue: it is the first thing to
	// happen at r.end (AdvanceTo), since everything else that could fall
	// on r.end is scheduled after it. Its sequence number stays taken, so
	// every later event's is what it would be in the queue.
	r.seq++
	return r, nil
}

// configuredLayers lists the policy's layers that do something, in order.
func configuredLayers(p *Policy) []Layer {
	order := p.Order
	if order == nil {
		order = DefaultOrder
	}
	var out []Layer
	for _, l := range order {
		switch {
		case l == LayerRetry && p.Retry != nil && (p.Retry.Attempts > 1 || p.Retry.WaitForBreaker),
			l == LayerBreaker && p.Breaker != nil,
			l == LayerTimeout && p.Timeout > 0,
			l == LayerBulkhead && p.Bulkhead > 0:
			out = append(out, l)
		}
	}
	return out
}

// z99 is the standard normal's 99th percentile.
const z99 = 2.3263478740408408

func sampleInterval(d time.Duration) time.Duration {
	every := SampleEvery
	for d/every > maxSamples {
		every *= 2
	}
	return every
}

// Now is the run's virtual time.
func (r *Run) Now() time.Duration { return r.now }

// End is the time at which the run is certainly over: the scenario's
// duration plus the drain limit.
func (r *Run) End() time.Duration { return r.end }

// Done reports whether traffic has stopped and every request is finished.
func (r *Run) Done() bool { return (r.now >= r.scenario.Duration && r.open == 0) || r.now >= r.end }

// Advance moves virtual time forward by dt.
func (r *Run) Advance(dt time.Duration) {
	if dt > 0 {
		r.AdvanceTo(r.now + dt)
	}
}

// AdvanceTo processes every event up to and including time t. Stepping in
// any sizes gives the same state as one step to the same time.
func (r *Run) AdvanceTo(t time.Duration) {
	t = min(t, r.end)
	for {
		// The next event is the queue's head or the first arrival, whichever
		// comes first; ties go to the one scheduled first, exactly as if all
		// were in one queue.
		head := r.queue.peek()
		ep := r.firstArr
		var at time.Duration
		switch {
		case ep >= 0 && (head == nil || r.arrAt < head.at || (r.arrAt == head.at && r.arrSeq < head.seq)):
			at = r.arrAt
		case head != nil:
			at, ep = head.at, -1
		default:
			at = noArrival // nothing is pending
		}
		if !r.drained && at >= r.end {
			at, ep = r.end, drainNext
		}
		// Close the buckets that end at or before the next event: a bucket
		// covers [start, end), so events at its end belong to the next one.
		for r.closeAt <= min(at, t) {
			r.closeBucket()
		}
		if at > t {
			break
		}
		r.now = at
		if ep == drainNext {
			r.drained = true
			r.drain()
			continue
		}
		if ep >= 0 {
			r.arrivals[ep].at = noArrival
			r.arrive(ep)
			r.setFirstArrival()
			continue
		}
		e := r.queue.popHead(head)
		r.handle(&e)
	}
	if t > r.now {
		r.now = t
	}
}

// Run simulates to the end, drain included.
func (r *Run) Run() {
	r.AdvanceTo(r.end)
}

// drainNext stands for the drain limit where AdvanceTo names the next
// event's endpoint.
const drainNext = -2

// pending is an endpoint's next arrival.
type pending struct {
	at  time.Duration
	seq uint64
}

// noArrival marks an endpoint whose traffic has ended; it is later than
// any time a run reaches.
const noArrival = time.Duration(math.MaxInt64)

// setFirstArrival finds the endpoint whose arrival comes first. There are
// only a few endpoints, so a plain scan of their compact arrivals is cheaper
// than keeping them in a heap.
func (r *Run) setFirstArrival() {
	arr := r.arrivals
	first, best := 0, arr[0]
	for i := 1; i < len(arr); i++ {
		if a := arr[i]; a.at < best.at || (a.at == best.at && a.seq < best.seq) {
			first, best = i, a
		}
	}
	if best.at == noArrival {
		first = -1
	}
	r.firstArr, r.arrAt, r.arrSeq = first, best.at, best.seq
}

// scheduleArrival sets endpoint ep's next arrival.
func (r *Run) scheduleArrival(ep int, at time.Duration) {
	r.seq++
	r.arrivals[ep] = pending{at: at, seq: r.seq}
}

func (r *Run) schedule(e event) {
	r.seq++
	e.seq = r.seq
	r.queue.push(e)
}

func (r *Run) handle(e *event) {
	req := &r.requests[e.req]
	if e.kind == evCallDone {
		// The dependency finishes its work whether or not anyone still waits.
		ds := &r.dependencies[e.dep]
		ds.inFlight--
		if req.gen != e.gen || !req.inCall || req.callTok != e.tok {
			ds.abandoned--
		}
	}
	if req.gen != e.gen {
		return // the request finished and its slot moved on
	}
	switch e.kind {
	case evCallDone:
		if req.fast && req.inCall && req.callTok == e.tok {
			r.returnFast(e.req, req, &r.dependencies[e.dep], e.err)
			return
		}
		if req.inCall && req.callTok == e.tok {
			res := resOK
			if e.err {
				res = resError
			}
			r.callReturned(e.req, res)
		}
	case evTimeout:
		if req.timeoutTok == e.tok && req.active&(1<<r.dep(req).timeoutAt) != 0 {
			r.layerResult(e.req, r.dep(req).timeoutAt, resTimeout)
		}
	case evRetry:
		if req.retryTok == e.tok {
			r.retryNow(e.req)
		}
	case evBulkheadWait:
		if req.waitingBH && req.bhTok == e.tok {
			req.waitingBH = false
			r.dep(req).waiting--
			r.layerResult(e.req, r.dep(req).bulkheadAt, resBulkheadFull)
		}
	case evDeadline:
		if req.deadlineOn {
			r.layerResult(e.req, -1, resTimeout)
		}
	case evPatience:
		if !req.clientDone {
			r.endpoints[req.ep].gaveUp++
			r.answerClient(e.req, Failed)
		}
	}
}

// drain ends the run's patience: every request still open fails. Queued
// requests go first, so that finishing a started one starts nothing new.
func (r *Run) drain() {
	for r.accept.len() > 0 {
		id, gen := r.accept.pop()
		if req := &r.requests[id]; uint64(req.gen) == gen {
			r.answerClient(id, Failed)
			r.freeRequest(id)
		}
	}
	for i := range r.requests {
		req := &r.requests[i]
		if req.ep < 0 || !req.started {
			continue
		}
		r.answerClient(int32(i), Failed)
		r.abandonInside(int32(i), -1)
		r.finishServer(int32(i))
	}
}

func (r *Run) firstArrival(es *endpointState) (time.Duration, bool) {
	if es.interval > 0 {
		return 0, true
	}
	return r.nextArrival(es, 0)
}

// nextArrival draws the next arrival after `after`; false once traffic ends.
func (r *Run) nextArrival(es *endpointState, after time.Duration) (time.Duration, bool) {
	var at time.Duration
	switch {
	case es.interval > 0:
		at = after + es.interval
	case es.rate > 0:
		// Compare in floating point first: at a tiny rate the gap can exceed
		// what a Duration holds, and a converted overflow would go backwards.
		gap := es.arrivals.ExpFloat64() / es.rate * float64(time.Second)
		if float64(after)+gap >= float64(r.scenario.Duration) {
			return 0, false
		}
		at = after + time.Duration(gap)
	default:
		return 0, false
	}
	return at, at < r.scenario.Duration
}

func (r *Run) arrive(epIdx int) {
	es := &r.endpoints[epIdx]
	if next, ok := r.nextArrival(es, r.now); ok {
		r.scheduleArrival(epIdx, next)
	}
	// Draw what this request will meet before any decision, so the traffic is
	// the same whatever the variant does with it.
	var latency time.Duration
	if es.dep >= 0 {
		latency = r.sampleLatency(&r.dependencies[es.dep], es.traffic)
	}
	errDraw := es.traffic.Float64()

	es.arrived++
	es.bucket.Arrivals++
	if r.now >= r.measureFrom && r.now < r.measureTo {
		es.windowArrived++
	}
	haveWorker := len(r.freeWorkers) > 0
	if !haveWorker && !r.acceptQueueHasRoom() {
		es.total[Rejected]++
		es.bucket.Outcomes[Rejected]++
		r.countWindow(es, r.now, Rejected)
		return
	}
	id := r.newRequest(epIdx, latency, errDraw)
	if es.patience > 0 {
		r.schedule(event{at: r.now + es.patience, kind: evPatience, req: id, gen: r.requests[id].gen})
	}
	if haveWorker {
		r.startOnWorker(id)
		return
	}
	r.accept.push(id, uint64(r.requests[id].gen))
}

func (r *Run) acceptQueueHasRoom() bool {
	q := r.sys.Queue
	return q == QueueUnbounded || (q > 0 && r.accept.len() < q)
}

func (r *Run) newRequest(epIdx int, latency time.Duration, errDraw float64) int32 {
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
	*req = request{} // cleared whole, then set: cheaper than a literal with holes
	req.arrived, req.latency, req.errDraw, req.gen = r.now, latency, errDraw, gen
	req.ep, req.dep, req.worker = int16(epIdx), int16(r.endpoints[epIdx].dep), noWorker
	r.open++
	return id
}

// startOnWorker gives the request a free worker and starts its handler.
func (r *Run) startOnWorker(id int32) {
	w := r.freeWorkers[len(r.freeWorkers)-1]
	r.freeWorkers = r.freeWorkers[:len(r.freeWorkers)-1]
	req := &r.requests[id]
	r.workerOwner[w] = req.ep
	r.busy++
	es := &r.endpoints[req.ep]
	es.busy++
	req.worker = w
	req.started = true
	if es.dep < 0 {
		r.answerClient(id, OK)
		r.finishServer(id)
		return
	}
	ds := &r.dependencies[es.dep]
	req.callStart = r.now
	if d := ds.cfg.Policy.Deadline; d > 0 {
		req.deadlineOn = true
		r.schedule(event{at: r.now + d, kind: evDeadline, req: id, gen: req.gen})
	}
	if ds.fast && r.startFast(id, req, ds) {
		return
	}
	if ds.budget != nil {
		ds.budget.Begin()
	}
	r.enter(id, 0)
}

// answerClient records the outcome the client sees, once.
func (r *Run) answerClient(id int32, o Outcome) {
	req := &r.requests[id]
	if req.clientDone {
		return
	}
	req.clientDone = true
	es := &r.endpoints[req.ep]
	es.total[o]++
	es.bucket.Outcomes[o]++
	r.countWindow(es, req.arrived, o)
}

// countWindow is called once per answer, right after the answer is counted
// in the bucket: it records the answer's latency for the time series, and
// counts it in the measurement window when its request arrived there.
func (r *Run) countWindow(es *endpointState, arrived time.Duration, o Outcome) {
	es.latencies = append(es.latencies, micros(r.now-arrived))
	if arrived >= r.measureFrom && arrived < r.measureTo {
		es.window[o]++
		es.latency.Record(r.now - arrived)
	}
}

// finishServer ends the server's work on a request: its worker goes to the
// next queued request whose client still waits.
func (r *Run) finishServer(id int32) {
	req := &r.requests[id]
	es := &r.endpoints[req.ep]
	if es.dep >= 0 && req.started {
		if b := r.dependencies[es.dep].budget; b != nil {
			b.End()
			if req.retried {
				if c, ok := b.(*retry.Concurrency); ok {
					c.EndRetry()
				}
			}
		}
	}
	r.releaseWorker(id, req, es)
}

// releaseWorker frees request id and its worker, and gives the worker to
// the next queued request whose client still waits.
func (r *Run) releaseWorker(id int32, req *request, es *endpointState) {
	w := req.worker
	r.workerOwner[w] = noWorker
	r.busy--
	es.busy--
	r.freeRequest(id)
	r.freeWorkers = append(r.freeWorkers, w)
	for r.accept.len() > 0 {
		next, gen := r.accept.pop()
		nreq := &r.requests[next]
		if uint64(nreq.gen) != gen {
			continue
		}
		if nreq.clientDone {
			r.freeRequest(next) // its client gave up while it queued: drop it
			continue
		}
		r.startOnWorker(next)
		break
	}
}

func (r *Run) freeRequest(id int32) {
	req := &r.requests[id]
	req.gen++
	req.ep = -1
	r.open--
	r.freeRequests = append(r.freeRequests, id)
}

func (r *Run) dep(req *request) *dependencyState {
	return &r.dependencies[req.dep]
}

func (r *Run) sampleLatency(ds *dependencyState, rng *rand.Rand) time.Duration {
	l := &ds.cfg.Latency
	switch l.Kind {
	case Exponential:
		return time.Duration(rng.ExpFloat64() * float64(l.Mean))
	case LogNormal:
		return time.Duration(math.Exp(ds.logNormMu + ds.logNormSig*rng.NormFloat64()))
	}
	return l.Value
}

// setCloseAt sets when the next bucket closes: at its end, unless that is
// past the scenario's duration, when no bucket closes any more.
func (r *Run) setCloseAt() {
	r.closeAt = r.sampleAt
	if r.sampleAt > r.lastBucket {
		r.closeAt = noArrival
	}
}

// closeBucket ends the time-series bucket at r.sampleAt.
func (r *Run) closeBucket() {
	for i := range r.endpoints {
		es := &r.endpoints[i]
		es.bucket.Busy = int32(es.busy)
		es.series = append(es.series, es.bucket)
		es.bucket = EndpointSample{}
	}
	for i := range r.dependencies {
		ds := &r.dependencies[i]
		s := DependencySample{InFlight: int32(ds.inFlight), Abandoned: int32(ds.abandoned), Bulkhead: int32(ds.bulkhead), Breaker: -1}
		if ds.breaker != nil {
			s.Breaker = int8(ds.breaker.StateAt(r.sampleAt))
			// What the breaker would judge a call by then; CountsAt changes nothing.
			c := ds.breaker.CountsAt(r.sampleAt)
			s.Calls, s.Failures, s.Slow, s.Consecutive = int32(c.Calls), int32(c.Failures), int32(c.Slow), int32(c.ConsecutiveFailures)
		}
		ds.series = append(ds.series, s)
	}
	r.sampleAt += r.every
	r.setCloseAt()
}

// ring is a FIFO of request ids with their generations, so entries whose
// request moved on can be skipped when they come up.
type ring struct {
	ids    []int32
	stamps []uint64 // generation (and token) when queued
	head   int
	n      int
}

func (q *ring) len() int { return q.n }

func (q *ring) push(id int32, stamp uint64) {
	if q.n == len(q.ids) {
		size := max(16, 2*len(q.ids))
		ids, stamps := make([]int32, size), make([]uint64, size)
		for i := 0; i < q.n; i++ {
			ids[i] = q.ids[(q.head+i)%len(q.ids)]
			stamps[i] = q.stamps[(q.head+i)%len(q.ids)]
		}
		q.ids, q.stamps, q.head = ids, stamps, 0
	}
	at := (q.head + q.n) % len(q.ids)
	q.ids[at], q.stamps[at] = id, stamp
	q.n++
}

func (q *ring) pop() (int32, uint64) {
	id, gen := q.ids[q.head], q.stamps[q.head]
	q.head = (q.head + 1) % len(q.ids)
	q.n--
	return id, gen
}
