package engine_test

import (
	"fmt"
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
//
// make test runs a sample of the cases (caseSample), which covers the
// blocks of the engine the whole set does: each built-in scenario on its
// first seed, go-server on its second too (a tasks server's turn the
// first seed does not take); the first 12 random scenarios and four more
// that alone reach a breaker's, the pipeline's or a run's rarer turns;
// the first 20 tied ones, the cases this test has ties for (the tied
// scenarios reach no block the rest do not: they are here for the
// order of events due at one instant, which no block shows). make
// test-long runs every case.
func TestDeferredTimeoutsKeepTheOrder(t *testing.T) {
	type run struct {
		name string
		sc   *engine.Scenario
		seed uint64
	}
	var runs []run
	secondSeed := caseSample{rare: []int{1}} // go-server
	for i, name := range []string{"async-cascade", "go-server", "cascade", "checkout", "api-gateway", "multi-hop"} {
		b, ok := scenarios.Lookup(name)
		if !ok {
			t.Fatalf("no built-in scenario %q", name)
		}
		for seed := range uint64(2) {
			if seed == 1 && !secondSeed.runs(i) {
				continue
			}
			runs = append(runs, run{name, b.Build(), seed + 3})
		}
	}
	randoms, tied := caseSample{short: 12, rare: []int{19, 25, 38, 39}}, caseSample{short: 20}
	for n := range uint64(40) {
		if !randoms.runs(int(n)) {
			continue
		}
		sc := randomScenario(rand.New(rand.NewPCG(n, 0xf1)))
		runs = append(runs, run{"random", sc, n*31 + 1})
	}
	for n := range uint64(80) {
		if !tied.runs(int(n)) {
			continue
		}
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
	h := newStateHash()
	s := r.Snapshot()
	fingerprintSnapshot(h, &s)
	fingerprintTasks(h, &s)
	return h.Sum64()
}

// tiedWaits is a scenario whose events often fall due at the same instant:
// arrivals at fixed intervals and constant latencies, all in whole tens of
// milliseconds, and semaphore bulkheads whose waits end before the
// timeouts (or, one in four, as they do). There a deferred timer that took a new sequence number when
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
		if rng.IntN(4) == 0 {
			// A wait that ends as the timeout does: the timeout took
			// its number first, so it must still come first.
			p.BulkheadWait = p.Timeout
		}
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
	if rng.IntN(3) == 0 {
		// One in three calls through a pool that dials (drawn last, so
		// the other cases stay as they were): a call that waited at the
		// bulkhead with its timer deferred may then dial a connection,
		// and connect skips armTimeout for a dial that ends within the
		// timeout only when no deferred timer waits to be armed.
		sys.Pools = []engine.Pool{{Name: "conn", Dial: tens(1, 30)}}
		for i := range sys.Dependencies {
			sys.Dependencies[i].Pool = "conn"
		}
	}
	return &engine.Scenario{Name: "tied", Duration: duration, MeasureTo: duration,
		Variants: []engine.Variant{{Name: "v", System: sys}}}
}

// A fork that changes the timeout of a dependency whose callers wait with
// deferred timers (fork_timeouts.go, waiters.go) goes on as a new run of
// its cell, its deferred timers carried over (CloneInto). A shorter
// timeout might come up during a wait judged to end before the old one:
// such a fork is refused while a deferred timer's wait may last past it.
func TestForkWithDeferredTimeoutsIsExact(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	forkDeferred(t, false)
}

// The same on a tasks server, whose waits end in the wait lane
// (waits_lane.go), not in the event queue: deferredOutlasts must find
// them there.
func TestForkWithDeferredTimeoutsOnTheLoopIsExact(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	forkDeferred(t, true)
}

// forkDeferred is TestForkWithDeferredTimeoutsIsExact's, its scenarios'
// thread pools made tasks servers when onLoop.
func forkDeferred(t *testing.T, onLoop bool) {
	loop := func(sc *engine.Scenario) *engine.Scenario {
		if onLoop {
			sys := &sc.Variants[0].System
			sys.Workers, sys.Queue, sys.Tasks = 0, 0, &engine.TaskServer{Threads: 4}
		}
		return sc
	}
	// queued: one slot, calls of 100 ms, a call every 10 ms, waits of up
	// to 500 ms within a timeout of 1 s. At 150 ms nothing has been inside
	// the timeout for 160 ms yet, and callers wait with deferred timers: a
	// fork to 160 ms is refused (deferredOutlasts: a wait may last 500 ms,
	// past the new timeout). Were it taken, it would be exact here (each waiter's slot frees when the call ahead of it times
	// out, sooner than its own), which is why it is among the cases.
	queued := func(timeout time.Duration) *engine.Scenario {
		d := engine.Dependency{Name: "db", Latency: engine.Latency{Kind: engine.Constant, Value: 100 * time.Millisecond}}
		d.Policy.Timeout, d.Policy.Bulkhead, d.Policy.BulkheadWait = timeout, 1, 500*time.Millisecond
		sys := engine.System{Workers: 200, Endpoints: []engine.Endpoint{{Name: "api", Interval: 10 * time.Millisecond, Calls: "db"}},
			Dependencies: []engine.Dependency{d}}
		return loop(&engine.Scenario{Name: "queued", Duration: 2 * time.Second, MeasureTo: 2 * time.Second,
			Variants: []engine.Variant{{Name: "v", System: sys}}})
	}
	taken, mid := 0, 0
	// make test checks the first 200 of the 1200 random cases, and the
	// few after them that each reach a block of the engine the 200 do not
	// (the pipeline's, the wait lane's and the event queue's rarer turns,
	// a timeout fork's refusal; found with go test -coverprofile): the
	// blocks the whole set covers, some 60 forks taken, 20 of them with
	// deferred timers. make test-long checks all 1200.
	sample := caseSample{short: 200, rare: []int{232, 262, 458, 544, 590, 775}}
	if onLoop {
		sample.rare = []int{262, 298, 418, 432, 537}
	}
	for i := range uint64(1201) {
		if i < 1200 && !sample.runs(int(i)) {
			continue
		}
		base := loop(tiedWaits(rand.New(rand.NewPCG(i, 0x7a1))))
		cell := loop(tiedWaits(rand.New(rand.NewPCG(i, 0x7a1))))
		rng := rand.New(rand.NewPCG(i, 0x7a2))
		p := &cell.Variants[0].System.Dependencies[0].Policy
		p.Timeout = time.Duration(10+rng.IntN(int(p.Timeout.Milliseconds())+500)) * time.Millisecond
		at := time.Duration(rng.Int64N(int64(base.Duration)))
		if i == 1200 {
			base, cell, at = queued(time.Second), queued(160*time.Millisecond), 150*time.Millisecond
			p = &cell.Variants[0].System.Dependencies[0].Policy
		}
		if cell.Validate() != nil {
			continue
		}
		prefix, err := engine.New(base, 0, i)
		if err != nil {
			t.Fatal(err)
		}
		prefix.AdvanceTo(at)
		var dst engine.Run
		if !prefix.ForkInto(&dst, cell, 0) {
			continue
		}
		taken++
		if engine.LiveDeferred(prefix) > 0 {
			mid++
		}
		fresh, _ := engine.New(cell, 0, i)
		fresh.AdvanceTo(prefix.Now())
		for !dst.Done() && dst.Now() < dst.End() {
			dst.Advance(37 * time.Millisecond)
			fresh.Advance(37 * time.Millisecond)
			if a, b := waitersHash(&dst), waitersHash(fresh); a != b {
				t.Fatalf("scenario %d, timeout %v, forked at %v: the fork differs from a new run at %v", i, p.Timeout, prefix.Now(), dst.Now())
			}
		}
	}
	t.Logf("forks taken %d, %d of them with deferred timers", taken, mid)
	if taken < 20 || mid < 5 {
		t.Fatalf("only %d forks taken, %d with deferred timers", taken, mid)
	}
}
