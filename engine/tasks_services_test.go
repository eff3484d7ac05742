package engine

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/internal/deepequal"
	"pgregory.net/rapid"
)

// tasksChain is a tasks server (two threads, a memory limit) whose page
// endpoint calls inv, a fleet of two thread-pool instances (8 workers, a
// queue of 50, 2 ms of work each), through a client pool of at most 20
// connections to it; inv queries a database that answers in 300 ms from
// 1 s to 2 s instead of 5 ms, behind a breaker. A health check calls
// nothing. Both the front's edge and inv's use policy p.
func tasksChain(p Policy) *Scenario {
	db := p
	db.Breaker = &breaker.Config{WindowSize: 20, MinimumCalls: 10, FailureRate: 0.5, OpenFor: 500 * time.Millisecond, HalfOpenTrials: 2}
	return &Scenario{
		Name: "tasks-chain", Duration: 3 * time.Second, MeasureTo: 3 * time.Second,
		Variants: []Variant{{Name: "v", System: System{
			Tasks: &TaskServer{Threads: 2, Memory: Memory{Limit: 64 << 20, Base: 32 << 20, PerTask: 64 << 10, Restart: 200 * time.Millisecond}},
			Pools: []Pool{{Name: "http", PerHost: 20, Dial: time.Millisecond}},
			Endpoints: []Endpoint{
				{Name: "page", Rate: 200, Calls: "inv", Patience: time.Second, CPU: 100 * time.Microsecond},
				{Name: "health", Interval: 10 * time.Millisecond, CPU: 10 * time.Microsecond},
			},
			Dependencies: []Dependency{{Name: "inv", Service: "inv", Pool: "http", Policy: p}},
			Services: []Service{{Name: "inv", Workers: 8, Queue: 50, Instances: 2, Work: Latency{Kind: Constant, Value: 2 * time.Millisecond},
				Calls: "db", Dependencies: []Dependency{{Name: "db", Latency: Latency{Kind: Constant, Value: 5 * time.Millisecond},
					Faults: []Fault{{Kind: Slow, From: time.Second, To: 2 * time.Second, Latency: 300 * time.Millisecond}}, Policy: db}}}},
		}}},
	}
}

// The hop policies tasksChain is tried with.
var chainPolicies = []struct {
	name string
	p    Policy
}{
	{"no timeout", Policy{}},
	{"own timeouts", Policy{Timeout: 100 * time.Millisecond}},
	{"cancellation", Policy{Timeout: 100 * time.Millisecond, Cancel: CancelPropagate}},
	{"propagated deadline", Policy{Timeout: 100 * time.Millisecond, PropagateDeadline: true, DeadlineMargin: 5 * time.Millisecond, Cancel: CancelPropagate}},
}

