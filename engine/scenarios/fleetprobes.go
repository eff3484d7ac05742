package scenarios

import (
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
)

// FleetProbes is a fleet of breakers: a thin front spreads 400 page
// requests a second round robin over 20 instances of api, and each api
// instance wraps its calls to one shared provider in a breaker of its own
// (a window of 10 calls, open at half failed, 3 trial calls, a 200 ms
// timeout). The provider restarts from 20 s to 28 s (every call on it
// fails, then it refuses connections) and comes back cold: until 48 s its
// store answers in 60 ms instead of about 5 ms, so its 16 workers carry
// about 260 calls a second, less than the 400 of the whole fleet and more
// than the share of a few instances.
//
// Every instance's breaker sees the same outage and opens within a few
// milliseconds of the others; what happens next depends on the open wait:
//   - no jitter, 5 s: the 20 breakers go half-open together, their trials
//     pass, all 20 close at once, the full load lands on the cold provider,
//     its queue fills, the calls time out and all 20 open again, together,
//     until the warm-up is over;
//   - jitter 50 %: each wait is drawn from 2.5 s to 7.5 s by the
//     instance's own random stream, so the instances come back a few at a
//     time and, at any moment, about as many are closed as the provider
//     can carry;
//   - a 2 s cooldown, shorter than the 8 s restart: every round of probes
//     during the restart fails, and the breakers cycle open, half-open,
//     open;
//   - a 30 s cooldown, longer than the restart and the warm-up: no probe
//     fails, but the fleet keeps the recovered provider away for seconds
//     after it could have served it.
//
// The model's warm-up is a fixed stretch of slow store calls, not a cache
// that warms with traffic: the herd does not make the warm-up last longer,
// it makes every instance fail together while it lasts.
func FleetProbes() *engine.Scenario {
	system := func(cooldown time.Duration, jitter float64) engine.System {
		return engine.System{
			Workers: 400,
			Endpoints: []engine.Endpoint{
				{Name: "page", Rate: 400, Calls: "api", Patience: 2 * time.Second},
			},
			Dependencies: []engine.Dependency{{Name: "api", Service: "api"}},
			Services: []engine.Service{
				{Name: "api", Instances: 20, Workers: 20, Queue: 20,
					Work: engine.Latency{Kind: engine.Constant, Value: ms}, Calls: "provider",
					Dependencies: []engine.Dependency{{Name: "provider", Service: "provider",
						Policy: engine.Policy{Timeout: 200 * ms, Breaker: &breaker.Config{
							WindowSize: 10, FailureRate: 0.5, OpenFor: cooldown, HalfOpenTrials: 3, OpenJitter: jitter}}}}},
				{Name: "provider", Workers: 16, Queue: 64,
					Work: engine.Latency{Kind: engine.Constant, Value: 2 * ms}, Calls: "store",
					Faults: []engine.ServiceFault{{Kind: engine.InstanceRestart, Instance: engine.AllInstances,
						From: 20 * time.Second, To: 28 * time.Second}},
					Dependencies: []engine.Dependency{{Name: "store",
						Latency: engine.Latency{Kind: engine.LogNormal, P50: 5 * ms, P99: 15 * ms},
						// Cold after the restart: the warm-up.
						Faults: []engine.Fault{{Kind: engine.Slow, From: 28 * time.Second, To: 48 * time.Second, Latency: 60 * ms}}}}},
			},
		}
	}
	return &engine.Scenario{
		Name:        "fleet-probes",
		Summary:     "20 api instances, a breaker each on one provider that restarts from 20 s to 28 s and is slow until 48 s",
		Duration:    90 * time.Second,
		MeasureFrom: 28 * time.Second,
		MeasureTo:   48 * time.Second,
		Variants: []engine.Variant{
			{Name: "no jitter", System: system(5*time.Second, 0)},
			{Name: "jitter 50%", System: system(5*time.Second, 0.5)},
			{Name: "cooldown 2 s, shorter than the restart", System: system(2*time.Second, 0.5)},
			{Name: "cooldown 30 s, longer than the restart", System: system(30*time.Second, 0.5)},
		},
	}
}
