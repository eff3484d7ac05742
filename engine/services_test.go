package engine

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/internal/deepequal"
)

// multiHop is the design's multi-hop scenario: page → orders → inventory
// → a database that turns slow from 20 s to 40 s. Its variants: each hop's
// own timeout alone, and deadlines propagated with cancellation.
func multiHop() *Scenario {
	edge := func(name string, p Policy) Dependency { return Dependency{Name: name, Service: name, Policy: p} }
	sys := func(p Policy) System {
		db := Dependency{Name: "database", Latency: Latency{Kind: LogNormal, P50: 10 * time.Millisecond, P99: 40 * time.Millisecond},
			Faults: []Fault{{Kind: Slow, From: 20 * time.Second, To: 40 * time.Second, Latency: 3 * time.Second}}, Policy: p}
		return System{Workers: 64, Queue: 200,
			Endpoints:    []Endpoint{{Name: "page", Rate: 100, Calls: "orders", Patience: 2 * time.Second}},
			Dependencies: []Dependency{edge("orders", p)},
			Services: []Service{
				{Name: "orders", Workers: 32, Queue: 100, Work: Latency{Kind: Constant, Value: 5 * time.Millisecond}, Calls: "inventory",
					Dependencies: []Dependency{edge("inventory", p)}},
				{Name: "inventory", Workers: 16, Queue: 100, Work: Latency{Kind: Constant, Value: 2 * time.Millisecond}, Calls: "database",
					Dependencies: []Dependency{db}},
			}}
	}
	own := Policy{Timeout: time.Second}
	propagated := Policy{Timeout: time.Second, PropagateDeadline: true, DeadlineMargin: 10 * time.Millisecond, Cancel: CancelPropagate}
	return &Scenario{Name: "multi-hop", Duration: 60 * time.Second, MeasureTo: 60 * time.Second,
		Variants: []Variant{{Name: "own timeouts", System: sys(own)}, {Name: "propagated", System: sys(propagated)}}}
}

func serviceByName(t testing.TB, s *Snapshot, name string) *ServiceSnapshot {
	t.Helper()
	for i := range s.Services {
		if s.Services[i].Name == name {
			return &s.Services[i]
		}
	}
	t.Fatalf("no service %q in the snapshot", name)
	return nil
}

func TestMultiHopRuns(t *testing.T) {
	sc := multiHop()
	var abandoned uint64
	for v := range sc.Variants {
		r, err := New(sc, v, 1)
		if err != nil {
			t.Fatal(err)
		}
		r.Run()
		s := r.Snapshot()
		if r.open != 0 {
			t.Fatalf("variant %d: %d requests open at the end", v, r.open)
		}
		if len(s.Services) != 2 || s.Services[0].Name != "orders" || s.Services[1].Name != "inventory" {
			t.Fatalf("services in the wrong order: %+v", s.Services)
		}
		orders, inv := serviceByName(t, &s, "orders"), serviceByName(t, &s, "inventory")
		if orders.Caller != "" || orders.Depth != 1 || inv.Caller != "orders" || inv.Depth != 2 {
			t.Fatalf("callers/depths: orders %q %d, inventory %q %d", orders.Caller, orders.Depth, inv.Caller, inv.Depth)
		}
		page := s.Endpoints[0]
		t.Logf("variant %d: page %v; orders arrived %d answered %v cancelled %d abandoned %d expired %d; inventory arrived %d answered %v cancelled %d abandoned %d expired %d; deadline exceeded %d/%d",
			v, page.Total, orders.Arrived, orders.Answered, orders.Cancelled, orders.AbandonedWork, orders.ExpiredInQueue,
			inv.Arrived, inv.Answered, inv.Cancelled, inv.AbandonedWork, inv.ExpiredInQueue,
			orders.Dependencies[0].DeadlineExceeded, inv.Dependencies[0].DeadlineExceeded)
		for _, ss := range s.Services {
			if ss.Answered.Total() != ss.Arrived {
				t.Errorf("variant %d: %s: %d arrived, %d answered", v, ss.Name, ss.Arrived, ss.Answered.Total())
			}
		}
		if orders.Arrived == 0 || inv.Arrived == 0 {
			t.Fatalf("variant %d: nothing reached the services", v)
		}
		if v == 0 && (orders.Cancelled != 0 || inv.Cancelled != 0) {
			t.Errorf("without propagation nothing is cancelled")
		}
		if v == 0 && inv.AbandonedWork == 0 {
			t.Errorf("without cancellation the slow database leaves abandoned work")
		}
		if v == 1 && inv.AbandonedWork+orders.AbandonedWork > abandoned/10 {
			// The deadline shrinks hop by hop, so the innermost hop gives
			// up first and every answer finds its caller still waiting.
			t.Errorf("with propagated deadlines %d calls were answered for nobody (own timeouts: %d)", inv.AbandonedWork+orders.AbandonedWork, abandoned)
		}
		abandoned = inv.AbandonedWork + orders.AbandonedWork
	}
}

