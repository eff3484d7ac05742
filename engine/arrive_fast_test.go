package engine

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/shed"
	"github.com/breakerlab/breakerlab/internal/deepequal"
	"pgregory.net/rapid"
)

// The batch arrivals (arriveMany for replayed traffic in order,
// arriveDrawn otherwise, arriveOthers and arriveTasks for the rest) are
// arrive's steps written out: a run that takes them gives the same
// snapshots, step by step, and the same sequence numbers as the same run
// with every arrival handled by arrive alone.
func TestBatchArrivalsChangeNothing(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genScenario(t)
		// Strip some dependencies to what the fast paths take, so that
		// many endpoints are lean, with a patience or without.
		for i := range sc.Variants[0].System.Dependencies {
			p := &sc.Variants[0].System.Dependencies[i].Policy
			switch rapid.IntRange(0, 2).Draw(t, "strip") {
			case 1:
				*p = Policy{Timeout: p.Timeout}
			case 2:
				p.Retry, p.Deadline = nil, 0
			}
		}
		if err := sc.Validate(); err != nil {
			t.Skip("stripped scenario is not valid:", err)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		shared := rapid.Bool().Draw(t, "shared")
		step := time.Duration(rapid.IntRange(50, 2000).Draw(t, "stepMs")) * time.Millisecond
		batch, single := batchAndSingle(t, sc, seed, shared)
		stepAlike(t, batch, single, step)
	})
}

// stepAlike steps batch and single to their ends, step by step, and fails
// at the first step where their snapshots, their sequence numbers or what
// a fork reads of their workers differ.
func stepAlike(t interface{ Fatalf(string, ...any) }, batch, single *Run, step time.Duration) {
	for !batch.Done() || !single.Done() {
		batch.Advance(step)
		single.Advance(step)
		if a, b := batch.Snapshot(), single.Snapshot(); !deepequal.Equal(a, b) {
			t.Fatalf("at %v: the batch arrivals' snapshot differs from arrive's:\n%+v\n%+v", batch.Now(), a, b)
		}
		if batch.seq != single.seq {
			t.Fatalf("at %v: %d events with batch arrivals, %d with arrive's", batch.Now(), batch.seq, single.seq)
		}
		if batch.maxBusy != single.maxBusy || batch.lacked != single.lacked {
			t.Fatalf("at %v: the fork evidence differs", batch.Now())
		}
	}
}

// batchAndSingle starts two runs of sc's first variant on seed, replaying
// traffic drawn once when shared (so that their arrivals follow an order):
// batch as New or NewShared makes it, single with every arrival left to
// arrive.
func batchAndSingle(t interface{ Fatal(...any) }, sc *Scenario, seed uint64, shared bool) (batch, single *Run) {
	batch, single = twoRuns(t, sc, seed, shared)
	single.batch = byOne
	return batch, single
}

// twoRuns starts two runs of sc's first variant on seed, alike, replaying
// traffic drawn once when shared.
func twoRuns(t interface{ Fatal(...any) }, sc *Scenario, seed uint64, shared bool) (a, b *Run) {
	return twoRunsApart(t, sc, seed, shared, nil)
}

// twoRunsApart is twoRuns with apart, when not nil, called before the
// second run starts and the function it returns after: a switch that the
// second run reads as it starts (waitLaneOff, say), turned back.
func twoRunsApart(t interface{ Fatal(...any) }, sc *Scenario, seed uint64, shared bool, apart func() (undo func())) (a, b *Run) {
	var tr *Traffic
	if shared {
		var err error
		if tr, err = NewTraffic(sc, seed); err != nil {
			t.Fatal(err)
		}
	}
	var err error
	if a, err = newRun(sc, 0, seed, tr); err != nil {
		t.Fatal(err)
	}
	if apart != nil {
		defer apart()()
	}
	if b, err = newRun(sc, 0, seed, tr); err != nil {
		t.Fatal(err)
	}
	return a, b
}

