package lessons

import (
	"reflect"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// Every numeric knob KnobValue reads, SetKnob takes back unchanged: the
// value read is the very field the setter writes, in the setter's terms.
func TestKnobValueRoundTrips(t *testing.T) {
	read := 0
	for _, name := range scenarios.Names() {
		b, _ := scenarios.Lookup(name)
		base := b.Build()
		for v := range base.Variants {
			for _, path := range NumberKnobs(base, v) {
				val, ok := KnobValue(base, v, path)
				if !ok {
					continue
				}
				read++
				sc := b.Build()
				if err := SetKnob(sc, v, path, val); err != nil {
					t.Errorf("%s variant %d: %s = %v read back: %v", name, v+1, path, val, err)
					continue
				}
				if !reflect.DeepEqual(sc, b.Build()) {
					t.Errorf("%s variant %d: setting %s to the %v read from it changed the scenario", name, v+1, path, val)
				}
			}
		}
	}
	if read < 100 {
		t.Errorf("only %d knobs read over the built-in scenarios", read)
	}
}

// The values are the scenario's own, and a knob with nothing to read is
// said to be so.
func TestKnobValue(t *testing.T) {
	sc := scenarios.Cascade()
	deps := sc.Variants[2].System.Dependencies
	for path, want := range map[string]any{
		"workers":                              int64(sc.Variants[2].System.Workers),
		"recommendations.bulkhead":             int64(deps[2].Policy.Bulkhead),
		"recommendations.breaker.min_calls":    int64(deps[2].Policy.Breaker.MinimumCalls),
		"recommendations.breaker.failure_rate": deps[2].Policy.Breaker.FailureRate,
		"recommendations.timeout":              deps[2].Policy.Timeout.String(),
		"search.rate":                          sc.Variants[2].System.Endpoints[0].Rate,
	} {
		got, ok := KnobValue(sc, 2, path)
		if !ok || got != want {
			t.Errorf("%s: %v (%v), want %v", path, got, ok, want)
		}
	}
	if _, ok := KnobValue(sc, 0, "recommendations.breaker.min_calls"); ok {
		t.Error("a breaker key was read on a variant without a breaker")
	}
	if _, ok := KnobValue(sc, 0, "nosuch.rate"); ok {
		t.Error("an unknown path was read")
	}
}
