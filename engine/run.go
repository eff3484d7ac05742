package engine

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/hist"
	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/engine/shed"
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
	// epAt and frontDepAt point at each endpoint and each of the front's
	// dependencies (linkTables), nil past them, for the hot paths'
	// lookups (runBefore's arrivals and answers, the arrival loops, the
	// fast paths' finishes, orderNextArrival): an
	// index converted to uint8 needs no bounds check against an array of
	// 256, nor the multiply by an element of thousands of bytes, and the
	// loop takes a pointer where it kept a slice's base and offset apart
	// (BenchmarkCascade 5.9 % fewer instructions). An index past the
	// endpoints (or the front's dependencies), -1 included, finds nil and
	// panics as the slice's bounds check did; one of 256 or more, which
	// would wrap, cannot be made: a system has at most MaxEndpoints of
	// each (see the assertion by linkTables).
	epAt       [256]*endpointState
	frontDepAt [256]*dependencyState
	// The endpoints' next arrivals are kept out of the event queue: they
	// are the most frequent events and there are only a few endpoints.
	// arrivals holds the endpoints whose traffic goes on, each with its
	// next arrival, in the order they come (ties go to the one scheduled
	// first). The first is the one due; once handled, its next arrival is
	// later, so it moves back by a few steps of insertion. firstArr is the
	// first's endpoint, or -1 when traffic has ended, with its time and seq
	// in arrAt and arrSeq, so that finding the next event costs two
	// comparisons.
	arrivals []pending
	// batch is the loop that takes the arrivals (arriveMany, arriveDrawn,
	// arriveOthers or arriveTasks), chosen once in init, or byOne: each
	// goes to arrive, and the run pays one test for it.
	batch    uint8
	firstArr int
	arrAt    time.Duration
	arrSeq   uint64
	// order, when not nil, is the order the arrivals come in, drawn with
	// the replayed traffic of every endpoint (traffic.go): the run reads
	// its next arrival from it, order[orderNext] the one due, with its time
	// and seq in its endpoint's pendAt and pendSeq, and arrivals is not
	// kept. It is shared, never written.
	order []uint8
	// orderNext is unsigned so that the index orderNextArrival takes,
	// tested against the order's length, is known to be in range: one
	// bounds check fewer an arrival.
	orderNext uint

	requests     []request
	freeRequests []int32
	open         int // requests whose server-side work is not finished
	// anySure: some endpoint is sure (endpointState.sure), so that calls
	// in flight may have written no slot (the drain and a snapshot look
	// for them among the events only then).
	anySure bool

	accept ring // admitted requests waiting for a worker

	// workerOwner has a cell per worker, each noWorker: the pool's size.
	// Which endpoint's request holds a worker is not kept as workers are
	// taken and given back; a snapshot finds it from the requests
	// (Run.owners), which saves every request two writes.
	workerOwner []int16
	freeWorkers []int32 // a stack of free worker indices
	busy        int

	transitions []Transition

	// The services behind the front service (services_run.go): empty
	// when the scenario has none.
	svcs     []svcState
	svcOrder []int       // the services in depth-first call order from the front
	insts    []instState // index 0 stands for the front service and is unused
	// svcAt points at each of svcs (linkSvcs), nil past them: a call's
	// service, looked up at each step of its way through the callee, read
	// at uint8(i) with no bounds check, as epAt (above); a system has at
	// most MaxServices.
	svcAt [256]*svcState
	links []link // per request slot: a call's place in a chain
	// deferred, per request slot: a timeout deferred at a bulkhead wait
	// (waiters.go).
	deferred []deferredTimeout
	// nFrontDeps is how many of dependencies are the front service's; the
	// services' edges, per instance, follow them.
	nFrontDeps int
	draining   bool // drain is failing everything: a freed worker takes nothing new
	// soon is a call into a service sent now and not yet arrived, and
	// ends of children's work, kept out of the event queue
	// (services_run.go, services_lane.go); seq 0: none.
	soon soonCall
	// before is runBefore's stop while it runs, and 0 otherwise: a step
	// a handler would queue before it, and before every event and arrival
	// pending, is the next one runBefore would take, and the handler's
	// last act may take it at once (tasks_run.go's startTask does).
	before time.Duration
	// onFree, when set (by tests), is told each time a service's worker
	// is freed, with the request and why.
	onFree func(id int32, gen uint32, cancelled bool)
	// limits.go: the front service's load shedding (nil: none)
	// and one record per tenant of System.Tenants.
	frontShed *serverShed
	tenants   []tenantState
	// tenantAt points at each of tenants (linkTenants), nil past them:
	// a tenant's counts, two look-ups a request, read at uint8(t) with
	// no bounds check nor multiply, as epAt (above). A tenant past them,
	// noTenant (-1) included, finds nil and panics as the slice did.
	tenantAt [256]*tenantState
	// Issue 23: a tasks server (tasks_run.go) and connection pools
	// (pools_run.go), nil when the system has none.
	tasks *taskRun
	pools *poolRun
	// lane holds a tasks server's pending slice ends while its loop
	// (runTasksBefore) runs (tasks_lane.go).
	lane sliceLane
	// waits holds the ends of a tasks server's semaphore waits
	// (waits_lane.go).
	waits waitLane

	// What a fork (fork.go) needs to know of the run so far: the most
	// workers busy at once, and whether an arrival ever found none free;
	// and of the accept queue's bound (fork_limits.go), the most an
	// arrival that found room needed the queue to hold (its length then,
	// plus one), and the shortest it was when one found no room.
	maxBusy         int
	lacked          bool
	queueNeeded     int
	queueRefused    bool
	queueRefusedMin int
}

type endpointState struct {
	arrivals *stream // when requests arrive
	traffic  *stream // what each request meets: latency, error draw
	// shared, when not nil, holds the endpoint's traffic, drawn already
	// (traffic.go): the streams above are not used; sharedNext is the
	// index of its next arrival.
	shared *endpointTraffic
	// sharedNext is a uint32 so that takeShared's k, converted to int,
	// is known not to be negative (nor k+1 to overflow), and its test
	// of k+1 against the length proves both of its indexes in range.
	sharedNext uint32
	// The endpoint's next arrival, its time and seq, when the run follows
	// an order (Run.order).
	pendAt   time.Duration
	pendSeq  uint64
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
	bucket        EndpointSample
	series        []EndpointSample
	// waits holds the patience timers of its requests (timers.go).
	waits waitRing
	// latencies holds every answer's latency in the order the answers
	// came, which is the order of the series' outcome counts (see
	// EndpointSnapshot.Latencies).
	latencies []uint32

	// lean: its arrivals need none of arrive's rarer steps (no tasks
	// server, no tenant) and call a dependency on a fast path, or a
	// service along a flat edge (no connection pools), so that one which
	// finds a free worker may take arriveMany's or arriveDrawn's lines
	// (arriveDrawn's or arriveOthers' for a flat edge); plain: lean, and
	// no patience timer either (arriveMany takes it in one test). bare:
	// its arrivals carry no tenant (arriveTasks; arriveOthers reads a
	// tenant itself).
	lean, plain, bare bool
	// sure: plain, calling a dependency on the plain fast path (ds.fast):
	// answersSurely's part that a run's set-up settles (fastpath.go).
	sure bool
	// limitedFlat: lean through a flat service edge whose outermost layer
	// is a period rate limiter, so that arriveOthers asks it whether it
	// refuses an arrival's call at once (refuseAtEntry).
	limitedFlat bool

	// Issue 14 (tenants.go): the requests' class for load shedding, how
	// each arrival's tenant is drawn (nil: no tenant), and, for an
	// endpoint with bursts, its rates (rate is then 0: see
	// initEndpointLimits) and the first burst not over at the last draw.
	class    shed.Class
	tenancy  *tenancy
	bursts   []Burst
	baseRate float64
	burstAt  int

	// latency is last: some 5 KB of buckets, read once an answer, that
	// would put the fields every arrival reads (waits, lean...) lines
	// apart from the first ones.
	latency hist.Histogram
}

