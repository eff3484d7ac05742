package scenarios

import (
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// MultiHop is a cascade that starts three hops away: a web front calls
// orders, orders calls inventory, inventory calls a database. From 20 s to
// 40 s the database answers in 500 ms instead of about 10 ms: inventory's 16
// workers then finish 32 calls a second while orders sends 100, and its
// queue fills. The front also serves a home page that calls nothing.
//
// The variants differ only in what each hop wraps around its call:
//   - no timeouts: every pool up the chain fills, bottom first, and the
//     home page is refused with the rest;
//   - a 1 s timeout at each hop, nothing passed down: each caller gives up
//     after 1 s but its callee never knows, and the queued calls it works
//     through are ones nobody waits for any more;
//   - propagated deadlines with cancellation: the client's 2 s deadline
//     travels down, each hop's timeout is what is left, a call whose
//     deadline has passed is dropped from the queue, and a caller that
//     gives up frees its callee's worker.
func MultiHop() *engine.Scenario {
	system := func(p engine.Policy) engine.System {
		edge := func(name string) engine.Dependency {
			return engine.Dependency{Name: name, Service: name, Policy: p}
		}
		return engine.System{
			Workers: 200,
			Queue:   200,
			Endpoints: []engine.Endpoint{
				{Name: "home", Rate: 100, Patience: 2 * time.Second},
				{Name: "order-page", Rate: 100, Calls: "orders", Patience: 2 * time.Second},
			},
			Dependencies: []engine.Dependency{edge("orders")},
			Services: []engine.Service{
				{Name: "orders", Workers: 200, Queue: 100, Work: engine.Latency{Kind: engine.Constant, Value: 5 * ms},
					Calls: "inventory", Dependencies: []engine.Dependency{edge("inventory")}},
				{Name: "inventory", Workers: 16, Queue: 200, Work: engine.Latency{Kind: engine.Constant, Value: 2 * ms},
					Calls: "database", Dependencies: []engine.Dependency{{
						Name:    "database",
						Latency: engine.Latency{Kind: engine.LogNormal, P50: 10 * ms, P99: 40 * ms},
						Faults:  []engine.Fault{{Kind: engine.Slow, From: 20 * time.Second, To: 40 * time.Second, Latency: 500 * ms}},
						Policy:  p,
					}}},
			},
		}
	}
	hopTimeout := engine.Policy{Timeout: time.Second}
	propagated := engine.Policy{Timeout: time.Second, PropagateDeadline: true, DeadlineMargin: 10 * ms, Cancel: engine.CancelPropagate}
	return &engine.Scenario{
		Name:        "multi-hop",
		Summary:     "web → orders → inventory → database; the database slows to 500 ms from 20 s to 40 s",
		Duration:    60 * time.Second,
		MeasureFrom: 20 * time.Second,
		MeasureTo:   40 * time.Second,
		Variants: []engine.Variant{
			{Name: "no timeouts", System: system(engine.Policy{})},
			{Name: "timeout 1 s at each hop", System: system(hopTimeout)},
			{Name: "propagated deadlines and cancellation", System: system(propagated)},
		},
	}
}
