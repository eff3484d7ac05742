package engine

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// The types of bigger systems (issue 14, engine/SERVICES-DESIGN.md):
// services that call services, fleets of instances behind a balancer,
// cancellation and deadlines that travel with a call, a rate limiter layer,
// server-side load shedding and traffic split by tenant.
//
// The System itself stays the front service: the one server clients reach,
// with one instance. A Dependency whose Service is set is an edge to one of
// System.Services, which may call further services, to any depth, without
// loops.

// Service is a server that the front service (or another service) calls.
type Service struct {
	Name string
	// Workers and Queue are each instance's pool and accept queue, with the
	// meaning System gives them.
	Workers int
	Queue   int
	// Instances is how many copies run behind a balancer; 0 or 1 is one.
	// Each instance has its own pool, queue and outbound edge state: its
	// breakers, bulkheads, rate limiters and budgets live in its memory.
	Instances int
	// Balancer is how a caller picks an instance.
	Balancer BalancerKind
	// Work is the service's own processing time per request, spent on a
	// worker before it makes its call; a zero Kind means none.
	Work Latency
	// Calls names the dependency (of Dependencies) each request calls, or
	// is empty: the request is answered when Work is done.
	Calls string
	// Shed, if not nil, refuses new requests when the accept queue's wait
	// passes a bound (server-side load shedding).
	Shed *ShedPolicy
	// Faults are restarts, outages and hangs of its instances, in time
	// order and not overlapping per instance.
	Faults []ServiceFault
	// Dependencies are the service's own outbound edges with the policies
	// it wraps around them; names are unique per service.
	Dependencies []Dependency
}

// BalancerKind names how a caller spreads calls over a fleet's instances.
type BalancerKind uint8

const (
	// RoundRobin: each caller instance takes the instances in turn.
	RoundRobin BalancerKind = iota
	// LeastOutstanding: the instance with the fewest requests on it
	// (working or queued), ties to the next in round-robin order.
	LeastOutstanding
	// RandomBalancer: an instance drawn from the caller's random stream.
	RandomBalancer
)

var balancerNames = [...]string{"round-robin", "least-outstanding", "random"}

func (b BalancerKind) String() string {
	if int(b) < len(balancerNames) {
		return balancerNames[b]
	}
	return fmt.Sprintf("balancer(%d)", uint8(b))
}