type dependencyState struct {
	cfg    *Dependency
	layers []Layer // the configured layers, outermost first
	// where each layer sits in layers, or -1
	retryAt, breakerAt, timeoutAt, bulkheadAt int
	// timeoutBit is the timeout layer's bit in a request's active
	// (bit(timeoutAt)), or 0 with none: callService tests it on every
	// call into a service, where a shift by timeoutAt took six
	// instructions.
	timeoutBit uint8

	rng  *stream // retries' latencies and backoff jitter
	fast bool    // its calls may take the fast path (fastpath.go)
	// fastLayers: they may take it through a bulkhead or a breaker
	// (enterFast); fast is then false (splitFast).
	fastLayers bool
	// defaultOrder: fastLayers, in DefaultOrder's order (fastpath.go).
	defaultOrder bool
	// svcFlat: an edge to a service whose layers (any of a timeout, a
	// breaker, a bulkhead and a rate limiter, or none) a call, the
	// front's or a child's, walks flat (canGoFlat, services_fast.go).
	svcFlat bool
	// pooled: its calls take a connection from one of the front's
	// pools (initPools). Only a front edge can be; a run with pools
	// walks its other edges as a run without them would.
	pooled bool
	// cancel and propagate are the policy's Cancel and PropagateDeadline;
	// svc is the service the edge calls, or -1 for a leaf. (They fill what
	// would be padding after fast.)
	cancel      bool
	propagate   bool
	svc         int32
	inFlight    int
	inFlightMax int
	// inFlightMaxAt is when inFlight first reached inFlightMax: the peak's
	// time, which run's table gives beside the peak.
	inFlightMaxAt time.Duration
	abandoned     int  // calls in flight whose caller no longer waits
	bulkhead      int  // calls inside the bulkhead now
	waiters       ring // calls waiting for a bulkhead slot
	waiting       int  // live waiters (the ring may hold stale ones)
	breaker       *breaker.Breaker
	budget        retry.Budget
	logNormMu     float64
	logNormSig    float64
	// The latency, deadline and timeout, copied out of cfg for the hot path.
	latKind  LatencyKind
	latMean  float64 // float64(Latency.Mean)
	latValue time.Duration
	deadline time.Duration
	timeout  time.Duration
	// answerBy is the timeout, or noArrival where there is none: a call
	// answering before it outlasts no timer (answersSurely). useTimeout
	// sets the two.
	answerBy time.Duration
	// fault is the fault in force until faultUntil (faultAt).
	fault      *Fault
	faultUntil time.Duration
	series     []DependencySample

	calls          uint64 // attempts that reached the dependency
	fastSent       uint64 // of them, those enterFast sent (fastpath.go)
	succeeded      uint64 // calls whose result came back ok
	retries        uint64
	retriesDenied  uint64 // by the budget or the deadline
	bulkheadFull   uint64
	shortCircuited uint64
	fellBack       uint64
	queuedForLater uint64
	lastRetryAfter time.Duration

	// inst is the caller's instance (0: the front service); margin the
	// policy's DeadlineMargin.
	inst   int
	margin time.Duration
	// minLeft is the policy's MinTimeLeft: an attempt with no more time
	// left than this is not sent (deadlinePassed).
	minLeft time.Duration
	cursor  int        // the balancer's: the instance picked last
	balRng  *stream    // a random balancer's draws
	jitter  *rand.Rand // the breaker's open jitter
	// jitterSrc is jitter's source, kept so a fork can copy its state.
	jitterSrc *rand.PCG
	// deadlineExceeded counts attempts not sent: the propagated deadline
	// had run out. timeouts and deadlineTimeouts count the attempts the
	// timeout layer gave up on: at the hop's own timeout, or at the
	// propagated deadline, which had cut that timeout short (each firing
	// is one or the other). cancelled counts a leaf's calls whose caller
	// gave up on an edge that propagates cancellation: the dependency
	// stopped working on them then.
	deadlineExceeded uint64
	timeouts         uint64
	deadlineTimeouts uint64
	cancelled        uint64
	// answered and failedCalls count the calls along the edge that its
	// caller got an answer for, and of those the ones that ended failed or
	// rejected (DependencySample.Answered, for a map's rates).
	answered, failedCalls uint64
	// made counts the calls begun along the edge (DependencySample.Made),
	// one where each path sets the request's callStart, and one for a
	// call refused at entry without a request (refuseAtEntry); dialling
	// the ones whose connection is being dialled now (pools_run.go).
	made     uint64
	dialling int32
	// For a fork (fork.go): the longest a call sent so far takes to
	// answer (noArrival: one never answers), and whether a timeout's
	// timer was ever armed; the most calls inside the bulkhead at once,
	// and whether a call ever found it full.
	maxAfter  time.Duration
	maxInside time.Duration // the longest a call was inside the timeout layer (fork_timeouts.go)
	// slackMin is, on an edge that propagates deadlines, the least time
	// an attempt had left before its deadline less the margin, as it
	// entered the timeout layer or was sent (slackSeen: one had a
	// deadline): a timeout no longer than it was never cut short by a
	// deadline (fork_timeouts.go), and a client's patience that moves
	// every deadline by less than what is left over it cut none short
	// and dropped none (fork_patience.go).
	slackMin      time.Duration
	slackSeen     bool
	maxBulkhead   int
	armed         bool
	bulkheadBound bool
	// attemptsJudged is the most attempts a call had made when the retry
	// layer judged it (retryLater), or MaxAttempts+1 once a call had used
	// them all: a fork may change the retry attempts to any number above
	// it (fork_policies.go).
	attemptsJudged int
	// The rate limiter layer (ratelimitlayer.go) and its place
	// in layers (-1: none), the calls parked at it now, the calls it
	// refused and the calls it let through; the per-tenant bulkhead
	// (tenants.go), nil without one.
	limiter       ratelimit.Limiter
	limiterBorn   time.Duration // when limiter was built: its clock's origin (ratelimitlayer.go)
	rateLimiterAt int
	rateWaiting   int
	rateLimited   uint64
	ratePassed    uint64
	tenantBH      *tenantBulkhead

	// The most calls waiting for the bulkhead at once, and the calls that
	// waited for a slot in vain (issue 23's permits; maxBulkhead is the
	// most inside it).
	waitingMax int
	waitedOut  uint64
	// timers holds the timeout layer's timers of its calls (timers.go).
	timers waitRing

	// The peak of inFlight, and its time, before the last call into a
	// service raised it, and that call (request, generation, call token):
	// a call the service refuses at the instant it was sent was never
	// worked on, so its rise is undone then (unrise), as the README's
	// in_flight_max counts only calls the dependency worked on. At the end
	// of the struct: only a rise writes them, and only a refusal reads them.
	riseFrom   int
	riseFromAt time.Duration
	riseReq    int32
	riseGen    uint32
	riseTok    uint32
}

// request is one arrived request, kept in a slab and reused. Its fields
// are ordered by size, so that it packs without holes (120 bytes): every
// arrival writes it whole. A call into a service is a request too (a
// child), in the same slab: its ep is its front request's endpoint and
// inst the service instance it runs on.
type request struct {
	arrived   time.Duration
	latency   time.Duration // what the dependency would take, healthy, on the first attempt
	errDraw   float64       // compared with an error fault's probability on the first attempt
	attempt   int           // attempts made so far
	timeoutAt time.Duration // when the active timeout layer gives up
	callStart time.Duration // when the server started the call's pipeline
	permit    breaker.Permit

	gen    uint32
	worker int32
	// The tokens that make pending events stale once their layer or
	// attempt is left.
	callTok    uint32
	timeoutTok uint32
	retryTok   uint32
	bhTok      uint32
	dep        int32  // the dependency it calls (an index of dependencies), or -1: kept here for the hot path
	rlTok      uint32 // the rate limiter's wait (ratelimitlayer.go)

	ep        int16 // -1 when the slot is free
	retryCost int16 // what the token bucket charged for the latest retry
	inst      int16 // the service instance it is on (an index of insts); 0: the front service

	active       uint8 // bit i: layer i is entered and not yet left
	fast         bool  // its call took the fast path (fastpath.go)
	clientDone   bool  // the client has its answer, or gave up
	started      bool  // the server has started work on it
	retried      bool  // holds an Envoy retry slot
	timeoutArmed bool  // the timeout layer's timer is in the event queue
	inBH         bool
	waitingBH    bool
	permitted    bool
	inCall       bool
	deadlineOn   bool
	piped        bool // a child: its call's pipeline was entered (the retry budget counts it)
	freed        bool // a child: its worker was given back (checked: exactly once)
	// The arrival's tenant (noTenant: none), a call parked at the rate
	// limiter, a per-tenant bulkhead slot taken from the overflow.
	tenant    int8
	waitingRL bool
	inShared  bool
	// timeoutCut: the timeout layer's end (timeoutAt) is the propagated
	// deadline's, sooner than the hop's own timeout (propagatedTimeout).
	timeoutCut bool
}

// Transition is a breaker's state change, with the dependency it guards.
// A breaker of a service's edge names the service and the instance whose
// memory holds it; the front service's leave Service empty. A shared
// breaker's (Policy.SharedBreaker) name its group in Dependency.
type Transition struct {
	Dependency string
	Service    string
	Instance   int
	breaker.Transition
}

// New prepares variant v (counting from 0) of the scenario for seed. The
// scenario must not be changed while the run uses it.
func New(sc *Scenario, v int, seed uint64) (*Run, error) {
	return newRun(sc, v, seed, nil)
}

// newRun is New, replaying tr's traffic where it holds an endpoint's.
func newRun(sc *Scenario, v int, seed uint64, tr *Traffic) (*Run, error) {
	r := new(Run)
	if err := r.init(sc, v, seed, tr); err != nil {
		return nil, err
	}
	return r, nil
}

// Reset makes r the run New(sc, v, seed) would give, keeping the memory r
// has grown (event slab, requests, series, latencies) so that a loop of
// runs, like a sweep's worker, does not allocate and collect a run's worth
// of buffers each time. Results are the same as New's, bit for bit. Slices
// that an earlier Snapshot of r shares (series, latencies, transitions) are
// overwritten: take what is needed from a snapshot before resetting. On an
// error r is left empty and must be reset again before use.
func (r *Run) Reset(sc *Scenario, v int, seed uint64) error {
	return r.init(sc, v, seed, nil)
}

// ResetShared is Reset for the seed tr was drawn with, replaying tr's
// traffic as NewShared does.
func (r *Run) ResetShared(sc *Scenario, v int, tr *Traffic) error {
	if tr == nil {
		return fmt.Errorf("no traffic to share")
	}
	return r.init(sc, v, tr.seed, tr)
}

// spare holds a finished run's buffers for init to reuse.
type spare struct {
	endpoints    []endpointState
	dependencies []dependencyState
	arrivals     []pending
	requests     []request
	freeRequests []int32
	workerOwner  []int16
	freeWorkers  []int32
	transitions  []Transition
	slab         []event
	far          []event
	svcs         []svcState
	deferred     []deferredTimeout
	waitEnds     waitRing // waits_lane.go
	insts        []instState
	links        []link
}

// reuseBuf returns buf emptied if it holds n, else a new slice of cap n.
func reuseBuf[T any](buf []T, n int) []T {
	if cap(buf) >= n {
		return buf[:0]
	}
	return make([]T, 0, n)
}

