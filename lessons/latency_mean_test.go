package lessons

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// param's latency.mean and latency.p99 are engine.Latency's Expected and
// Quantile99 of the scenario's own latency, to the nanosecond: a lesson
// quotes the distribution the run draws from, not a fit of its own. A
// log-normal's median in place of its mean (as the cost estimate had it)
// is 6.5 ms off for noisy-tenant's database and fails.
func TestParamLatencyIsTheEnginesFit(t *testing.T) {
	for _, c := range []struct{ scenario, variant, dep string }{
		{"noisy-tenant", "0", "database"}, // log-normal, 80 ms / 200 ms
		{"cascade", "2", "search-index"},  // exponential, 20 ms
	} {
		b, ok := scenarios.Lookup(c.scenario)
		if !ok {
			t.Fatalf("no scenario %q", c.scenario)
		}
		var l engine.Latency
		for _, d := range b.Build().Variants[0].System.Dependencies {
			if d.Name == c.dep {
				l = d.Latency
			}
		}
		if l.Kind == 0 {
			t.Fatalf("%s has no dependency %q", c.scenario, c.dep)
		}
		at := "param " + c.scenario + "/" + c.variant + " " + c.dep
		if got, want := mustEval(t, 5, at+".latency.mean"), l.Expected().Seconds(); got != want {
			t.Errorf("%s.latency.mean = %v s, the engine's mean is %v s", at, got, want)
		}
		if got, want := mustEval(t, 5, at+".latency.p99"), l.Quantile99().Seconds(); got != want {
			t.Errorf("%s.latency.p99 = %v s, the engine's p99 is %v s", at, got, want)
		}
	}
}