// The same for a tasks server's arrivals (arriveTasks), on the tasks
// servers that TestTasksFastLayersChangeNothing draws, with patience
// timers or without.
func TestTaskArrivalsChangeNothing(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	rapid.Check(t, func(t *rapid.T) {
		sc := genTasksScenario(t)
		for i := range sc.Variants[0].System.Endpoints {
			e := &sc.Variants[0].System.Endpoints[i]
			if rapid.Bool().Draw(t, "patient") {
				e.Patience = time.Duration(rapid.IntRange(1, 3000).Draw(t, "patienceMs")) * time.Millisecond
			}
		}
		if err := sc.Validate(); err != nil {
			t.Skip("drawn scenario is not valid:", err)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		step := time.Duration(rapid.IntRange(20, 700).Draw(t, "stepMs")) * time.Millisecond
		batch, single := batchAndSingle(t, sc, seed, true)
		stepAlike(t, batch, single, step)
	})
}

// An endpoint with a patience on a fast path is lean: with replayed
// traffic in order, its arrivals go to arriveMany, which the test above
// runs against arrive. Without this check it could pass with arriveMany
// never taking one.
func TestPatientArrivalsTakeTheBatch(t *testing.T) {
	sc := cascadeLike()
	for i := range sc.Variants {
		for j := range sc.Variants[i].System.Endpoints {
			sc.Variants[i].System.Endpoints[j].Patience = 2 * time.Second
		}
	}
	batch, single := batchAndSingle(t, sc, 5, true)
	if batch.batch != byMany {
		t.Fatal("the patient cascade's arrivals do not follow an order through arriveMany")
	}
	for i := range batch.endpoints {
		if es := &batch.endpoints[i]; !es.lean || es.plain {
			t.Errorf("endpoint %d: lean %v, plain %v; want a lean endpoint with a patience", i, es.lean, es.plain)
		}
	}
	batch.Run()
	single.Run()
	if a, b := batch.Snapshot(), single.Snapshot(); !deepequal.Equal(a, b) {
		t.Errorf("the batch arrivals' run differs from arrive's")
	}
}

// A thread pool whose endpoints are not lean (a retry, or no call at all),
// too small for its traffic: arrivals that find a free worker, and many
// that are refused, go to arriveOthers, which must leave the run as arrive
// alone would.
func TestOtherArrivalsTakeTheBatch(t *testing.T) {
	sc := &Scenario{Name: "small", Duration: 5 * time.Second, MeasureFrom: time.Second, MeasureTo: 5 * time.Second,
		Variants: []Variant{{Name: "v", System: System{Workers: 3,
			Endpoints: []Endpoint{{Name: "retried", Rate: 150, Calls: "db", Patience: 300 * time.Millisecond},
				{Name: "static", Rate: 50}},
			Dependencies: []Dependency{{Name: "db", Latency: Latency{Kind: Exponential, Mean: 150 * time.Millisecond},
				Policy: Policy{Timeout: time.Second, Retry: &RetryPolicy{Attempts: 2}}}}}}}}
	batch, single := batchAndSingle(t, sc, 9, true)
	if batch.batch != byOthers {
		t.Fatal("the small pool's arrivals do not follow an order through arriveOthers")
	}
	batch.Run()
	single.Run()
	a, b := batch.Snapshot(), single.Snapshot()
	if a.Endpoints[0].Total[Rejected] == 0 || a.Endpoints[0].GaveUp == 0 {
		t.Error("no arrival was refused, or none gave up: the test checks little of arriveOthers")
	}
	if !deepequal.Equal(a, b) || batch.seq != single.seq || batch.lacked != single.lacked || batch.maxBusy != single.maxBusy {
		t.Errorf("the batch arrivals' run differs from arrive's")
	}
}

// The same for endpoints whose call goes along a flat service edge
// (services_fast.go), which are lean too: on the random chains
// TestServiceFlatLayersChangeNothing draws (the front's edges flat now and
// then, patience timers or not), replayed in order (arriveOthers, or
// arriveMany when an endpoint calling a plain leaf is added, as drawn) or
// not (arriveDrawn).
func TestFlatServiceArrivalsChangeNothing(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genFlatChain(t)
		sys := &sc.Variants[0].System
		if rapid.Bool().Draw(t, "fastNeighbour") {
			// An endpoint on the plain fast path: arriveMany takes the
			// replayed arrivals then.
			sys.Dependencies = append(sys.Dependencies, Dependency{Name: "leaf",
				Latency: genLatency(t, 300, false), Policy: Policy{Timeout: 200 * time.Millisecond}})
			sys.Endpoints = append(sys.Endpoints, Endpoint{Name: "fast", Calls: "leaf",
				Rate: rapid.Float64Range(1, 100).Draw(t, "fastRate")})
		}
		if err := sc.Validate(); err != nil {
			t.Skip("drawn scenario is not valid:", err)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		shared := rapid.Bool().Draw(t, "shared")
		step := time.Duration(rapid.IntRange(20, 700).Draw(t, "stepMs")) * time.Millisecond
		batch, single := batchAndSingle(t, sc, seed, shared)
		stepAlike(t, batch, single, step)
	})
}

