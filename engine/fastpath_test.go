package engine

import (
	"reflect"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// The fast path is an optimisation only: a run with it gives the same
// snapshots, step by step, as the same run with every call sent through the
// pipeline.
func TestFastPathChangesNothing(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genScenario(t)
		// Strip some dependencies down to a timeout, so that the fast path
		// is taken often, next to dependencies that cannot take it.
		for v := range sc.Variants {
			for i := range sc.Variants[v].System.Dependencies {
				if p := &sc.Variants[v].System.Dependencies[i].Policy; rapid.Bool().Draw(t, "plain") {
					*p = Policy{Timeout: p.Timeout}
				}
			}
		}
		if err := sc.Validate(); err != nil {
			t.Skip("stripped scenario is not valid:", err)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		step := time.Duration(rapid.IntRange(50, 2000).Draw(t, "stepMs")) * time.Millisecond
		for v := range sc.Variants {
			fast, err := New(sc, v, seed)
			if err != nil {
				t.Fatal(err)
			}
			slow, _ := New(sc, v, seed)
			for i := range slow.dependencies {
				slow.dependencies[i].fast = false
			}
			for !fast.Done() || !slow.Done() {
				fast.Advance(step)
				slow.Advance(step)
				if a, b := fast.Snapshot(), slow.Snapshot(); !reflect.DeepEqual(a, b) {
					t.Fatalf("variant %d at %v: the fast path's snapshot differs from the pipeline's:\n%+v\n%+v", v, fast.Now(), a, b)
				}
			}
		}
	})
}

// The cascade's calls mostly take the fast path; without this check the
// test above could pass with the fast path never taken.
func TestCascadeTakesTheFastPath(t *testing.T) {
	r, err := New(cascadeLike(), 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	for i, ds := range r.dependencies {
		if !ds.fast {
			t.Errorf("dependency %d (timeout only) does not take the fast path", i)
		}
	}
	r, _ = New(cascadeLike(), 2, 5)
	if ds := r.dependencies[2]; ds.fast {
		t.Errorf("recommendations, behind a breaker and a bulkhead, takes the fast path")
	}
}
