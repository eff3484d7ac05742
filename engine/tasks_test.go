package engine

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/internal/deepequal"
)

// tasksScenario is a small tasks server: two endpoints calling two hosts
// through one pool (size 6, 4 per host, a 50 ms wait, a 2 ms dial, a
// 100 ms dial timeout), the first host unreachable from 1 s to 2 s (its
// dials get no answer, so the pool's dial timeout matters); a per-attempt
// timeout of 300 ms.
func tasksScenario() *Scenario {
	dep := func(name string, faults []Fault) Dependency {
		return Dependency{Name: name, Latency: Latency{Kind: Exponential, Mean: 20 * time.Millisecond}, Pool: "http", Faults: faults,
			Policy: Policy{Timeout: 300 * time.Millisecond}}
	}
	return &Scenario{
		Name: "tasks-small", Duration: 3 * time.Second, MeasureTo: 3 * time.Second,
		Variants: []Variant{{Name: "v", System: System{
			Tasks: &TaskServer{Threads: 1},
			Pools: []Pool{{Name: "http", Size: 6, PerHost: 4, Wait: 50 * time.Millisecond, Dial: 2 * time.Millisecond, DialTimeout: 100 * time.Millisecond}},
			Endpoints: []Endpoint{
				{Name: "a", Rate: 200, Calls: "slow", CPU: 100 * time.Microsecond},
				{Name: "b", Rate: 200, Calls: "fine", CPU: 100 * time.Microsecond},
			},
			Dependencies: []Dependency{dep("slow", []Fault{{Kind: Unreachable, From: time.Second, To: 2 * time.Second}}), dep("fine", nil)},
		}}},
	}
}

