package engine_test

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A timeout deferred while its call waits at a semaphore bulkhead
// (waiters.go) must come up exactly when the timer armed at the wait's
// start would have, ties included. Each run here is made twice, deferring
// and arming at once (the old way), and the two are stepped together;
// every snapshot, tasks server and pools included, must hash the same.
func TestDeferredTimeoutsKeepTheOrder(t *testing.T) {
	type run struct {
		name string
		sc   *engine.Scenario
		seed uint64
	}
	var runs []run
	for _, name := range []string{"async-cascade", "go-server", "cascade", "checkout", "api-gateway", "multi-hop"} {
		b, ok := scenarios.Lookup(name)
		if !ok {
			t.Fatalf("no built-in scenario %q", name)
		}
		for seed := range uint64(2) {
			runs = append(runs, run{name, b.Build(), seed + 3})
		}
	}
	for n := range uint64(40) {
		sc := randomScenario(rand.New(rand.NewPCG(n, 0xf1)))
		runs = append(runs, run{"random", sc, n*31 + 1})
	}
	for n := range uint64(80) {
		sc := tiedWaits(rand.New(rand.NewPCG(n, 0x7a1)))
		if err := sc.Validate(); err != nil {
			t.Fatalf("tied scenario %d is not valid: %v", n, err)
		}
		runs = append(runs, run{"tied", sc, n})
	}
	defer engine.SetDeferTimeouts(engine.SetDeferTimeouts(true))
	for _, c := range runs {
		for v := range c.sc.Variants {
			engine.SetDeferTimeouts(true)
			lazy, err := engine.New(c.sc, v, c.seed)
			if err != nil {
				t.Fatal(err)
			}
			engine.SetDeferTimeouts(false)
			eager, _ := engine.New(c.sc, v, c.seed)
			steps := rand.New(rand.NewPCG(c.seed, uint64(v)))
			for i := 0; ; i++ {
				dt := time.Duration(steps.Int64N(int64(700*time.Millisecond))) + time.Millisecond
				engine.SetDeferTimeouts(true)
				lazy.Advance(dt)
				engine.SetDeferTimeouts(false)
				eager.Advance(dt)
				if a, b := waitersHash(lazy), waitersHash(eager); a != b {
					t.Fatalf("%s %d variant %d seed %d: at %v deferring timeouts hashes %016x, arming them %016x",
						c.name, i, v+1, c.seed, lazy.Now(), a, b)
				}
				if lazy.Done() || lazy.Now() >= lazy.End() {
					break
				}
			}
		}
	}
}

// waitersHash hashes r's snapshot as the fingerprints do, with its tasks
// server's parts.
func waitersHash(r *engine.Run) uint64 {
	h := fnv.New64a()
	s := r.Snapshot()
	fingerprintSnapshot(h, &s)
	fingerprintTasks(h, &s)
	return h.Sum64()
}

// tiedWaits is a scenario whose events often fall due at the same instant:
// arrivals at fixed intervals and constant latencies, all in whole tens of
// milliseconds, and semaphore bulkheads whose waits end before the
// timeouts. There a deferred timer that took a new sequence number when
// armed would run after events that came after it before, and the runs
// would differ.
func tiedWaits(rng *rand.Rand) *engine.Scenario {
	tens := func(lo, hi int) time.Duration { return time.Duration(lo+rng.IntN(hi-lo+1)) * 10 * time.Millisecond }
	workers := 4 + rng.IntN(40)
	duration := time.Duration(3+rng.IntN(6)) * time.Second
	var deps []engine.Dependency
	for i := range 1 + rng.IntN(2) {
		d := engine.Dependency{Name: fmt.Sprintf("dep%d", i),
			Latency: engine.Latency{Kind: engine.Constant, Value: tens(0, 40)}}
		if rng.IntN(2) == 0 {
			from := tens(0, 200)
			d.Faults = []engine.Fault{{Kind: engine.Hang, From: from, To: from + tens(1, 200)}}
		}
		p := &d.Policy
		p.Timeout = tens(2, 60)
		p.Bulkhead = 1 + rng.IntN(workers)
		p.BulkheadWait = tens(1, 80)
		if rng.IntN(2) == 0 {
			p.Retry = &engine.RetryPolicy{Attempts: 1 + rng.IntN(3),
				Backoff: retry.Backoff{Base: 10 * time.Millisecond, Max: tens(1, 30)}, RetryBulkheadFull: rng.IntN(2) == 0}
		}
		if rng.IntN(2) == 0 {
			order := append([]engine.Layer(nil), engine.DefaultOrder...)
			rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
			p.Order = order
		}
		deps = append(deps, d)
	}
	var eps []engine.Endpoint
	for i := range 1 + rng.IntN(3) {
		e := engine.Endpoint{Name: fmt.Sprintf("ep%d", i), Interval: tens(1, 3) / 10, Calls: deps[rng.IntN(len(deps))].Name}
		if rng.IntN(3) == 0 {
			e.Patience = tens(5, 100)
		}
		eps = append(eps, e)
	}
	sys := engine.System{Workers: workers, Queue: rng.IntN(40), Endpoints: eps, Dependencies: deps}
	return &engine.Scenario{Name: "tied", Duration: duration, MeasureTo: duration,
		Variants: []engine.Variant{{Name: "v", System: sys}}}
}
