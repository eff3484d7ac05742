package engine

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/internal/deepequal"
	"pgregory.net/rapid"
)

// genFlatChain is genChain with, now and then, edges between services cut
// down to what enterFlat walks: a timeout, a breaker (with its fallback),
// a bulkhead (a semaphore or a thread pool, waiting or not), a rate
// limiter (a period limiter or a token bucket, refusing or parking), any
// of them or, as drawn, none, in any order, with or without
// cancellation; and, now and then, a service's leaf behind a timeout
// alone. The other edges keep the full policy genEdgePolicy drew, so flat
// edges sit next to ones the pipeline walks.
func genFlatChain(t *rapid.T) *Scenario {
	sc := genChain(t)
	flattenEdges(t, sc)
	return sc
}

// flattenEdges cuts, now and then, sc's edges down as genFlatChain
// describes.
func flattenEdges(t *rapid.T, sc *Scenario) {
	sys := &sc.Variants[0].System
	ms := time.Millisecond
	flatten := func(d *Dependency) {
		if d.Service == "" {
			// A service's leaf behind a timeout alone, at times: childCall
			// sends its calls the short way (leafTimeout), cutting the
			// timeout to a propagated deadline and checking what it
			// leaves when the edge propagates one.
			if rapid.Bool().Draw(t, "leafTimeoutOnly") {
				d.Policy = Policy{Timeout: time.Duration(rapid.IntRange(1, 600).Draw(t, "leafTimeoutMs")) * ms, Cancel: d.Policy.Cancel}
				if rapid.Bool().Draw(t, "leafPropagate") {
					d.Policy.PropagateDeadline = true
					d.Policy.DeadlineMargin = time.Duration(rapid.IntRange(0, 50).Draw(t, "leafMarginMs")) * ms
					d.Policy.MinTimeLeft = time.Duration(rapid.IntRange(0, 100).Draw(t, "leafMinLeftMs")) * ms
				}
			}
			return
		}
		if !rapid.Bool().Draw(t, "flat") {
			return
		}
		p := &d.Policy
		if !rapid.Bool().Draw(t, "flatBulkhead") {
			p.Bulkhead, p.BulkheadWait, p.BulkheadQueue, p.BulkheadKind = 0, 0, 0, 0
		}
		p.Deadline, p.Retry = 0, nil
		if rapid.Bool().Draw(t, "flatLimiter") {
			if rapid.Bool().Draw(t, "bucket") {
				p.RateLimiter = &RateLimiterPolicy{Kind: TokenBucketLimiter, Bucket: ratelimit.BucketConfig{
					Rate:    rapid.IntRange(1, 100).Draw(t, "rlRate"),
					Per:     time.Duration(rapid.IntRange(1, 2000).Draw(t, "rlPerMs")) * ms,
					Burst:   rapid.IntRange(1, 20).Draw(t, "rlBurst"),
					MaxWait: time.Duration(rapid.IntRange(0, 2000).Draw(t, "rlMaxWaitMs")) * ms,
				}}
			} else {
				p.RateLimiter = &RateLimiterPolicy{Kind: PeriodLimiter, Period: ratelimit.PeriodConfig{
					LimitForPeriod:     rapid.IntRange(1, 50).Draw(t, "rlLimit"),
					LimitRefreshPeriod: time.Duration(rapid.IntRange(1, 2000).Draw(t, "rlPeriodMs")) * ms,
					TimeoutDuration:    time.Duration(rapid.IntRange(0, 500).Draw(t, "rlTimeoutMs")) * ms,
				}}
			}
			if p.Order != nil && rapid.Bool().Draw(t, "placeLimiter") {
				at := rapid.IntRange(0, len(p.Order)).Draw(t, "limiterAt")
				order := append([]Layer(nil), p.Order[:at]...)
				p.Order = append(append(order, LayerRateLimiter), p.Order[at:]...)
			}
		}
		if p.Timeout == 0 && p.Breaker == nil && p.Bulkhead == 0 && p.RateLimiter == nil {
			p.Timeout = time.Duration(rapid.IntRange(1, 600).Draw(t, "flatTimeoutMs")) * ms
		}
	}
	for i := range sys.Dependencies {
		flatten(&sys.Dependencies[i])
	}
	for i := range sys.Services {
		for j := range sys.Services[i].Dependencies {
			flatten(&sys.Services[i].Dependencies[j])
		}
	}
}