// Endpoints that call a service along a flat edge, as
// rate-limit-vs-bulkhead's search and partner-api do, are lean: replayed
// in order beside one that calls nothing, their arrivals go to
// arriveOthers (which sends their calls to enterFlat), drawn to
// arriveDrawn (the same), and beside one on the plain fast path to
// arriveMany (which leaves them to arrive but refuses them itself when
// there is no room); each leaves the run as arrive alone would. Without this check the test above
// could pass with the flat edges' arrivals never leaving arrive.
func TestFlatServiceArrivalsTakeTheBatch(t *testing.T) {
	ms := time.Millisecond
	for _, c := range []struct {
		name   string
		shared bool
		fast   bool
		want   uint8
	}{
		{"in order", true, false, byOthers},
		{"drawn", false, false, byDrawn},
		{"in order, beside a fast path", true, true, byMany},
	} {
		sys := System{Workers: 6, Queue: 4,
			Endpoints: []Endpoint{{Name: "home", Rate: 40, Patience: 300 * ms},
				{Name: "search", Rate: 100, Calls: "search-catalog", Patience: 250 * ms},
				{Name: "partner", Rate: 60, Calls: "partner-catalog"}},
			Dependencies: []Dependency{
				{Name: "search-catalog", Service: "catalog", Policy: Policy{Timeout: 200 * ms, Bulkhead: 3}},
				{Name: "partner-catalog", Service: "catalog", Policy: Policy{Timeout: 200 * ms,
					RateLimiter: &RateLimiterPolicy{Kind: PeriodLimiter, Period: ratelimit.PeriodConfig{LimitForPeriod: 4, LimitRefreshPeriod: 100 * ms}}}}},
			Services: []Service{{Name: "catalog", Workers: 4, Queue: 20, Calls: "db",
				Dependencies: []Dependency{{Name: "db", Latency: Latency{Kind: Exponential, Mean: 100 * ms}}}}}}
		if c.fast {
			sys.Dependencies = append(sys.Dependencies, Dependency{Name: "leaf", Latency: Latency{Kind: Constant, Value: 5 * ms}})
			sys.Endpoints[0].Calls = "leaf"
		}
		sc := &Scenario{Name: "flat", Duration: 5 * time.Second, MeasureTo: 5 * time.Second, Variants: []Variant{{Name: "v", System: sys}}}
		batch, single := batchAndSingle(t, sc, 3, c.shared)
		if batch.batch != c.want {
			t.Errorf("%s: batch %d, want %d", c.name, batch.batch, c.want)
		}
		for i := 1; i < 3; i++ {
			if !batch.endpoints[i].lean {
				t.Errorf("%s: endpoint %d, on a flat service edge, is not lean", c.name, i)
			}
		}
		batch.Run()
		single.Run()
		a, b := batch.Snapshot(), single.Snapshot()
		if a.Endpoints[1].Total[Rejected] == 0 || a.Endpoints[1].GaveUp == 0 {
			t.Errorf("%s: no arrival was refused (%d), or none gave up (%d): the test checks little", c.name, a.Endpoints[1].Total[Rejected], a.Endpoints[1].GaveUp)
		}
		if !deepequal.Equal(a, b) || batch.seq != single.seq || batch.lacked != single.lacked || batch.maxBusy != single.maxBusy {
			t.Errorf("%s: the batch arrivals' run differs from arrive's", c.name)
		}
	}
}

// An arrival whose call a layer refuses as it enters (an open breaker,
// outermost; a full bulkhead behind no breaker) takes refuseAtEntry from
// arriveMany's lines, or arriveDrawn's when the run draws its own traffic
// (the sandbox's, the Steady benchmarks'): no request slot is taken for
// it, so the batch run's slots are reused fewer times (their generations
// add up to less) than the run's whose arrivals all go to arrive, and it
// must leave the run as arrive does. On the cascade's bulkhead and breaker
// variants, with the breaker's fallback and plain endpoints, and with
// patient endpoints and no fallback (api-gateway's breakers).
func TestRefusedArrivalsTakeTheShortWay(t *testing.T) {
	for _, c := range []struct {
		v       int
		patient bool
		drawn   bool
	}{{1, false, false}, {1, true, false}, {2, false, false}, {2, true, false},
		{1, false, true}, {1, true, true}, {2, false, true}, {2, true, true}} {
		sc := cascadeLike()
		sc.Variants = sc.Variants[c.v : c.v+1]
		if c.patient {
			sys := &sc.Variants[0].System
			for i := range sys.Endpoints {
				sys.Endpoints[i].Patience = 2 * time.Second
			}
			sys.Dependencies[2].Policy.Fallback = NoFallback
		}
		batch, single := batchAndSingle(t, sc, 5, !c.drawn)
		if want := map[bool]uint8{false: byMany, true: byDrawn}[c.drawn]; batch.batch != want {
			t.Fatalf("%+v: the cascade's arrivals take loop %d, want %d", c, batch.batch, want)
		}
		batch.Run()
		single.Run()
		a, b := batch.Snapshot(), single.Snapshot()
		if !deepequal.Equal(a, b) || batch.seq != single.seq || batch.lacked != single.lacked || batch.maxBusy != single.maxBusy {
			t.Errorf("%+v: the batch arrivals' run differs from arrive's", c)
		}
		if x, y := &batch.dependencies[2], &single.dependencies[2]; x.maxInside != y.maxInside || x.bulkheadBound != y.bulkheadBound || x.maxBulkhead != y.maxBulkhead {
			t.Errorf("%+v: the fork evidence differs", c)
		}
		d := a.Dependencies[2]
		refused := d.ShortCircuited + d.BulkheadFull
		if saved := slotUses(single) - slotUses(batch); refused == 0 || saved < refused/2 {
			t.Errorf("%+v: %d calls refused as they entered, %d of them without a request slot", c, refused, saved)
		}
	}
}

