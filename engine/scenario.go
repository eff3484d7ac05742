package engine

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// Scenario is a whole experiment: one or more variants of a system run on the
// same seeded traffic for the same span of virtual time.
type Scenario struct {
	Name    string
	Summary string
	// Duration is how long traffic arrives. After it, the run drains: the
	// requests still open get their answers, or fail once DrainLimit passes.
	Duration time.Duration
	// MeasureFrom and MeasureTo bound the window that outcome counts cover:
	// a request counts if it arrived in [MeasureFrom, MeasureTo).
	MeasureFrom, MeasureTo time.Duration
	Variants               []Variant
}

// Variant is one design of the system under test.
type Variant struct {
	Name   string
	System System
}

// System is the server, its endpoints and the dependencies they call.
type System struct {
	// Workers is the size of the server's pool; a request holds one worker
	// from the moment it is admitted until it is answered.
	Workers int
	// Queue is the accept queue's capacity: requests that find every worker
	// busy wait in it, first come first served. Zero means no queue (they
	// are rejected at once); QueueUnbounded means no limit.
	Queue        int
	Endpoints    []Endpoint
	Dependencies []Dependency
	// Services are the servers that dependencies may be (services.go).
	Services []Service
	// Shed, if not nil, sheds load at the front service's accept queue.
	Shed *ShedPolicy
	// Tenants names the tenants endpoints may split their traffic among;
	// the index of a name is the tenant's number.
	Tenants []string
	// Tasks, when set, makes the front service a tasks server, an event
	// loop or a goroutine per request, with no pool of workers (tasks.go);
	// Pools are the connection pools its dependencies draw on (pools.go).
	Tasks *TaskServer
	Pools []Pool
}

// QueueUnbounded is the Queue value for an accept queue without a limit.
const QueueUnbounded = -1

// Endpoint is a kind of request the server answers.
type Endpoint struct {
	Name string
	// Rate is the mean arrival rate, in requests per second, of a Poisson
	// process. Exactly one of Rate and Interval is set.
	Rate float64
	// Interval is the fixed spacing of arrivals (a health probe, say); the
	// first arrives at time zero.
	Interval time.Duration
	// Calls names the dependency each request calls, or is empty.
	Calls string
	// Patience is how long the client waits for an answer before it gives
	// up (the request then counts as failed); zero means for ever. The
	// server does not know: a request it has started goes on holding its
	// worker, and a queued one is dropped only when it reaches a worker.
	// A deadline-propagating edge passes arrival + Patience down as the
	// request's deadline.
	Patience time.Duration
	// Class is the requests' priority for load shedding; every call they
	// cause inherits it.
	Class shed.Class
	// Tenants splits the traffic among the system's tenants; empty means
	// no tenant.
	Tenants []TenantShare
	// Bursts change the rate for stretches of time, in time order.
	Bursts []Burst
	// CPU is the time each request runs on a tasks server's loop, and
	// Blocking a synchronous call its handler makes on the loop, stalling
	// every other task meanwhile (tasks.go); a thread pool has neither.
	CPU      time.Duration
	Blocking Latency
}

// Dependency is something the server calls: a database, a service, a provider.
type Dependency struct {
	Name string
	// Service, when set, makes the dependency an edge to that service of
	// System.Services: Latency and Faults are then left empty, since the
	// service's own pool, work and calls decide how it answers.
	Service string
	Latency Latency
	Faults  []Fault
	Policy  Policy
	// Pool names the connection pool (System.Pools) each attempt takes a
	// connection from, or is empty (pools.go).
	Pool string
}

// LatencyKind names a latency distribution.
type LatencyKind uint8

const (
	// Exponential latency with the given mean.
	Exponential LatencyKind = iota + 1
	// Constant latency.
	Constant
	// LogNormal latency fitted to a median and a 99th percentile.
	LogNormal
)

func (k LatencyKind) String() string {
	switch k {
	case Exponential:
		return "exponential"
	case Constant:
		return "constant"
	case LogNormal:
		return "lognormal"
	}
	return fmt.Sprintf("latency(%d)", uint8(k))
}