// init sets r up as newRun's run, reusing whatever buffers r holds.
func (r *Run) init(sc *Scenario, v int, seed uint64, tr *Traffic) error {
	old := spare{
		endpoints: r.endpoints, dependencies: r.dependencies, arrivals: r.arrivals,
		requests: r.requests, freeRequests: r.freeRequests, workerOwner: r.workerOwner,
		freeWorkers: r.freeWorkers, transitions: r.transitions,
		slab: r.queue.slab, far: r.queue.far.items,
		svcs: r.svcs, insts: r.insts, links: r.links, deferred: r.deferred,
		waitEnds: r.waits.ends,
	}
	*r = Run{}
	if err := sc.Validate(); err != nil {
		return err
	}
	if v < 0 || v >= len(sc.Variants) {
		return fmt.Errorf("scenario %q has variants 1 to %d, not %d", sc.Name, len(sc.Variants), v+1)
	}
	sys := &sc.Variants[v].System
	*r = Run{
		nFrontDeps: len(sys.Dependencies),
		scenario:   sc,
		variant:    v,
		sys:        sys,
		seed:       seed,
		end:        sc.Duration + DrainLimit,
		every:      sampleInterval(sc.Duration),
	}
	// Zero-length buffers behave as the nil ones of a new run: every use
	// appends, and grow writes each slab cell in full before use.
	r.requests, r.freeRequests = old.requests[:0], old.freeRequests[:0]
	r.transitions = old.transitions[:0]
	r.deferred = old.deferred[:0]
	r.queue.slab, r.queue.far.items = old.slab[:0], old.far[:0]
	r.sampleAt = r.every
	r.queue.headAt = noArrival // empty
	r.lastBucket, r.measureFrom, r.measureTo = sc.Duration, sc.MeasureFrom, sc.MeasureTo
	r.setCloseAt()
	samples := r.samples() // fork.go: a copy gives a series this room too

	depIndex := map[string]int{}
	// A reused state keeps its series' array (cells past the old length
	// hold earlier runs' buffers, or nothing) and starts over as zero.
	nDeps := len(sys.Dependencies) + serviceEdges(sys)
	r.dependencies = reuseBuf(old.dependencies, nDeps)[:nDeps]
	for i := range sys.Dependencies {
		d := &sys.Dependencies[i]
		depIndex[d.Name] = i
		ds := &r.dependencies[i]
		series, timers := ds.series, ds.timers
		*ds = dependencyState{cfg: d, series: reuseBuf(series, samples), timers: timers}
		ds.timers.reset()
		ds.rng = newStream(seed, streamKey(d.Name, 3))
		if err := r.setupDependency(ds, d, seed, streamKey(d.Name, 4), "", 0); err != nil {
			return err
		}
	}
	linkSharedBreakers(r.dependencies[:len(sys.Dependencies)])
	if err := r.initServices(seed, samples, &old); err != nil {
		return err
	}
	r.replayDraws(tr) // services_traffic.go

	r.endpoints = reuseBuf(old.endpoints, len(sys.Endpoints))[:len(sys.Endpoints)]
	r.linkTables()
	r.arrivals = reuseBuf(old.arrivals, len(sys.Endpoints))
	for i := range sys.Endpoints {
		e := &sys.Endpoints[i]
		es := &r.endpoints[i]
		series, lat, waits := es.series, es.latencies, es.waits
		*es = endpointState{waits: waits}
		es.waits.reset()
		es.arrivals = newStream(seed, streamKey(e.Name, 1))
		es.traffic = newStream(seed, streamKey(e.Name, 2))
		es.rate, es.interval, es.patience = e.Rate, e.Interval, e.Patience
		r.initEndpointLimits(es, e) // tenants.go: class, tenants, bursts
		es.dep = -1
		if e.Calls != "" {
			es.dep = depIndex[e.Calls]
		}
		es.series = reuseBuf(series, samples)
		es.latencies = reuseBuf(lat, r.latencyRoom(i))
		if tr != nil && tr.seed == seed && tr.duration == sc.Duration {
			es.shared = tr.find(endpointKey(sys, i))
		}
		if es.shared != nil {
			if len(es.shared.reqs) > 0 {
				r.scheduleArrival(i, es.shared.reqs[0].at)
				es.pendAt, es.pendSeq = es.shared.reqs[0].at, r.seq
			}
		} else if first, ok := r.firstArrival(es); ok {
			r.scheduleArrival(i, first)
		}
	}
	if tr != nil {
		r.order = r.sharedOrder(tr)
	}

	r.setFirstArrival()
	r.workerOwner = reuseBuf(old.workerOwner, sys.Workers)[:sys.Workers]
	r.freeWorkers = reuseBuf(old.freeWorkers, sys.Workers)[:sys.Workers]
	for w := range r.workerOwner {
		r.workerOwner[w] = noWorker
		// Pop from the end hands out worker 0 first.
		r.freeWorkers[w] = int32(sys.Workers - 1 - w)
	}
	// Issue 14 hook (limits.go): load shedding and tenants at the front.
	if err := r.initFrontLimits(); err != nil {
		return err
	}
	// Issue 23 hook (tasks_run.go): a tasks server, connection pools.
	if err := r.initTasks(seed, samples); err != nil {
		return err
	}
	r.splitFast() // fastpath.go: the hooks above have had their say
	// Some endpoint is lean (endpointState.lean), so that arrivals go to
	// arriveDrawn, or arriveMany, not straight to arrive; replayed
	// arrivals in order go to arriveOthers when none is lean on the fast
	// path, and on a tasks server to arriveTasks when some is bare.
	anyLean, anyFast, anyBare := false, false, false
	for i := range r.endpoints {
		es := &r.endpoints[i]
		fast, flat := false, false
		if r.tasks == nil && es.tenancy == nil && es.dep >= 0 {
			ds := &r.dependencies[es.dep]
			fast = ds.fast || ds.fastLayers
			// A flat service edge (services_fast.go) is lean too: its
			// calls go to enterFlat, as runHandler would send them.
			flat = ds.svcFlat && r.pools == nil
		}
		es.lean = fast || flat
		anyFast = anyFast || fast
		es.plain = es.lean && es.patience <= 0
		es.sure = es.plain && plainAndFast(es, &r.dependencies[es.dep]) // fastpath.go (plain: es.dep >= 0)
		r.anySure = r.anySure || es.sure
		anyLean = anyLean || es.lean
		es.bare = es.tenancy == nil
		es.limitedFlat = false
		if es.lean && r.tasks == nil && es.tenancy == nil && es.dep >= 0 {
			ds := &r.dependencies[es.dep]
			_, period := ds.limiter.(*ratelimit.Period)
			es.limitedFlat = ds.svcFlat && ds.rateLimiterAt == 0 && period
		}
		anyBare = anyBare || es.bare
	}
	// A tasks server's arrivals take arriveTasks, a thread pool's
	// arriveOthers, load shedding at the front and tenants included: it
	// queues, sheds and refuses an arrival itself, and reads its tenant
	// (noisy-tenant's sweeps -1.1 to -1.4 %, rate-limit-vs-bulkhead's
	// shedding -4.6 %; with only the shedding written out, and arrivals
	// with a tenant left to arrive, noisy-tenant's took 1.4 % more
	// instructions, as the loop then only added its checks to arrive's).
	// Endpoints lean only through
	// flat service edges take arriveOthers, which sends their calls to
	// enterFlat, not arriveMany, which leaves them to arrive: a test of
	// svcFlat in arriveMany cost the cascade 5 instructions a request,
	// in the registers it shuffles.
	switch {
	case r.order != nil && anyFast:
		r.batch = byMany
	case r.order != nil && anyBare && r.tasks != nil:
		r.batch = byTasks
	case r.order != nil && r.tasks == nil:
		r.batch = byOthers
	case r.order == nil && anyLean:
		r.batch = byDrawn
	}
	r.waits.ends = old.waitEnds
	r.useWaitLane() // waits_lane.go
	// The drain limit is not kept in the queue: it is the first thing to
	// happen at r.end (AdvanceTo), since everything else that could fall
	// on r.end is scheduled after it. Its sequence number stays taken, so
	// every later event's is what it would be in the queue.
	r.seq++
	return nil
}

// setupDependency prepares ds, whose cfg, rng and series are set, for the
// dependency d: its layers, latency, breaker (its open jitter drawn from a
// generator seeded with jitterKey) and retry budget. A service's edge names
// the service and the caller's instance; the front service's, svcName "".
func (r *Run) setupDependency(ds *dependencyState, d *Dependency, seed, jitterKey uint64, svcName string, inst int) error {
	ds.layers = configuredLayers(&d.Policy)
	ds.svc = -1
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
	ds.timeoutBit = 0
	if ds.timeoutAt >= 0 {
		ds.timeoutBit = bit(ds.timeoutAt)
	}
	ds.setLatency(d.Latency)
	ds.deadline = d.Policy.Deadline
	ds.useTimeout(d.Policy.Timeout)
	ds.cancel = d.Policy.Cancel == CancelPropagate
	ds.propagate, ds.margin, ds.minLeft = d.Policy.PropagateDeadline, d.Policy.DeadlineMargin, d.Policy.MinTimeLeft
	if d.Policy.Breaker != nil {
		ds.jitterSrc = rand.NewPCG(seed, jitterKey)
		ds.jitter = rand.New(ds.jitterSrc)
		if err := r.newBreaker(ds, svcName, inst); err != nil {
			return err
		}
	}
	r.newBudget(ds)
	// limits.go: the rate limiter, a per-tenant bulkhead.
	if err := r.initDependencyLimits(ds, d); err != nil {
		return err
	}
	ds.fast, ds.fastLayers = canGoFast(ds)
	return nil
}

// newBreaker gives ds a fresh breaker (closed, nothing recorded) that
// reports its transitions with the edge's name, service and instance; a
// shared breaker's carry its group's name instead (the members then share
// one: linkSharedBreakers).
func (r *Run) newBreaker(ds *dependencyState, svcName string, inst int) error {
	b, err := breaker.NewWithOptions(*ds.cfg.Policy.Breaker, r.breakerOptions(ds, svcName, inst))
	if err != nil {
		return fmt.Errorf("dependency %q: %w", ds.cfg.Name, err)
	}
	ds.breaker = b
	return nil
}

