package engine

import (
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/breakerlab/breakerlab/internal/deepequal"
)

// The fast path is an optimisation only: a run with it gives the same
// snapshots, step by step, as the same run with every call sent through the
// pipeline.
func TestFastPathChangesNothing(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	rapid.Check(t, func(t *rapid.T) {
		sc := genScenario(t)
		// Strip some dependencies down to a timeout, and some to the
		// layers the fast path walks (no retry, no deadline), so that
		// both fast paths are taken often, next to dependencies that
		// cannot take either.
		for v := range sc.Variants {
			for i := range sc.Variants[v].System.Dependencies {
				p := &sc.Variants[v].System.Dependencies[i].Policy
				switch rapid.IntRange(0, 2).Draw(t, "strip") {
				case 1:
					*p = Policy{Timeout: p.Timeout}
				case 2:
					p.Retry, p.Deadline = nil, 0
				}
			}
		}
		if err := sc.Validate(); err != nil {
			t.Skip("stripped scenario is not valid:", err)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		step := time.Duration(rapid.IntRange(50, 2000).Draw(t, "stepMs")) * time.Millisecond
		for v := range sc.Variants {
			fast, slow := fastAndPipeline(t, sc, v, seed)
			for !fast.Done() || !slow.Done() {
				fast.Advance(step)
				slow.Advance(step)
				if a, b := fast.Snapshot(), slow.Snapshot(); !deepequal.Equal(a, b) {
					t.Fatalf("variant %d at %v: the fast path's snapshot differs from the pipeline's:\n%+v\n%+v", v, fast.Now(), a, b)
				}
				// The same events: each took the same sequence number.
				if fast.seq != slow.seq {
					t.Fatalf("variant %d at %v: %d events on the fast path, %d on the pipeline", v, fast.Now(), fast.seq, slow.seq)
				}
				// And what a fork reads (fork.go) is the same; maxInside
				// is left out: a call on the timeout-only fast path never
				// notes it, but maxAfter, which it does note, bounds it.
				for i := range fast.dependencies {
					a, b := &fast.dependencies[i], &slow.dependencies[i]
					if a.maxAfter != b.maxAfter || a.armed != b.armed || a.maxBulkhead != b.maxBulkhead || a.bulkheadBound != b.bulkheadBound {
						t.Fatalf("variant %d at %v: dependency %d's fork evidence differs", v, fast.Now(), i)
					}
				}
			}
		}
	})
}

// The cascade's calls mostly take the fast path, the bulkhead's and the
// breaker's too; without this check the test above could pass with the
// fast path never taken.
func TestCascadeTakesTheFastPath(t *testing.T) {
	r, err := New(cascadeLike(), 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	for i, ds := range r.dependencies {
		if !ds.fast || ds.fastLayers {
			t.Errorf("dependency %d (timeout only) does not take the plain fast path", i)
		}
	}
	for v := 1; v <= 2; v++ {
		r, _ = New(cascadeLike(), v, 5)
		if ds := &r.dependencies[2]; ds.fast || !ds.fastLayers {
			t.Errorf("variant %d: recommendations, behind a bulkhead, does not take the fast path through its layers", v)
		}
		// Its calls do, before the hang.
		r.AdvanceTo(10 * time.Second)
		if ds := &r.dependencies[2]; ds.fastSent == 0 || ds.fastSent != ds.calls {
			t.Errorf("variant %d: %d of recommendations' %d calls before the hang went fast through its layers", v, ds.fastSent, ds.calls)
		}
	}
	sc := cascadeLike()
	sc.Variants[2].System.Dependencies[2].Policy.Retry = &RetryPolicy{Attempts: 2}
	r, _ = New(sc, 2, 5)
	if ds := r.dependencies[2]; ds.fast {
		t.Errorf("recommendations, with a retry layer, takes the fast path")
	}
}

// fastAndPipeline starts two runs of sc's variant v on seed: fast as New
// makes it, and slow with every dependency's fast paths turned off, so
// that each call walks the pipeline (pipeline.go) alone. Tests of a fast
// path step the two side by side.
func fastAndPipeline(t interface{ Fatal(...any) }, sc *Scenario, v int, seed uint64) (fast, slow *Run) {
	fast, err := New(sc, v, seed)
	if err != nil {
		t.Fatal(err)
	}
	slow, _ = New(sc, v, seed)
	for i := range slow.dependencies {
		slow.dependencies[i].fast = false
		slow.dependencies[i].fastLayers = false
	}
	return fast, slow
}

// A call that writes no slot (answersSurely) and is still in flight at
// the drain is drained as the pipeline drains it: the drain writes its
// slot first (demotePlain). The dependency answers after 90 s, past the
// drain limit, so every call is in flight then; TestFastPathChangesNothing
// seldom draws one so slow.
func TestPlainCallsInFlightAtTheDrain(t *testing.T) {
	sc := &Scenario{Name: "slow", Duration: 10 * time.Second, MeasureTo: 10 * time.Second,
		Variants: []Variant{{Name: "v", System: System{Workers: 20,
			Endpoints:    []Endpoint{{Name: "e", Interval: 700 * time.Millisecond, Calls: "d"}},
			Dependencies: []Dependency{{Name: "d", Latency: Latency{Kind: Constant, Value: 90 * time.Second}}}}}}}
	if err := sc.Validate(); err != nil {
		t.Fatal(err)
	}
	fast, slow := fastAndPipeline(t, sc, 0, 5)
	plain := 0
	for !fast.Done() || !slow.Done() {
		fast.Advance(3 * time.Second)
		slow.Advance(3 * time.Second)
		if a, b := fast.Snapshot(), slow.Snapshot(); !deepequal.Equal(a, b) {
			t.Fatalf("at %v: the fast path's snapshot differs from the pipeline's:\n%+v\n%+v", fast.Now(), a, b)
		}
		if fast.seq != slow.seq {
			t.Fatalf("at %v: %d events on the fast path, %d on the pipeline", fast.Now(), fast.seq, slow.seq)
		}
		if fast.Now() < fast.End() {
			plain = 0
			fast.queue.each(func(e *event) {
				if e.kind == evPlainDone {
					plain++
				}
			})
		}
	}
	if plain == 0 {
		t.Fatal("no call that writes no slot was in flight before the drain: the test does not test it")
	}
	if s := fast.Snapshot(); s.Endpoints[0].Total[Failed] == 0 {
		t.Fatalf("the drain failed no call: %+v", s.Endpoints[0].Total)
	}
}