// Latency is how long a healthy dependency takes to answer a call.
type Latency struct {
	Kind LatencyKind
	// Mean is used by Exponential, Value by Constant, P50 and P99 by LogNormal.
	Mean, Value, P50, P99 time.Duration
}

// FaultKind names a way a dependency misbehaves.
type FaultKind uint8

const (
	// Hang: calls that start during the fault get no answer until it ends.
	Hang FaultKind = iota + 1
	// Slow: calls take the fault's Latency.
	Slow
	// Error: each call fails at once with the fault's Probability.
	Error
	// Unreachable: the host drops every packet (a cable pulled, a
	// firewall dropping SYNs), so a dial to it gets no answer either: it
	// connects once the fault ends, or fails at the pool's DialTimeout,
	// and calls on connections already open get no answer until it ends,
	// as in a Hang. A Hang is the application stuck with its host up:
	// the kernel still completes the handshake, so dials connect in
	// their usual time and only the calls hang.
	Unreachable
)

func (k FaultKind) String() string {
	switch k {
	case Hang:
		return "hang"
	case Slow:
		return "slow"
	case Error:
		return "error"
	case Unreachable:
		return "unreachable"
	}
	return fmt.Sprintf("fault(%d)", uint8(k))
}

// Fault is one misbehaviour from From to To. To == 0 means until the run ends.
type Fault struct {
	Kind        FaultKind
	From, To    time.Duration
	Latency     time.Duration // for Slow
	Probability float64       // for Error, in [0, 1]
}

// Layer is one wrapper of a call's policy.
type Layer uint8

// The layers a policy can wrap around a call.
const (
	LayerRetry Layer = iota + 1
	LayerBreaker
	LayerTimeout
	LayerBulkhead
	// LayerRateLimiter takes a permit of the policy's rate limiter.
	LayerRateLimiter
)

var layerNames = [...]string{LayerRetry: "retry", LayerBreaker: "breaker", LayerTimeout: "timeout", LayerBulkhead: "bulkhead", LayerRateLimiter: "ratelimiter"}

func (l Layer) String() string {
	if int(l) < len(layerNames) && layerNames[l] != "" {
		return layerNames[l]
	}
	return fmt.Sprintf("layer(%d)", uint8(l))
}

// ParseLayer reads a layer name as String writes it.
func ParseLayer(name string) (Layer, error) {
	for i, n := range layerNames {
		if n != "" && n == name {
			return Layer(i), nil
		}
	}
	return 0, fmt.Errorf("unknown layer %q (allowed: retry, breaker, ratelimiter, timeout, bulkhead)", name)
}

// DefaultOrder is Resilience4j's order of decorators, outermost first:
// Retry(CircuitBreaker(TimeLimiter(Bulkhead(call)))). Its RateLimiter sits
// between the breaker and the time limiter (the Spring Boot aspects' order,
// seeds/001): a policy with a rate limiter puts it there unless its Order
// names it (OrderWithLimiter).
var DefaultOrder = []Layer{LayerRetry, LayerBreaker, LayerTimeout, LayerBulkhead}

// OrderWithLimiter is the order of a policy's layers, outermost first, the
// rate limiter included when the policy has one: an Order that names the
// four other layers gets it right inside the breaker.
func OrderWithLimiter(p *Policy) []Layer {
	order := p.Order
	if order == nil {
		order = DefaultOrder
	}
	if p.RateLimiter == nil {
		return order
	}
	for _, l := range order {
		if l == LayerRateLimiter {
			return order
		}
	}
	out := make([]Layer, 0, len(order)+1)
	for _, l := range order {
		out = append(out, l)
		if l == LayerBreaker {
			out = append(out, LayerRateLimiter)
		}
	}
	return out
}

