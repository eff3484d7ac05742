package engine

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/internal/deepequal"
	"pgregory.net/rapid"
)

// genTasksScenario draws a tasks server (or, now and then, a thread pool),
// now and then with an endpoint that blocks the loop, whose dependencies
// draw on connection pools: caps that bind or not, a
// wait for a connection, dials that take time or none, hosts that hang
// (for a while or for ever), slow down or fail, and policies that the
// layered fast path walks (a timeout, a semaphore, a bulkhead with a queue
// or one per tenant, a breaker, cancellation), next to ones it cannot (a
// retry).
func genTasksScenario(t *rapid.T) *Scenario {
	ms := func(lo, hi int, label string) time.Duration {
		return time.Duration(rapid.IntRange(lo, hi).Draw(t, label)) * time.Millisecond
	}
	pools := []Pool{{Name: "http", Kind: ClientPool,
		Size:    rapid.IntRange(0, 12).Draw(t, "size"),
		PerHost: rapid.IntRange(0, 6).Draw(t, "perHost"),
		Dial:    ms(0, 5, "dial"),
		// An idle cap that binds (Go's default 2) or not.
		IdlePerHost: rapid.IntRange(0, 3).Draw(t, "idlePerHost"),
		// A given-up dial cancelled (aiohttp) or run on (Go).
		AbandonedDial: AbandonedDial(rapid.IntRange(0, 1).Draw(t, "abandonedDial")),
	}}
	if rapid.Bool().Draw(t, "poolWait") {
		pools[0].Wait = ms(1, 80, "wait")
	}
	if rapid.Bool().Draw(t, "dialTimeout") {
		pools[0].DialTimeout = pools[0].Dial + ms(1, 100, "dialTimeoutMs")
	}
	if rapid.Bool().Draw(t, "database") {
		pools = append(pools, Pool{Name: "db", Kind: DatabasePool, Size: rapid.IntRange(1, 8).Draw(t, "dbSize"), Dial: ms(0, 3, "dbDial")})
	}
	sys := System{Pools: pools}
	if rapid.IntRange(0, 4).Draw(t, "threadPool") == 0 {
		sys.Workers, sys.Queue = rapid.IntRange(4, 40).Draw(t, "workers"), 50
	} else {
		sys.Tasks = &TaskServer{Threads: rapid.IntRange(1, 4).Draw(t, "threads")}
		if rapid.Bool().Draw(t, "pause") {
			from := ms(200, 1500, "pauseFrom")
			sys.Tasks.Pauses = []Pause{{From: from, To: from + ms(5, 300, "pauseLen")}}
		}
		if rapid.Bool().Draw(t, "memory") {
			sys.Tasks.Memory = Memory{Limit: 10 << 20, Base: 1 << 20, PerTask: int64(rapid.IntRange(64, 512).Draw(t, "perTaskKiB")) << 10, Restart: ms(50, 500, "restart")}
		}
	}
	tenants := rapid.Bool().Draw(t, "tenants")
	if tenants {
		sys.Tenants = []string{"acme", "globex"}
	}
	nDeps := rapid.IntRange(1, 3).Draw(t, "deps")
	for i := range nDeps {
		name := fmt.Sprintf("d%d", i)
		d := Dependency{Name: name, Latency: Latency{Kind: LogNormal, P50: ms(2, 30, "p50"), P99: ms(40, 200, "p99")}}
		switch rapid.IntRange(0, 3).Draw(t, "pool") {
		case 1, 2:
			d.Pool = "http"
		case 3:
			if len(pools) > 1 {
				d.Pool = "db"
			}
		}
		switch rapid.IntRange(0, 6).Draw(t, "fault") {
		case 1:
			from := ms(100, 1500, "hangFrom")
			d.Faults = []Fault{{Kind: Hang, From: from, To: from + ms(100, 1500, "hangLen")}}
		case 2:
			d.Faults = []Fault{{Kind: Hang, From: ms(100, 1500, "hangFrom")}}
		case 3:
			d.Faults = []Fault{{Kind: Slow, From: ms(100, 1000, "slowFrom"), To: ms(1100, 2000, "slowTo"), Latency: ms(100, 900, "slow")}}
		case 4:
			d.Faults = []Fault{{Kind: Error, From: ms(100, 1000, "errFrom"), To: ms(1100, 2000, "errTo"), Probability: 0.5}}
		case 5:
			from := ms(100, 1500, "unreachableFrom")
			d.Faults = []Fault{{Kind: Unreachable, From: from, To: from + ms(100, 1500, "unreachableLen")}}
		case 6:
			d.Faults = []Fault{{Kind: Unreachable, From: ms(100, 1500, "unreachableFrom")}}
		}
		p := &d.Policy
		if rapid.IntRange(0, 3).Draw(t, "timeout") > 0 {
			p.Timeout = ms(20, 400, "timeoutMs")
		}
		switch rapid.IntRange(0, 4).Draw(t, "bulkhead") {
		case 1:
			p.Bulkhead = rapid.IntRange(1, 10).Draw(t, "slots")
		case 2:
			p.Bulkhead, p.BulkheadWait = rapid.IntRange(1, 10).Draw(t, "slots"), ms(1, 150, "bhWait")
		case 3:
			p.Bulkhead, p.BulkheadKind, p.BulkheadQueue = rapid.IntRange(1, 10).Draw(t, "slots"), ThreadPoolBulkhead, rapid.IntRange(1, 20).Draw(t, "bhQueue")
		case 4:
			if tenants {
				p.TenantBulkhead = &TenantBulkhead{Default: rapid.IntRange(1, 8).Draw(t, "tenantSlots")}
			}
		}
		if rapid.Bool().Draw(t, "breaker") {
			p.Breaker = &breaker.Config{WindowSize: 10, MinimumCalls: 5, FailureRate: 0.5, OpenFor: ms(100, 800, "open"), HalfOpenTrials: 1}
		}
		if rapid.Bool().Draw(t, "cancel") {
			p.Cancel = CancelPropagate
		}
		if rapid.IntRange(0, 5).Draw(t, "retry") == 0 {
			p.Retry = &RetryPolicy{Attempts: 2}
		}
		sys.Dependencies = append(sys.Dependencies, d)
		ep := Endpoint{Name: "e" + name, Rate: float64(rapid.IntRange(20, 300).Draw(t, "rate")), Calls: name, Patience: ms(50, 2000, "patience")}
		if tenants {
			ep.Tenants = []TenantShare{{Tenant: "acme", Share: 0.7}, {Tenant: "globex", Share: 0.3}}
		}
		if sys.Tasks != nil {
			ep.CPU = time.Duration(rapid.IntRange(0, 3000).Draw(t, "cpuUs")) * time.Microsecond
			if rapid.IntRange(0, 4).Draw(t, "blocking") == 0 {
				// A blocking call on the loop: its draw, and the loop
				// no longer plain (arriveTasks).
				ep.Blocking = Latency{Kind: LogNormal, P50: ms(1, 5, "blockP50"), P99: ms(6, 40, "blockP99")}
			}
		}
		sys.Endpoints = append(sys.Endpoints, ep)
	}
	return &Scenario{Name: "tasks-fast", Duration: 2 * time.Second, MeasureFrom: 200 * time.Millisecond, MeasureTo: 2 * time.Second,
		Variants: []Variant{{Name: "v", System: sys}}}
}