// The same on random systems, as many ways as the entry refusal's
// conditions have: a dependency that fails for a while (errors, or a hang)
// behind a breaker that opens and a small bulkhead, in either order, with
// a timeout or not, a fallback or not, a bulkhead that refuses or makes
// its callers wait; called by a lean endpoint, patient or not, beside a
// plain one; its traffic drawn by the run (arriveDrawn) or replayed in
// order (arriveMany). Each run is compared, step by step, with the same
// run's arrivals all taken by arrive.
func TestEntryRefusalsChangeNothing(t *testing.T) {
	ms := time.Millisecond
	rapid.Check(t, func(t *rapid.T) {
		pol := Policy{Bulkhead: rapid.IntRange(0, 8).Draw(t, "bulkhead")}
		if pol.Bulkhead > 0 && rapid.IntRange(0, 3).Draw(t, "waits") == 0 {
			pol.BulkheadWait = time.Duration(rapid.IntRange(1, 50).Draw(t, "waitMs")) * ms
		}
		if rapid.Bool().Draw(t, "timeout") {
			pol.Timeout = time.Duration(rapid.IntRange(20, 400).Draw(t, "timeoutMs")) * ms
		}
		if rapid.IntRange(0, 3).Draw(t, "breaker") > 0 {
			pol.Breaker = &breaker.Config{WindowSize: rapid.IntRange(2, 20).Draw(t, "window"), FailureRate: 0.5,
				OpenFor: time.Duration(rapid.IntRange(50, 2000).Draw(t, "openMs")) * ms, HalfOpenTrials: rapid.IntRange(1, 3).Draw(t, "trials")}
			if rapid.Bool().Draw(t, "fallback") {
				pol.Fallback = CachedFallback
			}
		}
		if rapid.Bool().Draw(t, "bulkheadOutside") && pol.Breaker != nil && pol.Bulkhead > 0 {
			pol.Order = []Layer{LayerBulkhead, LayerTimeout, LayerBreaker}
			if pol.Timeout == 0 {
				pol.Order = []Layer{LayerBulkhead, LayerBreaker}
			}
		}
		fault := Fault{Kind: Error, From: time.Second, To: 3 * time.Second, Probability: rapid.Float64Range(0.3, 1).Draw(t, "errors")}
		if rapid.Bool().Draw(t, "hang") {
			fault = Fault{Kind: Hang, From: time.Second, To: time.Duration(rapid.IntRange(1100, 3000).Draw(t, "hangToMs")) * ms}
		}
		sys := System{Workers: rapid.IntRange(4, 60).Draw(t, "workers"), Queue: rapid.IntRange(0, 10).Draw(t, "queue"),
			Endpoints: []Endpoint{{Name: "flaky", Rate: rapid.Float64Range(20, 300).Draw(t, "rate"), Calls: "d",
				Patience: time.Duration(rapid.IntRange(0, 2).Draw(t, "patience")) * 300 * ms},
				{Name: "steady", Rate: 50, Calls: "leaf"}},
			Dependencies: []Dependency{{Name: "d", Latency: Latency{Kind: Exponential, Mean: 20 * ms}, Policy: pol, Faults: []Fault{fault}},
				{Name: "leaf", Latency: Latency{Kind: Constant, Value: 5 * ms}}}}
		sc := &Scenario{Name: "refusals", Duration: 4 * time.Second, MeasureFrom: 500 * ms, MeasureTo: 4 * time.Second,
			Variants: []Variant{{Name: "v", System: sys}}}
		if err := sc.Validate(); err != nil {
			t.Skip("drawn scenario is not valid:", err)
		}
		batch, single := batchAndSingle(t, sc, rapid.Uint64().Draw(t, "seed"), rapid.Bool().Draw(t, "shared"))
		if batch.batch != byMany && batch.batch != byDrawn {
			t.Fatalf("the arrivals take loop %d, not arriveMany's or arriveDrawn's", batch.batch)
		}
		step := time.Duration(rapid.IntRange(20, 700).Draw(t, "stepMs")) * ms
		for !batch.Done() || !single.Done() {
			batch.Advance(step)
			single.Advance(step)
			if a, b := batch.Snapshot(), single.Snapshot(); !deepequal.Equal(a, b) {
				t.Fatalf("at %v: the batch arrivals' snapshot differs from arrive's:\n%+v\n%+v", batch.Now(), a, b)
			}
			if batch.seq != single.seq || batch.maxBusy != single.maxBusy || batch.lacked != single.lacked {
				t.Fatalf("at %v: %d events and fork evidence %d, %v with batch arrivals, %d, %d, %v with arrive's",
					batch.Now(), batch.seq, batch.maxBusy, batch.lacked, single.seq, single.maxBusy, single.lacked)
			}
		}
		if x, y := &batch.dependencies[0], &single.dependencies[0]; x.maxInside != y.maxInside || x.bulkheadBound != y.bulkheadBound || x.maxBulkhead != y.maxBulkhead {
			t.Fatalf("the dependency's fork evidence differs")
		}
	})
}