// A call between services through a timeout, a breaker, a bulkhead or a
// rate limiter walks them flat (enterFlat, refuseFlat, serviceReturned),
// a child's call to a leaf behind a timeout alone goes the short way
// (childCall, leafDone), a child whose work is done ends the short way
// (endAnswered), and a call that finds a full queue along a flat edge is
// refused in childArrives' own lines: the run is the pipeline's,
// endChildOn's and refuseChild's, snapshot for snapshot and event for
// event, and so is what a fork reads.
func TestServiceFlatLayersChangeNothing(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genFlatChain(t)
		if err := sc.Validate(); err != nil {
			t.Skip("drawn scenario is not valid:", err)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		step := time.Duration(rapid.IntRange(20, 700).Draw(t, "stepMs")) * time.Millisecond
		flatMatchesPipeline(t, sc, seed, step)
	})
}

// TestTasksServiceFlatLayersChangeNothing is TestServiceFlatLayersChangeNothing
// for a tasks server, at times with a client pool on some of its edges: a
// service's edges take no pool, and a front edge without one walks flat
// as it would in a run without pools, while the pooled ones take the
// pipeline, connection and all. Now and then the loop pauses, so that an
// answer the flat walk gives finds every thread paused but free, and
// waits for the pause's end as finishCall's does (answerLater).
func TestTasksServiceFlatLayersChangeNothing(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genTasksChain(t)
		flattenEdges(t, sc)
		if rapid.Bool().Draw(t, "pause") {
			from := time.Duration(rapid.IntRange(100, 3000).Draw(t, "pauseFromMs")) * time.Millisecond
			sc.Variants[0].System.Tasks.Pauses = []Pause{{From: from, To: from + time.Duration(rapid.IntRange(5, 500).Draw(t, "pauseMs"))*time.Millisecond}}
		}
		if err := sc.Validate(); err != nil {
			t.Skip("drawn scenario is not valid:", err)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		step := time.Duration(rapid.IntRange(20, 700).Draw(t, "stepMs")) * time.Millisecond
		flatMatchesPipeline(t, sc, seed, step)
	})
}

// flatMatchesPipeline runs sc on seed twice, step by step: as it runs, and
// with the flat walks off (svcFlat, leafTimeout, leafPlain) and every child's end
// sent through endChildOn; it fails t at the first step where the two
// differ.
func flatMatchesPipeline(t interface{ Fatalf(string, ...any) }, sc *Scenario, seed uint64, step time.Duration) {
	flat, err := New(sc, 0, seed)
	if err != nil {
		t.Fatalf("%v", err)
	}
	piped, _ := New(sc, 0, seed)
	for i := range piped.dependencies {
		piped.dependencies[i].svcFlat = false
	}
	for i := range piped.insts {
		// An answer along a timeout-only leaf edge goes the pipeline's
		// way too (leafAnswer); a layerless one's stays leafDone's.
		in := &piped.insts[i]
		in.leafAnswer = in.leafAnswer && !in.leafTimeout
		in.leafTimeout, in.leafPlain = false, false
	}
	// A watcher of freed workers, which does nothing, sends every
	// child's end through endChildOn, where leafDone and endAnswered
	// take their short way.
	piped.onFree = func(int32, uint32, bool) {}
	for !flat.Done() || !piped.Done() {
		flat.Advance(step)
		piped.Advance(step)
		if a, b := flat.Snapshot(), piped.Snapshot(); !deepequal.Equal(a, b) {
			t.Fatalf("at %v: the flat walk's snapshot differs from the pipeline's:\n%+v\n%+v", flat.Now(), a, b)
		}
		if flat.seq != piped.seq {
			t.Fatalf("at %v: %d events on the flat walk, %d on the pipeline", flat.Now(), flat.seq, piped.seq)
		}
		for i := range flat.dependencies {
			a, b := &flat.dependencies[i], &piped.dependencies[i]
			if a.maxAfter != b.maxAfter || a.armed != b.armed || a.maxInside != b.maxInside || a.abandoned != b.abandoned || a.inFlight != b.inFlight {
				t.Fatalf("at %v: dependency %d differs: maxAfter %v %v, armed %v %v, maxInside %v %v, abandoned %d %d, in flight %d %d",
					flat.Now(), i, a.maxAfter, b.maxAfter, a.armed, b.armed, a.maxInside, b.maxInside, a.abandoned, b.abandoned, a.inFlight, b.inFlight)
			}
			if a.deadlineExceeded != b.deadlineExceeded || a.slackSeen != b.slackSeen || a.slackMin != b.slackMin {
				t.Fatalf("at %v: dependency %d differs: calls not sent for the deadline %d %d, slack seen %v %v, least slack %v %v",
					flat.Now(), i, a.deadlineExceeded, b.deadlineExceeded, a.slackSeen, b.slackSeen, a.slackMin, b.slackMin)
			}
		}
		// What the forks of a service's workers and queue read
		// (fork_services.go): a refusal in childArrives' lines records it
		// as refuseChild does.
		for i := range flat.insts {
			a, b := &flat.insts[i], &piped.insts[i]
			if a.lacked != b.lacked || a.roomRefused != b.roomRefused || a.roomMin != b.roomMin || a.roomFound != b.roomFound {
				t.Fatalf("at %v: instance %d's evidence differs: lacked %v %v, refused for room %v %v at %d %d, room found %d %d",
					flat.Now(), i, a.lacked, b.lacked, a.roomRefused, b.roomRefused, a.roomMin, b.roomMin, a.roomFound, b.roomFound)
			}
		}
		for i := range flat.requests {
			if a, b := &flat.requests[i], &piped.requests[i]; a.ep >= 0 && *a != *b {
				t.Fatalf("at %v: request %d differs:\n%+v\n%+v", flat.Now(), i, *a, *b)
			}
		}
	}
}