// A tasks server calls services: each call parks its task, holding its
// connection, while a thread-pool instance answers. Every request is
// counted once, the pool's books and limits hold at every step, the
// health check, which calls nothing, is always answered, and the hop's
// timeout, cancellation and propagated deadline act across it as they
// do for a thread pool.
func TestTasksServerCallsServices(t *testing.T) {
	for _, c := range chainPolicies {
		r, err := New(tasksChain(c.p), 0, 4)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		s := runChecked(t, r)
		if r.open != 0 || s.Busy != 0 {
			t.Errorf("%s: %d requests open, %d tasks live at the end", c.name, r.open, s.Busy)
		}
		inv := serviceByName(t, &s, "inv")
		if inv.Answered.Total() != inv.Arrived || inv.Arrived == 0 {
			t.Errorf("%s: inv answered %d of %d calls", c.name, inv.Answered.Total(), inv.Arrived)
		}
		if h := s.Endpoints[1]; h.Total[OK] != h.Arrived {
			t.Errorf("%s: health answered %v of %d: a tasks server has no workers to run out of", c.name, h.Total, h.Arrived)
		}
		p := s.Pools[0]
		if p.InUseMax != 20 || p.WaitingMax == 0 || p.InUse != 0 {
			t.Errorf("%s: the pool's 20 connections to inv should all be held in the slowdown (%d), and calls wait for one (%d); %d held at the end",
				c.name, p.InUseMax, p.WaitingMax, p.InUse)
		}
		if c.p.Timeout == 0 && s.Tasks.LiveMax < 2*p.InUseMax {
			t.Errorf("%s: tasks parked for a connection should outnumber the connections: %d live at most", c.name, s.Tasks.LiveMax)
		}
		db := inv.Dependencies[0]
		switch c.name {
		case "no timeout":
			if inv.AbandonedWork != 0 || inv.Cancelled != 0 {
				t.Errorf("%s: nobody gives up, yet %d calls were abandoned, %d cancelled", c.name, inv.AbandonedWork, inv.Cancelled)
			}
		case "own timeouts":
			if inv.AbandonedWork == 0 || inv.Cancelled != 0 || p.Closed == 0 {
				t.Errorf("%s: inv should work on for callers that timed out (%d calls), none cancelled (%d), their connections closed (%d)", c.name, inv.AbandonedWork, inv.Cancelled, p.Closed)
			}
		case "cancellation":
			if inv.AbandonedWork != 0 || inv.Cancelled == 0 || db.Cancelled == 0 {
				t.Errorf("%s: the front's timeout should cancel inv's calls (%d) and their queries (%d), none abandoned (%d)", c.name, inv.Cancelled, db.Cancelled, inv.AbandonedWork)
			}
		case "propagated deadline":
			if inv.AbandonedWork != 0 || db.DeadlineTimeouts == 0 {
				t.Errorf("%s: inv's query should time out at the front's deadline (%d), nothing be abandoned (%d)", c.name, db.DeadlineTimeouts, inv.AbandonedWork)
			}
		}
	}
}

// Killed at its memory limit, a tasks server loses what it held, and only
// that: the services it called keep their own breakers and queues. The
// calls it had sent are cancelled where the edge propagates cancellation
// and go on for nobody where it does not. Every request is counted once.
func TestOOMKillSparesTheServices(t *testing.T) {
	for _, cancel := range []CancelMode{CancelNone, CancelPropagate} {
		sc := tasksChain(Policy{Cancel: cancel})
		sys := &sc.Variants[0].System
		// The parked tasks fill the front's 256 slots of memory: inv's
		// queues take every call, and its database is slow to the end.
		sys.Pools[0].PerHost = 0
		sys.Tasks.Memory.Limit = 48 << 20
		sys.Services[0].Queue = 1000
		sys.Services[0].Dependencies[0].Faults[0].Latency = 2 * time.Second
		sys.Services[0].Dependencies[0].Faults[0].To = sc.Duration
		r, err := New(sc, 0, 2)
		if err != nil {
			t.Fatal(err)
		}
		var before *breaker.Breaker
		for r.tasks.kills == 0 && !r.Done() {
			before = r.dependencies[r.nFrontDeps].breaker
			r.Advance(time.Millisecond)
		}
		if r.tasks.kills == 0 {
			t.Fatalf("cancel %v: the front was never killed", cancel)
		}
		// The service's breaker is the same one, not a new process's.
		if after := r.dependencies[r.nFrontDeps].breaker; after != before {
			t.Errorf("cancel %v: the kill replaced inv's breaker: it lives in another process", cancel)
		}
		mid := r.Snapshot()
		inv := serviceByName(t, &mid, "inv")
		if cancel == CancelPropagate && inv.Cancelled == 0 {
			t.Errorf("the killed front's calls should be cancelled at inv, none were")
		}
		if cancel == CancelNone && (inv.Cancelled != 0 || inv.Busy+inv.Queued == 0) {
			t.Errorf("without cancellation inv should work on for the killed front: %d cancelled, %d busy, %d queued", inv.Cancelled, inv.Busy, inv.Queued)
		}
		end := runChecked(t, r)
		inv = serviceByName(t, &end, "inv")
		if inv.Answered.Total() != inv.Arrived || r.open != 0 {
			t.Errorf("cancel %v: inv answered %d of %d; %d requests open", cancel, inv.Answered.Total(), inv.Arrived, r.open)
		}
		if cancel == CancelNone && inv.AbandonedWork == 0 {
			t.Errorf("without cancellation inv's answers to the killed front should go to nobody")
		}
	}
}

