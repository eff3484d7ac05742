package engine_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// simulated counts what EstimateCost bounds: every client's arrival and
// every attempt of every call along any edge, over every variant.
func simulated(snaps []engine.Snapshot) (arrivals, requests float64) {
	for _, s := range snaps {
		for _, e := range s.Endpoints {
			arrivals += float64(e.Arrived)
		}
		for _, d := range s.Dependencies {
			requests += float64(d.Calls)
		}
		for _, svc := range s.Services {
			for _, d := range svc.Dependencies {
				requests += float64(d.Calls)
			}
		}
	}
	return arrivals, arrivals + requests
}

// TestEstimateCostBoundsBuiltins runs every built-in scenario on a few
// seeds: the estimate of simulated requests is never below what a run
// simulates, and at most three times it.
func TestEstimateCostBoundsBuiltins(t *testing.T) {
	for _, b := range scenarios.All() {
		t.Run(b.Name, func(t *testing.T) {
			sc := b.Build()
			c := engine.EstimateCost(sc)
			for _, seed := range []uint64{1, 5} {
				snaps, err := engine.RunAll(sc, seed)
				if err != nil {
					t.Fatal(err)
				}
				arr, req := simulated(snaps)
				// go test -v -run TestEstimateCostBoundsBuiltins prints the
				// table of estimate against run, with every retry counted in
				// full (strict), events and memory.
				old := engine.SetCostStrict(true)
				strict := engine.EstimateCost(sc)
				engine.SetCostStrict(old)
				t.Logf("seed %d: arrivals %.0f (estimate %.0f), requests %.0f (estimate %.0f, %.2f×; strict %.0f), events %.0f, %.1f MB",
					seed, arr, c.Arrivals, req, c.Requests, c.Requests/req, strict.Requests, c.Events, c.Bytes/1e6)
				if c.Arrivals < arr || c.Requests < req {
					t.Errorf("seed %d: the estimate (%.0f arrivals, %.0f requests) is below the run's (%.0f, %.0f)", seed, c.Arrivals, c.Requests, arr, req)
				}
				if c.Requests > 3*req {
					t.Errorf("seed %d: the estimate of %.0f requests is more than three times the run's %.0f", seed, c.Requests, req)
				}
			}
		})
	}
}

// BenchmarkEstimateCost estimates the cascade (three variants) and the
// fleet-probes scenario (four variants of a 20-instance fleet).
func BenchmarkEstimateCost(b *testing.B) {
	for _, name := range []string{"cascade", "fleet-probes"} {
		bi, _ := scenarios.Lookup(name)
		sc := bi.Build()
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				engine.EstimateCost(sc)
			}
		})
	}
}