// breakerOptions makes ds's breaker report its transitions to r, with the
// edge's name, service and instance, and draw its jitter from ds.jitter.
func (r *Run) breakerOptions(ds *dependencyState, svcName string, inst int) breaker.Options {
	name := ds.cfg.Name
	if g := ds.cfg.Policy.SharedBreaker; g != "" {
		name = g
	}
	return breaker.Options{
		OnTransition: func(t breaker.Transition) {
			r.transitions = append(r.transitions, Transition{Dependency: name, Service: svcName, Instance: inst, Transition: t})
		},
		Rand: ds.jitter.Float64,
	}
}

// newBudget gives ds a fresh retry budget, if its policy has one.
func (r *Run) newBudget(ds *dependencyState) {
	ds.budget = nil
	if rp := ds.cfg.Policy.Retry; rp != nil {
		switch rp.Budget {
		case TokenBucketBudget:
			ds.budget = retry.NewAWSTokenBucket()
		case ConcurrencyBudget:
			ds.budget = retry.NewEnvoyBudget()
		}
	}
}

// configuredLayers lists the policy's layers that do something, in order.
func configuredLayers(p *Policy) []Layer {
	order := OrderWithLimiter(p) // the rate limiter's place
	var out []Layer
	for _, l := range order {
		switch {
		case l == LayerRetry && p.Retry != nil && (p.Retry.Attempts > 1 || p.Retry.WaitForBreaker),
			l == LayerBreaker && p.Breaker != nil,
			// A propagated deadline bounds the attempt even without a
			// timeout of the policy's own.
			l == LayerTimeout && (p.Timeout > 0 || p.PropagateDeadline),
			l == LayerBulkhead && (p.Bulkhead > 0 || p.TenantBulkhead != nil),
			l == LayerRateLimiter && p.RateLimiter != nil:
			out = append(out, l)
		}
	}
	return out
}

func sampleInterval(d time.Duration) time.Duration {
	every := SampleEvery
	for d/every > maxSamples {
		every *= 2
	}
	return every
}

// Now is the run's virtual time.
func (r *Run) Now() time.Duration { return r.now }

// TransitionCount is how many breaker transitions the run has made so
// far: the length of a snapshot's Transitions, without the snapshot. A
// run's list only grows, so a count that has not moved since a moment
// says no transition came since; the sandbox's walk to the next event
// looks at it every simulated second, where a snapshot every second cost
// some 400,000 allocations across a 24-hour run.
func (r *Run) TransitionCount() int { return len(r.transitions) }

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

// stepAtBucketEdges, set by a test, makes AdvanceTo take the first event
// after a bucket's end itself (arrive, handle), as it did before the loop
// (runBefore, runTasksBefore) came to take it: the test holds the two ways
// to one run.
var stepAtBucketEdges = false

// AdvanceTo processes every event up to and including time t. Stepping in
// any sizes gives the same state as one step to the same time.
func (r *Run) AdvanceTo(t time.Duration) {
	t = min(t, r.end)
	for {
		// Most events fall strictly before the next bucket's end and the
		// drain limit: runBefore handles those without looking at either.
		stop := min(r.closeAt, t+1)
		if !r.drained {
			stop = min(stop, r.end)
		}
		r.before = stop
		if r.tasks != nil {
			r.runTasksBefore(stop) // tasks_lane.go: runBefore's, with the lane
		} else {
			r.runBefore(stop)
		}
		r.before = 0
		// The next event is at stop or later: close the buckets before it,
		// drain, or stop at t.
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
		if w := &r.waits; w.at < at || (w.at == at && w.at != noArrival && w.seq < r.nextSeq(ep, head)) {
			at, ep = w.at, waitNext // waits_lane.go: the wait lane's first end
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
		if ep != drainNext && ep != waitNext && !stepAtBucketEdges {
			// An arrival or an event, now before the next bucket's end:
			// the loop takes it, an arrival by its batch's own lines,
			// where arrive took it the long way (some 380 instructions
			// more in the cascade, once a bucket: a 30 s run has 300).
			// The loop's stop is past it (the buckets up to it are
			// closed, it is at most t, and before the end, or it would
			// be drainNext), so the loop takes at least it.
			// TestPropertyBucketEdgesChangeNothing holds the two ways
			// to one run.
			continue
		}
		r.now = at
		switch {
		case ep == drainNext:
			r.drained = true
			r.drain()
		case ep == waitNext:
			r.waitEnded()
		case ep >= 0:
			r.arrive(ep)
		default:
			e := r.queue.popHead(head)
			r.handle(&e)
		}
	}
	if t > r.now {
		r.now = t
	}
}

// runBefore handles, in order, every event strictly before stop. The next
// event is the queue's head or the first arrival, whichever comes first;
// ties go to the one scheduled first, exactly as if all were in one queue.
// A call into a service sent now (Run.soon) is such an event too, due now.
//
// handle's most common event, a fast call's answer, is taken in the loop
// (see there); so is the answer of a call that wrote no request slot
// (evPlainDone, answersSurely: fastpath.go), by the same steps read from
// its event.
//
// The lines of the hot calls in this loop are kept where they were: the
// shipped profile (cmd/breakerlab/default.pgo) names a call by its line
// in the function, and one that moves is no longer inlined. The lines
// that send and answer a call that writes no slot come after those of
// the slot's path, which keep their order, so that the profile's call of
// place serves both and the slot's path (and arriveOthers, inlined here)
// is compiled much as it was: written before it, they cost the rate
// limiter's benchmark 0.4 to 0.7 % in spills; as functions of their own,
// the cascade's saving was lost to the calls.
func (r *Run) runBefore(stop time.Duration) {
	q := &r.queue
	for {
		if r.soon.seq != 0 {
			if r.takeSoon() {
				continue // services_run.go: a call's arrival, due now
			}
		}
	pick:
		// An empty queue's headAt is noArrival, later than any arrival;
		// so is arrAt once traffic has ended, and then no arrival comes
		// first (or before stop).
		if r.arrAt < q.headAt || (r.arrAt == q.headAt && r.arrSeq < q.headSeq) {
			if r.arrAt >= stop {
				return
			}
			if b := r.batch; b == byMany {
				// arriveMany: arrivals that follow a replayed order
				// (Run.order), taken here in the loop, one per turn,
				// for as long as the next comes before the queue's head
				// and before stop. (They were a loop of their own, to
				// which this one handed over every 2.4 arrivals in the
				// cascade, some 35 instructions each time.) An arrival
				// of a lean endpoint that finds a free worker and calls
				// a dependency on a fast path, or finds no worker and
				// no room to queue, takes arrive's own lines for that
				// case, minus the checks a lean endpoint never needs,
				// its patience timer included when it joins others in a
				// ring with room (as arriveDrawn sets it); any other
				// goes to arrive. The steps, and so the sequence
				// numbers, are arrive's.
				epIdx := r.firstArr
				now := r.arrAt
				r.now = now
				es := r.epAt[uint8(epIdx)]
				var ds *dependencyState
				refuse := false // no worker free, no room to queue
				// A plain endpoint first, in one test: the cascade's are. A
				// patience timer that would be its endpoint's first, or grow the
				// ring, is left to arrive (setPatience).
				if w := &es.waits; es.plain || (es.lean && w.n > 0 && w.n < len(w.items)) {
					if len(r.freeWorkers) > 0 {
						if d := r.frontDepAt[uint8(es.dep)]; d.fast || d.fastLayers {
							ds = d
						}
					} else {
						refuse = !r.acceptQueueHasRoom()
					}
				}
				if ds == nil && !refuse {
					r.arrive(epIdx)
				} else {
					latency, errDraw := r.takeShared(es) // arrive's reading of the order
					r.orderNextArrival()
					es.arrived++
					es.bucket.Arrivals++
					if now >= r.measureFrom && now < r.measureTo {
						es.windowArrived++
					}
					if refuse {
						// arrive's refusal of a plain endpoint's request
						// (noRoom), as arrive counts it.
						r.lacked = true // fork.go
						es.total[Rejected]++
						es.bucket.Outcomes[Rejected]++
						r.countRefused(es, now)
						continue
					}
					// A layer refuses the call as it enters, with nothing
					// outside it but a timeout: no request is made for it
					// (fastpath.go). (A dependency with ds.fast has no
					// breaker and no bulkhead.)
					if b := ds.breakerAt; b == 0 {
						if ds.breaker.Refused(now) && r.accept.n == 0 {
							r.refuseAtEntry(es, ds, now, resBreakerOpen)
							continue
						}
					} else if b < 0 && ds.bulkheadAt >= 0 && ds.bulkhead >= ds.cfg.Policy.Bulkhead && r.accept.n == 0 && ds.refusesFull() {
						r.refuseAtEntry(es, ds, now, resBulkheadFull)
						continue
					}
					var id int32
					if n := len(r.freeRequests); n > 0 {
						id = r.freeRequests[n-1]
						r.freeRequests = r.freeRequests[:n-1]
					} else {
						r.requests = append(r.requests, request{ep: -1}) // free until written
						id = int32(len(r.requests) - 1)
					}
					if !es.sure {
						req := &r.requests[id]
						gen := req.gen
						*req = request{}
						req.arrived, req.latency, req.errDraw, req.gen = now, latency, errDraw, gen
						req.ep, req.dep, req.tenant = int16(epIdx), int32(es.dep), noTenant
						if !es.plain { // arrive's patience timer (timers.go), in its common case: it joins others, with room
							r.seq++
							w := &es.waits
							p := &w.items[(w.head+w.n)&(len(w.items)-1)]
							w.n++
							p.at, p.seq, p.req, p.gen, p.tok = now+es.patience, r.seq, id, gen, 0
						}
						w := r.takeWorker(es, ds) // fastpath.go
						req.worker, req.started, req.callStart = w, true, now
						if !ds.fast {
							r.enterFast(id, req, ds) // fastpath.go: through its layers
							continue
						}
						after, isErr := latency, false
						if now >= ds.faultUntil || ds.fault != nil {
							var answers bool
							after, answers, isErr = r.response(ds, latency, errDraw)
							if !answers || (ds.timeout > 0 && after >= ds.timeout) {
								r.enter(id, 0) // canGoFast: no retry budget to begin
								continue
							}
						} else if ds.timeout > 0 && after >= ds.timeout {
							r.enter(id, 0)
							continue
						}
						r.sendFast(id, req, ds, after, isErr) // fastpath.go
						continue
					}
					// A call of an endpoint that is sure (fastpath.go): where it
					// answersSurely, it writes no slot, but for its number.
					after, answers, isErr := latency, true, false
					if now >= ds.faultUntil || ds.fault != nil {
						after, answers, isErr = r.response(ds, latency, errDraw)
					}
					if !answersSurely(es, ds, after, answers) {
						r.enterPlain(id, es, ds, epIdx, now, latency, errDraw)
						continue
					}
					w := r.takeWorker(es, ds)
					ds.calls, ds.inFlight = ds.calls+1, ds.inFlight+1
					ds.noteInFlight(now)
					ds.maxAfter = max(ds.maxAfter, after) // fork.go
					r.seq++
					if c := q.place(now+after, r.seq); c != nil {
						plainCall(c, id, w, epIdx, now, isErr)
					} else {
						q.pushFar(plainEvent(now+after, r.seq, id, w, epIdx, now, isErr))
					}
				}
				continue
			} else if b != byOne {
				switch b {
				case byOthers:
					r.arriveOthers(stop) // arrive_fast.go: the same, for the other endpoints
				case byTasks:
					r.arriveTasks() // arrive_fast.go: and for a tasks server's
				default:
					r.arriveDrawn(stop)
				}
				continue
			}
			r.now = r.arrAt
			r.arrive(r.firstArr)
			continue
		}
		if q.headAt >= stop {
			return
		}
		r.now = q.headAt
		var c *event
		if len(q.far.items) == 0 || q.far.items[0].seq != q.headSeq {
			// popCell when the head is the wheel's first event: the one
			// after it in its slot, if any, is the next head, unless
			// the far heap's first comes before it. (go-server's far
			// heap is never empty: its events would all go to popCell.)
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
				q.farFirst() // popCell's last step (TestQueueOrder)
			}
		} else {
			c = q.popCell()
		}
		// handle's most common event, a fast call's answer (fastpath.go),
		// taken here: the same checks, one call fewer, and the event read
		// where it lay (its fields are all read before returnFast, which
		// may schedule, runs), as is the answer to a front call through
		// layers (enterFast's), which handle gives returnLayers.
		if k := c.kind; k <= evPlainDone {
			if k == evCallDone {
				req := &r.requests[c.req]
				if req.inst != 0 || req.gen != c.gen || !req.inCall || req.callTok != c.tok {
					goto handle // stale, or a service's
				}
				id, isErr := c.req, c.err
				ds := r.frontDepAt[uint8(c.dep)] // a front call's (req.inst == 0)
				if !req.fast {
					if !ds.fastLayers {
						goto handle
					}
					ds.inFlight--
					res := resOK
					if isErr {
						res = resError
					}
					r.returnLayers(id, req, ds, res)
					continue
				}
				ds.inFlight--
				es := r.epAt[uint8(req.ep)]
				if req.clientDone || r.accept.n > 0 || isErr || r.soon.seq != 0 {
					// (With a call into a service, or a work's end, held in
					// Run.soon, the loop's top looks there before the next
					// pick: it may come first.)
					r.returnFast(id, req, ds, isErr)
					continue
				}
				// returnFast's steps for its common case: an ok answer
				// the client waits for, and no request queued for the
				// worker it frees.
				req.inCall = false
				ds.answered++
				ds.succeeded++
				// answerFast(req, es, OK), written out: the call, too
				// large to inline, and the spills and reloads it forces
				// on this loop cost the cascade's benchmark about 18
				// instructions a request.
				req.clientDone = true
				es.total[OK]++
				es.bucket.Outcomes[OK]++
				arrived, now := req.arrived, r.now
				d := now - arrived
				us := time.Duration(uint64(d) / uint64(time.Microsecond)) // d >= 0: a shorter division
				// micros(d), whose division is us's, done once; its clamp
				// at 0 does nothing here (as in answerFast).
				es.latencies = append(es.latencies, uint32(min(us, math.MaxUint32)))
				if arrived >= r.measureFrom && arrived < r.measureTo {
					es.window[OK]++
					es.latency.RecordMicros(d, us)
				}
				if req.tenant >= 0 {
					r.tenantAnswered(req.tenant, arrived, OK) // tenants.go
				}
				r.freeFast(id, req, es)
				goto pick // nothing here sends a call into a service, and nothing is held (Run.soon)
			}
			// An evPlainDone (fastpath.go): its call wrote no slot. In
			// returnFast's other cases handle writes it (callSlot).
			if r.accept.n > 0 || c.err || r.soon.seq != 0 {
				goto handle
			}
			// The steps above, from the event: the slot's number and the
			// worker go back, and the slot, never written, is free as it
			// was. (A plain endpoint has no tenant.)
			es := r.epAt[uint8(c.plainEp())]
			ds := r.frontDepAt[uint8(es.dep)] // a plain endpoint's: a front dependency
			arrived, now := c.plainArrived(), r.now
			ds.inFlight--
			ds.answered++
			ds.succeeded++
			es.total[OK]++
			es.bucket.Outcomes[OK]++
			d := now - arrived
			us := time.Duration(uint64(d) / uint64(time.Microsecond))
			es.latencies = append(es.latencies, uint32(min(us, math.MaxUint32)))
			if arrived >= r.measureFrom && arrived < r.measureTo {
				es.window[OK]++
				es.latency.RecordMicros(d, us)
			}
			r.busy--
			es.busy--
			r.open--
			r.freeRequests = append(r.freeRequests, c.req)
			r.freeWorkers = append(r.freeWorkers, c.plainWorker())
			goto pick
		}
	handle:
		// handle may schedule events, which reuse the cell: it gets a copy.
		e := *c
		r.handle(&e)
	}
}