// ParseBalancer reads a balancer name as String writes it.
func ParseBalancer(name string) (BalancerKind, error) {
	for i, n := range balancerNames {
		if n == name {
			return BalancerKind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown balancer %q (allowed: %s)", name, strings.Join(balancerNames[:], ", "))
}

// ServiceFaultKind names what happens to a service's instance.
type ServiceFaultKind uint8

const (
	// InstanceDown: the instance refuses connections from From to To.
	// The balancers take it out of rotation at once (their health checks
	// are not modelled as a delay), so its share goes to the instances that
	// are up; with every instance down, calls fail at once.
	InstanceDown ServiceFaultKind = iota + 1
	// InstanceRestart: at From the instance crashes: every request on it
	// fails at once, its queue is dropped, and its memory (breakers,
	// budgets, limiters) is lost; it is down until To, then starts afresh.
	InstanceRestart
	// InstanceHang: the instance takes calls but answers none from From to
	// To (a failover in progress, a stop-the-world pause); held requests
	// carry on at To.
	InstanceHang
	// InstanceSlow: every request the instance starts from From to To
	// holds its worker Latency longer before its own work (a process
	// starved of CPU, a long garbage collection, a noisy neighbour).
	InstanceSlow
	// InstanceErrors: from From to To the instance answers each call it
	// takes with an error at once, with probability Probability, without
	// taking a worker (a bad deploy answering 500s).
	InstanceErrors
)

var serviceFaultNames = [...]string{InstanceDown: "down", InstanceRestart: "restart", InstanceHang: "hang", InstanceSlow: "slow", InstanceErrors: "error"}

func (k ServiceFaultKind) String() string {
	if int(k) < len(serviceFaultNames) && serviceFaultNames[k] != "" {
		return serviceFaultNames[k]
	}
	return fmt.Sprintf("service-fault(%d)", uint8(k))
}

// ParseServiceFault reads a service fault kind as String writes it.
func ParseServiceFault(name string) (ServiceFaultKind, error) {
	for i, n := range serviceFaultNames {
		if n != "" && n == name {
			return ServiceFaultKind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown service fault %q (allowed: down, restart, hang, slow, error)", name)
}

// AllInstances is ServiceFault.Instance for a fault of every instance.
const AllInstances = -1

// ServiceFault is one misbehaviour of a service's instance (or of all).
type ServiceFault struct {
	Kind ServiceFaultKind
	// Instance counts from 0; AllInstances means every one.
	Instance int
	From, To time.Duration
	// Latency is a slow fault's added time per request; Probability an
	// error fault's share of calls answered with an error, in (0, 1].
	Latency     time.Duration
	Probability float64
}

// CancelMode says whether a caller's giving up reaches the callee.
type CancelMode uint8

const (
	// CancelNone: the caller stops waiting, the callee never knows and
	// works on to the end (a client that just stops reading).
	CancelNone CancelMode = iota
	// CancelPropagate: the callee stops work on an abandoned call and frees
	// its worker, and passes the cancellation on (gRPC deadlines, HTTP/2
	// RST_STREAM, a server that watches its request's context). A leaf
	// dependency (a database) stops the call at once: it leaves the calls
	// in flight, counted as cancelled (a driver that sends a cancel
	// request for a cancelled context, such as lib/pq's).
	CancelPropagate
)

func (c CancelMode) String() string {
	if c == CancelPropagate {
		return "propagate"
	}
	return "none"
}

// ParseCancel reads a cancel mode as String writes it.
func ParseCancel(name string) (CancelMode, error) {
	switch name {
	case "none":
		return CancelNone, nil
	case "propagate":
		return CancelPropagate, nil
	}
	return 0, fmt.Errorf("unknown cancel mode %q (allowed: none, propagate)", name)
}

// RateLimiterKind names a rate limiter's rule.
type RateLimiterKind uint8

const (
	// TokenBucketLimiter is ratelimit.Bucket.
	TokenBucketLimiter RateLimiterKind = iota + 1
	// PeriodLimiter is ratelimit.Period, Resilience4j's AtomicRateLimiter.
	PeriodLimiter
)

func (k RateLimiterKind) String() string {
	switch k {
	case TokenBucketLimiter:
		return "bucket"
	case PeriodLimiter:
		return "period"
	}
	return fmt.Sprintf("ratelimiter(%d)", uint8(k))
}

// RateLimiterPolicy is the rate limiter layer of a policy: one of the two
// configurations, by Kind.
type RateLimiterPolicy struct {
	Kind   RateLimiterKind
	Bucket ratelimit.BucketConfig
	Period ratelimit.PeriodConfig
}

// ShedPolicy is server-side load shedding of a service's accept queue.
// Workers is taken from the service's pool and need not be set.
type ShedPolicy = shed.Config

// TenantShare is one tenant's part of an endpoint's traffic.
type TenantShare struct {
	Tenant string  // one of System.Tenants
	Share  float64 // the shares of an endpoint add up to 1
}

// Burst is a stretch of time in which an endpoint's rate is Rate instead of
// its own.
type Burst struct {
	From, To time.Duration
	Rate     float64
	// Tenant, if set, makes the burst's extra traffic (Rate minus the
	// endpoint's own) all that tenant's: a noisy tenant.
	Tenant string
}

// TenantBulkhead gives tenants their own slots of a bulkhead (exercise 15's
// rules): a call takes one of its tenant's own slots if one is free, else
// one of the shared overflow, of which one tenant may hold at most
// SharedPerTenant; it gives its slot back to the part it came from.
type TenantBulkhead struct {
	Own             []TenantSlots // tenants with slots of their own
	Default         int           // own slots of every tenant not listed
	Shared          int           // the overflow all tenants share
	SharedPerTenant int           // the most of the overflow one tenant holds; 0 = no limit
}

// TenantSlots is a tenant's own share of a TenantBulkhead.
type TenantSlots struct {
	Tenant string
	Slots  int
}

// Limits of bigger systems.
const (
	MaxServices  = 32
	MaxDepth     = 8
	MaxInstances = 256
	MaxTenants   = 16
)

// validateServices checks the services, the edges to them and the tenants,
// after each front dependency and endpoint passed its own checks.
func (sys *System) validateServices(duration time.Duration) error {
	if len(sys.Services) > MaxServices {
		return fmt.Errorf("a system may have at most %d services, got %d", MaxServices, len(sys.Services))
	}
	if len(sys.Tenants) > MaxTenants {
		return fmt.Errorf("a system may have at most %d tenants, got %d", MaxTenants, len(sys.Tenants))
	}
	tenants := map[string]bool{}
	for _, t := range sys.Tenants {
		if t == "" {
			return errors.New("a tenant has no name")
		}
		if tenants[t] {
			return fmt.Errorf("tenant %q is named twice", t)
		}
		tenants[t] = true
	}
	for _, e := range sys.Endpoints {
		if e.Class >= shed.NumClasses {
			return fmt.Errorf("endpoint %q: class must be critical, default or sheddable, got %v", e.Name, e.Class)
		}
		if err := validateTenantsOf(e, tenants, duration); err != nil {
			return fmt.Errorf("endpoint %q: %w", e.Name, err)
		}
	}
	if sys.Shed != nil {
		c := *sys.Shed
		c.Workers = sys.Workers
		if err := validateShed(c); err != nil {
			return fmt.Errorf("shed: %w", err)
		}
	}
	services := map[string]int{}
	totalWorkers := sys.Workers
	for i := range sys.Services {
		s := &sys.Services[i]
		if s.Name == "" {
			return fmt.Errorf("service %d has no name", i+1)
		}
		if _, dup := services[s.Name]; dup {
			return fmt.Errorf("service %q is defined twice", s.Name)
		}
		services[s.Name] = i
		if err := s.validate(duration, tenants); err != nil {
			return fmt.Errorf("service %q: %w", s.Name, err)
		}
		totalWorkers += s.Workers * max(1, s.Instances)
	}
	if totalWorkers > MaxWorkers {
		return fmt.Errorf("the services' workers, over all instances, add up to %s; at most %s are simulated", RateText(float64(totalWorkers)), RateText(MaxWorkers))
	}
	// Every edge to a service names one that exists, and has no latency
	// or faults of its own: its latency is whatever the service does.
	checkEdges := func(owner string, deps []Dependency) error {
		for _, d := range deps {
			if err := validateTenantBulkhead(d.Policy.TenantBulkhead, tenants); err != nil {
				return fmt.Errorf("%sdependency %q: %w", owner, d.Name, err)
			}
			if p := &d.Policy; p.TenantBulkhead != nil && (p.BulkheadWait > 0 || p.BulkheadQueue > 0 || p.BulkheadKind != SemaphoreBulkhead) {
				// Exercise 15's TryAcquire: a tenant's slot now, or a refusal.
				return fmt.Errorf("%sdependency %q: a per-tenant bulkhead never makes calls wait: drop its bulkhead wait, queue and kind (got %s, %d, %v)", owner, d.Name, FormatDuration(p.BulkheadWait), p.BulkheadQueue, p.BulkheadKind)
			}
			if d.Service == "" {
				continue
			}
			if _, ok := services[d.Service]; !ok {
				return fmt.Errorf("%sdependency %q is service %q, which is not defined (have: %s)", owner, d.Name, d.Service, serviceNames(sys.Services))
			}
		}
		return nil
	}
	if err := checkEdges("", sys.Dependencies); err != nil {
		return err
	}
	for i := range sys.Services {
		s := &sys.Services[i]
		if err := checkEdges(fmt.Sprintf("service %q: ", s.Name), s.Dependencies); err != nil {
			return err
		}
	}
	return sys.checkServiceGraph(services)
}

// checkServiceGraph walks the calls from the front service: a loop is an
// error naming it in call order, as is a service nobody reaches or a chain
// deeper than MaxDepth.
func (sys *System) checkServiceGraph(index map[string]int) error {
	const (
		white = iota
		grey
		black
	)
	colour := make([]int, len(sys.Services))
	var path []string
	var visit func(i, depth int) error
	visit = func(i, depth int) error {
		s := &sys.Services[i]
		if depth > MaxDepth {
			return fmt.Errorf("services call each other %d deep (%s → %s); at most %d hops are simulated", depth, strings.Join(path, " → "), s.Name, MaxDepth)
		}
		switch colour[i] {
		case grey:
			return fmt.Errorf("services form a loop: %s → %s (a service may not call itself, directly or through others)", strings.Join(path, " → "), s.Name)
		case black:
			return nil
		}
		colour[i] = grey
		path = append(path, s.Name)
		for _, d := range s.Dependencies {
			if d.Service != "" {
				if err := visit(index[d.Service], depth+1); err != nil {
					return err
				}
			}
		}
		path = path[:len(path)-1]
		colour[i] = black
		return nil
	}
	path = append(path, "front")
	for _, d := range sys.Dependencies {
		if d.Service != "" {
			if err := visit(index[d.Service], 1); err != nil {
				return err
			}
		}
	}
	for i, c := range colour {
		if c == white {
			return fmt.Errorf("service %q is never called (no dependency of the front service or of a service it reaches names it)", sys.Services[i].Name)
		}
	}
	return nil
}

func serviceNames(ss []Service) string {
	if len(ss) == 0 {
		return "none"
	}
	names := make([]string, len(ss))
	for i := range ss {
		names[i] = ss[i].Name
	}
	return strings.Join(names, ", ")
}

func (s *Service) validate(duration time.Duration, tenants map[string]bool) error {
	if s.Workers < 1 || s.Workers > MaxWorkers {
		return fmt.Errorf("workers must be between 1 and %s, got %s", RateText(MaxWorkers), RateText(float64(s.Workers)))
	}
	if s.Queue < QueueUnbounded || s.Queue > MaxQueue {
		return fmt.Errorf("queue must be -1 (unbounded), 0 (none) or up to %s, got %s", RateText(MaxQueue), RateText(float64(s.Queue)))
	}
	if s.Instances < 0 || s.Instances > MaxInstances {
		return fmt.Errorf("instances must be between 1 and %d, got %d", MaxInstances, s.Instances)
	}
	if s.Balancer > RandomBalancer {
		return fmt.Errorf("balancer must be one of %s, got %v", strings.Join(balancerNames[:], ", "), s.Balancer)
	}
	if s.Work.Kind != 0 {
		if err := validateLatency(s.Work); err != nil {
			return fmt.Errorf("work: %w", err)
		}
	}
	if len(s.Dependencies) > MaxEndpoints {
		return fmt.Errorf("a service may have at most %d dependencies, got %d", MaxEndpoints, len(s.Dependencies))
	}
	deps := map[string]bool{}
	for i := range s.Dependencies {
		d := &s.Dependencies[i]
		if d.Name == "" {
			return errors.New("a dependency has no name")
		}
		if deps[d.Name] {
			return fmt.Errorf("dependency %q is defined twice", d.Name)
		}
		deps[d.Name] = true
		if err := d.validate(s.Workers, true, duration); err != nil {
			return fmt.Errorf("dependency %q: %w", d.Name, err)
		}
	}
	if err := validateSharedBreakers(s.Dependencies); err != nil {
		return err
	}
	if s.Calls != "" && !deps[s.Calls] {
		return fmt.Errorf("calls %q, which is not one of its dependencies (have: %v)", s.Calls, keys(deps))
	}
	if s.Shed != nil {
		c := *s.Shed
		c.Workers = s.Workers
		if err := validateShed(c); err != nil {
			return fmt.Errorf("shed: %w", err)
		}
	}
	n := max(1, s.Instances)
	lastTo := map[int]time.Duration{} // per instance (AllInstances too)
	for i, f := range s.Faults {
		to := f.To
		if to == 0 {
			to = duration
		}
		switch {
		case f.Kind < InstanceDown || f.Kind > InstanceErrors:
			return fmt.Errorf("fault %d kind must be down, restart, hang, slow or error, got %v", i+1, f.Kind)
		case f.Kind == InstanceSlow && (f.Latency <= 0 || f.Latency > MaxDuration):
			return fmt.Errorf("fault %d (slow) needs a latency above 0 and up to %s, got %s", i+1, FormatDuration(MaxDuration), FormatDuration(f.Latency))
		case f.Kind == InstanceErrors && !(f.Probability > 0 && f.Probability <= 1):
			return fmt.Errorf("fault %d (error) needs a probability above 0 and up to 1, got %v", i+1, f.Probability)
		case f.Instance < AllInstances || f.Instance >= n:
			return fmt.Errorf("fault %d names instance %d; the service has instances 0 to %d (or -1 for all)", i+1, f.Instance, n-1)
		case f.From > LatestFaultMoment(duration):
			return fmt.Errorf("fault %d (%v) %s", i+1, f.Kind, FaultMomentPast("start", f.From, duration))
		case f.To > LatestFaultMoment(duration):
			return fmt.Errorf("fault %d (%v) %s", i+1, f.Kind, FaultMomentPast("end", f.To, duration))
		case f.From < 0 || f.From >= to:
			return faultSpanError(i, f.Kind, f.From, f.To, to)
		}
		// The latest end among the faults this one shares an instance with,
		// so the message does not depend on the map's order.
		var prev time.Duration
		for inst, end := range lastTo {
			if inst == f.Instance || inst == AllInstances || f.Instance == AllInstances {
				prev = max(prev, end)
			}
		}
		if f.From < prev {
			return fmt.Errorf("fault %d starts at %s, before an earlier fault of the same instance ends (%s): faults of an instance must follow one another", i+1, FormatDuration(f.From), FormatDuration(prev))
		}
		lastTo[f.Instance] = to
	}
	return nil
}

func validateLatency(l Latency) error {
	// No request's work or reply takes longer than the longest run: a
	// latency past MaxDuration is a slip of the unit (24000h for 24000ms).
	for _, d := range []time.Duration{l.Mean, l.Value, l.P50, l.P99} {
		if d > MaxDuration {
			return fmt.Errorf("latency must be at most %s, got %s", FormatDuration(MaxDuration), FormatDuration(d))
		}
	}
	switch l.Kind {
	case Exponential:
		if l.Mean <= 0 {
			return fmt.Errorf("exponential latency needs a positive mean, got %s", FormatDuration(l.Mean))
		}
	case Constant:
		if l.Value < 0 {
			return fmt.Errorf("constant latency must not be negative, got %s", FormatDuration(l.Value))
		}
	case LogNormal:
		if l.P50 <= 0 || l.P99 <= l.P50 {
			return fmt.Errorf("lognormal latency needs 0 < p50 < p99, got p50 %s and p99 %s", FormatDuration(l.P50), FormatDuration(l.P99))
		}
	default:
		return fmt.Errorf("latency kind must be exponential, constant or lognormal, got %v", l.Kind)
	}
	return nil
}

func validateTenantsOf(e Endpoint, tenants map[string]bool, duration time.Duration) error {
	if len(e.Tenants) > 0 {
		var sum float64
		seen := map[string]bool{}
		for _, t := range e.Tenants {
			if !tenants[t.Tenant] {
				return fmt.Errorf("tenant %q is not one of the system's tenants (have: %v)", t.Tenant, keys(tenants))
			}
			if seen[t.Tenant] {
				return fmt.Errorf("tenant %q has two shares", t.Tenant)
			}
			seen[t.Tenant] = true
			if math.IsNaN(t.Share) || t.Share < 0 || t.Share > 1 {
				return fmt.Errorf("tenant %q: share must be between 0 and 1, got %v", t.Tenant, t.Share)
			}
			sum += t.Share
		}
		if math.Abs(sum-1) > 1e-9 {
			return fmt.Errorf("tenant shares must add up to 1, got %v", sum)
		}
	}
	for i, b := range e.Bursts {
		switch {
		case b.To > LatestSurgeMoment(duration):
			return fmt.Errorf("burst %d %s", i+1, SurgeMomentPast("end", b.To, duration))
		case b.From > LatestSurgeMoment(duration):
			return fmt.Errorf("burst %d %s", i+1, SurgeMomentPast("start", b.From, duration))
		case b.From < 0 || b.To <= b.From:
			return fmt.Errorf("burst %d must satisfy 0 <= from < to <= duration (%s), got %s to %s", i+1, FormatDuration(duration), FormatDuration(b.From), FormatDuration(b.To))
		case math.IsNaN(b.Rate) || b.Rate < 0 || b.Rate > MaxRate:
			return fmt.Errorf("burst %d: %s", i+1, RateOutOfRange(b.Rate))
		case e.Interval > 0:
			return fmt.Errorf("burst %d: bursts change a rate, and this endpoint sends at a fixed interval", i+1)
		case b.Tenant != "" && !tenants[b.Tenant]:
			return fmt.Errorf("burst %d: tenant %q is not one of the system's tenants (have: %v)", i+1, b.Tenant, keys(tenants))
		case b.Tenant != "" && b.Rate < e.Rate:
			return fmt.Errorf("burst %d: a tenant's burst adds traffic, so its rate (%v) must be at least the endpoint's (%v)", i+1, b.Rate, e.Rate)
		case i > 0 && b.From < e.Bursts[i-1].To:
			return fmt.Errorf("burst %d starts at %s, before burst %d ends: bursts must follow one another", i+1, FormatDuration(b.From), i)
		}
	}
	return nil
}

// MaxTenantSlots bounds each count of a per-tenant bulkhead's slots (a
// tenant's own, the default, the shared overflow and one tenant's most of
// it): a bulkhead holds at most a pool's workers, MaxWorkers, so a slot
// count past them is no bulkhead any server could fill.
const MaxTenantSlots = MaxWorkers

func validateTenantBulkhead(tb *TenantBulkhead, tenants map[string]bool) error {
	if tb == nil {
		return nil
	}
	if len(tenants) == 0 {
		return errors.New("a per-tenant bulkhead needs the system's tenants")
	}
	for _, o := range tb.Own {
		if !tenants[o.Tenant] {
			return fmt.Errorf("per-tenant bulkhead: tenant %q is not one of the system's tenants (have: %v)", o.Tenant, keys(tenants))
		}
		if o.Slots < 0 || o.Slots > MaxTenantSlots {
			return fmt.Errorf("per-tenant bulkhead: tenant %q has %s slots; it must be between 0 and %s", o.Tenant, RateText(float64(o.Slots)), RateText(MaxTenantSlots))
		}
	}
	if out := func(n int) bool { return n < 0 || n > MaxTenantSlots }; out(tb.Default) || out(tb.Shared) || out(tb.SharedPerTenant) {
		return fmt.Errorf("per-tenant bulkhead: default, shared and shared per tenant must each be between 0 and %s, got %s, %s and %s", RateText(MaxTenantSlots), RateText(float64(tb.Default)), RateText(float64(tb.Shared)), RateText(float64(tb.SharedPerTenant)))
	}
	total := tb.Default + tb.Shared
	for _, o := range tb.Own {
		total += o.Slots
	}
	if total == 0 {
		return errors.New("per-tenant bulkhead has no slots at all: give a tenant's own slots, default or shared a size")
	}
	return nil
}

// validateShed checks a queue's shedding: its bounds are waits in the
// queue, which no run outlasts, so each is at most MaxDuration as a
// call's waits are.
func validateShed(c ShedPolicy) error {
	for _, w := range c.MaxWait {
		if w > MaxDuration {
			return fmt.Errorf("each max wait must be above 0 and at most %s, got %s", FormatDuration(MaxDuration), FormatDuration(w))
		}
	}
	return c.Validate()
}

func (p *RateLimiterPolicy) validate() error {
	switch p.Kind {
	case TokenBucketLimiter:
		if b := p.Bucket; b.Rate > MaxPermits || b.Burst > MaxPermits {
			return fmt.Errorf("token bucket rate and burst must each be between 1 and %s, got %s and %s", RateText(MaxPermits), RateText(float64(b.Rate)), RateText(float64(b.Burst)))
		}
		// A wait for a token is a call's wait, held to the longest run.
		if w := p.Bucket.MaxWait; w > MaxDuration {
			return fmt.Errorf("token bucket max wait must be between 0 and %s, got %s", FormatDuration(MaxDuration), FormatDuration(w))
		}
		return p.Bucket.Validate()
	case PeriodLimiter:
		if n := p.Period.LimitForPeriod; n > MaxPermits {
			return fmt.Errorf("limitForPeriod must be between 1 and %s, got %s", RateText(MaxPermits), RateText(float64(n)))
		}
		// A period longer than the longest run refreshes never, and a wait
		// for a permit is a call's wait: both at most MaxDuration.
		if pc := p.Period; pc.LimitRefreshPeriod > MaxDuration || pc.TimeoutDuration > MaxDuration {
			return fmt.Errorf("limitRefreshPeriod must be between 1ns and %s and timeoutDuration between 0 and %s, got %s and %s", FormatDuration(MaxDuration), FormatDuration(MaxDuration), FormatDuration(pc.LimitRefreshPeriod), FormatDuration(pc.TimeoutDuration))
		}
		return p.Period.Validate()
	}
	return fmt.Errorf("rate limiter kind must be bucket or period, got %v", p.Kind)
}
