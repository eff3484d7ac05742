package scenarios

import (
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
)

// gatewayRoutes are the gateway's five routes, each calling an upstream of
// its own: the busiest first, and it is the one that falls sick.
var gatewayRoutes = []struct {
	route, upstream string
	rate            float64 // requests a second
	bulkhead        int     // its calls at once, Little's law with headroom
}{
	{"search", "search-api", 300, 25},
	{"users", "users-api", 50, 10},
	{"orders", "orders-api", 50, 10},
	{"catalog", "catalog-api", 50, 10},
	{"cart", "cart-api", 50, 10},
}

// The shared breaker's group, and when the search upstream hangs.
const (
	gatewayGroup     = "upstreams"
	gatewaySickFrom  = 10 * time.Second
	gatewaySickUntil = 40 * time.Second
)

// APIGateway is a gateway (the front service, 100 workers) with five
// routes, each calling its own upstream; search, the busiest route (300
// requests a second of the 500), calls an upstream that hangs from 10 s to
// 40 s. Every call has a 500 ms timeout.
//
// The variants differ in how the breakers are scoped:
//   - one breaker and one bulkhead per upstream, as the references advise:
//     search's breaker opens and its bulkhead caps what it holds; the four
//     other routes never notice;
//   - the same bulkheads, but one breaker shared by every upstream (the
//     mistake of one breaker for every dependency): search's timeouts
//     are most of the shared window, the breaker opens, and it refuses the
//     healthy routes' calls too;
//   - no breakers and no bulkheads, one shared pool: search's hung calls
//     hold the gateway's workers for the whole timeout, the pool runs out,
//     and every route is refused with it.
func APIGateway() *engine.Scenario {
	// 50 % failures over the last 20 calls, at least 10, opens for 5 s,
	// then 3 trial calls: the same settings in both breaker variants.
	br := breaker.Config{WindowSize: 20, MinimumCalls: 10, FailureRate: 0.5, OpenFor: 5 * time.Second, HalfOpenTrials: 3}
	system := func(breakers, bulkheads bool, group string) engine.System {
		sys := engine.System{Workers: 100, Queue: 50}
		for i, r := range gatewayRoutes {
			sys.Endpoints = append(sys.Endpoints, engine.Endpoint{Name: r.route, Rate: r.rate, Calls: r.upstream, Patience: 2 * time.Second})
			d := engine.Dependency{
				Name:    r.upstream,
				Latency: engine.Latency{Kind: engine.LogNormal, P50: 20 * ms, P99: 80 * ms},
				Policy:  engine.Policy{Timeout: 500 * ms},
			}
			if i == 0 {
				d.Faults = []engine.Fault{{Kind: engine.Hang, From: gatewaySickFrom, To: gatewaySickUntil}}
			}
			if breakers {
				b := br
				d.Policy.Breaker, d.Policy.SharedBreaker = &b, group
			}
			if bulkheads {
				d.Policy.Bulkhead = r.bulkhead
			}
			sys.Dependencies = append(sys.Dependencies, d)
		}
		return sys
	}
	return &engine.Scenario{
		Name:        "api-gateway",
		Summary:     "a gateway with five upstreams; search's hangs from 10 s to 40 s: a breaker and bulkhead per upstream, one breaker shared by all, no breakers",
		Duration:    60 * time.Second,
		MeasureFrom: 15 * time.Second,
		MeasureTo:   gatewaySickUntil,
		Variants: []engine.Variant{
			{Name: "a breaker and a bulkhead per upstream", System: system(true, true, "")},
			{Name: "one breaker shared by every upstream", System: system(true, true, gatewayGroup)},
			{Name: "no breakers, one shared pool", System: system(false, false, "")},
		},
	}
}