// drawTasksCase draws a valid scenario of genTasksScenario's, a seed, and
// the step by which a test advances its runs together.
func drawTasksCase(t *rapid.T) (sc *Scenario, seed uint64, step time.Duration) {
	sc = genTasksScenario(t)
	if err := sc.Validate(); err != nil {
		t.Skip("drawn scenario is not valid:", err)
	}
	seed = rapid.Uint64().Draw(t, "seed")
	step = time.Duration(rapid.IntRange(20, 700).Draw(t, "stepMs")) * time.Millisecond
	return sc, seed, step
}

// A tasks server's calls, and calls through a connection pool, walk their
// layers on the fast path (enterFast), which asks for a connection, gives
// it back and waits for the loop to answer as the pipeline does: the run
// is the pipeline's, snapshot for snapshot and event for event, and so is
// what a fork reads.
func TestTasksFastLayersChangeNothing(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	rapid.Check(t, func(t *rapid.T) {
		sc, seed, step := drawTasksCase(t)
		fast, slow := fastAndPipeline(t, sc, 0, seed)
		for !fast.Done() || !slow.Done() {
			fast.Advance(step)
			slow.Advance(step)
			if a, b := fast.Snapshot(), slow.Snapshot(); !deepequal.Equal(a, b) {
				t.Fatalf("at %v: the fast path's snapshot differs from the pipeline's:\n%+v\n%+v", fast.Now(), a, b)
			}
			if fast.seq != slow.seq {
				t.Fatalf("at %v: %d events on the fast path, %d on the pipeline", fast.Now(), fast.seq, slow.seq)
			}
			// The same slots hold the same requests; a started call
			// started at the same time (startTask enters it itself).
			for i := range fast.requests {
				if a, b := &fast.requests[i], &slow.requests[i]; a.ep >= 0 && a.callStart != b.callStart {
					t.Fatalf("at %v: request slot %d's call started at %v on the fast path, %v on the pipeline", fast.Now(), i, a.callStart, b.callStart)
				}
			}
			// maxInside is left out for a call on the plain fast path (a
			// thread pool's dependency without a pool), which never notes
			// it (TestFastPathChangesNothing); the walk through layers does.
			for i := range fast.dependencies {
				a, b := &fast.dependencies[i], &slow.dependencies[i]
				if a.maxAfter != b.maxAfter || a.armed != b.armed || a.maxBulkhead != b.maxBulkhead || a.bulkheadBound != b.bulkheadBound || (!a.fast && a.maxInside != b.maxInside) {
					t.Fatalf("at %v: dependency %d's fork evidence differs: maxAfter %v %v, armed %v %v, maxBulkhead %d %d, bound %v %v, maxInside %v %v",
						fast.Now(), i, a.maxAfter, b.maxAfter, a.armed, b.armed, a.maxBulkhead, b.maxBulkhead, a.bulkheadBound, b.bulkheadBound, a.maxInside, b.maxInside)
				}
			}
		}
	})
}

// The check above means something only if the calls it draws do take the
// fast path: the small tasks server's, through a pool with room enough,
// mostly do, and so do the memory scenario's (no pool, a loop of two
// threads).
func TestTasksTakeTheFastLayers(t *testing.T) {
	roomy := tasksScenario()
	roomy.Variants[0].System.Pools[0].Size, roomy.Variants[0].System.Pools[0].PerHost = 0, 0
	for _, sc := range []*Scenario{roomy, memoryScenario()} {
		r, err := New(sc, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		r.Run()
		for i := range r.dependencies {
			ds := &r.dependencies[i]
			if !ds.fastLayers || ds.fast || ds.fastSent*2 < ds.calls {
				t.Errorf("%s: %s: fast %v, fastLayers %v, %d of %d calls sent by enterFast", sc.Name, ds.cfg.Name, ds.fast, ds.fastLayers, ds.fastSent, ds.calls)
			}
		}
	}
}