// linkTables points epAt and frontDepAt at r's endpoints and front
// dependencies: init's and a copy's (cloneInto) step once their arrays
// are r's own. Past them the tables hold nil (init's zero Run; a copy's
// source had as many).
func (r *Run) linkTables() {
	for i := range r.endpoints {
		r.epAt[i] = &r.endpoints[i]
	}
	for i := range r.nFrontDeps {
		r.frontDepAt[i] = &r.dependencies[i]
	}
}

// The tables' uint8 index covers every endpoint and front dependency a
// valid system has (Scenario's validation): raising MaxEndpoints past 256
// fails to compile here rather than let an index wrap.
var _ [256 - MaxEndpoints]struct{}

// Run simulates to the end, drain included.
func (r *Run) Run() {
	r.AdvanceTo(r.end)
}

// The loops that take arrivals in a batch (Run.batch).
const (
	byOne    = iota // none: each arrival goes to arrive
	byMany          // runBefore's own lines for them (arriveMany)
	byOthers        // arriveOthers
	byTasks         // arriveTasks
	byDrawn         // arriveDrawn
)

// drainNext stands for the drain limit where AdvanceTo names the next
// event's endpoint, and waitNext for the wait lane's first end.
const (
	drainNext = -2
	waitNext  = -3
)

// pending is an endpoint's next arrival.
type pending struct {
	at  time.Duration
	seq uint64
	ep  int
}

// noArrival marks an endpoint whose traffic has ended; it is later than
// any time a run reaches.
const noArrival = time.Duration(math.MaxInt64)

// sharedOrder is tr's order of the run's arrivals, or nil when tr holds no
// order for the run's endpoints (one draws its traffic as it goes, say).
func (r *Run) sharedOrder(tr *Traffic) []uint8 {
	if len(r.endpoints) > 256 {
		return nil
	}
	var buf [8]*endpointTraffic
	eps := buf[:0]
	for i := range r.endpoints {
		sh := r.endpoints[i].shared
		if sh == nil {
			return nil
		}
		eps = append(eps, sh)
	}
	return tr.order(eps)
}

// setFirstArrival copies the first arrival's endpoint, time and seq out.
func (r *Run) setFirstArrival() {
	if len(r.arrivals) == 0 {
		r.firstArr, r.arrAt, r.arrSeq = -1, noArrival, 0
		return
	}
	a := &r.arrivals[0]
	r.firstArr, r.arrAt, r.arrSeq = a.ep, a.at, a.seq
}

// scheduleArrival adds endpoint ep's first arrival (New).
func (r *Run) scheduleArrival(ep int, at time.Duration) {
	r.seq++
	r.arrivals = append(r.arrivals, pending{at: at, seq: r.seq, ep: ep})
	// Its seq is the largest, so it goes after every arrival not later.
	q := r.arrivals
	for i := len(q) - 1; i > 0 && q[i-1].at > at; i-- {
		q[i-1], q[i] = q[i], q[i-1]
	}
}

func (r *Run) schedule(e event) {
	if debugChecks && e.at < r.now {
		panic(fmt.Sprintf("engine: event %d scheduled at %v, before now (%v)", e.kind, e.at, r.now))
	}
	r.seq++
	e.seq = r.seq
	// push, with the event written once into its cell.
	if c := r.queue.place(e.at, e.seq); c != nil {
		e.next = c.next
		*c = e
		return
	}
	r.queue.pushFar(e)
}

// scheduleEvent is schedule for an event given by its fields (err unset),
// written once, in place (eventQueue.place), instead of built and copied:
// for the events every call into a service schedules.
func (r *Run) scheduleEvent(at time.Duration, kind eventKind, id int32, gen, tok uint32, dep int32) {
	if debugChecks && at < r.now {
		panic(fmt.Sprintf("engine: event %d scheduled at %v, before now (%v)", kind, at, r.now))
	}
	r.seq++
	if c := r.queue.place(at, r.seq); c != nil {
		c.req, c.gen, c.tok, c.dep, c.kind, c.err = id, gen, tok, dep, kind, false
		return
	}
	r.queue.pushFar(event{at: at, seq: r.seq, kind: kind, req: id, gen: gen, tok: tok, dep: dep})
}