// In steady state a tasks server calling services allocates nothing (it
// steps like one run: TestTasksStepsLikeOneRun).
func TestTasksChainAllocatesNothing(t *testing.T) {
	steady := tasksChain(chainPolicies[3].p)
	steady.Duration, steady.MeasureTo = 40*time.Second, 40*time.Second
	steady.Variants[0].System.Services[0].Dependencies[0].Faults = nil
	r, err := New(steady, 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(5 * time.Second)
	if n := testing.AllocsPerRun(10, func() { r.Advance(500 * time.Millisecond) }); n != 0 {
		t.Errorf("%v allocations per 500 ms of steady traffic, want 0", n)
	}
}

// An edge to a service may take a client pool's connections, not a
// database pool's.
func TestServiceEdgePools(t *testing.T) {
	sc := tasksChain(Policy{})
	if err := sc.Validate(); err != nil {
		t.Fatalf("a client pool on an edge to a service: %v", err)
	}
	sc.Variants[0].System.Pools[0] = Pool{Name: "http", Kind: DatabasePool, Size: 10}
	err := sc.Validate()
	if want := `dependency "inv": pool "http" is a database pool, and "inv" is a service`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("a database pool on an edge to a service: got %v, want %q", err, want)
	}
}

// Random chains of services (genChain) behind a tasks server instead of a
// thread pool, with a connection pool on the front's edges or none, and a
// memory limit that kills the process now and then: stepped event by
// event, every hop's books, the pool's and the workers' freeing hold, and
// every request is counted once.
func TestPropertyTasksFrontCallsServices(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genTasksChain(t)
		r, err := New(sc, 0, rapid.Uint64().Draw(t, "seed"))
		if err != nil {
			t.Fatalf("generated an invalid scenario: %v", err)
		}
		freeChecker(t, r)
		for r.queue.len() > 0 && r.now < r.end {
			r.AdvanceTo(r.queue.peek().at)
			checkServiceInvariants(t, r)
			if r.pools != nil {
				checkPools(t, r)
			}
		}
		r.Run()
		checkServiceInvariants(t, r)
		if r.open != 0 || r.busy != 0 {
			t.Fatalf("run ended with %d open requests, %d live tasks", r.open, r.busy)
		}
		snap := r.Snapshot()
		for _, e := range snap.Endpoints {
			if e.Total.Total() != e.Arrived {
				t.Fatalf("endpoint %s: %d arrivals but %d outcomes", e.Name, e.Arrived, e.Total.Total())
			}
		}
		for _, s := range snap.Services {
			if s.Answered.Total() != s.Arrived {
				t.Fatalf("service %s: %d arrived, %d answered", s.Name, s.Arrived, s.Answered.Total())
			}
		}
	})
}

