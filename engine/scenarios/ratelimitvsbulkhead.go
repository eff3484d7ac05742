package scenarios

import (
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// RateLimitVsBulkhead meets two overloads with three tools, side by side,
// so that what each tool protects, and from whom, can be read off the
// numbers.
//
// A shop's front service (80 workers) answers a home page that calls
// nothing, a search page for its own users and a partner API for one
// partner's integration. Search and the partner API both call the catalog
// service (20 workers, a queue of 200, a database behind it of about
// 40 ms), each on its own call edge with a 1 s timeout: two callers of one
// provider. From 10 s to 30 s (the measured window) one of two things goes
// wrong:
//   - a burst: the partner's integration sends 600 calls a second instead
//     of 50, well past what catalog can answer;
//   - a slow provider: catalog's database answers in 1 s instead of 40 ms,
//     at the usual rates.
//
// Each overload is met four ways, the same in both:
//   - no protection beyond the timeouts;
//   - a rate limiter on the partner's calls (Resilience4j's period limiter:
//     10 permits every 100 ms, no wait), placed between breaker and time
//     limiter as Resilience4j places it;
//   - a bulkhead of 30 concurrent calls on each of the two edges;
//   - load shedding inside catalog: refuse a call once the oldest call in
//     its queue has waited 50 ms.
func RateLimitVsBulkhead() *engine.Scenario {
	const ms = time.Millisecond
	type guard int
	const (
		none guard = iota
		limiter
		bulkhead
		shedding
	)
	system := func(g guard, burst, slow bool) engine.System {
		search := engine.Policy{Timeout: time.Second}
		partner := engine.Policy{Timeout: time.Second}
		var catalogShed *engine.ShedPolicy
		switch g {
		case limiter:
			partner.RateLimiter = &engine.RateLimiterPolicy{Kind: engine.PeriodLimiter,
				Period: ratelimit.PeriodConfig{LimitForPeriod: 10, LimitRefreshPeriod: 100 * ms}}
		case bulkhead:
			search.Bulkhead, partner.Bulkhead = 30, 30
		case shedding:
			catalogShed = &engine.ShedPolicy{Signal: shed.OldestAge, MaxWait: [shed.NumClasses]time.Duration{50 * ms, 50 * ms, 50 * ms}}
		}
		// Class default: a shedder with one bound for every class treats all
		// alike, and the counts then say "default", not "critical".
		partnerAPI := engine.Endpoint{Name: "partner-api", Rate: 50, Calls: "partner-catalog", Patience: time.Second, Class: shed.Default}
		if burst {
			partnerAPI.Bursts = []engine.Burst{{From: 10 * time.Second, To: 30 * time.Second, Rate: 600}}
		}
		db := engine.Dependency{Name: "database", Latency: engine.Latency{Kind: engine.LogNormal, P50: 40 * ms, P99: 100 * ms}}
		if slow {
			db.Faults = []engine.Fault{{Kind: engine.Slow, From: 10 * time.Second, To: 30 * time.Second, Latency: time.Second}}
		}
		return engine.System{
			Workers: 80,
			Queue:   200,
			Endpoints: []engine.Endpoint{
				{Name: "home", Rate: 100, Patience: time.Second},
				{Name: "search", Rate: 100, Calls: "search-catalog", Patience: time.Second, Class: shed.Default},
				partnerAPI,
			},
			Dependencies: []engine.Dependency{
				{Name: "search-catalog", Service: "catalog", Policy: search},
				{Name: "partner-catalog", Service: "catalog", Policy: partner},
			},
			Services: []engine.Service{{
				Name: "catalog", Workers: 20, Queue: 1000,
				Work:  engine.Latency{Kind: engine.Constant, Value: 2 * ms},
				Calls: "database", Shed: catalogShed,
				Dependencies: []engine.Dependency{db},
			}},
		}
	}
	variants := make([]engine.Variant, 0, 8)
	names := [...]string{"no protection", "rate limiter on the partner", "bulkheads of 30", "shedding in catalog"}
	for _, overload := range []string{"partner burst", "slow catalog"} {
		for g := none; g <= shedding; g++ {
			variants = append(variants, engine.Variant{
				Name:   overload + ": " + names[g],
				System: system(g, overload == "partner burst", overload == "slow catalog"),
			})
		}
	}
	return &engine.Scenario{
		Name:        "rate-limit-vs-bulkhead",
		Summary:     "a partner's burst and a slow catalog, each met by no protection, a rate limiter, bulkheads and load shedding",
		Duration:    40 * time.Second,
		MeasureFrom: 10 * time.Second,
		MeasureTo:   30 * time.Second,
		Variants:    variants,
	}
}