func (r *Run) handle(e *event) {
	if e.kind <= evPlainDone { // evCallDone, or evPlainDone (fastpath.go)
		req := r.callSlot(e)
		if req.inst != 0 && r.insts[req.inst].state == InstanceIsHung && req.gen == e.gen && req.inCall && req.callTok == e.tok {
			r.hold(e) // the answer waits in a hung instance's socket
			return
		}
		ds := &r.dependencies[e.dep]
		if req.gen != e.gen || !req.inCall || req.callTok != e.tok {
			// Nobody waits for this answer any more. Without cancellation
			// the dependency has worked on to its end; with it, it stopped
			// when the caller gave up (abandonWith), and was counted then.
			if !ds.cancel {
				ds.inFlight--
				ds.abandoned--
			}
			return
		}
		ds.inFlight--
		if req.fast {
			r.returnFast(e.req, req, ds, e.err)
			return
		}
		res := resOK
		if e.err {
			res = resError
		}
		r.callReturned(e.req, res)
		return
	}
	if e.kind >= evTaskReady {
		r.handleTask(e) // tasks_run.go
		return
	}
	if e.kind >= evChildArrive {
		r.handleService(e)
		return
	}
	if e.kind == evPatience {
		r.patienceDue(e) // timers.go
		return
	}
	if e.kind == evTimeout && e.err {
		r.timeoutDue(e) // timers.go: the first of a dependency's FIFO
	}
	req := &r.requests[e.req]
	if req.gen != e.gen {
		return // the request finished and its slot moved on
	}
	if req.inst != 0 && r.insts[req.inst].state == InstanceIsHung {
		r.hold(e) // nothing happens in a hung instance: its timers fire later
		return
	}
	switch e.kind {
	case evTimeout:
		if ds := r.dep(req); req.timeoutTok == e.tok && req.active&(1<<ds.timeoutAt) != 0 {
			if req.timeoutCut {
				ds.deadlineTimeouts++
			} else {
				ds.timeouts++
			}
			r.layerResult(e.req, ds.timeoutAt, resTimeout)
		}
	case evRetry:
		if req.retryTok == e.tok {
			r.retryNow(e.req)
		}
	case evBulkheadWait:
		if req.waitingBH && req.bhTok == e.tok {
			r.waitRanOut(e.req, req) // waiters.go
		}
	case evDeadline:
		if req.deadlineOn {
			r.layerResult(e.req, -1, resTimeout)
		}
	case evRateWait: // ratelimitlayer.go
		r.rateWaitOver(e)
	}
}

// drain ends the run's patience: every request still open fails. Queued
// requests go first, so that finishing a started one starts nothing new.
func (r *Run) drain() {
	r.demotePlain() // fastpath.go: the calls in flight write their slots, walked below
	for r.accept.len() > 0 {
		id, gen := r.accept.pop()
		if req := &r.requests[id]; uint64(req.gen) == gen {
			r.answerClient(id, Failed)
			r.freeRequest(id)
		}
	}
	if r.frontShed != nil {
		r.frontShed.gaveUp = 0 // shedding.go: the accept ring is empty
	}
	if len(r.svcs) > 0 {
		r.draining = true
		r.drainQueues()
	}
	for i := range r.requests {
		req := &r.requests[i]
		if req.ep < 0 || !req.started || req.inst != 0 {
			continue
		}
		r.answerClient(int32(i), Failed)
		r.abandonInside(int32(i), -1)
		r.finishServer(int32(i))
	}
	if len(r.svcs) > 0 {
		r.drainChildren()
	}
}

func (r *Run) firstArrival(es *endpointState) (time.Duration, bool) {
	if es.interval > 0 {
		return 0, true
	}
	return nextArrival(es, 0, r.scenario.Duration)
}

// nextArrival draws the next arrival after `after`; false once traffic
// ends, at the scenario's duration.
func nextArrival(es *endpointState, after, duration time.Duration) (time.Duration, bool) {
	var at time.Duration
	switch {
	case es.interval > 0:
		at = after + es.interval
	case es.rate > 0:
		// Compare in floating point first: at a tiny rate the gap can exceed
		// what a Duration holds, and a converted overflow would go backwards.
		gap := es.arrivals.exp() / es.rate * float64(time.Second)
		if float64(after)+gap >= float64(duration) {
			return 0, false
		}
		at = after + time.Duration(gap)
	case es.bursts != nil: // tenants.go: rates that change over time
		return nextBurstArrival(es, after, duration)
	default:
		return 0, false
	}
	return at, at < duration
}

// arrive handles endpoint epIdx's arrival, due now, and draws its next.
func (r *Run) arrive(epIdx int) {
	es := r.epAt[uint8(epIdx)]
	now := r.now
	var latency time.Duration
	var errDraw float64
	if r.order != nil {
		// Every endpoint's traffic replayed, in an order drawn with it:
		// the next arrival is read, not sorted. It takes the seq it takes
		// below, when its endpoint's last one arrives.
		latency, errDraw = r.takeShared(es)
		r.orderNextArrival()
		goto drawn
	}
	latency, errDraw = r.drawNext(es, epIdx, now)

drawn:
	es.arrived++
	es.bucket.Arrivals++
	if now >= r.measureFrom && now < r.measureTo {
		es.windowArrived++
	}
	haveWorker := len(r.freeWorkers) > 0
	if r.tasks != nil {
		haveWorker = r.spawnTask() // tasks_run.go: a task for every arrival while the process is up
	}
	if !haveWorker && r.noRoom() {
		es.total[Rejected]++
		es.bucket.Outcomes[Rejected]++
		r.countRefused(es, r.now)
		if es.tenancy != nil {
			r.tenantRefused(es, now) // tenants.go
		}
		return
	}
	// Issue 14 hook (shedding.go): load shedding, for a request that would queue.
	if !haveWorker && r.frontShed != nil && r.sheds(r.frontShed, &r.accept, es.class) {
		r.refuseArrival(es)
		return
	}
	// A request slot, written whole.
	var id int32
	if n := len(r.freeRequests); n > 0 {
		id = r.freeRequests[n-1]
		r.freeRequests = r.freeRequests[:n-1]
	} else {
		r.requests = append(r.requests, request{})
		id = int32(len(r.requests) - 1)
	}
	req := &r.requests[id]
	// Cleared, then filled in: a literal with fields that are not
	// constants is built aside and copied, twice the stores.
	gen := req.gen
	*req = request{}
	req.arrived, req.latency, req.errDraw, req.gen = now, latency, errDraw, gen
	req.ep, req.dep, req.worker, req.tenant = int16(epIdx), int32(es.dep), noWorker, noTenant
	if es.tenancy != nil {
		req.tenant = r.arrivalTenant(es, now) // tenants.go
	}
	r.open++
	if es.patience > 0 {
		// setPatience (timers.go), written out but for its rare steps
		// (the ring grows; the timer is the endpoint's first): every
		// request of an endpoint with a patience sets one.
		if w := &es.waits; w.n == 0 || w.n == len(w.items) {
			r.setPatience(es, epIdx, id, req.gen) // timers.go
		} else {
			r.seq++
			p := &w.items[(w.head+w.n)&(len(w.items)-1)]
			w.n++
			p.at, p.seq, p.req, p.gen, p.tok = now+es.patience, r.seq, id, req.gen, 0
		}
	}
	if haveWorker {
		// The fast path's common case (fastpath.go): a free worker on a
		// thread-pool server, a dependency its calls may go to directly.
		if r.tasks == nil && es.dep >= 0 {
			if ds := r.frontDepAt[uint8(es.dep)]; ds.fast || ds.fastLayers {
				// startOnWorker and runHandler for this case, sendFast's
				// steps included, written out: the same steps in the same
				// order, four calls fewer deep. A call that walks layers
				// (fastLayers) goes on to enterFast from here, as
				// runHandler would send it. (canGoFast allows no
				// deadline, so runHandler would schedule none.)
				n := len(r.freeWorkers) - 1
				w := r.freeWorkers[n]
				r.freeWorkers = r.freeWorkers[:n]
				r.busy++
				r.maxBusy = max(r.maxBusy, r.busy) // fork.go
				es.busy++
				req.worker = w
				req.started = true
				req.callStart = now
				ds.made++
				if !ds.fast {
					r.enterFast(id, req, ds) // fastpath.go: through its layers
					return
				}
				after, isErr := latency, false
				if now >= ds.faultUntil || ds.fault != nil {
					var answers bool
					after, answers, isErr = r.response(ds, latency, errDraw)
					if !answers || (ds.timeout > 0 && after >= ds.timeout) {
						r.enter(id, 0) // canGoFast: no retry budget to begin
						return
					}
				} else if ds.timeout > 0 && after >= ds.timeout {
					r.enter(id, 0)
					return
				}
				ds.calls++
				ds.inFlight++
				ds.noteInFlight(now)
				ds.maxAfter = max(ds.maxAfter, after) // fork.go
				req.inCall = true
				req.callTok++
				req.fast = true
				// scheduleAnswer's common case: the answer's cell in the
				// queue's wheel.
				r.seq++
				if c := r.queue.place(now+after, r.seq); c != nil {
					c.req, c.gen, c.tok, c.dep, c.kind, c.err = id, req.gen, req.callTok, req.dep, evCallDone, isErr
					return
				}
				r.queue.pushFar(event{at: now + after, seq: r.seq, kind: evCallDone, req: id, gen: req.gen, tok: req.callTok, dep: req.dep, err: isErr})
				return
			}
		}
		r.startOnWorker(id)
		return
	}
	r.accept.push(id, uint64(req.gen))
}