// A caller's timeout that propagates cancellation frees the callee's
// worker at once; without it the callee works to the end for nobody.
func TestCancellationFreesTheCalleesWorker(t *testing.T) {
	sys := func(c CancelMode) System {
		return System{Workers: 50,
			Endpoints:    []Endpoint{{Name: "e", Interval: 50 * time.Millisecond, Calls: "slow"}},
			Dependencies: []Dependency{{Name: "slow", Service: "slow", Policy: Policy{Timeout: 100 * time.Millisecond, Cancel: c}}},
			Services:     []Service{{Name: "slow", Workers: 10, Queue: 5, Work: Latency{Kind: Constant, Value: time.Second}}}}
	}
	sc := &Scenario{Name: "c", Duration: 10 * time.Second, MeasureTo: 10 * time.Second,
		Variants: []Variant{{Name: "none", System: sys(CancelNone)}, {Name: "propagate", System: sys(CancelPropagate)}}}
	for v, want := range []struct{ busy, cancelled bool }{{true, false}, {false, true}} {
		r, _ := New(sc, v, 1)
		r.AdvanceTo(5 * time.Second)
		s := r.Snapshot()
		slow := s.Services[0]
		if want.busy != (slow.Busy == 10) {
			t.Errorf("%s: %d of 10 workers busy at 5 s", sc.Variants[v].Name, slow.Busy)
		}
		if want.cancelled != (slow.Cancelled > 0) || want.cancelled == (slow.AbandonedWork > 0) {
			t.Errorf("%s: cancelled %d, abandoned work %d", sc.Variants[v].Name, slow.Cancelled, slow.AbandonedWork)
		}
		if v == 1 && (slow.Busy > 2 || s.Dependencies[0].InFlight > 2) {
			t.Errorf("propagate: %d busy, %d in flight: a cancelled call must free its worker at once", slow.Busy, s.Dependencies[0].InFlight)
		}
		r.Run()
		if r.open != 0 {
			t.Errorf("%s: %d open at the end", sc.Variants[v].Name, r.open)
		}
	}
}

func TestServiceLoopIsNamed(t *testing.T) {
	sc := multiHop()
	sys := &sc.Variants[0].System
	sys.Services[1].Dependencies = append(sys.Services[1].Dependencies, Dependency{Name: "orders", Service: "orders"})
	err := sc.Validate()
	if err == nil || !strings.Contains(err.Error(), "front → orders → inventory → orders") {
		t.Fatalf("want the loop named in call order, got %v", err)
	}
	if _, err := New(sc, 0, 1); err == nil {
		t.Fatal("New accepted a loop")
	}
}

