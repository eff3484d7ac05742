package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/hist"
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
	drained  bool
	sampleAt time.Duration // the end of the bucket being filled
	every    time.Duration

	endpoints    []endpointState
	dependencies []dependencyState

	requests     []request
	freeRequests []int32
	open         int // requests admitted and not yet answered

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
	dep      int // index into dependencies, or -1
	busy     int

	// The next arrival, kept here rather than in the event queue.
	nextAt  time.Duration
	nextSeq uint64
	hasNext bool

	arrived uint64 // whole run
	total   Counts // whole run
	window  Counts // arrivals in the measurement window
	latency hist.Histogram
	bucket  EndpointSample
	series  []EndpointSample
}

type dependencyState struct {
	cfg            *Dependency
	inFlight       int
	inFlightMax    int
	bulkhead       int // calls in the bulkhead now
	breaker        *breaker.Breaker
	logNormMu      float64
	logNormSig     float64
	series         []DependencySample
	calls          uint64 // calls that reached the dependency
	rejectedBH     uint64
	shortCircuited uint64
}

// request is one admitted request, kept in a slab and reused.
type request struct {
	arrived   time.Duration
	latency   time.Duration // what the dependency would take if healthy
	errDraw   float64       // compared with an error fault's probability
	gen       uint32
	ep        int16
	worker    int32
	dep       int16 // the dependency it waits on, or -1
	inBH      bool  // holds a bulkhead slot
	permitted bool  // holds a breaker permit
	permit    breaker.Permit
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
	samples := int(sc.Duration / r.every)

	depIndex := map[string]int{}
	r.dependencies = make([]dependencyState, len(sys.Dependencies))
	for i := range sys.Dependencies {
		d := &sys.Dependencies[i]
		depIndex[d.Name] = i
		ds := &r.dependencies[i]
		ds.cfg = d
		ds.series = make([]DependencySample, 0, samples)
		if d.Latency.Kind == LogNormal {
			mu := math.Log(float64(d.Latency.P50))
			ds.logNormMu = mu
			ds.logNormSig = (math.Log(float64(d.Latency.P99)) - mu) / z99
		}
		if d.Policy.Breaker != nil {
			name := d.Name
			b, err := breaker.New(*d.Policy.Breaker, func(t breaker.Transition) {
				r.transitions = append(r.transitions, Transition{Dependency: name, Transition: t})
			})
			if err != nil {
				return nil, fmt.Errorf("dependency %q: %w", d.Name, err)
			}
			ds.breaker = b
		}
	}

	r.endpoints = make([]endpointState, len(sys.Endpoints))
	for i := range sys.Endpoints {
		e := &sys.Endpoints[i]
		es := &r.endpoints[i]
		es.arrivals = rand.New(rand.NewPCG(seed, streamKey(e.Name, 1)))
		es.traffic = rand.New(rand.NewPCG(seed, streamKey(e.Name, 2)))
		es.rate, es.interval = e.Rate, e.Interval
		es.dep = -1
		if e.Calls != "" {
			es.dep = depIndex[e.Calls]
		}
		es.series = make([]EndpointSample, 0, samples)
		if first, ok := r.firstArrival(es); ok {
			r.scheduleArrival(i, first)
		}
	}

	r.workerOwner = make([]int16, sys.Workers)
	r.freeWorkers = make([]int32, sys.Workers)
	for w := range r.workerOwner {
		r.workerOwner[w] = noWorker
		// Pop from the end hands out worker 0 first.
		r.freeWorkers[w] = int32(sys.Workers - 1 - w)
	}
	r.schedule(event{at: r.end, kind: evDrainLimit})
	return r, nil
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

// Done reports whether traffic has stopped and every request is answered.
func (r *Run) Done() bool { return r.now >= r.scenario.Duration && r.open == 0 || r.now >= r.end }

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
		at, ep, ok := r.nextEvent()
		next := t
		if ok && at < next {
			next = at
		}
		// Close the buckets that end at or before the next event: a bucket
		// covers [start, end), so events at its end belong to the next one.
		for r.sampleAt <= next && r.sampleAt <= r.scenario.Duration {
			r.closeBucket()
		}
		if !ok || at > t {
			break
		}
		r.now = at
		if ep >= 0 {
			r.endpoints[ep].hasNext = false
			r.arrive(ep)
			continue
		}
		e := r.queue.pop()
		r.handle(&e)
	}
	if t > r.now {
		r.now = t
	}
}