// arriveDrawn (and arriveMany's lines) refuse a lean endpoint's call at
// entry (an open breaker, a full bulkhead) only when nobody waits in the
// accept queue: arrive takes a worker for the call, and when the layer
// refuses it the worker goes to the queue's head (finishFast,
// releaseWorker), which must not be skipped. A run never has a free worker
// beside a queued request (every worker freed takes the queue's head
// first), but a fork that grows the pool under a queue does: ForkInto
// refuses one (a pool that has queued has mattered), ForkUnchecked makes
// it. Here a slow endpoint fills a small pool and its queue while the
// flaky endpoint's dependency is down behind a breaker, or behind a full
// bulkhead; at 2 s both runs, one taking the batch loop's lines and one
// arrive alone, are forked to a pool ten times the size and compared step
// by step. Refused with the queue waiting, the forks part at their first
// step; TestEntryRefusalsChangeNothing cannot tell, as its runs never
// reach that state.
func TestEntryRefusalsWaitForTheQueue(t *testing.T) {
	open := Policy{Timeout: 300 * time.Millisecond, Breaker: &breaker.Config{WindowSize: 5, FailureRate: 0.5, OpenFor: 5 * time.Second, HalfOpenTrials: 1}}
	full := Policy{Timeout: 5 * time.Second, Bulkhead: 2}
	for _, shared := range []bool{false, true} {
		t.Run(fmt.Sprintf("breaker open, replayed %v", shared), func(t *testing.T) { entryRefusalWaits(t, open, false, shared) })
		t.Run(fmt.Sprintf("bulkhead full, replayed %v", shared), func(t *testing.T) { entryRefusalWaits(t, full, true, shared) })
	}
}

// entryRefusalWaits is TestEntryRefusalsWaitForTheQueue's case: flaky's
// dependency behind pol, down with errors, or hanging when hang; its
// traffic drawn by the run (arriveDrawn) or replayed in order (arriveMany,
// whose lines refuse at entry on the same condition).
func entryRefusalWaits(t *testing.T, pol Policy, hang, shared bool) {
	ms := time.Millisecond
	fault := Fault{Kind: Error, From: time.Second, To: 4 * time.Second, Probability: 1}
	if hang {
		fault = Fault{Kind: Hang, From: time.Second, To: 4 * time.Second}
	}
	sys := func(workers int) System {
		return System{Workers: workers, Queue: 20,
			Endpoints: []Endpoint{{Name: "flaky", Rate: 200, Calls: "d"}, {Name: "slow", Rate: 60, Calls: "leaf"}},
			Dependencies: []Dependency{{Name: "d", Latency: Latency{Kind: Exponential, Mean: 5 * ms}, Policy: pol, Faults: []Fault{fault}},
				{Name: "leaf", Latency: Latency{Kind: Constant, Value: 200 * ms}}}}
	}
	sc := &Scenario{Name: "queued", Duration: 5 * time.Second, MeasureTo: 5 * time.Second,
		Variants: []Variant{{Name: "small", System: sys(4)}, {Name: "grown", System: sys(40)}}}
	if err := sc.Validate(); err != nil {
		t.Fatal(err)
	}
	batch, single := batchAndSingle(t, sc, 7, shared)
	batch.Advance(2 * time.Second)
	single.Advance(2 * time.Second)
	ds := &batch.dependencies[0]
	refusing := ds.bulkhead >= ds.cfg.Policy.Bulkhead && ds.refusesFull()
	if pol.Breaker != nil {
		refusing = ds.breaker.Refused(batch.now)
	}
	if !refusing || batch.accept.n == 0 || !batch.endpoints[0].lean {
		t.Fatalf("at 2 s the dependency refuses %v, %d queued, flaky lean %v: the case checks nothing", refusing, batch.accept.n, batch.endpoints[0].lean)
	}
	var bf, sf Run
	batch.ForkUnchecked(&bf, sc, 1)
	single.ForkUnchecked(&sf, sc, 1)
	if want := map[bool]uint8{false: byDrawn, true: byMany}[shared]; bf.batch != want || sf.batch != byOne || len(bf.freeWorkers) == 0 || bf.accept.n == 0 {
		t.Fatalf("forked, loops %d and %d, %d workers free, %d queued; want %d against arrive, a free worker beside a queue",
			bf.batch, sf.batch, len(bf.freeWorkers), bf.accept.n, want)
	}
	stepAlike(t, &bf, &sf, 5*ms)
}