// randomServiceScenario builds a small scenario from r: endpoints,
// leaf dependencies with timeouts, retries (sometimes with a token bucket)
// and faults, and sometimes a chain of services whose edges retry too.
func randomServiceScenario(r *rand.Rand, k int) *engine.Scenario {
	ms := time.Millisecond
	lat := func() engine.Latency {
		switch r.IntN(3) {
		case 0:
			return engine.Latency{Kind: engine.Exponential, Mean: time.Duration(5+r.IntN(100)) * ms}
		case 1:
			return engine.Latency{Kind: engine.Constant, Value: time.Duration(1+r.IntN(80)) * ms}
		}
		p50 := time.Duration(5+r.IntN(60)) * ms
		return engine.Latency{Kind: engine.LogNormal, P50: p50, P99: p50 * time.Duration(2+r.IntN(6))}
	}
	dur := time.Duration(5+r.IntN(25)) * time.Second
	policy := func() engine.Policy {
		var p engine.Policy
		if r.IntN(3) > 0 {
			p.Timeout = time.Duration(20+r.IntN(400)) * ms
		}
		if r.IntN(3) > 0 {
			p.Retry = &engine.RetryPolicy{Attempts: 1 + r.IntN(5)}
			if r.IntN(3) == 0 {
				p.Retry.Budget = engine.TokenBucketBudget
			}
		}
		if r.IntN(4) == 0 {
			p.Bulkhead = 1 + r.IntN(20)
		}
		return p
	}
	fault := func() []engine.Fault {
		if r.IntN(2) == 0 {
			return nil
		}
		from := time.Duration(r.Int64N(int64(dur / 2)))
		f := engine.Fault{Kind: engine.FaultKind(1 + r.IntN(3)), From: from, To: from + time.Duration(r.Int64N(int64(dur/2))) + time.Second}
		f.Latency = time.Duration(100+r.IntN(2000)) * ms
		f.Probability = r.Float64()
		return []engine.Fault{f}
	}
	sys := engine.System{Workers: 10 + r.IntN(200), Queue: r.IntN(50)}
	nDeps := 1 + r.IntN(3)
	for i := range nDeps {
		d := engine.Dependency{Name: fmt.Sprintf("dep%d", i), Latency: lat(), Faults: fault(), Policy: policy()}
		sys.Dependencies = append(sys.Dependencies, d)
	}
	if r.IntN(2) == 0 { // a chain of services: front → svc0 → svc1 → leaf
		depth := 1 + r.IntN(3)
		for i := range depth {
			s := engine.Service{Name: fmt.Sprintf("svc%d", i), Workers: 5 + r.IntN(100), Queue: r.IntN(100), Instances: 1 + r.IntN(3),
				Work: engine.Latency{Kind: engine.Constant, Value: time.Duration(r.IntN(5)) * ms}}
			s.Calls = "next"
			if i+1 < depth {
				s.Dependencies = []engine.Dependency{{Name: "next", Service: fmt.Sprintf("svc%d", i+1), Policy: policy()}}
			} else {
				s.Dependencies = []engine.Dependency{{Name: "next", Latency: lat(), Faults: fault(), Policy: policy()}}
			}
			sys.Services = append(sys.Services, s)
		}
		sys.Dependencies = append(sys.Dependencies, engine.Dependency{Name: "svc", Service: "svc0", Policy: policy()})
		nDeps++
	}
	for i := range 1 + r.IntN(3) {
		e := engine.Endpoint{Name: fmt.Sprintf("ep%d", i), Rate: float64(5 + r.IntN(400))}
		if r.IntN(5) > 0 {
			e.Calls = sys.Dependencies[r.IntN(nDeps)].Name
		}
		if r.IntN(3) == 0 {
			e.Patience = time.Duration(100+r.IntN(2000)) * ms
		}
		sys.Endpoints = append(sys.Endpoints, e)
	}
	return &engine.Scenario{Name: fmt.Sprintf("random-%d", k), Duration: dur, MeasureTo: dur,
		Variants: []engine.Variant{{Name: "one", System: sys}}}
}