func TestTasksValidation(t *testing.T) {
	cases := []struct {
		name   string
		change func(sys *System)
		want   string
	}{
		{"workers", func(s *System) { s.Workers = 4 }, "a tasks server has no pool of workers"},
		{"threads", func(s *System) { s.Tasks.Threads = MaxThreads + 1 }, "threads must be between 1 and 256"},
		{"pause order", func(s *System) {
			s.Tasks.Pauses = []Pause{{From: time.Second, To: 2 * time.Second}, {From: 1500 * time.Millisecond, To: 3 * time.Second}}
		}, "pause 2 starts at 1.5s, before pause 1 ends"},
		{"pause empty", func(s *System) { s.Tasks.Pauses = []Pause{{From: time.Second, To: time.Second}} }, "pause 1 must start"},
		{"memory base", func(s *System) { s.Tasks.Memory = Memory{Limit: 100, Base: 100, PerTask: 1, Restart: time.Second} }, "memory base (100 bytes) must be below the limit"},
		{"memory per task", func(s *System) { s.Tasks.Memory = Memory{Limit: 100, Restart: time.Second} }, "needs per_task"},
		{"memory restart", func(s *System) { s.Tasks.Memory = Memory{Limit: 100, PerTask: 1} }, "needs restart"},
		{"restart without limit", func(s *System) { s.Tasks.Memory = Memory{Restart: time.Second} }, "it needs a limit"},
		{"cpu", func(s *System) { s.Endpoints[0].CPU = -1 }, `endpoint "a": cpu must be between 0`},
		{"cpu on a thread pool", func(s *System) {
			s.Tasks, s.Workers, s.Pools = nil, 4, nil
			s.Dependencies[0].Pool, s.Dependencies[1].Pool = "", ""
		},
			`endpoint "a": cpu and blocking are a tasks server's`},
		{"pool name", func(s *System) { s.Dependencies[0].Pool = "db" }, `dependency "slow": pool "db" is not one of the system's pools (have: [http])`},
		{"pool twice", func(s *System) { s.Pools = append(s.Pools, s.Pools[0]) }, `pool "http" is defined twice`},
		{"pool size", func(s *System) { s.Pools[0].Size = -1 }, "size and per_host must be between 0"},
		{"pool idle", func(s *System) { s.Pools[0].IdlePerHost = -2 }, `pool "http": idle_per_host must be between 0 (keep every connection) and 100,000, got -2`},
		{"abandoned dial", func(s *System) { s.Pools[0].AbandonedDial = 2 }, `pool "http": abandoned_dial must be cancel or finish, got 2`},
		{"database per host", func(s *System) { s.Pools[0].Kind = DatabasePool }, "a database pool has one host"},
		{"dial timeout", func(s *System) { s.Pools[0].DialTimeout = time.Millisecond }, "must take less than the dial timeout"},
		{"bulkhead", func(s *System) { s.Dependencies[0].Policy.Bulkhead = MaxWorkers + 1 }, "bulkhead must be between 0"},
	}
	for _, c := range cases {
		sc := tasksScenario()
		c.change(&sc.Variants[0].System)
		err := sc.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
	if err := tasksScenario().Validate(); err != nil {
		t.Fatalf("the base scenario is valid: %v", err)
	}
}

// checkPools checks the pools' books against the attempts that hold or
// wait: no pool over its size, no host over its cap, counts that match,
// the dials under way among them.
func checkPools(t interface {
	Helper()
	Fatalf(string, ...any)
}, r *Run) {
	t.Helper()
	pr := r.pools
	for p := range pr.pools {
		ps := &pr.pools[p]
		inUse, waiting, dialling := 0, 0, 0
		hostUse := make([]int, len(ps.hosts))
		hostDialling := make([]int, len(ps.hosts))
		for id := range pr.holds {
			h := &pr.holds[id]
			if int(h.pool) != p || r.requests[id].ep < 0 {
				continue
			}
			switch h.state {
			case connHeld, connDialing:
				inUse++
				hostUse[h.host]++
				if h.state == connDialing {
					dialling++
					hostDialling[h.host]++
				}
			case connWaiting:
				waiting++
			}
		}
		// A dial whose caller gave up and that runs on (Pool.AbandonedDial)
		// is its host's alone: no attempt holds it.
		for k := range ps.hosts {
			o := ps.hosts[k].orphans
			inUse, dialling = inUse+o, dialling+o
			hostUse[k] += o
			hostDialling[k] += o
		}
		if inUse != ps.inUse || waiting != ps.waiting {
			t.Fatalf("at %v pool %s counts %d in use and %d waiting, its attempts say %d and %d", r.now, ps.cfg.Name, ps.inUse, ps.waiting, inUse, waiting)
		}
		if dialling != ps.dialling || ps.dialling > ps.diallingMax {
			t.Fatalf("at %v pool %s counts %d dialling (most %d), its attempts say %d", r.now, ps.cfg.Name, ps.dialling, ps.diallingMax, dialling)
		}
		if c := ps.cfg.Size; c > 0 && ps.inUse > c {
			t.Fatalf("at %v pool %s has %d in use, above its size %d", r.now, ps.cfg.Name, ps.inUse, c)
		}
		for k := range ps.hosts {
			if hostUse[k] != ps.hosts[k].inUse {
				t.Fatalf("at %v host %d counts %d in use, its attempts say %d", r.now, k, ps.hosts[k].inUse, hostUse[k])
			}
			if hostDialling[k] != ps.hosts[k].dialling {
				t.Fatalf("at %v host %d counts %d dialling, its attempts say %d", r.now, k, ps.hosts[k].dialling, hostDialling[k])
			}
			if c := ps.cfg.PerHost; c > 0 && ps.hosts[k].inUse > c {
				t.Fatalf("at %v host %d has %d in use, above %d", r.now, k, ps.hosts[k].inUse, c)
			}
		}
	}
}

// The pool's books hold at every step, and its limits do; the hang fills
// the slow host's share and the dial timeout, the wait and the attempts'
// timeouts all act.
func TestPoolLimitsHoldAtEveryStep(t *testing.T) {
	r, err := New(tasksScenario(), 0, 7)
	if err != nil {
		t.Fatal(err)
	}
	s := runChecked(t, r)
	p := s.Pools[0]
	if p.InUseMax != 6 || p.Hosts[0].InUse != 0 || p.InUse != 0 {
		t.Errorf("pool in use max %d (want its size, 6), %d still in use at the end", p.InUseMax, p.InUse)
	}
	if p.Refused == 0 || p.Closed == 0 {
		t.Errorf("the hang should make callers wait in vain (%d refused) and close connections as they time out (%d closed)", p.Refused, p.Closed)
	}
}

// runChecked runs r to the end a millisecond at a time, checking the
// pools' books at each step, and returns the final snapshot.
func runChecked(t *testing.T, r *Run) Snapshot {
	t.Helper()
	for !r.Done() {
		r.Advance(time.Millisecond)
		checkPools(t, r)
	}
	s := r.Snapshot()
	checkAccounting(t, &s)
	return s
}

// Retries, a breaker and its fallback, and cancellation work through the
// pool: each attempt takes its own connection and gives it back, the
// books hold at every step, and every request is counted once.
func TestPoolsWithRetriesBreakersAndCancellation(t *testing.T) {
	sc := tasksScenario()
	for i := range sc.Variants[0].System.Dependencies {
		p := &sc.Variants[0].System.Dependencies[i].Policy
		p.Retry = &RetryPolicy{Attempts: 3, Backoff: retry.Backoff{Base: 10 * time.Millisecond, Max: 50 * time.Millisecond}}
		p.Breaker = &breaker.Config{WindowSize: 20, FailureRate: 0.5, OpenFor: 300 * time.Millisecond, HalfOpenTrials: 2}
		p.Fallback = CachedFallback
		p.Cancel = CancelPropagate
		p.Bulkhead, p.BulkheadWait = 5, 20*time.Millisecond
	}
	r, err := New(sc, 0, 9)
	if err != nil {
		t.Fatal(err)
	}
	s := runChecked(t, r)
	slow := s.Dependencies[0]
	if slow.Retries == 0 || slow.ShortCircuited == 0 || slow.Cancelled == 0 || slow.FellBack == 0 {
		t.Errorf("the hang should bring retries (%d), an open breaker (%d refused), cancelled calls (%d) and fallbacks (%d)",
			slow.Retries, slow.ShortCircuited, slow.Cancelled, slow.FellBack)
	}
	if p := s.Pools[0]; p.Closed == 0 || p.InUse != 0 || p.Waiting != 0 {
		t.Errorf("pool at the end: %d closed (want some: timed-out attempts close theirs), %d in use and %d waiting (want none)", p.Closed, p.InUse, p.Waiting)
	}
}

// checkAccounting checks that each endpoint's arrivals are each counted
// once, by the end of the run.
func checkAccounting(t *testing.T, s *Snapshot) {
	t.Helper()
	for _, e := range s.Endpoints {
		var n uint64
		for _, c := range e.Total {
			n += c
		}
		if n != e.Arrived {
			t.Errorf("endpoint %s: %d arrivals, %d outcomes", e.Name, e.Arrived, n)
		}
	}
}

// A dial to an unreachable host fails after the dial timeout: the breaker
// counts it, and the attempt never reaches the host.
func TestDialTimeoutToAnUnreachableHost(t *testing.T) {
	sc := tasksScenario()
	sys := &sc.Variants[0].System
	sys.Pools[0].Wait = 0
	sys.Dependencies[0].Faults[0].From = 0
	r, err := New(sc, 0, 3)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(900 * time.Millisecond)
	s := r.Snapshot()
	if s.Pools[0].DialFailures == 0 {
		t.Fatalf("no dial failed; dials %d", s.Pools[0].Dials)
	}
	if d := s.Dependencies[0]; d.Calls != 0 {
		t.Errorf("%d calls reached the unreachable host, whose dials all fail", d.Calls)
	}
}

// A hung host is an application stuck with its kernel up: the handshake
// completes, so a dial to it connects in the pool's Dial, and the call
// sent on the connection is what gets no answer, until the hang ends. A real TCP stack does this, and so does the
// live lab's provider (cmd/breakerlab/internal/lab).
func TestDialToAHungHostConnects(t *testing.T) {
	mid := newFaultFromZero(t, Hang).Snapshot()
	p, d := mid.Pools[0], mid.Dependencies[0]
	if p.DialFailures != 0 || p.Hosts[0].Dialling != 0 || d.Calls != uint64(p.Hosts[0].InUse) || d.Calls == 0 {
		t.Errorf("during the hang: %d dials failed, %d dialling (want none of either), %d calls sent on %d connections (want one on each)",
			p.DialFailures, p.Hosts[0].Dialling, d.Calls, p.Hosts[0].InUse)
	}
	if d.InFlight != int(d.Calls) {
		t.Errorf("during the hang %d of %d calls are in flight, want all: the host answers none", d.InFlight, d.Calls)
	}
}

// memoryScenario: one endpoint whose calls hang from 1 s, with no
// timeout, in a process that can hold 100 live tasks; another whose
// dependency fails, with a breaker whose state a kill must forget.
func memoryScenario() *Scenario {
	latency := Latency{Kind: Constant, Value: 10 * time.Millisecond}
	return &Scenario{
		Name: "oom", Duration: 4 * time.Second, MeasureTo: 4 * time.Second,
		Variants: []Variant{{Name: "v", System: System{
			Tasks: &TaskServer{Threads: 2, Memory: Memory{Limit: 100 << 20, Base: 50 << 20, PerTask: 512 << 10, Restart: 500 * time.Millisecond}},
			Endpoints: []Endpoint{
				{Name: "pay", Rate: 100, Calls: "provider"},
				{Name: "search", Rate: 50, Calls: "flaky"},
				{Name: "health", Interval: 10 * time.Millisecond},
			},
			Dependencies: []Dependency{
				{Name: "provider", Latency: latency, Faults: []Fault{{Kind: Hang, From: time.Second}}},
				{Name: "flaky", Latency: latency, Faults: []Fault{{Kind: Error, Probability: 1}},
					Policy: Policy{Breaker: &breaker.Config{WindowSize: 10, FailureRate: 0.5, OpenFor: 100 * time.Second, HalfOpenTrials: 1}}},
			},
		}}},
	}
}

// Past the memory limit the process is killed: every live request fails,
// arrivals are refused until the restart is done, and the breaker, open
// before, is closed again: a new process remembers nothing.
func TestOOMKillFailsEverythingAndForgets(t *testing.T) {
	r, err := New(memoryScenario(), 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(time.Second)
	if st := r.dependencies[1].breaker.StateAt(r.now); st != breaker.Open {
		t.Fatalf("the breaker should be open after a second of errors, is %v", st)
	}
	killedAt := time.Duration(-1)
	for r.now < 3*time.Second && killedAt < 0 {
		r.Advance(time.Millisecond)
		if r.tasks.kills > 0 {
			killedAt = r.now
		}
	}
	if killedAt < 0 {
		t.Fatal("the process was never killed")
	}
	s := r.Snapshot()
	if s.Busy != 0 || !s.Tasks.Down || s.Tasks.Killed < 100 {
		t.Errorf("after the kill: %d live tasks (want 0), down %v, %d killed (want the 100 that filled memory)", s.Busy, s.Tasks.Down, s.Tasks.Killed)
	}
	if s.Tasks.MemoryPeak <= s.Tasks.MemoryLimit {
		t.Errorf("memory peaked at %d, not above the limit %d", s.Tasks.MemoryPeak, s.Tasks.MemoryLimit)
	}
	if b := r.dependencies[1].breaker; b.State() != breaker.Closed {
		t.Errorf("the restarted process should have a fresh, closed breaker")
	}
	health := s.Endpoints[2].Total
	r.AdvanceTo(killedAt + 400*time.Millisecond)
	if got := r.Snapshot().Endpoints[2].Total; got[Rejected] <= health[Rejected] {
		t.Errorf("health checks during the restart should be refused: %d refused before, %d after", health[Rejected], got[Rejected])
	}
	r.AdvanceTo(killedAt + 600*time.Millisecond)
	if r.tasks.down {
		t.Error("the process is not back after its restart")
	}
	r.Run()
	end := r.Snapshot()
	checkAccounting(t, &end)
}

// A stop-the-world pause stalls every task at once: health checks with
// no work of their own answer only after it, and it counts as busy loop.
func TestPauseStallsEveryTask(t *testing.T) {
	sc := &Scenario{Name: "pause", Duration: 2 * time.Second, MeasureTo: 2 * time.Second, Variants: []Variant{{Name: "v", System: System{
		Tasks:     &TaskServer{Threads: 4, Pauses: []Pause{{From: 500 * time.Millisecond, To: 900 * time.Millisecond}}},
		Endpoints: []Endpoint{{Name: "health", Interval: 10 * time.Millisecond, CPU: time.Millisecond}},
	}}}}
	r, err := New(sc, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	s := r.Snapshot()
	e := s.Endpoints[0]
	// 40 of 200 checks arrive in the pause and wait up to 400 ms.
	if e.P99 < 300*time.Millisecond || e.P50 > 2*time.Millisecond {
		t.Errorf("p50 %v, p99 %v: the pause should delay a fifth of the checks by up to 400 ms and no others", e.P50, e.P99)
	}
	if b := s.Tasks.LoopBusy; b < 0.224 || b > 0.226 {
		t.Errorf("loop busy %.3f, want the pause's 0.2 plus 1 ms per 10 ms over 4 threads, 0.025", b)
	}
	if s.Tasks.LagMax < 390*time.Millisecond {
		t.Errorf("the loop's lag max is %v, want about the pause's 400 ms", s.Tasks.LagMax)
	}
}

// A tasks server's run is the same however it is stepped.
func TestTasksStepsLikeOneRun(t *testing.T) {
	for _, sc := range []*Scenario{tasksScenario(), memoryScenario(), tasksChain(chainPolicies[3].p)} {
		whole, err := New(sc, 0, 11)
		if err != nil {
			t.Fatal(err)
		}
		whole.Run()
		stepped, _ := New(sc, 0, 11)
		for !stepped.Done() {
			stepped.Advance(16 * time.Millisecond)
		}
		stepped.AdvanceTo(whole.Now())
		a, b := whole.Snapshot(), stepped.Snapshot()
		if !deepequal.Equal(a, b) {
			t.Errorf("%s: stepped in 16 ms frames, the run differs from one run to the end", sc.Name)
		}
	}
}

// In steady state a tasks server's run allocates nothing.
func TestTasksSteadyStateAllocatesNothing(t *testing.T) {
	sc := tasksScenario()
	sc.Duration, sc.MeasureTo = 60*time.Second, 60*time.Second
	sc.Variants[0].System.Dependencies[0].Faults = nil
	r, err := New(sc, 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(5 * time.Second)
	if n := testing.AllocsPerRun(20, func() { r.Advance(500 * time.Millisecond) }); n != 0 {
		t.Errorf("%v allocations per 500 ms of steady traffic, want 0", n)
	}
}

// newFaultFromZero is tasksScenario with no dial timeout nor pool wait,
// the first host in a fault of kind k from 0 to 1 s and a call timeout of
// 5 s, run to 950 ms: late in the fault, no timer fired.
func newFaultFromZero(t *testing.T, k FaultKind) *Run {
	sc := tasksScenario()
	sys := &sc.Variants[0].System
	sys.Pools[0].DialTimeout, sys.Pools[0].Wait = 0, 0
	sys.Dependencies[0].Faults[0] = Fault{Kind: k, From: 0, To: time.Second}
	sys.Dependencies[0].Policy.Timeout = 5 * time.Second
	r, err := New(sc, 0, 3)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(950 * time.Millisecond)
	return r
}

// Without a dial timeout, a dial to an unreachable host waits out the
// fault and connects when it ends: the calls then reach the host. The
// fault starts at 0, so no connection was open before it.
func TestDialWaitsOutUnreachable(t *testing.T) {
	r := newFaultFromZero(t, Unreachable)
	mid := r.Snapshot()
	if mid.Dependencies[0].Calls != 0 || mid.Pools[0].Hosts[0].InUse != 4 {
		t.Errorf("while unreachable: %d calls reached the host (want none), %d connections dialling (want the 4 per host)",
			mid.Dependencies[0].Calls, mid.Pools[0].Hosts[0].InUse)
	}
	r.AdvanceTo(1100 * time.Millisecond)
	after := r.Snapshot()
	if after.Dependencies[0].Calls == 0 || after.Pools[0].DialFailures != 0 {
		t.Errorf("after the fault the dials should connect: %d calls, %d dials failed", after.Dependencies[0].Calls, after.Pools[0].DialFailures)
	}
}

// A handler whose loop slice ends before anything else happens goes on at
// once instead of through the queue (startTask): the runs are the same,
// bit for bit, stepped or not, as when every slice's end is an event.
func TestTaskStepsAtOnceLikeQueued(t *testing.T) {
	// The small tasks server with its loop busy most of the time: slices
	// that end just after an arrival, or just after another event.
	busy := tasksScenario()
	sys := &busy.Variants[0].System
	sys.Tasks.Threads = 2
	sys.Endpoints[0].CPU = 3 * time.Millisecond
	sys.Endpoints[1].Blocking = Latency{Kind: Exponential, Mean: 2 * time.Millisecond}
	scs := []*Scenario{tasksScenario(), busy, memoryScenario()}
	for _, c := range chainPolicies {
		scs = append(scs, tasksChain(c.p))
	}
	// Each run stepped to the same times, its snapshots there.
	run := func(sc *Scenario, seed uint64, step time.Duration, queued bool) []Snapshot {
		queueEveryTaskStep = queued
		defer func() { queueEveryTaskStep = false }()
		r, err := New(sc, 0, seed)
		if err != nil {
			t.Fatal(err)
		}
		var snaps []Snapshot
		for at := step; at < r.End(); at += step {
			r.AdvanceTo(at)
			snaps = append(snaps, r.Snapshot())
		}
		r.Run()
		return append(snaps, r.Snapshot())
	}
	for _, sc := range scs {
		for seed := range uint64(2) {
			for _, step := range []time.Duration{time.Hour, 100 * time.Millisecond} {
				want, got := run(sc, seed, step, true), run(sc, seed, step, false)
				for k := range want {
					if !deepequal.Equal(got[k], want[k]) {
						t.Errorf("%s, seed %d, at %v: taking handlers' steps at once changed the run", sc.Name, seed, want[k].Now)
						break
					}
				}
			}
		}
	}
}

// A call whose caller gave up leaves the dependency, when its cancellation
// reaches it, before its semaphore's permit goes to the next holder: a
// holder that finds an idle connection sends at once, and the calls in
// flight never outnumber the permits. Go's order (abandonWith): client.Do
// returns, the request cancelled, and only then does the handler release
// its permit. Dials that run on (Pool.AbandonedDial finish) leave idle
// connections behind the hang, where the permit's next holder finds one;
// with cancel the holder dials, and the count had fallen by the time it
// sent, which hid the order. go-server's contained design, switched to
// finish, showed 61 calls in flight against its 60 permits at 70.012 s.
func TestCancelledCallLeavesBeforeItsPermit(t *testing.T) {
	for _, how := range []AbandonedDial{DialCancelled, DialRunsOn} {
		for seed := uint64(1); seed <= 4; seed++ {
			sc := tasksScenario()
			sys := &sc.Variants[0].System
			const permits = 3
			// go-server's contained design in small: room per host past
			// the permits for dials that run on, every connection kept,
			// no dial timeout (the hung host's dials last the hang), and
			// calls slower than the dial.
			sys.Pools[0] = Pool{Name: "http", PerHost: permits + 4, IdlePerHost: permits + 4, Dial: 5 * time.Millisecond, AbandonedDial: how}
			sys.Dependencies[0].Latency = Latency{Kind: LogNormal, P50: 60 * time.Millisecond, P99: 150 * time.Millisecond}
			sys.Dependencies[0].Policy = Policy{Timeout: 300 * time.Millisecond, Cancel: CancelPropagate,
				Bulkhead: permits, BulkheadWait: 100 * time.Millisecond}
			r, err := New(sc, 0, seed)
			if err != nil {
				t.Fatal(err)
			}
			r.Run()
			s := r.Snapshot()
			d := s.Dependencies[0]
			if d.BulkheadMax != permits || d.InFlightMax == 0 {
				t.Fatalf("%v seed %d: the semaphore held at most %d of %d permits, %d calls in flight at most: the test no longer fills it", how, seed, d.BulkheadMax, permits, d.InFlightMax)
			}
			if how == DialRunsOn && s.Pools[0].DialsAbandoned == 0 {
				t.Fatalf("seed %d: no dial ran on: the test no longer leaves idle connections behind the hang", seed)
			}
			if d.InFlightMax > permits {
				t.Errorf("%v seed %d: %d calls in flight at %v against %d permits: a cancelled call still counted after its permit went to the next holder", how, seed, d.InFlightMax, d.InFlightMaxAt, permits)
			}
		}
	}
}
