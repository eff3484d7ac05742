package engine_test

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A run that reuses its memory (Reset) allocates a fixed amount for its
// set-up (its random streams, the scenario's check, the breakers) and
// nothing per request: the same scenario run for longer, with
// thousands more requests, allocates (almost) the same. The scenarios
// cover the services' paths: a chain of services, fleets behind a
// gateway, tenants with their own bulkheads and load shedding, a rate
// limiter against a bulkhead.
func TestSteadyRunsAllocateNothingPerRequest(t *testing.T) {
	for _, c := range []struct {
		name  string
		build func() *engine.Scenario
	}{
		{"cascade", scenarios.Cascade},
		{"multi-hop", scenarios.MultiHop},
		{"api-gateway", scenarios.APIGateway},
		{"noisy-tenant", scenarios.NoisyTenant},
		{"rate-limit-vs-bulkhead", scenarios.RateLimitVsBulkhead},
	} {
		t.Run(c.name, func(t *testing.T) {
			short := c.build()
			long := c.build()
			long.Duration += 15 * time.Second
			allocs := func(sc *engine.Scenario) (float64, uint64) {
				var r engine.Run
				var requests uint64
				n := testing.AllocsPerRun(1, func() {
					requests = 0
					for v := range sc.Variants {
						if err := r.Reset(sc, v, 5); err != nil {
							t.Fatal(err)
						}
						r.Run()
						for _, e := range r.Snapshot().Endpoints {
							requests += e.Arrived
						}
					}
				})
				return n, requests
			}
			a, n := allocs(short)
			b, m := allocs(long)
			// A queue or a ring may grow once more in the longer run; a
			// request's allocation would add thousands.
			if m < n+5_000 || b > a+16 {
				t.Errorf("%d requests: %.0f allocations; %d requests: %.0f allocations", n, a, m, b)
			}
		})
	}
}
