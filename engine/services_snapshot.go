package engine

import (
	"time"

	"github.com/breakerlab/breakerlab/engine/shed"
)

// What a snapshot holds of bigger systems (services.go). Snapshot.Services
// lists every service the front service reaches, in the order a depth-first
// walk of the calls meets them (so a chain reads outermost first);
// Snapshot.Tenants the outcomes of each tenant's requests at the front.
// A scenario without services or tenants leaves both empty, and the rest of
// the snapshot means what it always has: the front service's state.

// ServiceSnapshot is one service's state and record, over all its instances.
type ServiceSnapshot struct {
	Name string
	// Caller is the service that calls it ("" for the front service) and
	// Depth its hops from the front (1 = called by the front).
	Caller string
	Depth  int
	// Workers and QueueCap are each instance's; Calls the dependency each
	// request calls, or "".
	Workers  int
	QueueCap int
	Calls    string
	Balancer BalancerKind
	// Busy and Queued add up the instances; the maxima are of those sums.
	Busy, Queued       int
	BusyMax, QueuedMax int
	// Arrived counts the calls that reached the service; Answered what it
	// answered them: OK, Failed (an error, a crash, a deadline that passed
	// in its queue), Rejected (queue full, shed, down); Fallback when its
	// own fallback answered.
	Arrived  uint64
	Answered Counts
	// Shed counts the requests load shedding refused, per class.
	Shed [shed.NumClasses]uint64
	// Cancelled counts calls whose caller's cancellation reached the
	// service and stopped its work; AbandonedWork the calls it finished
	// for a caller that had given up (no cancellation reached it), and
	// WastedWork the worker time those took; ExpiredInQueue the calls
	// dropped at a worker because their deadline had passed.
	Cancelled      uint64
	AbandonedWork  uint64
	WastedWork     time.Duration
	ExpiredInQueue uint64
	Instances      []InstanceSnapshot
	// Dependencies are the service's edges, with counts summed over its
	// instances; a breaker lives in each instance (InstanceSnapshot.Breakers),
	// so Breaker here is nil unless the service has one instance.
	Dependencies []DependencySnapshot
	Series       []ServiceSample
}

// InstanceState is what an instance of a service is doing.
type InstanceState uint8

const (
	InstanceUp InstanceState = iota
	// InstanceIsDown: refusing connections (a down or restart fault).
	InstanceIsDown
	// InstanceIsHung: taking calls and answering none (a hang fault).
	InstanceIsHung
	// InstanceIsSlow: each request it starts holds a worker longer (a
	// slow fault).
	InstanceIsSlow
	// InstanceIsFailing: answering a share of calls with errors (an error
	// fault).
	InstanceIsFailing
)

func (s InstanceState) String() string {
	switch s {
	case InstanceIsDown:
		return "down"
	case InstanceIsHung:
		return "hung"
	case InstanceIsSlow:
		return "slow"
	case InstanceIsFailing:
		return "failing"
	}
	return "up"
}

// InstanceSnapshot is one instance of a service.
type InstanceSnapshot struct {
	State InstanceState
	// Until is when the state in force ends (0: it does not).
	Until time.Duration
	// SlowBy is a slow instance's added time per request; ErrorRate a
	// failing instance's share of calls answered with an error.
	SlowBy       time.Duration
	ErrorRate    float64
	Busy, Queued int
	// BusyMax and QueuedMax are the most it has held at once.
	BusyMax, QueuedMax int
	Arrived            uint64
	Answered           Counts
	// Restarts counts the restarts so far (each loses the memory below).
	Restarts int
	// Breakers holds, per edge of the service (in its Dependencies'
	// order), this instance's breaker, or nil where the edge has none.
	Breakers []*BreakerSnapshot
}

// ServiceSample is one time-series bucket of a service, read at its end
// (summed over instances), with what it answered during the bucket.
type ServiceSample struct {
	Busy, Queued int32
	Answered     [numOutcomes]uint32
	// Open counts the instances whose breaker on the service's Calls edge
	// is open, HalfOpen those half-open.
	Open, HalfOpen int16
}

// TenantSnapshot is one tenant's requests at the front service.
type TenantSnapshot struct {
	Name string
	// Arrived counts every arrival so far; WindowArrived those in the
	// measurement window, decided or not (as EndpointSnapshot's).
	Arrived       uint64
	WindowArrived uint64
	Total, Window Counts
	// Rejected by the tenant's own share of a per-tenant bulkhead or quota.
	Limited uint64
	// Series holds a bucket per Snapshot.SampleEvery: the tenant's
	// arrivals in it, and the answers given in it.
	Series []TenantSample
}

// TenantSample is one time-series bucket of a tenant at the front.
type TenantSample struct {
	Arrived  uint32
	Answered [numOutcomes]uint32
}

