package engine

import (
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// EndpointSample is one time-series bucket of an endpoint: the requests that
// arrived in it, the outcomes decided in it, and the workers it held at its end.
type EndpointSample struct {
	Arrivals uint32
	Outcomes [numOutcomes]uint32
	Busy     int32
}

// DependencySample is one time-series bucket of a dependency, read at its end.
type DependencySample struct {
	InFlight int32 // calls the dependency is working on, abandoned ones included
	// Abandoned is the part of InFlight whose callers gave up (timed out):
	// work the dependency does for nobody.
	Abandoned int32
	Bulkhead  int32 // calls inside the caller's bulkhead
	Breaker   int8  // a breaker.State, or -1 when there is no breaker
	// The breaker's counts at the sample's end, as a call arriving then
	// would be judged by (breaker.CountsAt): the window's calls, failures
	// and slow calls, and the failures in a row. Zero without a breaker.
	// A shared breaker's (Policy.SharedBreaker) are its whole group's.
	Calls, Failures, Slow, Consecutive int32
	// Answered and FailedCalls count, from the start of the run to the
	// sample's end and modulo 2^32, the calls along this edge whose caller
	// got an answer, and of those the ones that ended failed or rejected
	// (a fallback's answer is not a failure): the difference between two
	// samples (in uint32 arithmetic) is what the edge did between them.
	Answered, FailedCalls uint32
	// Made counts, in the same way, the calls along this edge whose caller
	// began them (entered the edge's first layer; a retry is the same
	// call): answered, refused, still waiting somewhere, or lost with a
	// killed process. Answered alone misreads a hang, where the calls keep
	// coming and none is answered.
	//
	// Made and Dialling are left out of JSON, as BreakerSnapshot.WindowCalls
	// is: the recorded fingerprints hash the JSON a snapshot wrote before
	// they were added, and they change no result.
	Made uint32 `json:"-"`
	// Dialling is the calls along this edge waiting on their connection's
	// dial at the sample's end: made, not yet at the dependency, so not
	// in InFlight (an unreachable host's dials last as long as the fault).
	Dialling int32 `json:"-"`
	// Reached counts, in the same way, the attempts along this edge that
	// reached the dependency (a retry is another attempt): what the
	// dependency itself saw. Made less Reached is not a count of anything
	// alone (a retried call is made once and may reach it twice); the map
	// sets the two rates side by side, so that calls waiting for a
	// connection, refused by a breaker or a limit, or queued at a bulkhead
	// are not read as calls the dependency is serving. It is the running
	// total of DependencySnapshot.Calls, left out of JSON as Made is.
	Reached uint32 `json:"-"`
}

// Snapshot is the state of a run at one moment. It is immutable: later steps
// of the run never change it, so a viewer may keep it as long as it likes.
type Snapshot struct {
	Scenario, Variant string
	VariantIndex      int
	Seed              uint64
	Now               time.Duration
	Duration          time.Duration
	MeasureFrom       time.Duration
	MeasureTo         time.Duration
	SampleEvery       time.Duration
	Done              bool

	Workers int
	Busy    int
	// Queued is the number of requests waiting in the accept queue for a
	// worker (clients that gave up included, until a worker drops them);
	// QueueCap is its capacity (0 none, -1 unbounded).
	Queued   int
	QueueCap int
	// WorkerOwner holds, for each worker, the index of the endpoint whose
	// request holds it, or -1 when it is free.
	WorkerOwner []int16

	Endpoints    []EndpointSnapshot
	Dependencies []DependencySnapshot
	Transitions  []Transition
	// Services and Tenants are the bigger system's (services_snapshot.go):
	// empty when the scenario has none.
	Services []ServiceSnapshot
	Tenants  []TenantSnapshot
	// Shed counts, per class, the requests the front service's load
	// shedding refused.
	Shed [shed.NumClasses]uint64
	// Tasks is a tasks server's loop, tasks and memory (nil: a thread
	// pool), Pools its connection pools (tasks_snapshot.go). For a tasks
	// server Workers is 0 and Busy counts its live tasks.
	Tasks *TasksSnapshot
	Pools []PoolSnapshot
}

// EndpointSnapshot is one endpoint's state and record.
type EndpointSnapshot struct {
	Name  string
	Calls string // the dependency it calls, or ""
	Busy  int    // workers its requests hold now
	// Arrived counts every arrival so far; Total the outcomes decided so far;
	// Window the outcomes of requests that arrived in the measurement window;
	// WindowArrived those requests, decided or not (the difference is still
	// waiting for its answer).
	Arrived       uint64
	WindowArrived uint64
	// GaveUp counts clients that stopped waiting (their requests failed).
	GaveUp        uint64
	Total, Window Counts
	// Latency percentiles of the window's requests, as the client saw them.
	P50, P95, P99 time.Duration
	Series        []EndpointSample
	// Latencies holds the latency of every answer so far, as the client saw
	// it, in microseconds (saturating at math.MaxUint32), in the order the
	// answers came: the first sum(Series[0].Outcomes) belong to the first
	// sample, the next sum(Series[1].Outcomes) to the second, and so on, so
	// a view can take exact percentiles over any stretch of time. Answers
	// after the last sample (the drain) follow at the end.
	Latencies []uint32
}

// DependencySnapshot is one dependency's state and record.
type DependencySnapshot struct {
	Name        string
	InFlight    int
	InFlightMax int
	// InFlightMaxAt is when the calls in flight first reached InFlightMax
	// (0 when no call was sent).
	InFlightMaxAt time.Duration
	Abandoned     int // of InFlight, calls whose callers gave up
	Bulkhead      int // calls inside the bulkhead now
	// BulkheadCap is the bulkhead's size, zero when there is none. For a
	// per-tenant bulkhead it and Bulkhead count every lane's slots and the
	// overflow together, though no one call may take them all:
	// TenantBulkhead has each lane.
	BulkheadCap int
	Timeout     time.Duration
	// Deadline is the policy's bound on the whole call, retries and
	// backoff included (0: none); PropagateDeadline says the edge sends
	// what is left of the caller's deadline, which cuts each attempt's
	// timeout and stops retries it leaves no time for. Both are left out
	// of JSON: the recorded fingerprints hash the JSON a snapshot wrote
	// before they were added, and they change no result.
	Deadline          time.Duration `json:"-"`
	PropagateDeadline bool          `json:"-"`
	Fallback          FallbackKind
	// Fault is the fault in force now, if any.
	Fault           *Fault
	Calls           uint64 // attempts that reached the dependency
	BulkheadFull    uint64 // calls the bulkhead turned away
	BulkheadWaiting int    // calls waiting for a bulkhead slot now
	ShortCircuited  uint64 // calls the breaker refused
	Retries         uint64 // retries sent
	RetriesDenied   uint64 // retries the budget or the deadline refused
	// BudgetTokens is the token bucket's content, or -1 without one.
	BudgetTokens   int
	FellBack       uint64        // refusals answered by the fallback
	QueuedForLater uint64        // of those, work stored for later
	RetryAfter     time.Duration // the last Retry-After a fail-fast fallback sent
	// Service is the service this edge calls, or "" for a leaf.
	Service string
	// SharedBreaker is the group of the shared breaker that judges this
	// dependency's calls (Policy.SharedBreaker), "" when it has a breaker
	// of its own or none. Its transitions carry BreakerName.
	SharedBreaker string
	// RateLimited counts calls the rate limiter refused; DeadlineExceeded
	// attempts not sent because the propagated deadline had run out.
	RateLimited      uint64
	DeadlineExceeded uint64
	// Timeouts and DeadlineTimeouts count the attempts the caller's
	// timeout layer gave up on, each once: Timeouts at the hop's own
	// timeout, DeadlineTimeouts at the propagated deadline (the hop's
	// timeout had been cut to the time left, less the margin, and that
	// shorter timeout fired). Requests failing on a deadline show here,
	// not in DeadlineExceeded, which counts attempts never sent.
	Timeouts         uint64
	DeadlineTimeouts uint64
	// Cancelled counts, for a leaf dependency, the calls whose caller
	// gave up along an edge that propagates cancellation: the dependency
	// stopped working on each then (it left InFlight at once). A
	// service's cancelled calls are its ServiceSnapshot.Cancelled.
	Cancelled uint64
	// RateWaiting is the calls parked at the rate limiter now, each
	// holding its worker until its permit is due.
	RateWaiting int
	Order       []Layer // the configured layers, outermost first
	// Breaker is the breaker that judges this dependency's calls, nil
	// without one. For a member of a shared breaker's group
	// (Policy.SharedBreaker) it is the group's one breaker: every member's
	// snapshot shows the same state, window and counts, the other members'
	// calls included; ShortCircuited stays this dependency's own.
	Breaker *BreakerSnapshot
	Series  []DependencySample

	// BulkheadMax and BulkheadWaitingMax are the most calls inside the
	// bulkhead, and waiting for a slot, at once (a tasks server's permits);
	// BulkheadWaitedOut the calls that waited for a slot in vain (its
	// BulkheadWait: the asyncio guide's queue_timeout), which BulkheadFull,
	// the calls turned away at once, leaves out.
	BulkheadMax, BulkheadWaitingMax int
	BulkheadWaitedOut               uint64

	// TenantBulkhead is the per-tenant bulkhead's lanes (Policy.TenantBulkhead),
	// nil without one. Left out of JSON when nil, so that a snapshot
	// without one writes what it wrote before it was added (the recorded
	// fingerprints hash that JSON).
	TenantBulkhead *TenantBulkheadSnapshot `json:",omitempty"`
}

// TenantBulkheadSnapshot is a per-tenant bulkhead now: each tenant's own
// slots, and the overflow they share.
type TenantBulkheadSnapshot struct {
	// Lanes are the tenants' own slots in Snapshot.Tenants order, then,
	// when some endpoint's requests come without a tenant, theirs (Tenant "").
	Lanes []TenantLane
	// Shared is the overflow's slots held now and SharedCap its size (0:
	// none); SharedPerTenant the most of it one tenant may hold (0: no
	// limit but SharedCap).
	Shared, SharedCap, SharedPerTenant int
}

// TenantLane is one tenant's part of a per-tenant bulkhead.
type TenantLane struct {
	Tenant string // "" for the calls without a tenant
	// In is the lane's own slots held now, of Cap; InShared the overflow
	// slots the tenant holds besides.
	In, Cap, InShared int
}

// Full says whether a call of lane i's tenant arriving now would be turned
// away: its own slots are all held and the overflow has none for it.
func (t *TenantBulkheadSnapshot) Full(i int) bool {
	l := &t.Lanes[i]
	if l.In < l.Cap {
		return false
	}
	return t.Shared >= t.SharedCap || (t.SharedPerTenant > 0 && l.InShared >= t.SharedPerTenant)
}

// BreakerSnapshot is what a breaker pane shows.
type BreakerSnapshot struct {
	Config breaker.Config
	// State is what a call arriving now would find.
	State breaker.State
	// Window holds a count window's results, oldest first, and
	// WindowCalls the same calls with the slow ones marked; Buckets a time
	// window's buckets, oldest first. WindowCalls is left out of JSON:
	// it repeats Window there, and the recorded fingerprints hash the
	// JSON a snapshot wrote before it was added.
	Window        []breaker.Result
	WindowCalls   []breaker.Call `json:"-"`
	Buckets       []breaker.Bucket
	Calls         int
	Failures      int
	Slow          int
	Consecutive   int // failures in a row
	OpenRemaining time.Duration
	TrialsSent    int
	TrialsPassed  int
}

// owners is, for each worker, the endpoint whose request holds it, or
// noWorker: every front request that has started holds its worker until
// it is freed (releaseWorker, freeFast), so the live ones tell, with the
// calls in flight that write no slot (evPlainDone).
func (r *Run) owners() []int16 {
	o := make([]int16, len(r.workerOwner))
	for w := range o {
		o[w] = noWorker
	}
	for i := range r.requests {
		if req := &r.requests[i]; req.ep >= 0 && req.inst == 0 && req.worker >= 0 {
			o[req.worker] = req.ep
		}
	}
	// A call that writes no slot (answersSurely) holds its worker too.
	if r.anySure {
		r.queue.each(func(e *event) {
			if e.kind == evPlainDone {
				o[e.plainWorker()] = int16(e.plainEp())
			}
		})
	}
	return o
}

// Snapshot copies out the run's state now. Series and transitions share
// their backing arrays with the run, which only ever appends to them, so the
// copy costs a few small slices, not the whole history.
func (r *Run) Snapshot() Snapshot {
	s := r.Figures()
	s.WorkerOwner = r.owners()
	return s
}

// Figures is Snapshot without WorkerOwner, which only a picture of the
// worker pool reads (tui/pane's pool): a sweep reads one figure from each
// cell's finished run, and finding every worker's owner walks all the
// request slots and allocates a worker's entry each (in go-server's
// memory sweep, where thousands of goroutines pile up, 0.44 % of its
// instructions and 7.5 of its 306 MB allocated).
func (r *Run) Figures() Snapshot {
	s := Snapshot{
		Scenario:     r.scenario.Name,
		Variant:      r.scenario.Variants[r.variant].Name,
		VariantIndex: r.variant,
		Seed:         r.seed,
		Now:          r.now,
		Duration:     r.scenario.Duration,
		MeasureFrom:  r.scenario.MeasureFrom,
		MeasureTo:    r.scenario.MeasureTo,
		SampleEvery:  r.every,
		Done:         r.Done(),
		Workers:      r.sys.Workers,
		Busy:         r.busy,
		Queued:       r.accept.len(),
		QueueCap:     r.sys.Queue,
		Transitions:  r.transitions[:len(r.transitions):len(r.transitions)],
	}
	s.Endpoints = make([]EndpointSnapshot, len(r.endpoints))
	for i := range r.endpoints {
		es := &r.endpoints[i]
		s.Endpoints[i] = EndpointSnapshot{
			Name:          r.sys.Endpoints[i].Name,
			Calls:         r.sys.Endpoints[i].Calls,
			Busy:          es.busy,
			Arrived:       es.arrived,
			WindowArrived: es.windowArrived,
			GaveUp:        es.gaveUp,
			Total:         es.total,
			Window:        es.window,
			P50:           es.latency.Quantile(0.50),
			P95:           es.latency.Quantile(0.95),
			P99:           es.latency.Quantile(0.99),
			Series:        es.series[:len(es.series):len(es.series)],
			Latencies:     es.latencies[:len(es.latencies):len(es.latencies)],
		}
	}
	s.Dependencies = make([]DependencySnapshot, r.nFrontDeps)
	for i := range s.Dependencies {
		s.Dependencies[i] = r.dependencySnapshot(&r.dependencies[i])
	}
	if len(r.svcs) > 0 {
		s.Services = r.serviceSnapshots()
	}
	r.snapshotLimits(&s) // limits.go: shed, rate limited, tenants
	if r.tasks != nil || r.pools != nil {
		r.snapshotTasks(&s) // tasks_snapshot.go
	}
	return s
}

// dependencySnapshot copies out one edge's state (of the front service or
// of one instance of a service).
func (r *Run) dependencySnapshot(ds *dependencyState) DependencySnapshot {
	d := DependencySnapshot{
		Name:             ds.cfg.Name,
		InFlight:         ds.inFlight,
		InFlightMax:      ds.inFlightMax,
		InFlightMaxAt:    ds.inFlightMaxAt,
		Abandoned:        ds.abandoned,
		Bulkhead:         ds.bulkhead,
		BulkheadCap:      ds.cfg.Policy.Bulkhead,
		Timeout:          ds.cfg.Policy.Timeout,
		Fallback:         ds.cfg.Policy.Fallback,
		Calls:            ds.calls,
		BulkheadFull:     ds.bulkheadFull,
		BulkheadWaiting:  ds.waiting,
		Retries:          ds.retries,
		RetriesDenied:    ds.retriesDenied,
		BudgetTokens:     -1,
		FellBack:         ds.fellBack,
		QueuedForLater:   ds.queuedForLater,
		RetryAfter:       ds.lastRetryAfter,
		Service:          ds.cfg.Service,
		DeadlineExceeded: ds.deadlineExceeded,
		Timeouts:         ds.timeouts,
		DeadlineTimeouts: ds.deadlineTimeouts,
		Cancelled:        ds.cancelled,
		RateLimited:      ds.rateLimited,
		RateWaiting:      ds.rateWaiting,
		Order:            ds.layers,
		ShortCircuited:   ds.shortCircuited,
		Series:           ds.series[:len(ds.series):len(ds.series)],
	}
	d.BulkheadMax, d.BulkheadWaitingMax, d.BulkheadWaitedOut = ds.maxBulkhead, ds.waitingMax, ds.waitedOut
	d.Deadline, d.PropagateDeadline = ds.cfg.Policy.Deadline, ds.propagate
	if tb, ok := ds.budget.(*retry.TokenBucket); ok {
		d.BudgetTokens = tb.Tokens()
	}
	if ds.tenantBH != nil {
		d.BulkheadCap = ds.tenantBH.capacity
		d.BulkheadMax = ds.tenantBH.heldMax
		d.TenantBulkhead = r.tenantBulkheadSnapshot(ds.tenantBH)
	}
	if f := activeFault(ds.cfg.Faults, r.now); f != nil {
		fc := *f
		d.Fault = &fc
	}
	if b := ds.breaker; b != nil {
		d.Breaker = breakerSnapshot(b, r.now)
		d.SharedBreaker = ds.cfg.Policy.SharedBreaker
	}
	return d
}

// tenantBulkheadSnapshot copies out b's lanes, the same ones its capacity
// counts (tenantBulkhead.size).
func (r *Run) tenantBulkheadSnapshot(b *tenantBulkhead) *TenantBulkheadSnapshot {
	t := &TenantBulkheadSnapshot{Shared: int(b.sharedUsed), SharedCap: int(b.sharedCap), SharedPerTenant: int(b.sharedPerTenant)}
	lane := func(name string, k int) TenantLane {
		return TenantLane{Tenant: name, In: int(b.own[k]), Cap: int(b.ownCap[k]), InShared: int(b.shared[k])}
	}
	t.Lanes = make([]TenantLane, 0, len(r.sys.Tenants)+1)
	for k, name := range r.sys.Tenants {
		t.Lanes = append(t.Lanes, lane(name, k))
	}
	for i := range r.sys.Endpoints {
		if len(r.sys.Endpoints[i].Tenants) == 0 {
			t.Lanes = append(t.Lanes, lane("", anonTenant))
			break
		}
	}
	return t
}

// BreakerName is the name the transitions of d's breaker carry
// (Transition.Dependency): its shared breaker's group, or its own name.
func (d *DependencySnapshot) BreakerName() string {
	if d.SharedBreaker != "" {
		return d.SharedBreaker
	}
	return d.Name
}

// breakerSnapshot copies out what a breaker pane shows of b now.
func breakerSnapshot(b *breaker.Breaker, now time.Duration) *BreakerSnapshot {
	counts := b.CountsAt(now)
	sent, passed := b.Trials()
	bs := &BreakerSnapshot{
		Config:        b.Config(),
		State:         b.StateAt(now),
		Window:        b.AppendWindow(nil),
		WindowCalls:   b.AppendCalls(nil),
		Buckets:       b.AppendBuckets(nil, now),
		Calls:         counts.Calls,
		Failures:      counts.Failures,
		Slow:          counts.Slow,
		Consecutive:   counts.ConsecutiveFailures,
		OpenRemaining: b.OpenRemaining(now),
		TrialsSent:    sent,
		TrialsPassed:  passed,
	}
	if bs.State == breaker.HalfOpen && b.State() == breaker.Open {
		// The wait ran out but no call has come to move it yet.
		bs.TrialsSent, bs.TrialsPassed = 0, 0
	}
	return bs
}

func activeFault(faults []Fault, now time.Duration) *Fault {
	for i := range faults {
		f := &faults[i]
		if now >= f.From && (f.To == 0 || now < f.To) {
			return f
		}
	}
	return nil
}

// Endpoint finds an endpoint by name.
func (s *Snapshot) Endpoint(name string) (*EndpointSnapshot, bool) {
	for i := range s.Endpoints {
		if s.Endpoints[i].Name == name {
			return &s.Endpoints[i], true
		}
	}
	return nil, false
}

// Dependency finds a dependency by name.
func (s *Snapshot) Dependency(name string) (*DependencySnapshot, bool) {
	for i := range s.Dependencies {
		if s.Dependencies[i].Name == name {
			return &s.Dependencies[i], true
		}
	}
	return nil, false
}

// DependencyAt finds a dependency by the path a knob or a metric names
// it by: DEPENDENCY of the front, or SERVICE/DEPENDENCY, a service's call
// to one of its own.
func (s *Snapshot) DependencyAt(path string) (*DependencySnapshot, bool) {
	if d, ok := s.Dependency(path); ok {
		return d, true
	}
	svc, dep, ok := strings.Cut(path, "/")
	if !ok {
		return nil, false
	}
	for i := range s.Services {
		if ss := &s.Services[i]; ss.Name == svc {
			for j := range ss.Dependencies {
				if ss.Dependencies[j].Name == dep {
					return &ss.Dependencies[j], true
				}
			}
		}
	}
	return nil, false
}

// RunAll runs every variant of the scenario with the seed, to the end.
func RunAll(sc *Scenario, seed uint64) ([]Snapshot, error) {
	out := make([]Snapshot, len(sc.Variants))
	// The variants share their traffic: it is drawn once.
	tr, err := NewTraffic(sc, seed)
	if err != nil {
		return nil, err
	}
	for v := range sc.Variants {
		r, err := NewShared(sc, v, tr)
		if err != nil {
			return nil, err
		}
		r.Run()
		out[v] = r.Snapshot()
	}
	return out, nil
}
