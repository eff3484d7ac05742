package lessons

import (
	"reflect"
	"testing"
	"time"

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

// SetKnob changes the variant it is given and nothing of the others (a
// sweep's cells share their other variants: engine/sweep's Setter): every
// numeric knob of every built-in variant, moved from its value, leaves
// the other variants as they were built.
func TestSetKnobTouchesOnlyItsVariant(t *testing.T) {
	moved := 0
	for _, name := range scenarios.Names() {
		b, _ := scenarios.Lookup(name)
		base := b.Build()
		if len(base.Variants) < 2 {
			continue
		}
		for v := range base.Variants {
			for _, path := range NumberKnobs(base, v) {
				val, ok := KnobValue(base, v, path)
				if !ok {
					continue
				}
				switch x := val.(type) {
				case int64:
					val = x + 1
				case float64:
					val = x * 0.9
					if x == 0 {
						val = 0.5
					}
				case string:
					d, err := time.ParseDuration(x)
					if err != nil {
						t.Fatalf("%s: %s reads %q, not a duration", name, path, x)
					}
					val = (d + time.Millisecond).String()
				}
				sc := b.Build()
				if SetKnob(sc, v, path, val) != nil {
					continue // out of the knob's range
				}
				if reflect.DeepEqual(sc.Variants[v], base.Variants[v]) && sc.Duration == base.Duration {
					t.Errorf("%s variant %d: setting %s to %v changed nothing", name, v+1, path, val)
				}
				moved++
				for k := range sc.Variants {
					if k != v && !reflect.DeepEqual(sc.Variants[k], base.Variants[k]) {
						t.Errorf("%s: setting %s on variant %d changed variant %d", name, path, v+1, k+1)
					}
				}
			}
		}
	}
	if moved < 100 {
		t.Errorf("only %d knobs moved over the built-in scenarios", moved)
	}
}

// A key of another kind of bulkhead or fault than the one there has no
// value to read: the engine never reads it (a semaphore has no queue, a
// thread pool no wait, a hang no latency or error rate), and a sweep of it
// would draw the design in every cell. Its own kind's key reads as ever,
// on the front's edges and the services'.
func TestKnobValueOfAnotherKind(t *testing.T) {
	for _, c := range []struct {
		scenario string
		variant  int
		read     []string
		none     []string
	}{
		{"go-server", 1, []string{"payments.bulkhead_wait", "payments.fault.from"}, []string{"payments.bulkhead_queue", "payments.fault.latency", "payments.fault.probability"}},
		{"event-loop-stall", 1, []string{"report-db.bulkhead_queue"}, []string{"report-db.bulkhead_wait"}},
		{"go-inventory", 1, []string{"inventory/database.fault.latency"}, []string{"inventory/database.fault.probability"}},
	} {
		b, ok := scenarios.Lookup(c.scenario)
		if !ok {
			t.Fatalf("no scenario %s", c.scenario)
		}
		sc := b.Build()
		for _, p := range c.read {
			if _, ok := KnobValue(sc, c.variant, p); !ok {
				t.Errorf("%s: %s has no value", c.scenario, p)
			}
		}
		for _, p := range c.none {
			if v, ok := KnobValue(sc, c.variant, p); ok {
				t.Errorf("%s: %s reads %v, a key of another kind", c.scenario, p, v)
			}
		}
	}
}
