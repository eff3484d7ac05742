// Package scenarios holds breakerlab's built-in scenarios: the experiments
// the reference documents run, with their published parameters. It builds
// engine.Scenario values and imports only the engine and its policy
// packages (breaker, ratelimit, shed).
package scenarios

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
)

// Builtin is a built-in scenario: its name, a one-line summary, and a
// constructor that returns a fresh copy the caller may change.
type Builtin struct {
	Name    string
	Summary string
	Build   func() *engine.Scenario
}

var builtins = []Builtin{
	{"cascade", "200 workers, three endpoints; recommendations hang at 10 s: shared pool, bulkhead, bulkhead and breaker", Cascade},
	{"breaker-timeline", "one call a second for 120 s to a dependency that fails from 20 s to 80 s: watch the breaker trip and probe", BreakerTimeline},
	{"checkout", "16 workers; the payment provider turns 10 s slow: five designs, from no timeout to fully protected", Checkout},
	{"multi-hop", "web → orders → inventory → database; the database slows: no timeouts, a timeout at each hop, propagated deadlines with cancellation", MultiHop},
	{"fleet-probes", "20 api instances, a breaker each on one provider that restarts and comes back cold: no jitter, jitter, a cooldown shorter and longer than the restart", FleetProbes},
	{"api-gateway", "a gateway with five upstreams; search's hangs from 10 s to 40 s: a breaker and bulkhead per upstream, one breaker shared by all, no breakers", APIGateway},
	{"rate-limit-vs-bulkhead", "a partner's burst and a slow catalog, each met by no protection, a rate limiter, bulkheads and load shedding", RateLimitVsBulkhead},
	{"noisy-tenant", "three tenants share 60 workers; acme bursts on search: one shared pool, a bulkhead per tenant, load shedding by priority", NoisyTenant},
	// Servers without a thread pool (issue 23, tasks.go).
	{"async-cascade", "an asyncio service, one shared connection pool; search's upstream slows from 50 ms to 8 s: no containment, a semaphore per upstream, breaker + bulkhead", AsyncCascade},
	{"go-server", "a Go API, a goroutine per request, one http.Transport and one database pool; the provider hangs: no timeout until the OOM kill, then a context deadline + MaxConnsPerHost + semaphores", GoServer},
	{"event-loop-stall", "an asyncio handler makes a blocking call on the loop: every endpoint's latency jumps together; the fix moves the call to a thread", EventLoopStall},
	{"go-inventory", "a Go API calls inventory, a thread-pool service, whose database slows: no timeouts until the OOM kill, a timeout at each hop, cancellation, a propagated deadline", GoInventory},
}

// All lists the built-in scenarios in the order they are taught.
func All() []Builtin { return append([]Builtin(nil), builtins...) }

// Register adds a built-in scenario; it is for scenarios defined in other
// packages of the engine. It fails on a duplicate name.
func Register(b Builtin) error {
	if _, ok := Lookup(b.Name); ok {
		return fmt.Errorf("scenario %q is already built in", b.Name)
	}
	builtins = append(builtins, b)
	return nil
}

// Lookup finds a built-in scenario by name.
func Lookup(name string) (Builtin, bool) {
	for _, b := range builtins {
		if b.Name == name {
			return b, true
		}
	}
	return Builtin{}, false
}

// Names lists the built-in scenarios' names, sorted, for error messages.
func Names() []string {
	names := make([]string, len(builtins))
	for i, b := range builtins {
		names[i] = b.Name
	}
	sort.Strings(names)
	return names
}

// UnknownError is the message for a name that is no built-in scenario.
func UnknownError(name string) error {
	return fmt.Errorf("no built-in scenario is called %q (built in: %s)", name, strings.Join(Names(), ", "))
}

const ms = time.Millisecond

// Cascade is the reference's first simulation: one web server with 200
// workers and three endpoints, each calling its own dependency. From 10 s the
// recommendations dependency hangs, and every call to it waits for its 5 s
// timeout. Counts cover 10 s to 30 s.
func Cascade() *engine.Scenario {
	system := func(bulkhead int, withBreaker bool) engine.System {
		dep := func(name string, mean time.Duration) engine.Dependency {
			return engine.Dependency{
				Name:    name,
				Latency: engine.Latency{Kind: engine.Exponential, Mean: mean},
				Policy:  engine.Policy{Timeout: 5 * time.Second},
			}
		}
		recs := dep("recommendations", 40*ms)
		recs.Faults = []engine.Fault{{Kind: engine.Hang, From: 10 * time.Second}}
		recs.Policy.Bulkhead = bulkhead
		if withBreaker {
			recs.Policy.Breaker = &breaker.Config{
				WindowSize:     20,
				FailureRate:    0.5, // 10 failures in 20
				OpenFor:        5 * time.Second,
				HalfOpenTrials: 3,
			}
			recs.Policy.Fallback = engine.CachedFallback
		}
		return engine.System{
			Workers: 200,
			Endpoints: []engine.Endpoint{
				{Name: "search", Rate: 300, Calls: "search-index"},
				{Name: "profile", Rate: 200, Calls: "profile-db"},
				{Name: "recommendations", Rate: 100, Calls: "recommendations"},
			},
			Dependencies: []engine.Dependency{dep("search-index", 20*ms), dep("profile-db", 30*ms), recs},
		}
	}
	return &engine.Scenario{
		Name:        "cascade",
		Summary:     "one hanging dependency takes every worker of a shared pool",
		Duration:    30 * time.Second,
		MeasureFrom: 10 * time.Second,
		MeasureTo:   30 * time.Second,
		Variants: []engine.Variant{
			{Name: "one shared pool of 200 threads", System: system(0, false)},
			{Name: "bulkhead: recommendations <= 20", System: system(20, false)},
			{Name: "bulkhead and circuit breaker", System: system(20, true)},
		},
	}
}