// TestEstimateCostBoundsRandom does the same for random scenarios: the
// fingerprint test's (every policy, faults, two variants) and chains of
// services that retry at each hop.
func TestEstimateCostBoundsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(30, 1))
	checked, within3, worst := 0, 0, 0.0
	for k := 0; checked < 60 && k < 600; k++ {
		var sc *engine.Scenario
		if k%2 == 0 {
			sc = randomScenario(r)
			sc.Name = fmt.Sprintf("random-%d", k)
		} else {
			sc = randomServiceScenario(r, k)
		}
		if err := sc.Validate(); err != nil {
			continue
		}
		checked++
		c := engine.EstimateCost(sc)
		snaps, err := engine.RunAll(sc, uint64(k))
		if err != nil {
			t.Fatal(err)
		}
		arr, req := simulated(snaps)
		if c.Requests < req || c.Arrivals < arr {
			t.Errorf("%s: the estimate (%.0f arrivals, %.0f requests) is below the run's (%.0f, %.0f)", sc.Name, c.Arrivals, c.Requests, arr, req)
		}
		// A retry layer counted in full (its dependency has a fault for a
		// while) may make up to 5 attempts: a random design that retries
		// five times and rarely needs to is within 5×.
		if c.Requests > 5*req {
			t.Errorf("%s: the estimate of %.0f requests is %.1f times the run's %.0f", sc.Name, c.Requests, c.Requests/req, req)
		}
		worst = max(worst, c.Requests/req)
		within3 += b2i(c.Requests <= 3*req)
	}
	t.Logf("%d random scenarios: %d within 3×, the largest ratio %.2f", checked, within3, worst)
	if within3 < checked*9/10 {
		t.Errorf("only %d of %d random scenarios are estimated within 3×", within3, checked)
	}
	if checked < 20 {
		t.Fatalf("only %d random scenarios were valid", checked)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestParseBudget(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int64
	}{{"150M", 150_000_000}, {"2e8", 200_000_000}, {"1500000", 1_500_000}, {"1.5G", 1_500_000_000}, {"20k", 20_000}, {" 7 ", 7}} {
		got, err := engine.ParseBudget(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseBudget(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	if _, err := engine.ParseBudget("1.5"); err == nil || !strings.Contains(err.Error(), `a budget counts whole simulated requests, and "1.5" is 1.5 of them`) {
		t.Errorf("ParseBudget(1.5) = %v; want it refused as no whole number", err)
	}
	for _, bad := range []string{"", "M", "lots", "-5", "0", "1e30", "5 M M", "12x", "NaN", "1.5", "2.0005k"} {
		if _, err := engine.ParseBudget(bad); err == nil {
			t.Errorf("ParseBudget(%q) is accepted", bad)
		}
	}
	for n, want := range map[float64]string{149.2e6: "150M", 20e6: "20M", 1234: "1.3k", 2.05e9: "2.1G", 42: "42"} {
		if got := engine.BudgetValue(n); got != want {
			t.Errorf("BudgetValue(%v) = %q, want %q", n, got, want)
		}
	}
}

// TestCheckBudget: a run over the budget is refused with the figure, its
// factors and the budget, and the flag when the caller names one.
func TestCheckBudget(t *testing.T) {
	sc := scenarios.Cascade()
	sc.Duration = 23 * time.Hour
	sc.MeasureTo = sc.Duration
	if err := engine.CheckBudget(sc, 1, 1, 0); err != nil {
		t.Fatalf("no budget refused the run: %v", err)
	}
	err := engine.CheckBudget(sc, 1, 1, engine.DefaultBudget)
	var be *engine.BudgetError
	if !errors.As(err, &be) || !errors.Is(err, engine.ErrOverBudget) {
		t.Fatalf("23 h of the cascade is not refused: %v", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "3 designs × 23 h × ") || !strings.Contains(msg, "over the budget of 200 M") || strings.Contains(msg, "--budget") {
		t.Errorf("message: %s", msg)
	}
	be.Flag = "--budget"
	want := "raise it with --budget " + engine.BudgetValue(be.Cost.Requests)
	if msg := be.Error(); !strings.HasSuffix(msg, want) {
		t.Errorf("message %q does not end with %q", msg, want)
	}
	if err := engine.CheckBudget(scenarios.Cascade(), 20, 3, engine.DefaultBudget); err != nil {
		t.Errorf("a 20-cell sweep of the cascade on 3 seeds is refused: %v", err)
	}
	t.Log(err)
}

// overloaded is one server a thousand times too slow for its clients: one
// worker, a dependency answering in 1 ms, a million requests a second, and
// an accept queue of queue (QueueUnbounded: no limit).
func overloaded(d time.Duration, rate float64, queue int) *engine.Scenario {
	return &engine.Scenario{Name: "overloaded", Duration: d, MeasureTo: d, Variants: []engine.Variant{{Name: "one worker", System: engine.System{
		Workers: 1, Queue: queue,
		Endpoints:    []engine.Endpoint{{Name: "a", Rate: rate, Calls: "d"}},
		Dependencies: []engine.Dependency{{Name: "d", Latency: engine.Latency{Kind: engine.Constant, Value: time.Millisecond}}},
	}}}}
}

// A valid scenario can ask for a server that holds nearly every request of
// its run in an unbounded queue: 50 s of it is estimated at 14.2 GB of live
// data (50 M requests in flight). The estimate counts that backlog, and the
// budget refuses a run whose memory passes MaxRunBytes, saying why and what
// to change; a bounded queue makes it small again. The backlog the estimate
// counts is the one the engine piles up.
func TestCheckBudgetRefusesARunThatWouldHoldTooMuch(t *testing.T) {
	sc := overloaded(50*time.Second, 1e6, engine.QueueUnbounded)
	if err := sc.Validate(); err != nil {
		t.Fatal(err)
	}
	err := engine.CheckBudget(sc, 1, 1, engine.DefaultBudget)
	var be *engine.BudgetError
	if !errors.As(err, &be) || !be.Memory || !errors.Is(err, engine.ErrOverBudget) {
		t.Fatalf("50 s of an unbounded backlog is not refused for its memory: %v", err)
	}
	be.Flag = "--budget" // no budget raises it: the flag goes unsaid
	if msg := be.Error(); !strings.Contains(msg, "more than the 1 GB a run may hold: bound what the server and its services may hold (their queues") || strings.Contains(msg, "--budget") || !strings.Contains(msg, "50 M requests in flight") {
		t.Errorf("message: %s", msg)
	}
	if err := engine.CheckBudget(overloaded(50*time.Second, 1e6, 10_000), 1, 1, engine.DefaultBudget); err != nil {
		t.Errorf("the same server with a queue of 10,000 is refused: %v", err)
	}
	if err := engine.CheckBudget(sc, 1, 1, 0); err != nil {
		t.Errorf("no budget refused the run: %v", err)
	}

	// The backlog against the engine's: 20,000 requests a second for 2 s
	// at a worker answering 1,000 leave some 38,000 in the queue.
	small := overloaded(2*time.Second, 20_000, engine.QueueUnbounded)
	r, err := engine.New(small, 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(small.Duration)
	queued := float64(r.Snapshot().Queued)
	held := engine.EstimateCost(small).Held
	if queued < 30_000 || held < queued || held > 1.2*queued {
		t.Errorf("the engine's queue holds %.0f at the end of traffic, the estimate %.0f; want the estimate at or a little above it", queued, held)
	}
	// The built-ins hold a few megabytes.
	for _, b := range scenarios.All() {
		if c := engine.EstimateCost(b.Build()); c.Bytes > 64e6 {
			t.Errorf("%s is estimated to hold %.0f MB", b.Name, c.Bytes/1e6)
		}
	}
}

// overloadedService is a front that gives up on its calls after timeout and
// a service behind it a thousand times too slow for its clients (one
// worker of 1 ms, a million requests a second), whose accept queue is
// queue: the calls the front gave up on wait there for the worker.
func overloadedService(d time.Duration, rate float64, frontWorkers int, timeout time.Duration, queue int) *engine.Scenario {
	return &engine.Scenario{Name: "overloaded service", Duration: d, MeasureTo: d, Variants: []engine.Variant{{Name: "one worker behind", System: engine.System{
		Workers: frontWorkers, Queue: 200,
		Endpoints:    []engine.Endpoint{{Name: "a", Rate: rate, Calls: "s"}},
		Dependencies: []engine.Dependency{{Name: "s", Service: "s", Policy: engine.Policy{Timeout: timeout}}},
		Services: []engine.Service{{Name: "s", Workers: 1, Queue: queue,
			Work: engine.Latency{Kind: engine.Constant, Value: time.Millisecond}}},
	}}}}
}

// A service behind the front can hold what the front cannot: the front's
// timeout frees its worker, but the call it gave up on stays in the
// service's queue. 20 s of a million calls a second into a 1 ms worker
// took 3.8 GB before it was stopped; the estimate counts the service's
// backlog, the budget refuses it, and a bounded queue makes it small. The
// backlog the estimate counts is the one the engine piles up.
func TestCheckBudgetRefusesAServiceThatWouldHoldTooMuch(t *testing.T) {
	sc := overloadedService(20*time.Second, 1e6, 5000, time.Millisecond, engine.QueueUnbounded)
	if err := sc.Validate(); err != nil {
		t.Fatal(err)
	}
	var be *engine.BudgetError
	if err := engine.CheckBudget(sc, 1, 1, engine.DefaultBudget); !errors.As(err, &be) || !be.Memory {
		t.Fatalf("20 s of a service's backlog is not refused for its memory: %v", err)
	}
	if err := engine.CheckBudget(overloadedService(20*time.Second, 1e6, 5000, time.Millisecond, 10_000), 1, 1, engine.DefaultBudget); err != nil {
		t.Errorf("the same service with a queue of 10,000 is refused: %v", err)
	}
	// A front that waits for its calls holds one a worker in the service.
	if c := engine.EstimateCost(overloadedService(20*time.Second, 1e6, 5000, 0, engine.QueueUnbounded)); c.Held > 1e6 {
		t.Errorf("a front that waits for its calls is estimated to hold %.0f", c.Held)
	}
	// 64 workers that give up after 10 ms send 6,400 calls a second
	// to a service that answers 1,000: 2 s leave some 10,800 queued.
	small := overloadedService(2*time.Second, 100_000, 64, 10*time.Millisecond, engine.QueueUnbounded)
	snaps, err := engine.RunAll(small, 5)
	if err != nil {
		t.Fatal(err)
	}
	queued := float64(snaps[0].Services[0].QueuedMax)
	held := engine.EstimateCost(small).Held
	t.Logf("the service queued %.0f calls at most; the estimate holds %.0f", queued, held)
	if queued < 8_000 || held < queued || held > 1.2*queued {
		t.Errorf("the engine's service queued %.0f calls at most, the estimate %.0f; want the estimate at or a little above it", queued, held)
	}
}

// overloadedTasks is overloaded's tasks server: one thread, 1 ms of CPU a
// request, and a memory limit of limit bytes (0: none).
func overloadedTasks(d time.Duration, rate float64, limit int64) *engine.Scenario {
	sc := overloaded(d, rate, engine.QueueUnbounded)
	sys := &sc.Variants[0].System
	sys.Workers, sys.Queue = 0, 0
	sys.Tasks = &engine.TaskServer{Threads: 1}
	if limit > 0 {
		sys.Tasks.Memory = engine.Memory{Limit: limit, Base: 48 << 20, PerTask: 64 << 10, Restart: time.Second}
	}
	sys.Endpoints[0].CPU = time.Millisecond
	return sc
}

// A tasks server whose loop cannot keep up holds every request it has not
// run as a task, and with no memory limit nothing bounds them: the same
// refusal, and a limit makes the run small again (its process is killed
// and restarts instead). The tasks the estimate counts are the engine's.
func TestCheckBudgetRefusesATasksServerThatWouldHoldTooMuch(t *testing.T) {
	sc := overloadedTasks(50*time.Second, 1e6, 0)
	if err := sc.Validate(); err != nil {
		t.Fatal(err)
	}
	var be *engine.BudgetError
	if err := engine.CheckBudget(sc, 1, 1, engine.DefaultBudget); !errors.As(err, &be) || !be.Memory {
		t.Fatalf("50 s of a tasks server's backlog is not refused for its memory: %v", err)
	}
	if err := engine.CheckBudget(overloadedTasks(50*time.Second, 1e6, 256<<20), 1, 1, engine.DefaultBudget); err != nil {
		t.Errorf("the same server with a memory limit is refused: %v", err)
	}
	small := overloadedTasks(2*time.Second, 20_000, 0)
	if err := small.Validate(); err != nil {
		t.Fatal(err)
	}
	snaps, err := engine.RunAll(small, 5)
	if err != nil {
		t.Fatal(err)
	}
	live := float64(snaps[0].Tasks.LiveMax)
	held := engine.EstimateCost(small).Held
	if live < 30_000 || held < live || held > 1.2*live {
		t.Errorf("the engine's tasks server held %.0f tasks at most, the estimate %.0f; want the estimate at or a little above it", live, held)
	}
}

// The budget's refusal spells its figure out as factors a reader can
// check: the arrivals a second it multiplies are a bound above the
// scenario's rates (a seed's draw stays under it), so it also quotes their
// sum, which the reader finds in the scenario.
func TestWhyQuotesTheScenariosRate(t *testing.T) {
	sc := scenarios.Cascade()
	var rate float64
	for _, ep := range sc.Variants[0].System.Endpoints {
		rate += ep.Rate
	}
	c := engine.EstimateCost(sc)
	why := c.Why()
	if want := engine.FormatCount(rate) + " on average"; !strings.Contains(why, want) {
		t.Errorf("Why() = %q: it should name the scenario's %s arrivals a second, %q", why, engine.FormatCount(rate), want)
	}
	per := float64(c.Runs) * c.Duration.Seconds()
	if bound := c.Arrivals / per; !strings.Contains(why, engine.FormatCount(bound)+" arrivals a second at most") {
		t.Errorf("Why() = %q: the factor it multiplies is %s arrivals a second, the bound", why, engine.FormatCount(bound))
	}
	if one := (engine.Cost{Runs: 1, Duration: time.Minute, Arrivals: 60, MeanArrivals: 60, Requests: 120}).Why(); !strings.Contains(one, "1 arrival a second ×") {
		t.Errorf("one arrival a second reads %q", one)
	}
}