// arriveOthers refuses a limitedFlat endpoint's call at entry (its flat
// edge's period rate limiter out of permits) on the same condition as the
// loops above, for the same reason: arrive takes a free worker for the
// call, and when the limiter refuses it the worker goes to the queue's
// head. Here replayed traffic with no endpoint on a fast path (both call
// services over flat edges, so the batch loop is arriveOthers) has a
// partner far over its edge's two permits a cycle beside a slow endpoint
// that keeps a small pool's queue full; at 2.05 s both runs are forked to
// a pool ten times the size, whose free workers spend the cycle's permits
// at once, and compared step by step. Dropping r.accept.n == 0 there fails
// this at the first step (2.055 s); TestRateLimitedArrivalsTakeTheShortWay
// cannot tell, as its runs never queue beside a free worker.
func TestRateLimitedRefusalsWaitForTheQueue(t *testing.T) {
	sys := func(workers int) System {
		return System{Workers: workers, Queue: 20,
			Endpoints: []Endpoint{{Name: "partner", Rate: 400, Calls: "catalog-edge"}, {Name: "slow", Rate: 60, Calls: "report-edge"}},
			Dependencies: []Dependency{{Name: "catalog-edge", Service: "catalog", Policy: Policy{
				RateLimiter: &RateLimiterPolicy{Kind: PeriodLimiter, Period: ratelimit.PeriodConfig{LimitForPeriod: 2, LimitRefreshPeriod: 100 * ms}}}},
				{Name: "report-edge", Service: "report"}},
			Services: []Service{{Name: "catalog", Workers: 20, Queue: 100, Work: Latency{Kind: Constant, Value: 2 * ms}},
				{Name: "report", Workers: 40, Queue: 100, Work: Latency{Kind: Constant, Value: 200 * ms}}}}
	}
	sc := &Scenario{Name: "queued", Duration: 5 * time.Second, MeasureTo: 5 * time.Second,
		Variants: []Variant{{Name: "small", System: sys(4)}, {Name: "grown", System: sys(40)}}}
	if err := sc.Validate(); err != nil {
		t.Fatal(err)
	}
	batch, single := batchAndSingle(t, sc, 7, true)
	const at = 2050 * ms
	batch.AdvanceTo(at)
	single.AdvanceTo(at)
	if batch.batch != byOthers || !batch.endpoints[0].limitedFlat || batch.accept.n == 0 {
		t.Fatalf("at %v: loop %d, partner limitedFlat %v, %d queued; want arriveOthers, a limited flat edge, a queue: the case checks nothing",
			at, batch.batch, batch.endpoints[0].limitedFlat, batch.accept.n)
	}
	var bf, sf, probe Run
	batch.ForkUnchecked(&bf, sc, 1)
	single.ForkUnchecked(&sf, sc, 1)
	if bf.batch != byOthers || sf.batch != byOne || len(bf.freeWorkers) == 0 || bf.accept.n == 0 {
		t.Fatalf("forked, loops %d and %d, %d workers free, %d queued; want %d against arrive, a free worker beside a queue",
			bf.batch, sf.batch, len(bf.freeWorkers), bf.accept.n, byOthers)
	}
	// A third fork, stepped apart by the millisecond, shows the limiter
	// refusing a call while requests still wait, soon after the fork
	// (Refuses, asked of bf itself, would count a refusal and spoil the
	// comparison).
	batch.ForkUnchecked(&probe, sc, 1)
	limited, queued := probe.dependencies[0].rateLimited, probe.accept.n
	for probe.dependencies[0].rateLimited == limited && probe.now < at+20*ms {
		queued = probe.accept.n
		probe.Advance(ms)
	}
	if probe.dependencies[0].rateLimited == limited || queued == 0 {
		t.Fatalf("by %v, %d calls refused by the limiter after the fork, %d queued before the first: the case checks nothing",
			probe.now, probe.dependencies[0].rateLimited-limited, queued)
	}
	stepAlike(t, &bf, &sf, 5*ms)
}

// slotUses is how many times r's request slots were taken and given back
// (their generations added up).
func slotUses(r *Run) (n uint64) {
	for i := range r.requests {
		n += uint64(r.requests[i].gen)
	}
	return n
}

