package engine

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/deepequal"
	"pgregory.net/rapid"
)

// The first event after a bucket's end is runBefore's to take, not
// AdvanceTo's (run.go): on random scenarios of every kind the generators
// draw, alone and replaying shared traffic, a run that takes it so and a
// run that takes it the old way (stepAtBucketEdges: arrive or handle) are
// the same at every step, stepped in random sizes: their snapshots, their
// sequence numbers (so every event in the same order) and the evidence
// forks read. Not parallel: it turns a switch the runs read.
func TestPropertyBucketEdgesChangeNothing(t *testing.T) {
	for _, g := range []struct {
		name string
		gen  func(*rapid.T) *Scenario
	}{
		{"policies", genScenario}, {"limits", genLimitedScenario}, {"chains", genChain},
		{"flat chains", genFlatChain}, {"tasks", genTasksScenario}, {"tasks chains", genTasksChain},
	} {
		t.Run(g.name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				sc := g.gen(t)
				if err := sc.Validate(); err != nil {
					t.Skip(err)
				}
				seed := rapid.Uint64().Draw(t, "seed")
				shared := rapid.Bool().Draw(t, "shared")
				by := time.Duration(rapid.IntRange(250, 4000).Draw(t, "stepMs")) * time.Millisecond
				inLoop, stepped := twoRuns(t, sc, seed, shared) // arrive_fast_test.go
				bucketEdgesAlike(t, inLoop, stepped, by)
			})
		})
	}
}

// The cascade's variants, whose arrivals come in a batch (byMany) and
// whose hang fills the workers: the shapes BenchmarkCascade measures.
func TestBucketEdgesChangeNothingInTheCascade(t *testing.T) {
	for v := range 3 {
		sc := cascadeLike()
		sc.Variants = sc.Variants[v : v+1]
		for _, by := range []time.Duration{370 * time.Millisecond, 7 * time.Second} {
			inLoop, stepped := twoRuns(t, sc, 5, true)
			bucketEdgesAlike(t, inLoop, stepped, by)
		}
	}
}

// bucketEdgesAlike steps both runs to their ends in steps of by, stepped
// taking each bucket's first event in AdvanceTo itself, and fails at the
// first step where they differ.
func bucketEdgesAlike(t interface{ Fatalf(string, ...any) }, inLoop, stepped *Run, by time.Duration) {
	for at := by; !inLoop.Done() || !stepped.Done(); at += by {
		inLoop.AdvanceTo(at)
		stepAtBucketEdges = true
		stepped.AdvanceTo(at)
		stepAtBucketEdges = false
		if !deepequal.Equal(inLoop.Snapshot(), stepped.Snapshot()) {
			t.Fatalf("at %v: the run whose loop takes a bucket's first event differs from the one stepping it", inLoop.Now())
		}
		if inLoop.seq != stepped.seq || inLoop.now != stepped.now {
			t.Fatalf("at %v: %d events (at %v) in the loop, %d (at %v) stepped", at, inLoop.seq, inLoop.now, stepped.seq, stepped.now)
		}
		if inLoop.maxBusy != stepped.maxBusy || inLoop.lacked != stepped.lacked {
			t.Fatalf("at %v: the fork evidence differs", inLoop.Now())
		}
		for i := range inLoop.dependencies {
			x, y := &inLoop.dependencies[i], &stepped.dependencies[i]
			if x.maxInside != y.maxInside || x.maxAfter != y.maxAfter || x.inFlightMax != y.inFlightMax || x.bulkheadBound != y.bulkheadBound || x.maxBulkhead != y.maxBulkhead {
				t.Fatalf("at %v: %s's fork evidence differs", inLoop.Now(), x.cfg.Name)
			}
		}
	}
}

// countRefused is countWindow for a latency of 0, in and out of the
// measure's window, on an endpoint with answers recorded already.
func TestCountRefusedIsCountWindowAtOnce(t *testing.T) {
	for _, now := range []time.Duration{0, 5 * time.Second, 10 * time.Second, 15 * time.Second, 30 * time.Second, 40 * time.Second} {
		r := &Run{measureFrom: 10 * time.Second, measureTo: 30 * time.Second, now: now}
		var a, b endpointState
		for _, es := range []*endpointState{&a, &b} {
			es.latencies = append(es.latencies, 7, 250)
			es.latency.Record(7 * time.Microsecond)
			es.latency.Record(250*time.Microsecond + 3)
			es.window[OK] = 2
		}
		r.countRefused(&a, now)
		r.countWindow(&b, now, Rejected)
		if !deepequal.Equal(a.latencies, b.latencies) || a.window != b.window || a.latency != b.latency {
			t.Errorf("refused at %v: countRefused left %v %v %+v, countWindow %v %v %+v", now,
				a.latencies, a.window, a.latency.Min(), b.latencies, b.window, b.latency.Min())
		}
	}
}