// Policy is what the caller wraps around every call to one dependency.
type Policy struct {
	// Order lists the layers from the outside in; nil means DefaultOrder.
	// Layers that are not configured are left out.
	Order []Layer
	// Timeout bounds each attempt; zero means the caller waits for ever.
	Timeout time.Duration
	// Deadline bounds the whole call, retries and backoff included; zero
	// means none.
	Deadline time.Duration
	// Bulkhead caps concurrent calls; zero means no cap.
	Bulkhead int
	// BulkheadKind says how calls over the cap wait.
	BulkheadKind BulkheadKind
	// BulkheadWait is how long a call over the cap may wait for a slot in a
	// semaphore bulkhead; zero means it is rejected at once.
	BulkheadWait time.Duration
	// BulkheadQueue is how many calls a thread-pool bulkhead queues when all
	// its threads are busy; zero is a hand-off: no queue.
	BulkheadQueue int
	// Breaker, if not nil, guards the calls.
	Breaker *breaker.Config
	// Retry, if not nil, retries failed attempts.
	Retry *RetryPolicy
	// Fallback answers a call that the breaker refused. Without one the
	// request is rejected.
	Fallback FallbackKind
	// RateLimiter, if not nil, limits how often the caller sends.
	RateLimiter *RateLimiterPolicy
	// TenantBulkhead, if not nil, is a bulkhead with slots per tenant (it
	// replaces Bulkhead's single cap).
	TenantBulkhead *TenantBulkhead
	// Cancel says whether the caller's giving up reaches the callee, a
	// service or a leaf dependency (CancelMode).
	Cancel CancelMode
	// PropagateDeadline sends the request's remaining deadline, less
	// DeadlineMargin, with each attempt: the attempt's timeout is the
	// smaller of Timeout and what is left, and the callee's own calls get
	// the shrunken deadline.
	PropagateDeadline bool
	DeadlineMargin    time.Duration
	// MinTimeLeft, with PropagateDeadline, is the least time left (after
	// the margin) worth a call: an attempt with this much or less left is
	// not sent, as one with none left is not (counted in
	// DependencySnapshot.DeadlineExceeded). Set to about what a call
	// takes, it keeps a hop from starting work that cannot finish in the
	// time left, which a deadline alone only cuts off at its end. 0: only
	// a deadline already passed stops a call.
	MinTimeLeft time.Duration
	// SharedBreaker, when not empty, names a group: the dependencies of one
	// caller (the front service, or one instance of a service) whose
	// policies name the same group are judged by one breaker, its state and
	// window shared, its transitions named after the group. It is the
	// mistake of one breaker for every dependency, there to be shown
	// (sharedbreaker.go). Every member needs a Breaker, and the members'
	// Breaker settings must be equal.
	SharedBreaker string
}

// BulkheadKind names a bulkhead's way of making calls wait.
type BulkheadKind uint8

const (
	// SemaphoreBulkhead: the caller's own thread waits up to BulkheadWait.
	SemaphoreBulkhead BulkheadKind = iota
	// ThreadPoolBulkhead: the call waits in a bounded queue for one of the
	// bulkhead's own threads, for as long as it takes.
	ThreadPoolBulkhead
)

func (k BulkheadKind) String() string {
	if k == ThreadPoolBulkhead {
		return "thread-pool"
	}
	return "semaphore"
}

// RetryPolicy says when and how a failed attempt is tried again.
type RetryPolicy struct {
	// Attempts is the most attempts, the first included (3 = up to 2 retries).
	Attempts int
	// Backoff spaces the attempts, with full jitter.
	Backoff retry.Backoff
	// RetryBulkheadFull retries calls the bulkhead turned away. Timeouts and
	// errors are always retryable; a breaker's refusal never is.
	RetryBulkheadFull bool
	// WaitForBreaker, when the breaker refuses an attempt, waits out the
	// breaker's remaining open time and tries once more, instead of giving up.
	WaitForBreaker bool
	// Budget limits retries across all requests.
	Budget BudgetKind
}

// BudgetKind names a retry budget.
type BudgetKind uint8