// arriveDrawn is arriveMany for a run that follows no order: each
// arrival's traffic is drawn as it comes (or replayed endpoint by
// endpoint) by drawNext, and a lean endpoint's patience timer is set here
// when it joins others in a ring with room (the rest go to arrive). A
// lean endpoint's call along a flat service edge goes to enterFlat, as
// runHandler sends it. The rest is arriveMany's, line for line: in one
// loop, the call to drawNext and the patience timer's lines cost the
// replayed arrivals some 8 instructions each.
func (r *Run) arriveDrawn(stop time.Duration) {
	q := &r.queue
	for {
		epIdx := r.firstArr
		now := r.arrAt
		r.now = now
		es := r.epAt[uint8(epIdx)]
		var ds *dependencyState
		refuse := false // no worker free, no room to queue
		// A patience timer that would be its endpoint's first, or
		// grow the ring, is left to arrive (setPatience).
		if w := &es.waits; es.lean && (es.patience <= 0 || (w.n > 0 && w.n < len(w.items))) {
			if len(r.freeWorkers) > 0 {
				if d := r.frontDepAt[uint8(es.dep)]; d.fast || d.fastLayers || d.svcFlat {
					ds = d
				}
			} else {
				refuse = !r.acceptQueueHasRoom()
			}
		}
		if ds == nil && !refuse {
			r.arrive(epIdx)
		} else {
			var latency time.Duration
			var errDraw float64
			latency, errDraw = r.drawNext(es, epIdx, now)
			es.arrived++
			es.bucket.Arrivals++
			if now >= r.measureFrom && now < r.measureTo {
				es.windowArrived++
			}
			if refuse {
				// arrive's refusal of a plain endpoint's request (noRoom), as arrive counts it.
				r.lacked = true // fork.go
				es.total[Rejected]++
				es.bucket.Outcomes[Rejected]++
				r.countRefused(es, now)
				goto next
			}
			if b := ds.breakerAt; ds.fastLayers && r.accept.n == 0 && ((b == 0 && ds.breaker.Refused(now)) || (b < 0 && ds.bulkheadAt >= 0 && ds.bulkhead >= ds.cfg.Policy.Bulkhead && ds.refusesFull())) {
				goto refused // below: a layer refuses the call as it enters
			}
			id, req, w, after, isErr := int32(0), (*request)(nil), int32(0), latency, false
			if n := len(r.freeRequests); n > 0 {
				id = r.freeRequests[n-1]
				r.freeRequests = r.freeRequests[:n-1]
			} else {
				r.requests = append(r.requests, request{ep: -1}) // free until written
				id = int32(len(r.requests) - 1)
			}
			if es.sure {
				goto sure // fastpath.go: below
			}
			{
				req = &r.requests[id]
				gen := req.gen
				*req = request{}
				req.arrived, req.latency, req.errDraw, req.gen = now, latency, errDraw, gen
				req.ep, req.dep, req.tenant = int16(epIdx), int32(es.dep), noTenant
				r.open++
				if es.patience > 0 {
					// arrive's setting of the patience timer (timers.go), in its common case: the timer joins others, with room.
					r.seq++
					w := &es.waits
					p := &w.items[(w.head+w.n)&(len(w.items)-1)]
					w.n++
					p.at, p.seq, p.req, p.gen, p.tok = now+es.patience, r.seq, id, gen, 0
				}
				w = r.freeWorkers[len(r.freeWorkers)-1]
				r.freeWorkers = r.freeWorkers[:len(r.freeWorkers)-1]
				r.busy++
				r.maxBusy = max(r.maxBusy, r.busy) // fork.go
				es.busy++
				req.worker, req.started, req.callStart = w, true, now
				ds.made++
				if !ds.fast {
					if ds.fastLayers {
						r.enterFast(id, req, ds) // fastpath.go: through its layers
					} else { // a flat service edge (lean: no connection pools; canGoFlat: no deadline), as runHandler sends it
						r.enterFlat(id, req, ds, 0) // services_fast.go
					}
					goto next
				}
				if now >= ds.faultUntil || ds.fault != nil {
					var answers bool
					after, answers, isErr = r.response(ds, latency, errDraw)
					if !answers || (ds.timeout > 0 && after >= ds.timeout) {
						r.enter(id, 0) // canGoFast: no retry budget to begin
						goto next
					}
				} else if ds.timeout > 0 && after >= ds.timeout {
					r.enter(id, 0)
					goto next
				}
				req.inCall, req.fast = true, true
				req.callTok++
			}
		send: // the call goes: its answer's event, an evPlainDone where req is nil (answerEvent)
			ds.calls++
			ds.inFlight++
			ds.noteInFlight(now)
			ds.maxAfter = max(ds.maxAfter, after) // fork.go
			r.seq++
			if c := q.place(now+after, r.seq); c != nil {
				answerEvent(c, id, req, w, epIdx, now, isErr)
			} else {
				q.pushFar(r.farAnswer(id, req, w, epIdx, now+after, isErr))
			}
			goto next
		sure:
			// A plain endpoint's call on the plain fast path: where it
			// answersSurely, it writes no slot (but for its number),
			// else it takes the slot's steps above (enterPlain).
			{
				answers := true
				if now >= ds.faultUntil || ds.fault != nil {
					after, answers, isErr = r.response(ds, latency, errDraw)
				}
				if !answersSurely(es, ds, after, answers) {
					r.enterPlain(id, es, ds, epIdx, now, latency, errDraw)
					goto next
				}
			}
			w = r.takeWorker(es, ds)
			goto send
		}
	next:
		// What the slot holds (Run.soon: the call just sent, a work's
		// end) is taken here when it is next, as arriveOthers takes it,
		// rather than back in runBefore, which would call takeSoon only
		// to find the next arrival first (fleet-probes' every call into
		// api holds its work's end, a millisecond on).
		if s := &r.soon; s.seq != 0 && r.arrAt >= s.at && q.headAt >= s.at && r.takeHeld() {
			goto next // takeSoon's steps, inlined
		}
		if r.arrAt >= stop || r.arrAt > q.headAt || (r.arrAt == q.headAt && r.arrSeq >= q.headSeq) {
			return
		}
		continue
	refused:
		// A layer refuses a lean endpoint's call as it enters, with
		// nothing outside it but a timeout: an open breaker, outermost,
		// or a full bulkhead that makes no caller wait, behind none. The
		// call is counted without a request, a worker or a timer, as
		// arriveMany counts it (refuseAtEntry, fastpath.go): the
		// cascade's full bulkhead refuses some 1,900 arrivals an op so.
		// Not along a flat service edge (fastLayers), whose layers
		// enterFlat walks. Written here, below the loop's other lines,
		// so that theirs stay where the shipped profile
		// (cmd/breakerlab/default.pgo) has them: it names a call by its
		// line in the function, and q.place, moved, is no longer inlined.
		if ds.breakerAt == 0 {
			r.refuseAtEntry(es, ds, now, resBreakerOpen)
		} else {
			r.refuseAtEntry(es, ds, now, resBulkheadFull)
		}
		goto next
	}
}

// drawNext finds endpoint epIdx's next arrival after this one, due now,
// when the run follows no order (Run.order): replayed, or drawn from the
// endpoint's stream (nextArrival, with its common case, Poisson traffic,
// written out), and puts it among the arrivals. It returns what this
// request will meet, replayed or drawn now.
func (r *Run) drawNext(es *endpointState, epIdx int, now time.Duration) (latency time.Duration, errDraw float64) {
	var next time.Duration
	var ok bool
	if sh := es.shared; sh != nil {
		// Replayed traffic (traffic.go): what the streams below would draw.
		k := int(es.sharedNext)
		reqs := sh.reqs
		this := &reqs[k]
		latency, errDraw = this.latency, this.errDraw
		if k+1 < len(reqs) {
			next, ok = reqs[k+1].at, true
		}
		es.sharedNext = uint32(k + 1)
	} else if es.interval == 0 && es.rate > 0 {
		u := es.arrivals.next() // es.arrivals.exp(), written out (expFast)
		x, fast := expFast(u)
		if !fast {
			x = es.arrivals.expSlow(u)
		}
		gap := x / es.rate * float64(time.Second)
		if float64(now)+gap < float64(r.lastBucket) {
			next = now + time.Duration(gap)
			ok = next < r.lastBucket
		}
	} else {
		next, ok = nextArrival(es, now, r.lastBucket)
	}
	if ok {
		// The endpoint's next arrival replaces the one just handled, the
		// first: it has the largest seq so far, so it goes after every
		// arrival not later than it, and those move up a place.
		r.seq++
		if q := r.arrivals; len(q) == 1 || next < q[1].at {
			// The usual case: it is still the first.
			q[0].at, q[0].seq = next, r.seq
			r.arrAt, r.arrSeq = next, r.seq
		} else {
			i := 0
			for ; i+1 < len(q) && q[i+1].at <= next; i++ {
				q[i] = q[i+1]
			}
			q[i] = pending{at: next, seq: r.seq, ep: epIdx}
			r.firstArr, r.arrAt, r.arrSeq = q[0].ep, q[0].at, q[0].seq
		}
	} else {
		// Its traffic has ended: it leaves the arrivals.
		r.arrivals = r.arrivals[1:]
		r.setFirstArrival()
	}
	if es.shared == nil {
		// Draw what this request will meet before any decision, so the
		// traffic is the same whatever the variant does with it.
		tr := es.traffic
		if es.dep >= 0 {
			if ds := &r.dependencies[es.dep]; ds.latKind == Exponential {
				u := tr.next() // sample's common case, written out (expFast)
				x, fast := expFast(u)
				if !fast {
					x = tr.expSlow(u)
				}
				latency = time.Duration(x * ds.latMean)
			} else {
				latency = ds.sample(tr)
			}
		}
		errDraw = tr.float64()
	}
	return latency, errDraw
}

// noRoom is !acceptQueueHasRoom for an arrival that finds no free worker,
// which it notes for a fork (fork.go).
func (r *Run) noRoom() bool {
	r.lacked = true
	return !r.acceptQueueHasRoom()
}