// Waits on flat edges that end in a layer's own result (resultFlat): a
// semaphore's wait for a bulkhead slot that runs out, and a rate
// limiter's hold that the timeout outside it cuts short, on the front's
// edge and between services, and a thread pool's queue for a slot, with
// cancellation. (A timeout outside a bulkhead never cuts a wait for a
// slot: those inside came in earlier, and their timeouts free the slots
// first.) The random systems above rarely fill a bulkhead or a limiter.
func TestServiceFlatWaitsCutShort(t *testing.T) {
	ms := time.Millisecond
	policies := map[string]Policy{
		"semaphore":   {Timeout: 30 * ms, Bulkhead: 2, BulkheadWait: 5 * ms},
		"thread pool": {Timeout: 30 * ms, Bulkhead: 2, BulkheadKind: ThreadPoolBulkhead, BulkheadQueue: 5, Cancel: CancelPropagate},
		"limiter": {Timeout: 30 * ms, Order: []Layer{LayerRetry, LayerBreaker, LayerTimeout, LayerRateLimiter, LayerBulkhead},
			RateLimiter: &RateLimiterPolicy{Kind: PeriodLimiter,
				Period: ratelimit.PeriodConfig{LimitForPeriod: 2, LimitRefreshPeriod: 100 * ms, TimeoutDuration: 200 * ms}}},
	}
	for name, p := range policies {
		sys := System{Workers: 40,
			Endpoints:    []Endpoint{{Name: "page", Rate: 150, Calls: "api", Patience: time.Second}},
			Dependencies: []Dependency{{Name: "api", Service: "api", Policy: p}},
			Services: []Service{
				{Name: "api", Workers: 20, Work: Latency{Kind: Constant, Value: ms}, Calls: "store",
					Dependencies: []Dependency{{Name: "store", Service: "store", Policy: p}}},
				{Name: "store", Workers: 4, Work: Latency{Kind: Constant, Value: 2 * ms}, Calls: "db",
					Dependencies: []Dependency{{Name: "db", Latency: Latency{Kind: LogNormal, P50: 20 * ms, P99: 80 * ms}, Policy: Policy{Timeout: 40 * ms}}}},
			}}
		sc := &Scenario{Name: name, Duration: 3 * time.Second, MeasureTo: 3 * time.Second, Variants: []Variant{{Name: "v", System: sys}}}
		for seed := range uint64(3) {
			flatMatchesPipeline(t, sc, seed, 37*ms)
		}
	}
}