// genTasksChain is genChain's chain of services called from a tasks
// server (1 to 4 threads, CPU per request, at times a memory limit that
// kills) instead of a thread pool, at times through a client pool (on
// most of its edges).
func genTasksChain(t *rapid.T) *Scenario {
	sc := genChain(t)
	sys := &sc.Variants[0].System
	sys.Workers, sys.Queue = 0, 0
	sys.Tasks = &TaskServer{Threads: rapid.IntRange(1, 4).Draw(t, "threads")}
	if rapid.Bool().Draw(t, "memoryLimit") {
		// Room for a few dozen live tasks.
		sys.Tasks.Memory = Memory{Base: 1 << 20, PerTask: 1 << 10, Limit: 1<<20 + int64(rapid.IntRange(1, 60).Draw(t, "tasksRoom"))<<10,
			Restart: time.Duration(rapid.IntRange(1, 1000).Draw(t, "restartMs")) * time.Millisecond}
	}
	for i := range sys.Endpoints {
		sys.Endpoints[i].CPU = time.Duration(rapid.IntRange(0, 2000).Draw(t, "cpuUs")) * time.Microsecond
	}
	if rapid.Bool().Draw(t, "pool") {
		sys.Pools = []Pool{{Name: "http", Size: rapid.IntRange(0, 10).Draw(t, "poolSize"), PerHost: rapid.IntRange(0, 5).Draw(t, "perHost"),
			Wait:          time.Duration(rapid.IntRange(0, 300).Draw(t, "poolWaitMs")) * time.Millisecond,
			Dial:          time.Duration(rapid.IntRange(0, 20).Draw(t, "dialMs")) * time.Millisecond,
			IdlePerHost:   rapid.IntRange(0, 3).Draw(t, "idlePerHost"),
			AbandonedDial: AbandonedDial(rapid.IntRange(0, 1).Draw(t, "abandonedDial"))}}
		for i := range sys.Dependencies {
			// Most edges take the pool; now and then one goes without,
			// beside the pooled ones.
			if rapid.IntRange(0, 3).Draw(t, "pooled") > 0 {
				sys.Dependencies[i].Pool = "http"
			}
		}
	}
	return sc
}