// acceptQueueHasRoom reports whether an arrival that finds no free worker
// may wait in the accept queue, and notes what it saw for a fork of the
// queue's bound (queueUnused).
func (r *Run) acceptQueueHasRoom() bool {
	q, n := r.sys.Queue, r.accept.len()
	if q == QueueUnbounded || (q > 0 && n < q) {
		r.queueNeeded = max(r.queueNeeded, n+1)
		return true
	}
	if !r.queueRefused || n < r.queueRefusedMin {
		r.queueRefused, r.queueRefusedMin = true, n
	}
	return false
}

// startOnWorker gives the request a free worker and starts its handler.
func (r *Run) startOnWorker(id int32) {
	w := r.freeWorkers[len(r.freeWorkers)-1]
	r.freeWorkers = r.freeWorkers[:len(r.freeWorkers)-1]
	req := &r.requests[id]
	r.busy++
	r.maxBusy = max(r.maxBusy, r.busy) // fork.go
	es := r.epAt[uint8(req.ep)]
	es.busy++
	req.worker = w
	req.started = true
	if r.tasks != nil && r.startTask(id, req) {
		return // tasks_run.go: the loop runs the handler later
	}
	r.runHandler(id, req, es)
}

// runHandler runs the handler of request id, which has its worker (or
// task): it answers at once, or sends the endpoint's call.
func (r *Run) runHandler(id int32, req *request, es *endpointState) {
	if es.dep < 0 {
		r.answerClient(id, OK)
		r.finishServer(id)
		return
	}
	ds := r.frontDepAt[uint8(es.dep)]
	req.callStart = r.now
	ds.made++
	if d := ds.deadline; d > 0 {
		req.deadlineOn = true
		r.schedule(event{at: r.now + d, kind: evDeadline, req: id, gen: req.gen})
	}
	if ds.fast {
		// The fast path (fastpath.go): the call is sent here if it will
		// answer within the timeout; otherwise the pipeline takes it.
		after, answers, isErr := req.latency, true, false
		if r.now >= ds.faultUntil || ds.fault != nil {
			after, answers, isErr = r.response(ds, req.latency, req.errDraw)
		}
		if answers && (ds.timeout <= 0 || after < ds.timeout) {
			r.sendFast(id, req, ds, after, isErr)
			return
		}
	} else if ds.fastLayers {
		r.enterFast(id, req, ds) // fastpath.go
		return
	} else if ds.svcFlat {
		r.enterFlat(id, req, ds, 0) // services_fast.go
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
	es := r.epAt[uint8(req.ep)]
	es.total[o]++
	es.bucket.Outcomes[o]++
	r.countWindow(es, req.arrived, o)
	if req.tenant >= 0 {
		r.tenantAnswered(req.tenant, req.arrived, o) // tenants.go
	}
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

// countRefused is countWindow for a request refused as it arrives (now):
// its latency is 0, so it needs neither the division nor the clamps that
// micros and Histogram.Record make, and it is small enough to inline
// (RecordZero), where countWindow called Record. (The cascade refuses
// 10,600 of its 53,300 arrivals so, once its hang holds every worker.)
func (r *Run) countRefused(es *endpointState, now time.Duration) {
	es.latencies = append(es.latencies, 0)
	if now >= r.measureFrom && now < r.measureTo {
		es.window[Rejected]++
		es.latency.RecordZero()
	}
}

// finishServer ends the server's work on a request: its worker goes to the
// next queued request whose client still waits.
func (r *Run) finishServer(id int32) {
	req := &r.requests[id]
	es := r.epAt[uint8(req.ep)]
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
	if r.frontShed != nil {
		r.observeService(r.frontShed, req, es) // shedding.go
	}
	r.releaseWorker(id, req, es)
}

// releaseWorker frees request id and its worker, and gives the worker to
// the next queued request whose client still waits.
//
// The worker goes to that request directly, with startOnWorker's steps:
// pushed on freeWorkers and popped again at once it would be the same
// worker, and the busy count, down one and up one, the same (and so its
// peak, which it has reached already). Nothing between the two reads
// either, and what the handler (or startTask) reads of them is as
// startOnWorker would leave it.
func (r *Run) releaseWorker(id int32, req *request, es *endpointState) {
	w := req.worker
	es.busy--
	r.freeRequest(id)
	for r.accept.n > 0 {
		next, gen := r.accept.pop()
		nreq := &r.requests[next]
		if uint64(nreq.gen) != gen {
			continue
		}
		if nreq.clientDone {
			if r.frontShed != nil {
				r.frontShed.gaveUp-- // shedding.go
			}
			r.freeRequest(next) // its client gave up while it queued: drop it
			continue
		}
		// startOnWorker's steps, with the worker just freed.
		nes := r.epAt[uint8(nreq.ep)]
		nes.busy++
		nreq.worker = w
		nreq.started = true
		if r.tasks != nil && r.startTask(next, nreq) {
			return // tasks_run.go: the loop runs the handler later
		}
		r.runHandler(next, nreq, nes)
		return
	}
	r.busy--
	r.freeWorkers = append(r.freeWorkers, w)
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

// setLatency prepares sample for the latency l.
func (ds *dependencyState) setLatency(l Latency) {
	ds.latKind, ds.latMean, ds.latValue = l.Kind, float64(l.Mean), l.Value
	if l.Kind == LogNormal {
		ds.logNormMu, ds.logNormSig = l.logNormalFit()
	}
}

// sample draws a latency of the healthy dependency from rng.
func (ds *dependencyState) sample(rng *stream) time.Duration {
	switch ds.latKind {
	case Exponential:
		u := rng.next() // rng.exp(), written out (expFast)
		x, fast := expFast(u)
		if !fast {
			x = rng.expSlow(u)
		}
		return time.Duration(x * ds.latMean)
	case LogNormal:
		return time.Duration(math.Exp(ds.logNormMu + ds.logNormSig*rng.norm()))
	}
	return ds.latValue
}

// faultAt is activeFault(ds.cfg.Faults, now) for a run's now, which never
// goes back: the fault found is kept until the next time a fault starts or
// ends, since the answer cannot change before then.
func (ds *dependencyState) faultAt(now time.Duration) *Fault {
	if now < ds.faultUntil {
		return ds.fault
	}
	faults := ds.cfg.Faults
	ds.fault = activeFault(faults, now)
	ds.faultUntil = noArrival
	for i := range faults {
		f := &faults[i]
		if f.From > now {
			ds.faultUntil = min(ds.faultUntil, f.From)
		}
		if f.To > now {
			ds.faultUntil = min(ds.faultUntil, f.To)
		}
	}
	return ds.fault
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
		s := DependencySample{InFlight: int32(ds.inFlight), Abandoned: int32(ds.abandoned), Bulkhead: int32(ds.bulkhead), Breaker: -1,
			Answered: uint32(ds.answered), FailedCalls: uint32(ds.failedCalls), Made: uint32(ds.made), Dialling: ds.dialling, Reached: uint32(ds.calls)}
		if ds.breaker != nil {
			s.Breaker = int8(ds.breaker.StateAt(r.sampleAt))
			// What the breaker would judge a call by then; CountsAt changes nothing.
			c := ds.breaker.CountsAt(r.sampleAt)
			s.Calls, s.Failures, s.Slow, s.Consecutive = int32(c.Calls), int32(c.Failures), int32(c.Slow), int32(c.ConsecutiveFailures)
		}
		ds.series = append(ds.series, s)
	}
	if len(r.svcs) > 0 {
		r.closeServices()
	}
	if r.tenants != nil {
		r.closeTenants() // tenants.go
	}
	if r.tasks != nil || r.pools != nil {
		r.closeTasks() // tasks_run.go
	}
	r.sampleAt += r.every
	r.setCloseAt()
}

// ring is a FIFO of request ids with their generations, so entries whose
// request moved on can be skipped when they come up. Its size is a power
// of two (push doubles it from 16, a fork copies it whole), so an index
// wraps with a mask: a division was a good part of a push or pop.
type ring struct {
	ids    []int32
	stamps []uint64 // generation (and token) when queued
	head   int
	n      int
}

func (q *ring) len() int { return q.n }

// pushRoom is push when the ring has room, and reports whether it had:
// with no call in it, it is small enough to inline where push, whose
// growth is a call, is not (a hot caller: `if !q.pushRoom(id, st) {
// q.push(id, st) }`).
func (q *ring) pushRoom(id int32, stamp uint64) bool {
	if q.n >= len(q.ids) {
		return false
	}
	at := (q.head + q.n) & (len(q.ids) - 1)
	q.ids[at], q.stamps[at] = id, stamp
	q.n++
	return true
}

func (q *ring) push(id int32, stamp uint64) {
	if q.n == len(q.ids) {
		q.grow()
	}
	at := (q.head + q.n) & (len(q.ids) - 1)
	q.ids[at], q.stamps[at] = id, stamp
	q.n++
}

// grow doubles the ring (16 entries at first), keeping them in order: in
// place when both arrays have the room, as a waitRing does (timers.go: a
// fork's copy, cloneRing, is made in the arrays of the run it replaces,
// which keep their capacity), else in new arrays.
func (q *ring) grow() {
	size := max(16, 2*len(q.ids))
	if len(q.ids) > 0 && cap(q.ids) >= size && cap(q.stamps) >= size {
		q.ids, q.stamps = doubleInPlace(q.ids, q.head, q.n, size), doubleInPlace(q.stamps, q.head, q.n, size)
		return
	}
	ids, stamps := make([]int32, size), make([]uint64, size)
	for i := 0; i < q.n; i++ {
		ids[i] = q.ids[(q.head+i)%len(q.ids)]
		stamps[i] = q.stamps[(q.head+i)%len(q.ids)]
	}
	q.ids, q.stamps, q.head = ids, stamps, 0
}

func (q *ring) pop() (int32, uint64) {
	id, gen := q.ids[q.head], q.stamps[q.head]
	q.head = (q.head + 1) & (len(q.ids) - 1)
	q.n--
	return id, gen
}