const (
	// NoBudget: every request may use all its attempts.
	NoBudget BudgetKind = iota
	// TokenBucketBudget: the AWS SDKs' retry quota (retry.TokenBucket): 500
	// tokens, 5 a retry, 10 after a timeout; a first-try success adds 1 and
	// a successful retry gets its cost back.
	TokenBucketBudget
	// ConcurrencyBudget: Envoy's, retries at most 20 % of active requests,
	// at least 3.
	ConcurrencyBudget
)

func (k BudgetKind) String() string {
	switch k {
	case TokenBucketBudget:
		return "token-bucket"
	case ConcurrencyBudget:
		return "concurrency"
	}
	return "none"
}

// FallbackKind names what answers a call the breaker refused.
type FallbackKind uint8

const (
	// NoFallback: the request is rejected (a 503).
	NoFallback FallbackKind = iota
	// CachedFallback: a cached answer is returned at once.
	CachedFallback
	// DefaultFallback: a fixed default answer is returned at once.
	DefaultFallback
	// FailFastFallback: a 503 with Retry-After set to the breaker's remaining
	// open time; it counts as rejected, but tells the client when to return.
	FailFastFallback
	// QueueFallback: the work is stored to be done once the dependency is
	// back (an order kept as pending payment), and the client is told so.
	QueueFallback
)

var fallbackNames = [...]string{"none", "cached", "default", "fail-fast", "queue"}

func (f FallbackKind) String() string {
	if int(f) < len(fallbackNames) {
		return fallbackNames[f]
	}
	return fmt.Sprintf("fallback(%d)", uint8(f))
}

// ParseFallback reads a fallback name as String writes it.
func ParseFallback(name string) (FallbackKind, error) {
	for i, n := range fallbackNames {
		if n == name {
			return FallbackKind(i), nil
		}
	}
	return 0, fmt.Errorf("unknown fallback %q (allowed: none, cached, default, fail-fast, queue)", name)
}

// answers reports whether the fallback answers the client (an ok-like
// response) rather than refusing it.
func (f FallbackKind) answers() bool {
	return f == CachedFallback || f == DefaultFallback || f == QueueFallback
}

// Limits that keep a run's memory and time bounded, whatever a file asks for.
const (
	MaxDuration  = 24 * time.Hour
	MaxWorkers   = 100_000
	MaxEndpoints = 64
	MaxRate      = 1_000_000.0
	MaxQueue     = 10_000_000
	MaxAttempts  = 100
	// MaxPermits bounds a rate limiter's tokens or permits a period (and
	// a bucket's burst): a million is past any limiter a service puts in
	// front of one dependency, where more is a slip of the keyboard. The
	// ratelimit package itself takes up to what it can count; a scenario
	// is held to what a real system could have.
	MaxPermits = 1_000_000
	// MaxArrivals bounds the requests one variant may expect, so that no
	// file can ask for a run that never ends.
	MaxArrivals = 50_000_000
	// DrainLimit is how long after Duration the run waits for open requests.
	DrainLimit = time.Minute
)

// Validate checks the scenario and reports the first problem, naming the
// variant, the part and what is allowed.
func (s *Scenario) Validate() error {
	if s.Name == "" {
		return errors.New("scenario has no name")
	}
	if s.Duration <= 0 || s.Duration > MaxDuration {
		return fmt.Errorf("duration must be above 0 and at most %s, got %s", FormatDuration(MaxDuration), FormatDuration(s.Duration))
	}
	if s.MeasureFrom < 0 || s.MeasureTo <= s.MeasureFrom || s.MeasureTo > s.Duration {
		return fmt.Errorf("measurement window must satisfy 0 <= from < to <= duration (%s), got %s to %s", FormatDuration(s.Duration), FormatDuration(s.MeasureFrom), FormatDuration(s.MeasureTo))
	}
	if len(s.Variants) == 0 {
		return errors.New("scenario has no variants")
	}
	for i := range s.Variants {
		v := &s.Variants[i]
		if v.Name == "" {
			return fmt.Errorf("variant %d has no name", i+1)
		}
		if n := v.System.expectedArrivals(s.Duration); n > MaxArrivals {
			// Two caps a user meets: this one, per variant, fixed; and
			// the budget, over a whole command (cost.go), which --budget
			// raises. Said apart, lest raising the budget look like the
			// way past this one.
			return fmt.Errorf("variant %q expects about %s requests (rates × duration); one variant may simulate at most %s, a cap of its own that --budget (a whole command's work) does not raise: lower the rates or the duration",
				v.Name, groupThousands(n), groupThousands(MaxArrivals))
		}
		if err := v.System.validate(s.Duration); err != nil {
			return fmt.Errorf("variant %q: %w", v.Name, err)
		}
		if err := v.System.validateServices(s.Duration); err != nil {
			return fmt.Errorf("variant %q: %w", v.Name, err)
		}
		if err := v.System.validateTasks(s.Duration); err != nil { // tasks.go
			return fmt.Errorf("variant %q: %w", v.Name, err)
		}
	}
	return nil
}