// The check above means something only if flat edges carry calls: a
// fleet behind a timeout and a breaker, and a chain of timeouts, as in
// fleet-probes and multi-hop, have every edge between services flat, and
// the front's edge (runHandler's) is answered flat too.
func TestServiceEdgesGoFlat(t *testing.T) {
	ms := time.Millisecond
	br := &breaker.Config{WindowSize: 10, FailureRate: 0.5, OpenFor: time.Second, HalfOpenTrials: 2}
	sys := System{Workers: 50,
		Endpoints:    []Endpoint{{Name: "page", Rate: 200, Calls: "api", Patience: time.Second}},
		Dependencies: []Dependency{{Name: "api", Service: "api", Policy: Policy{Timeout: 500 * ms}}},
		Services: []Service{
			{Name: "api", Instances: 3, Workers: 10, Work: Latency{Kind: Constant, Value: ms}, Calls: "provider",
				Dependencies: []Dependency{{Name: "provider", Service: "provider", Policy: Policy{Timeout: 50 * ms, Breaker: br}}}},
			{Name: "provider", Workers: 8, Work: Latency{Kind: Constant, Value: 2 * ms}, Calls: "store",
				Dependencies: []Dependency{{Name: "store", Latency: Latency{Kind: LogNormal, P50: 5 * ms, P99: 60 * ms}}}},
		}}
	sc := &Scenario{Name: "flat", Duration: 3 * time.Second, MeasureTo: 3 * time.Second, Variants: []Variant{{Name: "v", System: sys}}}
	r, err := New(sc, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	flat := 0
	for i := range r.dependencies {
		ds := &r.dependencies[i]
		if want := ds.svc >= 0; ds.svcFlat != want {
			t.Errorf("%s: svcFlat %v, want %v", ds.cfg.Name, ds.svcFlat, want)
		}
		if ds.svcFlat && ds.calls > 0 {
			flat++
		}
	}
	if flat != 4 { // the front's edge and each api instance's
		t.Errorf("%d flat edges carried calls, want 4", flat)
	}
}

// A tasks server's calls to a service along a flat edge with a client
// pool and a bulkhead inside a timeout: the dial (40 ms) outlasts the
// timeout (15 ms), so every call times out, while others, 300 a second,
// wait for the bulkhead's one permit. The flat walk (resultFlat) must close
// the abandoned call's connection before its bulkhead lets go, as
// abandonWith does: the permit goes at once to a waiting call, which then
// finds the connection gone and the pool's count down. Released in the
// other order, the waiting call dials beside a connection that still
// counts (two dialling at the peak, not one), and the comparison with the
// pipeline fails here at once, where TestTasksServiceFlatLayersChangeNothing
// drew such a case only after some 250.
func TestFlatPooledTimeoutClosesBeforeThePermit(t *testing.T) {
	ms := time.Millisecond
	sc := &Scenario{Name: "pooled", Duration: 2 * time.Second, MeasureTo: 2 * time.Second,
		Variants: []Variant{{Name: "v", System: System{
			Tasks:     &TaskServer{Threads: 2},
			Endpoints: []Endpoint{{Name: "orders", Rate: 300, Calls: "catalog-edge"}},
			Dependencies: []Dependency{{Name: "catalog-edge", Service: "catalog", Pool: "http",
				Policy: Policy{Timeout: 15 * ms, Bulkhead: 1, BulkheadWait: 100 * ms}}},
			Services: []Service{{Name: "catalog", Workers: 8, Queue: 100, Work: Latency{Kind: Constant, Value: 5 * ms}}},
			Pools:    []Pool{{Name: "http", Size: 4, PerHost: 2, Wait: 3 * ms, Dial: 40 * ms}}}}}}
	if err := sc.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, seed := range []uint64{1, 2, 3} {
		run, err := New(sc, 0, seed)
		if err != nil {
			t.Fatal(err)
		}
		if ds := &run.dependencies[0]; !ds.svcFlat || !ds.pooled {
			t.Fatalf("seed %d: the edge is flat %v, pooled %v; want both", seed, ds.svcFlat, ds.pooled)
		}
		run.Run()
		s := run.Snapshot()
		if d := s.Dependencies[0]; d.Timeouts == 0 || d.BulkheadWaitingMax == 0 {
			t.Fatalf("seed %d: %d timeouts, at most %d waiting for the permit: the case checks little", seed, d.Timeouts, d.BulkheadWaitingMax)
		}
		flatMatchesPipeline(t, sc, seed, 50*ms)
	}
}
