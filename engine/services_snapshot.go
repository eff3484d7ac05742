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
)

func (s InstanceState) String() string {
	switch s {
	case InstanceIsDown:
		return "down"
	case InstanceIsHung:
		return "hung"
	}
	return "up"
}

// InstanceSnapshot is one instance of a service.
type InstanceSnapshot struct {
	State InstanceState
	// Until is when the state in force ends (0: it does not).
	Until        time.Duration
	Busy, Queued int
	Arrived      uint64
	Answered     Counts
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
}