// burstLimited is a partner whose calls to a catalog service go through
// a period rate limiter of limit permits every 100 ms, outermost, with a
// timeout inside it (none for 0), and whose rate goes from 50 to 400 a
// second from 2 s to 4 s; each client waits patience (forever for 0).
func burstLimited(patience, timeout time.Duration, limit int) *Scenario {
	return &Scenario{Name: "limited", Duration: 6 * time.Second, MeasureFrom: time.Second, MeasureTo: 5 * time.Second,
		Variants: []Variant{{Name: "v", System: System{Workers: 40, Queue: 100,
			Endpoints: []Endpoint{{Name: "partner", Rate: 50, Calls: "catalog-edge", Patience: patience,
				Bursts: []Burst{{From: 2 * time.Second, To: 4 * time.Second, Rate: 400}}}},
			Dependencies: []Dependency{{Name: "catalog-edge", Service: "catalog", Policy: Policy{Timeout: timeout,
				RateLimiter: &RateLimiterPolicy{Kind: PeriodLimiter, Period: ratelimit.PeriodConfig{LimitForPeriod: limit, LimitRefreshPeriod: 100 * ms}}}}},
			Services: []Service{{Name: "catalog", Workers: 20, Queue: 100, Work: Latency{Kind: Constant, Value: 2 * ms}}}}}}}
}

// The same for a call along a flat service edge whose period rate
// limiter, outermost, refuses it at once: arriveOthers counts it without a
// request (rate-limit-vs-bulkhead's partner in its burst), patient or not,
// with a timeout inside the limiter or not.
func TestRateLimitedArrivalsTakeTheShortWay(t *testing.T) {
	for _, c := range []struct {
		patience, timeout time.Duration
	}{{0, 0}, {time.Second, 0}, {0, time.Second}, {time.Second, time.Second}} {
		sc := burstLimited(c.patience, c.timeout, 10)
		batch, single := batchAndSingle(t, sc, 5, true)
		if batch.batch != byOthers {
			t.Fatalf("%+v: the partner's arrivals do not take arriveOthers", c)
		}
		batch.Run()
		single.Run()
		a, b := batch.Snapshot(), single.Snapshot()
		if !deepequal.Equal(a, b) || batch.seq != single.seq || batch.lacked != single.lacked || batch.maxBusy != single.maxBusy {
			t.Errorf("%+v: the batch arrivals' run differs from arrive's", c)
		}
		refused := a.Dependencies[0].RateLimited
		if saved := slotUses(single) - slotUses(batch); refused == 0 || saved < refused/2 {
			t.Errorf("%+v: %d calls refused as they entered, %d of them without a request slot", c, refused, saved)
		}
	}
}

// A call that its edge's outermost period limiter permits at once has its
// permit taken by arriveOthers (TakeOrRefuse), which counts it and sets the
// layer's bit, and enterFlat walks on from inside the limiter: the request
// slots, the limiter and the edge's counts (ratePassed, which no snapshot
// shows) must be what enterFlat's own takeRate leaves. A limit the burst
// never reaches keeps the two runs' slots alike, so that every slot and
// every edge is compared, step by step, against a run whose loop leaves
// the limiter to enterFlat (limitedFlat off). Dropping the count or the
// bit in arriveOthers fails it at the first step.
func TestLimiterPermitAtEntryIsTakeRates(t *testing.T) {
	at, long := twoRuns(t, burstLimited(time.Second, time.Second, 1000), 5, true)
	long.endpoints[0].limitedFlat = false
	if at.batch != byOthers || !at.endpoints[0].limitedFlat {
		t.Fatalf("loop %d, limitedFlat %v: the partner's arrivals do not ask the limiter in arriveOthers", at.batch, at.endpoints[0].limitedFlat)
	}
	for !at.Done() || !long.Done() {
		at.Advance(50 * ms)
		long.Advance(50 * ms)
		if !reflect.DeepEqual(at.requests, long.requests) {
			t.Fatalf("at %v: the request slots differ from enterFlat's own take", at.Now())
		}
		if !reflect.DeepEqual(at.dependencies, long.dependencies) || at.seq != long.seq {
			t.Fatalf("at %v: the edge or its limiter differs from enterFlat's own take", at.Now())
		}
	}
	if ds := &at.dependencies[0]; ds.ratePassed < 500 || ds.rateLimited != 0 {
		t.Errorf("%d calls permitted, %d refused; want over 500 permitted, none refused: the case checks little", ds.ratePassed, ds.rateLimited)
	}
}