// serviceSnapshots copies out every service, in depth-first call order.
func (r *Run) serviceSnapshots() []ServiceSnapshot {
	out := make([]ServiceSnapshot, 0, len(r.svcOrder))
	for _, i := range r.svcOrder {
		ss := &r.svcs[i]
		s := ServiceSnapshot{
			Name:      ss.cfg.Name,
			Caller:    ss.caller,
			Depth:     ss.depth,
			Workers:   ss.cfg.Workers,
			QueueCap:  ss.cfg.Queue,
			Calls:     ss.cfg.Calls,
			Balancer:  ss.cfg.Balancer,
			Busy:      ss.busy,
			Queued:    ss.queued,
			BusyMax:   ss.busyMax,
			QueuedMax: ss.queuedMax,
			Series:    ss.series[:len(ss.series):len(ss.series)],
			Instances: make([]InstanceSnapshot, ss.n),
		}
		for k := range ss.n {
			in := &r.insts[ss.instBase+k]
			s.Arrived += in.arrived
			for o := range in.answered {
				s.Answered[o] += in.answered[o]
			}
			s.Cancelled += in.cancelled
			if in.shedder != nil {
				for c := range s.Shed {
					s.Shed[c] += in.shedder.Stats(shed.Class(c)).Shed
				}
			}
			s.AbandonedWork += in.abandonedWork
			s.WastedWork += in.wasted
			s.ExpiredInQueue += in.expiredInQueue
			is := InstanceSnapshot{State: in.state, Until: in.until, SlowBy: in.slowBy, ErrorRate: in.errRate, Busy: in.busy, Queued: in.queued, BusyMax: in.busyMax, QueuedMax: in.queuedMax,
				Arrived: in.arrived, Answered: in.answered, Restarts: in.restarts,
				Breakers: make([]*BreakerSnapshot, ss.nDeps)}
			for j := range ss.nDeps {
				if b := r.dependencies[ss.depBase+k*ss.nDeps+j].breaker; b != nil {
					is.Breakers[j] = breakerSnapshot(b, r.now)
				}
			}
			s.Instances[k] = is
		}
		s.Dependencies = make([]DependencySnapshot, ss.nDeps)
		for j := range ss.nDeps {
			s.Dependencies[j] = r.edgeSnapshot(ss, j)
		}
		out = append(out, s)
	}
	return out
}

// edgeSnapshot is edge j of a service, summed over its instances. With one
// instance it is that instance's edge, breaker included; with more, the
// breaker is per instance (InstanceSnapshot.Breakers), the series' breaker
// state is -1, and InFlightMax is the largest of the instances' maxima and
// of the summed samples (the sum is not tracked between samples).
func (r *Run) edgeSnapshot(ss *svcState, j int) DependencySnapshot {
	d := r.dependencySnapshot(&r.dependencies[ss.depBase+j])
	if ss.n == 1 {
		return d
	}
	d.Breaker = nil
	series := make([]DependencySample, len(d.Series))
	copy(series, d.Series)
	for k := 1; k < ss.n; k++ {
		e := r.dependencySnapshot(&r.dependencies[ss.depBase+k*ss.nDeps+j])
		d.InFlight += e.InFlight
		d.peakAt(e.InFlightMax, e.InFlightMaxAt)
		d.Abandoned += e.Abandoned
		d.Bulkhead += e.Bulkhead
		d.Calls += e.Calls
		d.BulkheadFull += e.BulkheadFull
		d.BulkheadWaiting += e.BulkheadWaiting
		d.ShortCircuited += e.ShortCircuited
		d.Retries += e.Retries
		d.RetriesDenied += e.RetriesDenied
		if e.BudgetTokens >= 0 {
			d.BudgetTokens += e.BudgetTokens
		}
		d.FellBack += e.FellBack
		d.QueuedForLater += e.QueuedForLater
		d.RetryAfter = max(d.RetryAfter, e.RetryAfter)
		d.RateLimited += e.RateLimited
		d.RateWaiting += e.RateWaiting
		d.DeadlineExceeded += e.DeadlineExceeded
		for t := range series {
			if t >= len(e.Series) {
				break
			}
			a, b := &series[t], &e.Series[t]
			a.InFlight += b.InFlight
			a.Abandoned += b.Abandoned
			a.Bulkhead += b.Bulkhead
			a.Calls += b.Calls
			a.Failures += b.Failures
			a.Slow += b.Slow
			a.Consecutive += b.Consecutive
			a.Answered += b.Answered
			a.FailedCalls += b.FailedCalls
			a.Made += b.Made
			a.Dialling += b.Dialling
			a.Reached += b.Reached
		}
	}
	for t := range series {
		series[t].Breaker = -1
		// A sample holds the calls in flight at its bucket's end.
		d.peakAt(int(series[t].InFlight), time.Duration(t+1)*r.every)
	}
	d.peakAt(d.InFlight, r.now)
	d.Series = series
	return d
}

// peakAt takes n calls in flight at `at` as the peak if it is a higher one,
// or as high and earlier: InFlightMaxAt is when the peak was first reached.
func (d *DependencySnapshot) peakAt(n int, at time.Duration) {
	if n > d.InFlightMax || n == d.InFlightMax && at < d.InFlightMaxAt {
		d.InFlightMax, d.InFlightMaxAt = n, at
	}
}