// groupThousands writes n, rounded to a whole number, with a comma every
// three digits, as the reports write counts: 63,000,000.
func groupThousands(n float64) string {
	digits := strconv.FormatFloat(math.Round(n), 'f', 0, 64)
	var b strings.Builder
	for i, d := range digits {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	return b.String()
}

// expectedArrivals is the mean number of requests the endpoints send.
func (sys *System) expectedArrivals(duration time.Duration) float64 {
	var n float64
	for _, e := range sys.Endpoints {
		switch {
		case e.Interval > 0:
			n += float64(duration/e.Interval) + 1
		case e.Rate > 0 || len(e.Bursts) > 0: // bursts too
			n += e.Rate * duration.Seconds()
			for _, b := range e.Bursts {
				n += (b.Rate - e.Rate) * (b.To - b.From).Seconds()
			}
		}
	}
	return n
}

func (sys *System) validate(duration time.Duration) error {
	// A tasks server (tasks.go) has no workers; its bulkheads are bounded
	// by MaxWorkers alone.
	workers := sys.Workers
	if sys.Tasks != nil {
		workers = MaxWorkers
	} else if sys.Workers < 1 || sys.Workers > MaxWorkers {
		return fmt.Errorf("workers must be between 1 and %s, got %s", RateText(MaxWorkers), RateText(float64(sys.Workers)))
	}
	if sys.Queue < QueueUnbounded || sys.Queue > MaxQueue {
		return fmt.Errorf("queue must be -1 (unbounded), 0 (none) or up to %s, got %s", RateText(MaxQueue), RateText(float64(sys.Queue)))
	}
	if len(sys.Endpoints) == 0 || len(sys.Endpoints) > MaxEndpoints {
		return fmt.Errorf("a system needs between 1 and %d endpoints, got %d", MaxEndpoints, len(sys.Endpoints))
	}
	if len(sys.Dependencies) > MaxEndpoints {
		return fmt.Errorf("a system may have at most %d dependencies, got %d", MaxEndpoints, len(sys.Dependencies))
	}
	deps := map[string]bool{}
	for _, d := range sys.Dependencies {
		if d.Name == "" {
			return errors.New("a dependency has no name")
		}
		if deps[d.Name] {
			return fmt.Errorf("dependency %q is defined twice", d.Name)
		}
		deps[d.Name] = true
		if err := d.validate(workers, sys.Tasks == nil, duration); err != nil {
			return fmt.Errorf("dependency %q: %w", d.Name, err)
		}
	}
	if err := validateSharedBreakers(sys.Dependencies); err != nil {
		return err
	}
	names := map[string]bool{}
	for _, e := range sys.Endpoints {
		if e.Name == "" {
			return errors.New("an endpoint has no name")
		}
		if names[e.Name] {
			return fmt.Errorf("endpoint %q is defined twice", e.Name)
		}
		names[e.Name] = true
		switch {
		case math.IsNaN(e.Rate) || e.Rate < 0 || e.Rate > MaxRate:
			return fmt.Errorf("endpoint %q: %s", e.Name, RateOutOfRange(e.Rate))
		case e.Interval < 0:
			return fmt.Errorf("endpoint %q: interval must not be negative, got %s", e.Name, FormatDuration(e.Interval))
		case e.Rate > 0 && e.Interval > 0:
			return fmt.Errorf("endpoint %q: give a rate or an interval, not both", e.Name)
		case e.Patience < 0 || e.Patience > MaxDuration:
			// A client that waits longer than the longest run never gives
			// up in one: 24h is as patient as a scenario's client gets.
			return fmt.Errorf("endpoint %q: patience must be between 0 (for ever) and %s, got %s", e.Name, FormatDuration(MaxDuration), FormatDuration(e.Patience))
		case e.Interval > 0 && e.Interval < time.Microsecond:
			return fmt.Errorf("endpoint %q: interval must be at least %s, got %s", e.Name, FormatDuration(time.Microsecond), FormatDuration(e.Interval))
		}
		if e.Calls != "" && !deps[e.Calls] {
			return fmt.Errorf("endpoint %q calls %q, which is not a dependency (have: %v)", e.Name, e.Calls, keys(deps))
		}
	}
	return nil
}

// validate checks d, a call of a server whose bulkheads may hold up to
// workers permits: its pool's workers when pooled, else (a tasks server,
// which has none) MaxWorkers, which the refusal then names as a number.
func (d *Dependency) validate(workers int, pooled bool, duration time.Duration) error {
	if d.Service != "" {
		if d.Latency.Kind != 0 || len(d.Faults) > 0 {
			return fmt.Errorf("is service %q, so it takes no latency or faults of its own (the service's work and calls decide them)", d.Service)
		}
	} else if err := validateLatency(d.Latency); err != nil {
		return err
	}
	for i, f := range d.Faults {
		to := f.To
		if to == 0 {
			to = duration
		}
		switch {
		case f.From > LatestFaultMoment(duration):
			return fmt.Errorf("fault %d (%v) %s", i+1, f.Kind, FaultMomentPast("start", f.From, duration))
		case f.To > LatestFaultMoment(duration):
			return fmt.Errorf("fault %d (%v) %s", i+1, f.Kind, FaultMomentPast("end", f.To, duration))
		case f.From < 0 || f.From >= to:
			return faultSpanError(i, f.Kind, f.From, f.To, to)
		case f.Kind == Slow && (f.Latency <= 0 || f.Latency > MaxDuration):
			return fmt.Errorf("fault %d (slow) needs a latency above 0 and up to %s, got %s", i+1, FormatDuration(MaxDuration), FormatDuration(f.Latency))
		case f.Kind == Error && !(f.Probability >= 0 && f.Probability <= 1):
			return fmt.Errorf("fault %d (error) probability must be between 0 and 1, got %v", i+1, f.Probability)
		case f.Kind != Hang && f.Kind != Slow && f.Kind != Error && f.Kind != Unreachable:
			return fmt.Errorf("fault %d kind must be hang, slow, error or unreachable, got %v", i+1, f.Kind)
		}
		if i > 0 {
			prevTo := d.Faults[i-1].To
			if prevTo == 0 || f.From < prevTo {
				return fmt.Errorf("fault %d starts at %s, before fault %d ends: faults must follow one another", i+1, FormatDuration(f.From), i)
			}
		}
	}
	p := d.Policy
	// A wait longer than the longest run never ends in one: each time a
	// call may wait is at most MaxDuration, as the run's own length is.
	if p.Timeout < 0 || p.Timeout > MaxDuration || p.Deadline < 0 || p.Deadline > MaxDuration {
		return fmt.Errorf("timeout and deadline must be between 0 (none) and %s, got %s and %s", FormatDuration(MaxDuration), FormatDuration(p.Timeout), FormatDuration(p.Deadline))
	}
	if p.Bulkhead < 0 || p.Bulkhead > workers {
		if !pooled {
			return fmt.Errorf("bulkhead must be between 0 (none) and %s, got %s", RateText(float64(workers)), RateText(float64(p.Bulkhead)))
		}
		return fmt.Errorf("bulkhead must be between 0 (none) and the pool's %s workers, got %s", RateText(float64(workers)), RateText(float64(p.Bulkhead)))
	}
	if p.BulkheadWait < 0 || p.BulkheadWait > MaxDuration || p.BulkheadQueue < 0 || p.BulkheadQueue > MaxQueue {
		return fmt.Errorf("bulkhead wait must be between 0 and %s and its queue between 0 and %s, got %s and %s", FormatDuration(MaxDuration), RateText(MaxQueue), FormatDuration(p.BulkheadWait), RateText(float64(p.BulkheadQueue)))
	}
	if p.BulkheadKind > ThreadPoolBulkhead {
		return fmt.Errorf("bulkhead kind must be semaphore or thread-pool, got %v", p.BulkheadKind)
	}
	if p.Breaker != nil {
		if err := breakerTimes(p.Breaker); err != nil {
			return err
		}
		if err := p.Breaker.Validate(); err != nil {
			return err
		}
	}
	if p.Fallback > QueueFallback {
		return fmt.Errorf("fallback must be none, cached, default, fail-fast or queue, got %v", p.Fallback)
	}
	if p.Fallback != NoFallback && p.Breaker == nil {
		return errors.New("a fallback answers calls the breaker refuses, so it needs a breaker")
	}
	if r := p.Retry; r != nil {
		if r.Attempts < 1 || r.Attempts > MaxAttempts {
			return fmt.Errorf("retry attempts must be between 1 and %d (the first attempt counts), got %d", MaxAttempts, r.Attempts)
		}
		// A retry waits within a run, and no run is longer than MaxDuration.
		if b := r.Backoff; b.Base > MaxDuration || b.Max > MaxDuration {
			return fmt.Errorf("retry backoff base and max must each be between 0 and %s, got %s and %s", FormatDuration(MaxDuration), FormatDuration(b.Base), FormatDuration(b.Max))
		}
		if err := r.Backoff.Validate(); err != nil {
			return fmt.Errorf("retry %w", err)
		}
		if r.Budget > ConcurrencyBudget {
			return fmt.Errorf("retry budget must be none, token-bucket or concurrency, got %v", r.Budget)
		}
	}
	seen := map[Layer]bool{}
	for _, l := range p.Order {
		if l < LayerRetry || l > LayerRateLimiter {
			return fmt.Errorf("order: %v is not a layer (allowed: retry, breaker, ratelimiter, timeout, bulkhead)", l)
		}
		if seen[l] {
			return fmt.Errorf("order names %v twice", l)
		}
		seen[l] = true
	}
	if p.Order != nil && !(len(p.Order) == len(DefaultOrder) && !seen[LayerRateLimiter]) && len(p.Order) != len(DefaultOrder)+1 {
		return fmt.Errorf("order must name each of retry, breaker, timeout and bulkhead once (and ratelimiter, if it is placed), got %v", p.Order)
	}
	if seen[LayerRateLimiter] && p.RateLimiter == nil {
		return errors.New("order places a ratelimiter, but the policy has none")
	}
	if p.RateLimiter != nil {
		if err := p.RateLimiter.validate(); err != nil {
			return fmt.Errorf("ratelimiter: %w", err)
		}
	}
	if p.DeadlineMargin < 0 || p.DeadlineMargin > MaxDuration {
		return fmt.Errorf("deadline margin must be between 0 and %s, got %s", FormatDuration(MaxDuration), FormatDuration(p.DeadlineMargin))
	}
	if p.MinTimeLeft < 0 || p.MinTimeLeft > MaxDuration {
		return fmt.Errorf("min time left must be between 0 and %s, got %s", FormatDuration(MaxDuration), FormatDuration(p.MinTimeLeft))
	}
	if p.MinTimeLeft > 0 && !p.PropagateDeadline {
		return errors.New("min time left is read off a propagated deadline, so it needs propagate deadline")
	}
	if p.Cancel > CancelPropagate {
		return fmt.Errorf("cancel must be none or propagate, got %v", p.Cancel)
	}
	if p.TenantBulkhead != nil && p.Bulkhead > 0 {
		return errors.New("give a bulkhead or a per-tenant bulkhead, not both")
	}
	return p.validateSharedBreaker()
}

// LatestFaultMoment is the latest moment a fault of a run whose traffic
// lasts duration may start or end: the traffic's end and the drain after
// it (DrainLimit). A fault may run on into the drain, where the calls it
// holds are answered or given up (built-ins end a hang there), but past
// the drain there is no run: a fault's end of 10 years, typed for 10
// seconds, was taken and changed nothing. It is the one top of a fault's
// moments: scenario validation (which a sweep or [set] of fault.from and
// fault.to meets), the sandbox form's fields and an injected fault's
// 'for' all hold a fault to it.
func LatestFaultMoment(duration time.Duration) time.Duration { return duration + DrainLimit }

// FaultMomentPast words a fault's start or end (verb "start", "end") at
// at, past LatestFaultMoment(duration): the moment, the top, and why the
// top is there, the run's length and its drain.
func FaultMomentPast(verb string, at, duration time.Duration) string {
	return fmt.Sprintf("%ss at %s, past %s, the latest a fault may %s: the run's traffic lasts %s and it drains for %s after", verb, FormatDuration(at),
		FormatDuration(LatestFaultMoment(duration)), verb, FormatDuration(duration), FormatDuration(DrainLimit))
}

// LatestSurgeMoment is the latest moment a surge of a run whose traffic
// lasts duration may end: a burst of an endpoint's traffic (a scenario's
// burst, or a surge injected with --fault or the sandbox's chaos keys) is
// more of that traffic, which stops at duration. Unlike a fault, it has no
// drain to run on into, since the drain takes no arrivals: a surge 'for
// 10m' in a minute's run was taken and cut at the end, saying nothing. It
// is the one top of a surge's end: scenario validation (a burst's to),
// the sandbox form's fields and an injected surge's 'for' all hold a
// surge to it.
func LatestSurgeMoment(duration time.Duration) time.Duration { return duration }

// SurgeMomentPast words a surge's start or end (verb "start", "end") at
// at, past LatestSurgeMoment(duration): the moment, the top, and why the
// top is there, the run's traffic's end.
func SurgeMomentPast(verb string, at, duration time.Duration) string {
	return fmt.Sprintf("%ss at %s, past %s, the latest a surge or burst of traffic may %s: the run's traffic lasts %s, and the drain after it takes no arrivals", verb, FormatDuration(at),
		FormatDuration(LatestSurgeMoment(duration)), verb, FormatDuration(duration))
}

// faultSpanError says that fault i (counting from 0) does not start before
// it ends. A fault with no end lasts to the run's end, which the message
// names: "from 30s to 0s" read as an end the user never gave.
// breakerTimes holds each time a scenario's breaker waits or judges by to
// the longest run, MaxDuration: an open duration past it never ends in a
// run, and is a slip of the unit. The breaker package itself takes any
// time it can count (its own tests drive it at the clock's ends).
func breakerTimes(b *breaker.Config) error {
	for _, t := range [...]struct {
		name string
		d    time.Duration
	}{{"open duration", b.OpenFor}, {"open max", b.OpenMax}, {"slow-call duration", b.SlowCallDuration}, {"window span", b.WindowSpan}} {
		if t.d > MaxDuration {
			return fmt.Errorf("breaker %s must be at most %s, got %s", t.name, FormatDuration(MaxDuration), FormatDuration(t.d))
		}
	}
	return nil
}

func faultSpanError(i int, kind fmt.Stringer, from, to, end time.Duration) error {
	if to == 0 {
		return fmt.Errorf("fault %d (%v) must start before it ends: it starts at %s and, with no end given, lasts to the run's end at %s", i+1, kind, FormatDuration(from), FormatDuration(end))
	}
	return fmt.Errorf("fault %d (%v) must start before it ends: from %s to %s", i+1, kind, FormatDuration(from), FormatDuration(to))
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sortStrings(out)
	return out
}
