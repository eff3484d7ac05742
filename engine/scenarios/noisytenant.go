package scenarios

import (
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// NoisyTenant is one tenant's burst against a pool every tenant shares.
//
// A SaaS API's front service (60 workers, a queue of 200) serves three
// tenants, acme, globex and initech, each a third of every endpoint's
// traffic: checkout (critical), search (default) and export (sheddable,
// a batch job that can run later). Every request calls the database
// (about 80 ms); clients wait 1 s. From 10 s to 30 s (the measured window)
// acme's integration goes wrong and adds 900 searches a second of its own.
//
// The variants meet the same traffic three ways:
//   - one shared pool: acme's calls take the workers and the queue, and
//     every tenant's requests are refused or time out with acme's;
//   - per-tenant bulkheads on the database call: each tenant owns 20 of
//     the calls in flight, so acme's extra calls are refused at once and
//     free their workers, and the quiet tenants keep theirs;
//   - load shedding by priority at the front: once the queue's oldest
//     request has waited past its class's bound (sheddable 20 ms, default
//     150 ms, critical 600 ms) a new one of that class is refused: every
//     tenant's checkout survives, every tenant's export goes first.
func NoisyTenant() *engine.Scenario {
	const ms = time.Millisecond
	tenants := []string{"acme", "globex", "initech"}
	even := []engine.TenantShare{{Tenant: "acme", Share: 1.0 / 3}, {Tenant: "globex", Share: 1.0 / 3}, {Tenant: "initech", Share: 1.0 / 3}}
	system := func(p engine.Policy, sh *engine.ShedPolicy) engine.System {
		endpoint := func(name string, rate float64, c shed.Class) engine.Endpoint {
			return engine.Endpoint{Name: name, Rate: rate, Calls: "database", Patience: time.Second, Class: c, Tenants: even}
		}
		search := endpoint("search", 120, shed.Default)
		search.Bursts = []engine.Burst{{From: 10 * time.Second, To: 30 * time.Second, Rate: 1020, Tenant: "acme"}}
		return engine.System{
			Workers: 60,
			Queue:   200,
			Tenants: tenants,
			Shed:    sh,
			Endpoints: []engine.Endpoint{
				endpoint("checkout", 60, shed.Critical),
				search,
				endpoint("export", 60, shed.Sheddable),
			},
			Dependencies: []engine.Dependency{{
				Name:    "database",
				Latency: engine.Latency{Kind: engine.LogNormal, P50: 80 * ms, P99: 200 * ms},
				Policy:  p,
			}},
		}
	}
	perTenant := engine.Policy{TenantBulkhead: &engine.TenantBulkhead{Default: 20}}
	byPriority := &engine.ShedPolicy{Signal: shed.OldestAge, MaxWait: [shed.NumClasses]time.Duration{600 * ms, 150 * ms, 20 * ms}}
	return &engine.Scenario{
		Name:        "noisy-tenant",
		Summary:     "three tenants share 60 workers; acme bursts on search: one shared pool, a bulkhead per tenant, load shedding by priority",
		Duration:    40 * time.Second,
		MeasureFrom: 10 * time.Second,
		MeasureTo:   30 * time.Second,
		Variants: []engine.Variant{
			{Name: "one shared pool", System: system(engine.Policy{}, nil)},
			{Name: "a bulkhead per tenant", System: system(perTenant, nil)},
			{Name: "load shedding by priority", System: system(engine.Policy{}, byPriority)},
		},
	}
}
