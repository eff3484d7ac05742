package engine

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

// A shared breaker is one breaker behind several dependencies; CloneInto
// copies each dependency's breaker on its own, which would part them, so
// a run with one is never forked.
func TestForkRefusesSharedBreakers(t *testing.T) {
	cfg := &breaker.Config{WindowSize: 10, MinimumCalls: 5, FailureRate: 0.5, OpenFor: time.Second, HalfOpenTrials: 1}
	dep := func(name, group string) Dependency {
		return Dependency{Name: name, Latency: Latency{Kind: Constant, Value: time.Millisecond},
			Policy: Policy{Timeout: 100 * time.Millisecond, Breaker: cfg, SharedBreaker: group}}
	}
	sys := func(group string) System {
		return System{Workers: 10, Queue: 0,
			Endpoints:    []Endpoint{{Name: "a", Rate: 10, Calls: "x"}, {Name: "b", Rate: 10, Calls: "y"}},
			Dependencies: []Dependency{dep("x", group), dep("y", group)}}
	}
	sc := &Scenario{Name: "s", Duration: time.Second, MeasureTo: time.Second,
		Variants: []Variant{{Name: "own", System: sys("")}, {Name: "shared", System: sys("all")}}}
	for v, want := range []bool{true, false} {
		r, err := New(sc, v, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.forkScope(); got != want {
			t.Errorf("variant %q: in the fork's scope %v, want %v", sc.Variants[v].Name, got, want)
		}
	}
}
