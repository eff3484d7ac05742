package lab

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// TestReferenceNumbersAreTheCheckoutScenarios holds the live lab's copy of
// the reference's numbers (config.go) to the engine's checkout scenario,
// which the lab's report compares its real run with (SimScenario): the
// provider's healthy latency, the pool, the clients' patience, the fault,
// the window, the protected variant's timeout, bulkhead and breaker. The
// provider's --help quotes HealthyP50 and HealthyP99 (providerHelp), so a
// change on one side that the other missed would have the lab say one
// latency and the simulation beside it draw another.
func TestReferenceNumbersAreTheCheckoutScenarios(t *testing.T) {
	racefree.Only(t) // reads two sets of constants: no goroutine
	sc := scenarios.Checkout()
	if sc.Duration != DefaultDuration || sc.MeasureFrom != DefaultMeasureFrom || sc.MeasureTo != DefaultMeasureTo {
		t.Errorf("the lab runs %v and measures %v to %v; the engine's checkout scenario %v, %v to %v",
			DefaultDuration, DefaultMeasureFrom, DefaultMeasureTo, sc.Duration, sc.MeasureFrom, sc.MeasureTo)
	}
	protected := -1
	for i, v := range sc.Variants {
		if v.Name == DefaultConfig(Protected).VariantName() {
			protected = i
		}
	}
	if protected < 0 {
		t.Fatalf("the engine's checkout scenario has no variant named %q", DefaultConfig(Protected).VariantName())
	}
	sys := sc.Variants[protected].System
	if sys.Workers != DefaultWorkers {
		t.Errorf("the lab's pool has %d workers, the engine's checkout %d", DefaultWorkers, sys.Workers)
	}
	for _, ep := range sys.Endpoints {
		switch ep.Name {
		case EndpointCheckout:
			if ep.Rate != DefaultRate || ep.Patience != DefaultCheckoutWait {
				t.Errorf("checkout: the lab sends %g a second and waits %v; the engine %g and %v", DefaultRate, DefaultCheckoutWait, ep.Rate, ep.Patience)
			}
		case EndpointHealth:
			if ep.Interval != DefaultHealthEvery || ep.Patience != DefaultHealthGiveUp {
				t.Errorf("health: the lab asks every %v and waits %v; the engine every %v and %v", DefaultHealthEvery, DefaultHealthGiveUp, ep.Interval, ep.Patience)
			}
		default:
			t.Errorf("the engine's checkout scenario has an endpoint %q the lab does not serve", ep.Name)
		}
	}
	if len(sys.Dependencies) != 1 {
		t.Fatalf("the engine's checkout scenario calls %d dependencies; the lab has one provider", len(sys.Dependencies))
	}
	pay := sys.Dependencies[0]
	if pay.Latency.Kind != engine.LogNormal || pay.Latency.P50 != HealthyP50 || pay.Latency.P99 != HealthyP99 {
		t.Errorf("the lab's provider answers in p50 %v, p99 %v (log-normal); the engine's payment %+v", HealthyP50, HealthyP99, pay.Latency)
	}
	var faults []Fault
	for _, f := range pay.Faults {
		if f.Kind != engine.Slow {
			t.Fatalf("the engine's checkout has a %v fault; the lab's default is slow calls only", f.Kind)
		}
		faults = append(faults, Fault{Kind: Slow, From: f.From, To: f.To, Latency: f.Latency})
	}
	if want := DefaultFaults(); len(faults) != len(want) || (len(faults) == 1 && faults[0] != want[0]) {
		t.Errorf("the lab's default faults are %+v; the engine's checkout %+v", want, faults)
	}
	if pay.Policy.Timeout != DefaultTimeout || pay.Policy.Bulkhead != DefaultBulkhead {
		t.Errorf("protected: the lab times out at %v with %d slots; the engine %v with %d", DefaultTimeout, DefaultBulkhead, pay.Policy.Timeout, pay.Policy.Bulkhead)
	}
	if pay.Policy.Breaker == nil {
		t.Fatal("the engine's protected checkout has no breaker")
	}
	if got, want := breakerConfig(DefaultConfig(Protected)), *pay.Policy.Breaker; !sameBreaker(got, want) {
		t.Errorf("the lab's breaker is %+v; the engine's protected checkout's %+v", got, want)
	}
}

// sameBreaker compares the settings the reference gives a breaker, the
// ones both sides set.
func sameBreaker(a, b breaker.Config) bool {
	return a.WindowSize == b.WindowSize && a.MinimumCalls == b.MinimumCalls && a.FailureRate == b.FailureRate &&
		a.SlowCallDuration == b.SlowCallDuration && a.SlowCallRate == b.SlowCallRate &&
		a.OpenFor == b.OpenFor && a.HalfOpenTrials == b.HalfOpenTrials
}