// BreakerTimeline is the reference's second simulation: one call a second
// for 120 s to a dependency that fails from 20 s to 80 s, behind a breaker
// with a window of 10 calls, a 50 % failure rate, 15 s open and 2 trials.
// The dependency answers at once, so the transitions fall on whole seconds.
func BreakerTimeline() *engine.Scenario {
	return &engine.Scenario{
		Name:        "breaker-timeline",
		Summary:     "a breaker trips, probes every 15 s, and closes after the dependency recovers",
		Duration:    120 * time.Second,
		MeasureFrom: 0,
		MeasureTo:   120 * time.Second,
		Variants: []engine.Variant{{
			Name: "breaker: window 10, 50%, open 15 s, 2 trials",
			System: engine.System{
				Workers:   10,
				Endpoints: []engine.Endpoint{{Name: "caller", Interval: time.Second, Calls: "dependency"}},
				Dependencies: []engine.Dependency{{
					Name:    "dependency",
					Latency: engine.Latency{Kind: engine.Constant, Value: 0},
					Faults:  []engine.Fault{{Kind: engine.Error, From: 20 * time.Second, To: 80 * time.Second, Probability: 1}},
					Policy: engine.Policy{Breaker: &breaker.Config{
						WindowSize:     10,
						FailureRate:    0.5,
						OpenFor:        15 * time.Second,
						HalfOpenTrials: 2,
					}},
				}},
			},
		}},
	}
}

// Checkout is the checkout incident: an API with 16 workers and an unbounded
// accept queue serves /health (every 250 ms, its client gives up after 2 s)
// and /checkout (20 req/s calling the payment provider, about 200 ms at p99;
// the client gives up after 3 s). From 0.5 s to 3.5 s the provider takes
// 10 s per call. Counts cover 0.5 s to 3.5 s.
//
// The last variant is the protected one without its breaker: a timeout and
// the bulkhead alone. It shows that any layer which stops sending relieves
// the provider, not only the breaker (the reference credits the breaker
// alone). It comes last so that the variants' numbers stay what lessons,
// tests and scenario files already call them.
func Checkout() *engine.Scenario {
	system := func(rate float64, timeout time.Duration, bulkhead, withBreaker bool) engine.System {
		payment := engine.Dependency{
			Name:    "payment",
			Latency: engine.Latency{Kind: engine.LogNormal, P50: 80 * ms, P99: 200 * ms},
			Faults:  []engine.Fault{{Kind: engine.Slow, From: 500 * ms, To: 3500 * ms, Latency: 10 * time.Second}},
			Policy:  engine.Policy{Timeout: timeout},
		}
		if bulkhead {
			// The reference's 4 slots: rate × p99 (20 × 200 ms) with no
			// headroom. No wait: a fifth concurrent call is refused at once.
			payment.Policy.Bulkhead = 4
		}
		if withBreaker {
			payment.Policy.Breaker = &breaker.Config{
				WindowSize:       10,
				MinimumCalls:     10,
				FailureRate:      0.5,
				SlowCallDuration: 400 * ms,
				SlowCallRate:     0.5,
				OpenFor:          time.Second,
				HalfOpenTrials:   3,
			}
			payment.Policy.Fallback = engine.FailFastFallback
		}
		return engine.System{
			Workers: 16,
			Queue:   engine.QueueUnbounded,
			Endpoints: []engine.Endpoint{
				{Name: "health", Interval: 250 * ms, Patience: 2 * time.Second},
				{Name: "checkout", Rate: rate, Calls: "payment", Patience: 3 * time.Second},
			},
			Dependencies: []engine.Dependency{payment},
		}
	}
	return &engine.Scenario{
		Name:        "checkout",
		Summary:     "a slow payment provider takes the whole API down unless it is contained",
		Duration:    6 * time.Second,
		MeasureFrom: 500 * ms,
		MeasureTo:   3500 * ms,
		Variants: []engine.Variant{
			{Name: "no timeout", System: system(20, 0, false, false)},
			{Name: "timeout 500 ms", System: system(20, 500*ms, false, false)},
			{Name: "timeout 500 ms, 40 req/s", System: system(40, 500*ms, false, false)},
			{Name: "protected", System: system(20, 500*ms, true, true)},
			{Name: "timeout 500 ms, bulkhead 4", System: system(20, 500*ms, true, false)},
		},
	}
}