// nextEvent finds the earliest pending event: the queue's head or one of
// the endpoints' next arrivals, which are kept out of the queue because they
// are the most frequent events and there are only a few endpoints. Ties go
// to the event scheduled first, exactly as if all were in one queue.
func (r *Run) nextEvent() (at time.Duration, ep int, ok bool) {
	ep = -1
	var seq uint64
	if r.queue.len() > 0 {
		head := r.queue.peek()
		at, seq, ok = head.at, head.seq, true
	}
	for i := range r.endpoints {
		es := &r.endpoints[i]
		if es.hasNext && (!ok || es.nextAt < at || (es.nextAt == at && es.nextSeq < seq)) {
			at, seq, ep, ok = es.nextAt, es.nextSeq, i, true
		}
	}
	return at, ep, ok
}

// scheduleArrival sets endpoint ep's next arrival.
func (r *Run) scheduleArrival(ep int, at time.Duration) {
	r.seq++
	es := &r.endpoints[ep]
	es.nextAt, es.nextSeq, es.hasNext = at, r.seq, true
}

// Run simulates to the end, drain included.
func (r *Run) Run() {
	r.AdvanceTo(r.end)
}

func (r *Run) schedule(e event) {
	r.seq++
	e.seq = r.seq
	r.queue.push(e)
}

