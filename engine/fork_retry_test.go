package engine_test

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/internal/deepequal"
)

// A retry inside the timeout layer (a custom order) spends its backoff and
// its next attempt inside the same timeout: a shorter timeout that every
// single attempt would have met has mattered all the same once a call
// was retried, and a fork to it is refused; before any retry it is taken,
// and exact.
func TestForkRetryInsideTheTimeout(t *testing.T) {
	build := func(timeout time.Duration) *engine.Scenario {
		return &engine.Scenario{Name: "retry-inside", Duration: 3 * time.Second, MeasureTo: 3 * time.Second, Variants: []engine.Variant{{Name: "v", System: engine.System{
			Workers:   50,
			Endpoints: []engine.Endpoint{{Name: "e", Interval: 50 * time.Millisecond, Calls: "d"}},
			Dependencies: []engine.Dependency{{Name: "d", Latency: engine.Latency{Kind: engine.Constant, Value: 20 * time.Millisecond},
				Faults: []engine.Fault{{Kind: engine.Error, From: time.Second, To: 2 * time.Second, Probability: 1}},
				Policy: engine.Policy{Timeout: timeout,
					Retry: &engine.RetryPolicy{Attempts: 3, Backoff: retry.Backoff{Base: 30 * time.Millisecond, Max: 30 * time.Millisecond}},
					Order: []engine.Layer{engine.LayerTimeout, engine.LayerRetry, engine.LayerBreaker, engine.LayerBulkhead}}}},
		}}}}
	}
	for _, c := range []struct {
		at   time.Duration
		fork bool
	}{{900 * time.Millisecond, true}, {3 * time.Second, false}} {
		r, err := engine.New(build(time.Second), 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		r.AdvanceTo(c.at)
		var dst engine.Run
		sc := build(25 * time.Millisecond)
		if got := r.ForkInto(&dst, sc, 0); got != c.fork {
			t.Fatalf("at %v: fork taken %v, want %v", c.at, got, c.fork)
		}
		if !c.fork {
			continue
		}
		fresh, _ := engine.New(sc, 0, 1)
		fresh.Run()
		dst.Run()
		if !deepequal.Equal(dst.Snapshot(), fresh.Snapshot()) {
			t.Fatalf("at %v: the forked run differs from a new one", c.at)
		}
	}
}

// A retry's attempts are a cap a fork may change while it has not been
// reached: before the errors start, and during them for as long as no
// call has used up its attempts nor been judged with as many as the new
// cap. Every fork taken, at moments through the start of the errors and
// to caps above and below the run's, goes on as a new run of its cell;
// forks are taken after the errors start too, and refused once calls run
// out of attempts.
func TestForkRetryAttempts(t *testing.T) {
	build := func(attempts int) *engine.Scenario {
		return &engine.Scenario{Name: "retry-attempts", Duration: 3 * time.Second, MeasureTo: 3 * time.Second, Variants: []engine.Variant{{Name: "v", System: engine.System{
			Workers:   50,
			Endpoints: []engine.Endpoint{{Name: "e", Interval: 10 * time.Millisecond, Calls: "d"}},
			Dependencies: []engine.Dependency{{Name: "d", Latency: engine.Latency{Kind: engine.Constant, Value: 20 * time.Millisecond},
				Faults: []engine.Fault{{Kind: engine.Error, From: time.Second, To: 2 * time.Second, Probability: 0.5}},
				Policy: engine.Policy{Timeout: time.Second,
					Retry: &engine.RetryPolicy{Attempts: attempts, Backoff: retry.Backoff{Base: 30 * time.Millisecond, Max: 60 * time.Millisecond}}}}},
		}}}}
	}
	takenInFault, refused := 0, 0
	for at := 900 * time.Millisecond; at <= 1400*time.Millisecond; at += 20 * time.Millisecond {
		for _, want := range []int{2, 3, 5, 9} {
			r, err := engine.New(build(4), 0, 1)
			if err != nil {
				t.Fatal(err)
			}
			r.AdvanceTo(at)
			var dst engine.Run
			sc := build(want)
			if !r.ForkInto(&dst, sc, 0) {
				refused++
				continue
			}
			if at >= time.Second+20*time.Millisecond {
				takenInFault++
			}
			fresh, _ := engine.New(sc, 0, 1)
			fresh.Run()
			dst.Run()
			if !deepequal.Equal(dst.Snapshot(), fresh.Snapshot()) {
				t.Fatalf("forked at %v from 4 attempts to %d: the fork differs from a new run", at, want)
			}
		}
	}
	t.Logf("%d forks taken after the first errors, %d refused", takenInFault, refused)
	if takenInFault == 0 || refused == 0 {
		t.Fatalf("%d forks taken after the first errors, %d refused: want some of each", takenInFault, refused)
	}
}