// Once a run of a three-tier fleet has warmed up, advancing it allocates
// nothing: the services' hot path is allocation-free too.
func TestServiceChainAdvanceDoesNotAllocate(t *testing.T) {
	r, err := New(threeTierFleet(), 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(25 * time.Second)
	if allocs := testing.AllocsPerRun(3, func() { r.Advance(time.Second / 2) }); allocs != 0 {
		t.Errorf("%.0f allocations per half simulated second", allocs)
	}
}

func TestThreeTierFleetRuns(t *testing.T) {
	r, err := New(threeTierFleet(), 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	s := r.Snapshot()
	for _, ss := range s.Services {
		t.Logf("%s: arrived %d answered %v cancelled %d abandoned %d expired %d busyMax %d queuedMax %d", ss.Name, ss.Arrived, ss.Answered, ss.Cancelled, ss.AbandonedWork, ss.ExpiredInQueue, ss.BusyMax, ss.QueuedMax)
		for k, in := range ss.Instances {
			t.Logf("  #%d arrived %d answered %v", k, in.Arrived, in.Answered)
		}
	}
	t.Logf("front: %v transitions %d", s.Endpoints[0].Total, len(s.Transitions))
}

// fleetOf is a front service sending fixed-interval traffic to one service
// of n instances behind balancer b.
func fleetOf(n int, b BalancerKind, svc func(*Service)) *Scenario {
	s := Service{Name: "api", Workers: 4, Queue: 10, Instances: n, Balancer: b, Work: Latency{Kind: Constant, Value: 5 * time.Millisecond}}
	if svc != nil {
		svc(&s)
	}
	return &Scenario{Name: "fleet", Duration: 10 * time.Second, MeasureTo: 10 * time.Second, Variants: []Variant{{Name: "v", System: System{
		Workers: 100, Queue: 100,
		Endpoints:    []Endpoint{{Name: "e", Interval: 10 * time.Millisecond, Calls: "api"}},
		Dependencies: []Dependency{{Name: "api", Service: "api"}},
		Services:     []Service{s},
	}}}}
}

func runSeed(t *testing.T, sc *Scenario, seed uint64) Snapshot {
	t.Helper()
	r, err := New(sc, 0, seed)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	return r.Snapshot()
}

func TestRoundRobinTakesInstancesInTurn(t *testing.T) {
	s := runSeed(t, fleetOf(4, RoundRobin, nil), 1)
	api := s.Services[0]
	for k, in := range api.Instances {
		if in.Arrived != 250 {
			t.Errorf("instance %d got %d of 1000 calls, want 250", k, in.Arrived)
		}
	}
}

func TestRandomBalancerSpreadsCalls(t *testing.T) {
	s := runSeed(t, fleetOf(4, RandomBalancer, nil), 1)
	var same bool
	for k, in := range s.Services[0].Instances {
		if in.Arrived < 200 || in.Arrived > 300 {
			t.Errorf("instance %d got %d of 1000 calls, want about 250", k, in.Arrived)
		}
		same = same || in.Arrived == 250
	}
	if other := runSeed(t, fleetOf(4, RandomBalancer, nil), 2); deepequal.Equal(other.Services[0].Instances, s.Services[0].Instances) {
		t.Error("two seeds drew the same instances")
	}
}

// A hung instance keeps its calls; round-robin goes on sending it its
// share, least-outstanding sends it only what it can hold.
func TestLeastOutstandingAvoidsAHungInstance(t *testing.T) {
	hang := func(s *Service) {
		s.Faults = []ServiceFault{{Kind: InstanceHang, Instance: 0, From: 2 * time.Second, To: 8 * time.Second}}
	}
	rr := runSeed(t, fleetOf(2, RoundRobin, hang), 1).Services[0].Instances[0]
	lo := runSeed(t, fleetOf(2, LeastOutstanding, hang), 1).Services[0].Instances[0]
	if rr.Arrived < 450 || lo.Arrived > 250 {
		t.Errorf("the hung instance got %d calls with round-robin (want about 500) and %d with least-outstanding (want about 200 + 14)", rr.Arrived, lo.Arrived)
	}
}

// Each instance keeps its own breaker; open jitter, drawn per instance,
// spreads their probes, and its absence keeps them in step.
func TestFleetBreakersAreEachInstancesOwn(t *testing.T) {
	probes := func(jitter float64) (spread time.Duration, instances map[int]bool) {
		sc := fleetOf(20, RoundRobin, func(s *Service) {
			s.Calls = "provider"
			s.Dependencies = []Dependency{{Name: "provider", Latency: Latency{Kind: Constant, Value: time.Millisecond},
				Faults: []Fault{{Kind: Error, From: 2 * time.Second, Probability: 1}},
				Policy: Policy{Breaker: &breaker.Config{WindowSize: 5, FailureRate: 0.5, OpenFor: 4 * time.Second, HalfOpenTrials: 1, OpenJitter: jitter}}}}
		})
		sc.Variants[0].System.Endpoints[0].Interval = time.Millisecond
		s := runSeed(t, sc, 3)
		opened := map[int]time.Duration{}
		lo, hi := time.Duration(1<<62), time.Duration(0)
		instances = map[int]bool{}
		for _, tr := range s.Transitions {
			if tr.Service != "api" || tr.Dependency != "provider" {
				t.Fatalf("transition of %q/%q, want api/provider", tr.Service, tr.Dependency)
			}
			instances[tr.Instance] = true
			switch {
			case tr.To == breaker.Open && tr.From == breaker.Closed:
				opened[tr.Instance] = tr.At
			case tr.To == breaker.HalfOpen:
				if at, ok := opened[tr.Instance]; ok {
					lo, hi = min(lo, tr.At-at), max(hi, tr.At-at)
					delete(opened, tr.Instance)
				}
			}
		}
		return hi - lo, instances
	}
	still, inst := probes(0)
	if len(inst) != 20 {
		t.Fatalf("transitions name %d instances, want 20", len(inst))
	}
	spread, _ := probes(0.5)
	if still > 30*time.Millisecond || spread < time.Second {
		t.Errorf("open waits spread over %v without jitter (want the same wait) and %v with jitter 0.5 (want over a second)", still, spread)
	}
}

// An instance that is down is out of the balancer's rotation: its share
// of the calls goes to the others, and the clients see no failure. With
// every instance down, the calls are refused at once.
func TestInstanceDownMovesTrafficElsewhere(t *testing.T) {
	for _, bal := range []BalancerKind{RoundRobin, LeastOutstanding, RandomBalancer} {
		sc := fleetOf(2, bal, func(s *Service) {
			s.Faults = []ServiceFault{{Kind: InstanceDown, Instance: 1, From: 2 * time.Second, To: 4 * time.Second}}
		})
		r, _ := New(sc, 0, 1)
		r.AdvanceTo(3 * time.Second)
		in := r.Snapshot().Services[0].Instances[1]
		if in.State != InstanceIsDown || in.Until != 4*time.Second {
			t.Errorf("%v: instance 1 at 3 s: %v until %v, want down until 4s", bal, in.State, in.Until)
		}
		arrivedAt3 := in.Arrived
		r.AdvanceTo(4*time.Second - time.Millisecond)
		if got := r.Snapshot().Services[0].Instances[1].Arrived; got != arrivedAt3 {
			t.Errorf("%v: instance 1 got %d calls while down", bal, got-arrivedAt3)
		}
		r.Run()
		s := r.Snapshot()
		in = s.Services[0].Instances[1]
		if in.Answered[Rejected] != 0 || s.Endpoints[0].Total[Failed] != 0 || in.State != InstanceUp {
			t.Errorf("%v: instance 1 refused %d calls, the clients saw %d failures (want none: the other took its share); now %v",
				bal, in.Answered[Rejected], s.Endpoints[0].Total[Failed], in.State)
		}
	}
	sc := fleetOf(2, RoundRobin, func(s *Service) {
		s.Faults = []ServiceFault{{Kind: InstanceDown, Instance: AllInstances, From: 2 * time.Second, To: 4 * time.Second}}
	})
	r, _ := New(sc, 0, 1)
	r.Run()
	s := r.Snapshot()
	refused := s.Services[0].Instances[0].Answered[Rejected] + s.Services[0].Instances[1].Answered[Rejected]
	if refused != 200 || s.Endpoints[0].Total[Failed] != 200 {
		t.Errorf("with both down, %d calls refused and %d clients failed; want 200 each (2 s of 100 a second)", refused, s.Endpoints[0].Total[Failed])
	}
}

func TestInstanceHangHoldsAnswersUntilItEnds(t *testing.T) {
	sc := fleetOf(1, RoundRobin, func(s *Service) {
		s.Workers, s.Queue = 1000, 0
		s.Faults = []ServiceFault{{Kind: InstanceHang, Instance: AllInstances, From: 2 * time.Second, To: 4 * time.Second}}
	})
	sc.Variants[0].System.Workers = 1000
	r, _ := New(sc, 0, 1)
	r.AdvanceTo(3 * time.Second)
	if in := r.Snapshot().Services[0].Instances[0]; in.State != InstanceIsHung || in.Busy < 99 {
		t.Errorf("at 3 s: %v with %d busy, want hung holding the 100 calls since 2 s", in.State, in.Busy)
	}
	r.Run()
	e := r.Snapshot().Endpoints[0]
	if e.Total[OK] != 1000 || e.P99 < 1800*time.Millisecond {
		t.Errorf("ok %d of 1000, p99 %v: a hang holds answers, then gives them", e.Total[OK], e.P99)
	}
}

// A restart fails what the instance holds and forgets its breakers: one
// that was open is closed afterwards.
func TestRestartLosesTheInstancesMemory(t *testing.T) {
	sc := fleetOf(1, RoundRobin, func(s *Service) {
		s.Work = Latency{Kind: Constant, Value: 200 * time.Millisecond}
		s.Workers = 50
		s.Calls = "db"
		s.Dependencies = []Dependency{{Name: "db", Latency: Latency{Kind: Constant, Value: time.Millisecond},
			Faults: []Fault{{Kind: Error, From: 0, To: 2 * time.Second, Probability: 1}},
			Policy: Policy{Breaker: &breaker.Config{WindowSize: 5, FailureRate: 0.5, OpenFor: time.Minute, HalfOpenTrials: 1}}}}
		s.Faults = []ServiceFault{{Kind: InstanceRestart, Instance: 0, From: 3 * time.Second, To: 3500 * time.Millisecond}}
	})
	r, _ := New(sc, 0, 1)
	r.AdvanceTo(2900 * time.Millisecond)
	before := r.Snapshot().Services[0]
	if b := before.Instances[0].Breakers[0]; b == nil || b.State != breaker.Open {
		t.Fatalf("before the restart the breaker should be open, got %+v", b)
	}
	r.AdvanceTo(3 * time.Second)
	at := r.Snapshot().Services[0]
	in := at.Instances[0]
	if in.Restarts != 1 || in.State != InstanceIsDown || in.Busy != 0 || in.Queued != 0 {
		t.Errorf("at the restart: %d restarts, %v, %d busy, %d queued", in.Restarts, in.State, in.Busy, in.Queued)
	}
	if failed := in.Answered[Failed] - before.Instances[0].Answered[Failed]; failed < 19 {
		t.Errorf("the restart failed %d requests, want the ~20 at work", failed)
	}
	if b := in.Breakers[0]; b.State != breaker.Closed || b.Calls != 0 {
		t.Errorf("after the restart the breaker is %v with %d calls, want a fresh closed one", b.State, b.Calls)
	}
	r.Run()
	if s := r.Snapshot().Services[0]; s.Instances[0].State != InstanceUp || s.Answered.Total() != s.Arrived {
		t.Errorf("after the run: %v, %d answered of %d", s.Instances[0].State, s.Answered.Total(), s.Arrived)
	}
}

// The snapshot of a fleet: instance breakers, edges summed over the
// instances, and the series' count of open breakers.
func TestFleetSnapshot(t *testing.T) {
	sc := fleetOf(3, RoundRobin, func(s *Service) {
		s.Calls = "db"
		s.Dependencies = []Dependency{{Name: "db", Latency: Latency{Kind: Constant, Value: time.Millisecond},
			Faults: []Fault{{Kind: Error, From: 2 * time.Second, To: 4 * time.Second, Probability: 1}},
			Policy: Policy{Breaker: &breaker.Config{WindowSize: 5, FailureRate: 0.5, OpenFor: time.Minute, HalfOpenTrials: 1}}}}
	})
	r, _ := New(sc, 0, 1)
	r.AdvanceTo(6 * time.Second)
	s := r.Snapshot()
	api := s.Services[0]
	if len(api.Instances) != 3 || len(api.Dependencies) != 1 || api.Dependencies[0].Breaker != nil {
		t.Fatalf("want 3 instances and one summed edge without a single breaker, got %d, %d", len(api.Instances), len(api.Dependencies))
	}
	var calls uint64
	for k, in := range api.Instances {
		if len(in.Breakers) != 1 || in.Breakers[0] == nil || in.Breakers[0].State != breaker.Open {
			t.Fatalf("instance %d: breakers %+v, want its own, open", k, in.Breakers[0])
		}
		calls += in.Arrived
	}
	d := api.Dependencies[0]
	if d.Calls+d.ShortCircuited+uint64(api.Busy) != calls {
		t.Errorf("edge calls %d + short-circuited %d + %d still at work != %d requests", d.Calls, d.ShortCircuited, api.Busy, calls)
	}
	r.Run()
	s = r.Snapshot()
	api = s.Services[0]
	if n := len(api.Series); n != 100 {
		t.Fatalf("%d samples, want 100", n)
	}
	if a, b := api.Series[15], api.Series[50]; a.Open != 0 || b.Open != 3 {
		t.Errorf("open breakers at 1.5 s: %d (want 0), at 5 s: %d (want 3)", a.Open, b.Open)
	}
	var answered uint64
	for _, x := range api.Series {
		for _, n := range x.Answered {
			answered += uint64(n)
		}
	}
	if answered != api.Answered.Total() {
		t.Errorf("the series answered %d, the service %d", answered, api.Answered.Total())
	}
}

// An attempt the propagated deadline leaves no time for is not sent: the
// api's own work outlasts the deadline the front gave it.
func TestDeadlineExceededIsNotSent(t *testing.T) {
	sc := fleetOf(1, RoundRobin, func(s *Service) {
		s.Work = Latency{Kind: Constant, Value: 80 * time.Millisecond}
		s.Workers = 20
		s.Calls = "db"
		s.Dependencies = []Dependency{{Name: "db", Service: "db", Policy: Policy{PropagateDeadline: true}}}
	})
	sys := &sc.Variants[0].System
	sys.Services = append(sys.Services, Service{Name: "db", Workers: 10, Work: Latency{Kind: Constant, Value: time.Millisecond}})
	sys.Dependencies[0].Policy = Policy{Timeout: 50 * time.Millisecond, PropagateDeadline: true}
	s := runSeed(t, sc, 1)
	api, db := s.Services[0], s.Services[1]
	d := api.Dependencies[0]
	if d.DeadlineExceeded != 1000 || d.Service != "db" || db.Arrived != 0 {
		t.Errorf("api's edge: %d of 1000 attempts refused by the deadline; db saw %d", d.DeadlineExceeded, db.Arrived)
	}
	if api.AbandonedWork != 1000 || s.Endpoints[0].Total[Failed] != 1000 {
		t.Errorf("api answered %d calls for nobody, the clients saw %d failures; want 1000 each", api.AbandonedWork, s.Endpoints[0].Total[Failed])
	}
}

// Freeing a service's worker twice is a bug the engine refuses to hide.
func TestWorkerFreedTwicePanics(t *testing.T) {
	r, err := New(fleetOf(1, RoundRobin, func(s *Service) { s.Work = Latency{Kind: Constant, Value: time.Second} }), 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(500 * time.Millisecond)
	c := int32(-1)
	for id := range r.requests {
		if q := &r.requests[id]; q.ep >= 0 && q.inst != 0 && q.started {
			c = int32(id)
			break
		}
	}
	if c < 0 {
		t.Fatal("no request at work at the service")
	}
	req := &r.requests[c]
	in := &r.insts[req.inst]
	r.releaseChild(c, req, in, &r.svcs[in.svc], false)
	defer func() {
		if recover() == nil {
			t.Fatal("a second free of the same worker went unnoticed")
		}
	}()
	r.releaseChild(c, req, in, &r.svcs[in.svc], false)
}

// A snapshot of services does not change when its run goes on: it equals a
// snapshot taken at the same time by a run that stopped there.
func TestServiceSnapshotIsImmutable(t *testing.T) {
	a, _ := New(threeTierFleet(), 0, 2)
	b, _ := New(threeTierFleet(), 0, 2)
	a.AdvanceTo(12 * time.Second)
	b.AdvanceTo(12 * time.Second)
	sa, sb := a.Snapshot(), b.Snapshot()
	b.Run()
	if !deepequal.Equal(sa, sb) {
		t.Fatal("a snapshot of services changed after its run advanced")
	}
	if len(sb.Services) != 2 || len(sb.Services[1].Instances) != 10 || sb.Services[0].Instances[3].Breakers[0] == nil || sb.Services[1].Instances[3].Breakers[0] != nil {
		t.Fatalf("the snapshot lacks the fleet: %d services", len(sb.Services))
	}
}

// A cancellation travels as far as the edges propagate it: each hop's edge
// decides again.
func TestCancellationStopsAtAnEdgeThatDoesNotPropagate(t *testing.T) {
	for _, deeper := range []CancelMode{CancelNone, CancelPropagate} {
		sc := fleetOf(1, RoundRobin, func(s *Service) {
			s.Workers, s.Work = 50, Latency{}
			s.Calls = "b"
			s.Dependencies = []Dependency{{Name: "b", Service: "b", Policy: Policy{Cancel: deeper}}}
		})
		sys := &sc.Variants[0].System
		sys.Services = append(sys.Services, Service{Name: "b", Workers: 200, Work: Latency{Kind: Constant, Value: time.Second}})
		sys.Dependencies[0].Policy = Policy{Timeout: 100 * time.Millisecond, Cancel: CancelPropagate}
		s := runSeed(t, sc, 1)
		a, b := s.Services[0], s.Services[1]
		if a.Cancelled != 1000 {
			t.Errorf("%v below: the api had %d of 1000 calls cancelled", deeper, a.Cancelled)
		}
		if deeper == CancelNone && (b.Cancelled != 0 || b.AbandonedWork != 1000) {
			t.Errorf("b's edge does not propagate, yet b had %d cancelled and %d answered for nobody (want 0 and 1000)", b.Cancelled, b.AbandonedWork)
		}
		if deeper == CancelPropagate && (b.Cancelled != 1000 || b.AbandonedWork != 0) {
			t.Errorf("b's edge propagates, yet b had %d cancelled and %d answered for nobody (want 1000 and 0)", b.Cancelled, b.AbandonedWork)
		}
	}
}

// Cancelled queued calls leave stale entries in an instance's queue; they
// are dropped before the queue would grow, so a worker held for long while
// callers cancel keeps the queue's memory bounded by its live entries.
func TestCancelledQueueEntriesDoNotGrowTheQueue(t *testing.T) {
	sc := fleetOf(1, RoundRobin, func(s *Service) {
		s.Workers, s.Queue = 1, 40
		s.Work = Latency{Kind: Constant, Value: 20 * time.Second}
	})
	sys := &sc.Variants[0].System
	// The first call holds the one worker; every later one queues and is
	// cancelled by its caller's timeout.
	sys.Endpoints = []Endpoint{{Name: "hold", Interval: time.Minute, Calls: "holder"}, {Name: "e", Interval: time.Millisecond, Calls: "api"}}
	sys.Dependencies = []Dependency{{Name: "holder", Service: "api"}, {Name: "api", Service: "api", Policy: Policy{Timeout: 20 * time.Millisecond, Cancel: CancelPropagate}}}
	r, _ := New(sc, 0, 1)
	r.AdvanceTo(8 * time.Second)
	in := &r.insts[1]
	if in.queued > 40 || len(in.accept.ids) > 128 {
		t.Errorf("%d live in a ring of %d after 8 s of cancelled calls", in.queued, len(in.accept.ids))
	}
	if s := r.Snapshot().Services[0]; s.Cancelled < 7000 {
		t.Errorf("only %d calls cancelled", s.Cancelled)
	}
}

// A hung instance sends nothing: calls that reach it during the hang make
// their own calls when it ends.
func TestHungInstanceSendsNoCalls(t *testing.T) {
	sc := fleetOf(1, RoundRobin, func(s *Service) {
		s.Work, s.Workers, s.Queue = Latency{}, 1000, 0
		s.Calls = "db"
		s.Dependencies = []Dependency{{Name: "db", Latency: Latency{Kind: Constant, Value: time.Millisecond}}}
		s.Faults = []ServiceFault{{Kind: InstanceHang, Instance: 0, From: 2 * time.Second, To: 4 * time.Second}}
	})
	sc.Variants[0].System.Workers = 1000
	r, _ := New(sc, 0, 1)
	calls := func() uint64 { return r.Snapshot().Services[0].Dependencies[0].Calls }
	r.AdvanceTo(2 * time.Second)
	before := calls()
	r.AdvanceTo(3999 * time.Millisecond)
	if during := calls(); during != before {
		t.Errorf("the hung instance sent %d calls", during-before)
	}
	r.AdvanceTo(4 * time.Second)
	if after := calls(); after-before < 199 {
		t.Errorf("%d calls sent when the hang ended, want the ~200 held", after-before)
	}
}

// A hung instance reads the answers of its calls to a leaf only when it
// wakes, and answers nothing meanwhile: the ~30 calls it sent in the 300 ms
// before the hang are answered at its end, none during it. (Its edge has
// no layer, so those answers come as evLeafDone, which leafDone holds.)
func TestHungInstanceHoldsItsLeafsAnswers(t *testing.T) {
	sc := fleetOf(1, RoundRobin, func(s *Service) {
		s.Work, s.Workers, s.Queue = Latency{}, 1000, 0
		s.Calls = "db"
		s.Dependencies = []Dependency{{Name: "db", Latency: Latency{Kind: Constant, Value: 300 * time.Millisecond}}}
		s.Faults = []ServiceFault{{Kind: InstanceHang, Instance: 0, From: 2 * time.Second, To: 4 * time.Second}}
	})
	sc.Variants[0].System.Workers = 1000
	r, _ := New(sc, 0, 1)
	ok := func() uint64 { return r.Snapshot().Endpoints[0].Total[OK] }
	r.AdvanceTo(2 * time.Second)
	before := ok()
	r.AdvanceTo(3999 * time.Millisecond)
	if during := ok(); during != before {
		t.Errorf("the hung instance answered %d calls", during-before)
	}
	r.AdvanceTo(4 * time.Second)
	if after := ok(); after-before < 29 || after-before > 31 {
		t.Errorf("%d calls answered when the hang ended, want the ~30 whose database answered during it", after-before)
	}
}

// A callee's fallback answers its caller as a real answer would: the
// caller cannot tell, and its breaker counts a success.
func TestCalleeFallbackIsASuccessUpstream(t *testing.T) {
	br := &breaker.Config{WindowSize: 5, FailureRate: 0.5, OpenFor: time.Minute, HalfOpenTrials: 1}
	sc := fleetOf(1, RoundRobin, func(s *Service) {
		s.Calls = "db"
		s.Dependencies = []Dependency{{Name: "db", Latency: Latency{Kind: Constant, Value: time.Millisecond},
			Faults: []Fault{{Kind: Error, From: 0, Probability: 1}},
			Policy: Policy{Breaker: br, Fallback: CachedFallback}}}
	})
	// The front's breaker judges 20 calls: the 5 errors before the api's
	// breaker opened are not enough to open it.
	sc.Variants[0].System.Dependencies[0].Policy = Policy{Breaker: &breaker.Config{WindowSize: 20, FailureRate: 0.5, OpenFor: time.Minute, HalfOpenTrials: 1}}
	r, _ := New(sc, 0, 1)
	r.AdvanceTo(5 * time.Second)
	s := r.Snapshot()
	api := s.Services[0]
	if api.Answered[Fallback] < 490 || api.Answered[Failed] > 5 {
		t.Fatalf("the api answered %v; want its fallback to answer all but the first few", api.Answered)
	}
	if b := s.Dependencies[0].Breaker; b.State != breaker.Closed || b.Failures > 0 {
		t.Errorf("the front's breaker is %v with %d failures: a fallback's answer is a success to it", b.State, b.Failures)
	}
	if e := s.Endpoints[0]; e.Total[OK] < 490 {
		t.Errorf("the clients got %v", e.Total)
	}
}