func (r *Run) handle(e *event) {
	switch e.kind {
	case evCallDone:
		r.callDone(e)
	case evTimeout:
		req := &r.requests[e.req]
		if req.gen == e.gen && req.dep >= 0 {
			r.recordBreaker(req, breaker.Failure)
			r.finish(e.req, Failed)
		}
	case evDrainLimit:
		for i := range r.requests {
			if r.requests[i].ep >= 0 {
				r.finish(int32(i), Failed)
			}
		}
		r.drained = true
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
	if len(r.freeWorkers) == 0 {
		r.count(epIdx, r.now, Rejected)
		return
	}
	id := r.admit(epIdx, latency, errDraw)
	if es.dep < 0 {
		r.finish(id, OK)
		return
	}
	r.call(id)
}

// admit gives the request a worker and a slot in the slab.
func (r *Run) admit(epIdx int, latency time.Duration, errDraw float64) int32 {
	w := r.freeWorkers[len(r.freeWorkers)-1]
	r.freeWorkers = r.freeWorkers[:len(r.freeWorkers)-1]
	r.workerOwner[w] = int16(epIdx)
	r.busy++
	r.endpoints[epIdx].busy++
	r.open++

	var id int32
	if n := len(r.freeRequests); n > 0 {
		id = r.freeRequests[n-1]
		r.freeRequests = r.freeRequests[:n-1]
	} else {
		r.requests = append(r.requests, request{})
		id = int32(len(r.requests) - 1)
	}
	req := &r.requests[id]
	*req = request{arrived: r.now, latency: latency, errDraw: errDraw, gen: req.gen, ep: int16(epIdx), worker: w, dep: -1}
	return id
}

// call sends the request's call through the dependency's policies.
func (r *Run) call(id int32) {
	req := &r.requests[id]
	depIdx := r.endpoints[req.ep].dep
	ds := &r.dependencies[depIdx]
	pol := &ds.cfg.Policy

	if ds.breaker != nil {
		permit, err := ds.breaker.Allow(r.now)
		if err != nil {
			ds.shortCircuited++
			if pol.Fallback != NoFallback {
				r.finish(id, Fallback)
			} else {
				r.finish(id, Rejected)
			}
			return
		}
		req.permit, req.permitted = permit, true
	}
	if pol.Bulkhead > 0 && ds.bulkhead >= pol.Bulkhead {
		ds.rejectedBH++
		// The caller's own limit says nothing about the dependency's health.
		r.recordBreaker(req, breaker.Ignored)
		r.finish(id, Rejected)
		return
	}
	if pol.Bulkhead > 0 {
		ds.bulkhead++
		req.inBH = true
	}
	req.dep = int16(depIdx)
	ds.calls++
	ds.inFlight++
	ds.inFlightMax = max(ds.inFlightMax, ds.inFlight)

	answerIn, answers, isErr := r.response(ds, req)
	if answers {
		r.schedule(event{at: r.now + answerIn, kind: evCallDone, req: id, gen: req.gen, dep: int16(depIdx), err: isErr})
	}
	if pol.Timeout > 0 && (!answers || answerIn > pol.Timeout) {
		r.schedule(event{at: r.now + pol.Timeout, kind: evTimeout, req: id, gen: req.gen})
	}
}

// response decides how long the dependency takes to answer a call starting
// now, whether it answers at all, and whether the answer is an error.
func (r *Run) response(ds *dependencyState, req *request) (after time.Duration, answers, isErr bool) {
	for i := range ds.cfg.Faults {
		f := &ds.cfg.Faults[i]
		if r.now < f.From || (f.To != 0 && r.now >= f.To) {
			continue
		}
		switch f.Kind {
		case Hang:
			if f.To == 0 {
				return 0, false, false
			}
			return f.To - r.now + req.latency, true, false
		case Slow:
			return f.Latency, true, false
		case Error:
			if req.errDraw < f.Probability {
				return 0, true, true
			}
		}
		break
	}
	return req.latency, true, false
}

func (r *Run) callDone(e *event) {
	ds := &r.dependencies[e.dep]
	ds.inFlight--
	req := &r.requests[e.req]
	if req.gen != e.gen || req.dep != e.dep {
		return // the caller stopped waiting long ago
	}
	if e.err {
		r.recordBreaker(req, breaker.Failure)
		r.finish(e.req, Failed)
		return
	}
	r.recordBreaker(req, breaker.Success)
	r.finish(e.req, OK)
}

func (r *Run) recordBreaker(req *request, res breaker.Result) {
	if !req.permitted {
		return
	}
	req.permitted = false
	r.dependencies[r.endpoints[req.ep].dep].breaker.Record(r.now, req.permit, res)
}

// finish answers an admitted request and frees what it held.
func (r *Run) finish(id int32, o Outcome) {
	req := &r.requests[id]
	r.count(int(req.ep), req.arrived, o)
	es := &r.endpoints[req.ep]
	if req.inBH {
		r.dependencies[es.dep].bulkhead--
	}
	r.workerOwner[req.worker] = noWorker
	r.freeWorkers = append(r.freeWorkers, req.worker)
	r.busy--
	es.busy--
	r.open--
	req.gen++
	req.ep = -1
	req.dep = -1
	r.freeRequests = append(r.freeRequests, id)
}

// count records an outcome for a request of endpoint ep that arrived at arrived.
func (r *Run) count(ep int, arrived time.Duration, o Outcome) {
	es := &r.endpoints[ep]
	es.total[o]++
	es.bucket.Outcomes[o]++
	if arrived >= r.scenario.MeasureFrom && arrived < r.scenario.MeasureTo {
		es.window[o]++
		es.latency.Record(r.now - arrived)
	}
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
		s := DependencySample{InFlight: int32(ds.inFlight), Bulkhead: int32(ds.bulkhead), Breaker: -1}
		if ds.breaker != nil {
			s.Breaker = int8(ds.breaker.StateAt(r.sampleAt))
		}
		ds.series = append(ds.series, s)
	}
	r.sampleAt += r.every
}