// tasksChainCell is sc with one knob a fork may carry changed, drawn
// from t: a service's workers, queue or shedding bounds, a timeout on the
// front's edge or a service's, a service edge's retry attempts or
// bulkhead wait, a service's fault or its leaf's, the pool's caps, the
// memory limit or a task's cost, an endpoint's patience. sc is left as it
// was.
func tasksChainCell(t *rapid.T, sc *Scenario) (*Scenario, string) {
	c := *sc
	c.Variants = []Variant{sc.Variants[0]}
	sys := &c.Variants[0].System
	sys.Dependencies = append([]Dependency(nil), sys.Dependencies...)
	sys.Endpoints = append([]Endpoint(nil), sys.Endpoints...)
	sys.Services = append([]Service(nil), sys.Services...)
	for i := range sys.Services {
		sys.Services[i].Dependencies = append([]Dependency(nil), sys.Services[i].Dependencies...)
	}
	sys.Pools = append([]Pool(nil), sys.Pools...)
	if sys.Tasks != nil {
		tasks := *sys.Tasks
		sys.Tasks = &tasks
	}
	ms := func(name string) time.Duration {
		return time.Duration(rapid.IntRange(1, 3000).Draw(t, name)) * time.Millisecond
	}
	// A service's edge, drawn, when one has a policy to change.
	edge := func() *Policy {
		s := &sys.Services[rapid.IntRange(0, len(sys.Services)-1).Draw(t, "edgeService")]
		if len(s.Dependencies) == 0 {
			return nil
		}
		return &s.Dependencies[0].Policy
	}
	switch k := rapid.IntRange(0, 12).Draw(t, "knob"); {
	case k == 0:
		s := &sys.Services[rapid.IntRange(0, len(sys.Services)-1).Draw(t, "service")]
		s.Workers = rapid.IntRange(1, 12).Draw(t, "serviceWorkers")
		return &c, "service workers"
	case k == 1 && sys.Dependencies[0].Policy.Timeout > 0:
		sys.Dependencies[0].Policy.Timeout = ms("frontTimeoutMs")
		return &c, "front edge timeout"
	case k == 2:
		for i := range sys.Services {
			if d := sys.Services[i].Dependencies; len(d) > 0 && d[0].Policy.Timeout > 0 {
				d[0].Policy.Timeout = ms("edgeTimeoutMs")
				return &c, "service edge timeout"
			}
		}
	case k == 3 && len(sys.Pools) > 0:
		sys.Pools[0].Size = rapid.IntRange(0, 12).Draw(t, "newPoolSize")
		sys.Pools[0].PerHost = rapid.IntRange(0, 6).Draw(t, "newPerHost")
		sys.Pools[0].IdlePerHost = rapid.IntRange(0, 8).Draw(t, "newIdlePerHost")
		sys.Pools[0].AbandonedDial = AbandonedDial(rapid.IntRange(0, 1).Draw(t, "newAbandonedDial"))
		return &c, "pool caps"
	case k == 4 && sys.Tasks != nil && sys.Tasks.Memory.Limit > 0:
		sys.Tasks.Memory.Limit = sys.Tasks.Memory.Base + int64(rapid.IntRange(1, 80).Draw(t, "newTasksRoom"))<<10
		return &c, "memory limit"
	case k == 5:
		if p := edge(); p != nil && p.Retry != nil && p.Retry.Attempts > 1 {
			r := *p.Retry
			r.Attempts = rapid.IntRange(2, 6).Draw(t, "newAttempts")
			p.Retry = &r
			return &c, "service edge retry attempts"
		}
	case k == 6:
		if p := edge(); p != nil && p.Bulkhead > 0 {
			if p.BulkheadKind == ThreadPoolBulkhead {
				p.BulkheadQueue = rapid.IntRange(0, 6).Draw(t, "newBhQueue")
			} else {
				p.BulkheadWait = time.Duration(rapid.IntRange(0, 500).Draw(t, "newBhWaitMs")) * time.Millisecond
			}
			return &c, "service edge bulkhead wait"
		}
	case k == 7:
		s := &sys.Services[rapid.IntRange(0, len(sys.Services)-1).Draw(t, "queueService")]
		s.Queue = rapid.IntRange(-1, 12).Draw(t, "newQueue")
		return &c, "service queue"
	case k == 8:
		if e := &sys.Endpoints[rapid.IntRange(0, len(sys.Endpoints)-1).Draw(t, "patienceEndpoint")]; e.Patience > 0 {
			e.Patience = ms("newPatienceMs")
			return &c, "patience"
		}
	case k == 9:
		if s := &sys.Services[rapid.IntRange(0, len(sys.Services)-1).Draw(t, "shedService")]; s.Shed != nil {
			// New bounds, and now and then the same bounds on a copy.
			sh := *s.Shed
			if rapid.IntRange(0, 4).Draw(t, "sameShed") > 0 {
				sh.MaxWait = genShed(t).MaxWait
			}
			s.Shed = &sh
			return &c, "service shedding bounds"
		}
	case k == 11:
		// A service's leaf's fault: when it starts, or what it does.
		for i := range sys.Services {
			if d := sys.Services[i].Dependencies; len(d) > 0 && len(d[0].Faults) > 0 {
				f := d[0].Faults[0]
				switch rapid.IntRange(0, 2).Draw(t, "faultKnob") {
				case 0:
					f.From = time.Duration(rapid.Int64Range(0, int64(sc.Duration)).Draw(t, "newFaultFrom"))
				case 1:
					f.Latency = ms("newFaultLatencyMs")
				case 2:
					f.Probability = rapid.Float64Range(0, 1).Draw(t, "newFaultP")
				}
				d[0].Faults = []Fault{f}
				return &c, "service leaf fault"
			}
		}
	case k == 12:
		// A service's fault: when it starts and ends (each after the
		// one before: the faults stay in time order), or its effect.
		s := &sys.Services[rapid.IntRange(0, len(sys.Services)-1).Draw(t, "faultService")]
		if len(s.Faults) == 0 {
			break
		}
		s.Faults = append([]ServiceFault(nil), s.Faults...)
		k := rapid.IntRange(0, len(s.Faults)-1).Draw(t, "serviceFault")
		f := &s.Faults[k]
		switch rapid.IntRange(0, 2).Draw(t, "faultChange") {
		case 0:
			lo := time.Duration(0)
			if k > 0 {
				lo = s.Faults[k-1].To
			}
			f.From = lo + time.Duration(rapid.Int64Range(0, int64(sc.Duration)).Draw(t, "newServiceFaultFrom"))
			f.To = f.From + time.Duration(rapid.IntRange(1, 2000).Draw(t, "newServiceFaultLenMs"))*time.Millisecond
		case 1:
			// Its end alone: it may be under way when the fork is made.
			f.To = f.From + time.Duration(rapid.IntRange(1, 3000).Draw(t, "newServiceFaultEndMs"))*time.Millisecond
		default:
			f.Latency, f.Probability = ms("newServiceFaultLatencyMs"), rapid.Float64Range(0.01, 1).Draw(t, "newServiceFaultP")
		}
		return &c, "service fault"
	case k == 10 && sys.Tasks != nil:
		// A task's cost, under the memory limit or with none.
		sys.Tasks.Memory.PerTask = int64(rapid.IntRange(1, 4).Draw(t, "newPerTaskKiB")) << 10
		return &c, "memory per task"
	}
	return nil, ""
}