// refuseLimited, arriveOthers' refusal by a rate limiter, counts what
// refuseAtEntry and takeRate's count would: two runs alike, one refusal
// each, one way each, patient or not, within the measure's window and
// before it, leave the same endpoint, dependency and run behind.
func TestRefuseLimitedIsRefuseAtEntry(t *testing.T) {
	for _, patience := range []time.Duration{0, time.Second} {
		for _, at := range []time.Duration{500 * ms, 3 * time.Second} {
			sc := &Scenario{Name: "limited", Duration: 6 * time.Second, MeasureFrom: time.Second, MeasureTo: 5 * time.Second,
				Variants: []Variant{{Name: "v", System: System{Workers: 40, Queue: 100,
					Endpoints: []Endpoint{{Name: "partner", Rate: 50, Calls: "catalog-edge", Patience: patience}},
					Dependencies: []Dependency{{Name: "catalog-edge", Service: "catalog", Policy: Policy{
						RateLimiter: &RateLimiterPolicy{Kind: PeriodLimiter, Period: ratelimit.PeriodConfig{LimitForPeriod: 10, LimitRefreshPeriod: 100 * ms}}}}},
					Services: []Service{{Name: "catalog", Workers: 20, Queue: 100, Work: Latency{Kind: Constant, Value: 2 * ms}}}}}}}
			general, limited := twoRuns(t, sc, 5, true)
			general.AdvanceTo(at)
			limited.AdvanceTo(at)
			now := general.now
			ges, gds := &general.endpoints[0], &general.dependencies[0]
			gds.rateLimited++ // takeRate's count, made before refuseAtEntry
			general.refuseAtEntry(ges, gds, now, resRateLimited)
			les, lds := &limited.endpoints[0], &limited.dependencies[0]
			limited.refuseLimited(les, lds, now >= limited.measureFrom && now < limited.measureTo)
			if !reflect.DeepEqual(ges, les) || !reflect.DeepEqual(gds, lds) || general.seq != limited.seq || general.maxBusy != limited.maxBusy {
				t.Errorf("patience %v, at %v: refuseLimited left the run otherwise than refuseAtEntry", patience, at)
			}
			if !deepequal.Equal(general.Snapshot(), limited.Snapshot()) {
				t.Errorf("patience %v, at %v: the snapshots differ", patience, at)
			}
		}
	}
}

// The same on the systems with tenants, load shedding at the front and
// rate limiters that the limits' property tests draw: an endpoint with
// tenants takes arriveOthers too (its tenant read with the traffic, its
// refusals counted for its tenant), and so does an arrival the front's
// shedder refuses, or admits to the queue.
func TestLimitedArrivalsChangeNothing(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	rapid.Check(t, func(t *rapid.T) {
		sc := genLimitedScenario(t)
		if err := sc.Validate(); err != nil {
			t.Skip("drawn scenario is not valid:", err)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		step := time.Duration(rapid.IntRange(50, 2000).Draw(t, "stepMs")) * time.Millisecond
		batch, single := batchAndSingle(t, sc, seed, true)
		stepAlike(t, batch, single, step)
	})
}

// A pool shared by tenants, with shedding at its front, that one tenant's
// burst overwhelms (noisy-tenant's shape): arrivals that take a worker,
// queue or are shed all go to arriveOthers, which must leave
// the run, tenants' counts included, as arrive alone would.
func TestTenantArrivalsTakeTheBatch(t *testing.T) {
	shares := []TenantShare{{Tenant: "a", Share: 0.5}, {Tenant: "b", Share: 0.5}}
	sc := &Scenario{Name: "tenants", Duration: 6 * time.Second, MeasureFrom: time.Second, MeasureTo: 5 * time.Second,
		Variants: []Variant{{Name: "v", System: System{Workers: 6, Queue: 40, Tenants: []string{"a", "b"},
			Shed: &ShedPolicy{Signal: shed.OldestAge, MaxWait: [shed.NumClasses]time.Duration{400 * ms, 100 * ms, 20 * ms}},
			Endpoints: []Endpoint{
				{Name: "critical", Rate: 20, Calls: "db", Patience: time.Second, Class: shed.Critical, Tenants: shares},
				{Name: "bulk", Rate: 30, Calls: "db", Patience: time.Second, Class: shed.Sheddable, Tenants: shares,
					Bursts: []Burst{{From: 2 * time.Second, To: 4 * time.Second, Rate: 300, Tenant: "a"}}}},
			Dependencies: []Dependency{{Name: "db", Latency: Latency{Kind: LogNormal, P50: 80 * ms, P99: 200 * ms}}}}}}}
	batch, single := batchAndSingle(t, sc, 3, true)
	if batch.batch != byOthers {
		t.Fatal("the tenants' arrivals do not follow an order through arriveOthers")
	}
	batch.Run()
	single.Run()
	a, b := batch.Snapshot(), single.Snapshot()
	if a.Shed[shed.Sheddable] == 0 || a.Tenants[0].Total[Rejected] == 0 {
		t.Errorf("none shed (%v) or no tenant refused: the test checks little of arriveOthers", a.Shed)
	}
	if !deepequal.Equal(a, b) || batch.seq != single.seq || batch.lacked != single.lacked || batch.maxBusy != single.maxBusy {
		t.Errorf("the batch arrivals' run differs from arrive's")
	}
}