// A tasks server calling services forks exactly: for random chains (as
// TestPropertyTasksFrontCallsServices draws them), one knob changed and a
// random moment, every fork ForkInto takes goes on as a new run of its
// cell, snapshot for snapshot at random steps and at its end; CanFork
// answers as ForkInto does; and some forks are taken, and some refused.
func TestPropertyTasksServicesForkIsExact(t *testing.T) {
	checkChainForks(t, genTasksChain)
}

// The same for a thread pool's front calling services (genChain).
func TestPropertyServicesForkIsExact(t *testing.T) {
	checkChainForks(t, genChain)
}

// checkChainForks forks chains of services drawn by gen, each into a cell
// with one knob changed (tasksChainCell) at a random moment or at the end,
// and checks every fork taken against a new run of its cell.
func checkChainForks(t *testing.T, gen func(*rapid.T) *Scenario) {
	taken, refused := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		base := gen(t)
		cell, what := tasksChainCell(t, base)
		if cell == nil || cell.Validate() != nil {
			return
		}
		seed := rapid.Uint64().Draw(t, "seed")
		prefix, err := New(base, 0, seed)
		if err != nil {
			t.Fatalf("generated an invalid scenario: %v", err)
		}
		if rapid.IntRange(0, 3).Draw(t, "atEnd") == 0 {
			prefix.Run()
		} else {
			prefix.AdvanceTo(time.Duration(rapid.Int64Range(0, int64(base.Duration)).Draw(t, "at")))
		}
		var dst Run
		can := prefix.CanFork(cell, 0)
		if !prefix.ForkInto(&dst, cell, 0) {
			if can {
				t.Fatalf("changed %s: CanFork says yes, ForkInto refuses", what)
			}
			refused++
			return
		}
		if !can {
			t.Fatalf("changed %s: CanFork says no, ForkInto forks", what)
		}
		taken++
		fresh, err := New(cell, 0, seed)
		if err != nil {
			t.Fatal(err)
		}
		fresh.AdvanceTo(prefix.Now())
		for k := range rapid.IntRange(1, 6).Draw(t, "steps") {
			if a, b := dst.Snapshot(), fresh.Snapshot(); !deepequal.Equal(a, b) {
				t.Fatalf("changed %s, forked at %v: the fork differs from a new run at %v (step %d)", what, prefix.Now(), a.Now, k)
			}
			dt := time.Duration(rapid.IntRange(1, 1500).Draw(t, "stepMs")) * time.Millisecond
			dst.Advance(dt)
			fresh.Advance(dt)
		}
		dst.Run()
		fresh.Run()
		if a, b := dst.Snapshot(), fresh.Snapshot(); !deepequal.Equal(a, b) {
			t.Fatalf("changed %s, forked at %v: the fork's end differs from a new run's", what, prefix.Now())
		}
	})
	t.Logf("forks taken %d, refused %d", taken, refused)
	if taken == 0 || refused == 0 {
		t.Fatalf("forks taken %d, refused %d: want some of each", taken, refused)
	}
}
