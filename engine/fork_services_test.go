package engine_test

import (
	"fmt"
	"hash"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// multiHopWith is multi-hop with the front's, orders' and inventory's
// workers set.
func multiHopWith(front, orders, inventory int) *engine.Scenario {
	sc := scenarios.MultiHop()
	for v := range sc.Variants {
		sys := &sc.Variants[v].System
		sys.Workers = front
		for i := range sys.Services {
			switch s := &sys.Services[i]; s.Name {
			case "orders":
				s.Workers = orders
			case "inventory":
				s.Workers = inventory
			}
		}
	}
	return sc
}

// fingerprintServices is fingerprintLimits with every service's snapshot
// (its instances, edges and series), written as JSON (writeFields: every
// field JSON writes, by its bits, into the fork tests' stateHash).
func fingerprintServices(h hash.Hash64, s *engine.Snapshot) {
	fingerprintLimits(h, s)
	for _, tr := range s.Transitions {
		fmt.Fprintf(h, "%s#%d ", tr.Service, tr.Instance)
	}
	writeFields(h, s.Services)
}

// A run with services forks exactly when only workers (the front's or a
// service's) differ, unused: each fork taken goes on as a new run of its
// cell, services' records included; some are refused (a pool the prefix's
// busiest moment passed, or one that made a call queue).
func TestForkServicesGivesWhatNewGives(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	base := multiHopWith(400, 400, 64)
	if at := engine.ForkAt(base, 0); at != 20*time.Second-1 {
		t.Fatalf("ForkAt(multi-hop) = %v, want just before the database slows at 20 s", at)
	}
	var cells []*engine.Scenario
	var names []string
	for _, orders := range []int{20, 200, 400} {
		for _, inventory := range []int{2, 16, 64} {
			cells = append(cells, multiHopWith(300, orders, inventory))
			names = append(names, fmt.Sprintf("orders %d inventory %d workers", orders, inventory))
		}
	}
	for v := range 3 {
		checkSomeForks(t, base, v, []time.Duration{engine.ForkAt(base, v), 30 * time.Second}, cells, names, fingerprintServices)
	}
}

// fleetWith is fleet-probes with the api's and the provider's workers set.
func fleetWith(api, provider int) *engine.Scenario {
	sc := scenarios.FleetProbes()
	for v := range sc.Variants {
		for i := range sc.Variants[v].System.Services {
			switch s := &sc.Variants[v].System.Services[i]; s.Name {
			case "api":
				s.Workers = api
			case "provider":
				s.Workers = provider
			}
		}
	}
	return sc
}

// A fleet forks too: twenty api instances, each with its own breaker on
// the provider (copied with the instance it reports transitions for).
func TestForkFleetGivesWhatNewGives(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	base := fleetWith(40, 32)
	var cells []*engine.Scenario
	var names []string
	for _, api := range []int{2, 20, 40} {
		for _, provider := range []int{2, 16, 32} {
			cells = append(cells, fleetWith(api, provider))
			names = append(names, fmt.Sprintf("api %d provider %d workers", api, provider))
		}
	}
	checkSomeForks(t, base, 1, []time.Duration{engine.ForkAt(base, 1)}, cells, names, fingerprintServices)
}

// The comparison can fail: a fork ForkInto refuses, taken anyway
// (ForkUnchecked), is seen to differ from the cell's own run: a service
// pool smaller than the prefix's busiest moment, and a larger one than
// the prefix's when calls had to queue for it.
func TestForkServicesWrongForkIsSeen(t *testing.T) {
	at := 25 * time.Second
	for _, c := range []struct {
		name       string
		base, cell *engine.Scenario
	}{
		{"a smaller inventory", multiHopWith(400, 400, 64), multiHopWith(400, 400, 8)},
		{"a larger inventory after calls queued", multiHopWith(400, 400, 16), multiHopWith(400, 400, 64)},
	} {
		prefix, err := engine.New(c.base, 1, 5)
		if err != nil {
			t.Fatal(err)
		}
		prefix.AdvanceTo(at)
		checkWrongForkRefused(t, c.name, prefix, c.cell, 1, 5, fingerprintServices)
	}
}

// A fork of a run whose service answers some calls with errors (a stream of
// draws of its own, chaos's "errors") goes on as a new run of its cell:
// each fork draws from a copy of that stream, not from its siblings'.
func TestForkServicesWithErrorFaults(t *testing.T) {
	failing := func(orders, inventory int) *engine.Scenario {
		sc := multiHopWith(400, orders, inventory)
		for v := range sc.Variants {
			for i := range sc.Variants[v].System.Services {
				if s := &sc.Variants[v].System.Services[i]; s.Name == "inventory" {
					s.Faults = append(s.Faults, engine.ServiceFault{Kind: engine.InstanceErrors, Instance: engine.AllInstances,
						From: 5 * time.Second, To: 40 * time.Second, Probability: 0.3})
				}
			}
		}
		return sc
	}
	base := failing(400, 64)
	var cells []*engine.Scenario
	var names []string
	for _, orders := range []int{20, 400} {
		for _, inventory := range []int{16, 64} {
			cells = append(cells, failing(orders, inventory))
			names = append(names, fmt.Sprintf("orders %d inventory %d workers, inventory failing", orders, inventory))
		}
	}
	checkSomeForks(t, base, 0, []time.Duration{10 * time.Second, 30 * time.Second}, cells, names, fingerprintServices)
}

// catalogShedding is rate-limit-vs-bulkhead with the catalog's shedding
// bound (in the variants that shed there) set to wait for every class.
func catalogShedding(wait time.Duration) *engine.Scenario {
	sc := scenarios.RateLimitVsBulkhead()
	for v := range sc.Variants {
		for i := range sc.Variants[v].System.Services {
			if s := &sc.Variants[v].System.Services[i]; s.Shed != nil {
				c := *s.Shed // variants share it
				c.MaxWait = [shed.NumClasses]time.Duration{wait, wait, wait}
				s.Shed = &c
			}
		}
	}
	return sc
}

// A service's shedding bounds fork as the front's do: a fork taken goes
// on as a new run of its cell, and one is refused once a shedder has
// admitted a wait longer than the new bound, or shed one no longer than
// it. Rate-limit-vs-bulkhead sheds in catalog in its fourth and eighth
// variants: a partner's burst, and the database slowing, from 10 s.
func TestForkServiceShedding(t *testing.T) {
	base := catalogShedding(50 * time.Millisecond)
	var cells []*engine.Scenario
	var names []string
	for _, wait := range []time.Duration{5 * time.Millisecond, 20 * time.Millisecond, 50 * time.Millisecond, 200 * time.Millisecond, 2 * time.Second} {
		cells = append(cells, catalogShedding(wait))
		names = append(names, fmt.Sprintf("catalog sheds past %v", wait))
	}
	for _, v := range []int{3, 7} {
		checkSomeForks(t, base, v, []time.Duration{5 * time.Second, 12 * time.Second, 25 * time.Second}, cells, names, fingerprintServices)
	}
}

// fleetRestart is fleet-probes with the provider's restart from `from` to
// `to`.
func fleetRestart(from, to time.Duration) *engine.Scenario {
	sc := scenarios.FleetProbes()
	for v := range sc.Variants {
		for i := range sc.Variants[v].System.Services {
			if s := &sc.Variants[v].System.Services[i]; s.Name == "provider" {
				s.Faults = append([]engine.ServiceFault(nil), s.Faults...) // variants share them
				s.Faults[0].From, s.Faults[0].To = from, to
			}
		}
	}
	return sc
}

// A service's fault that has not begun forks as a dependency's does: its
// start and end events move to the cell's times, keeping their places in
// the queue, and the fork goes on as a new run of its cell; so does one
// under way that ends at another time, not yet come (its instances stay
// down until then). Fleet-probes' provider restarts from 20 s to 28 s: at
// 15 s every cell forks; at 22 s, the restart under way, only the cells
// that differ in its end do, and at 24 s not the one whose restart ended
// at 23 s.
func TestForkServiceFaults(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	s := time.Second
	base := onlyVariants(fleetRestart(20*s, 28*s), forkFaultVariants()...)
	var cells []*engine.Scenario
	var names []string
	for _, c := range [][2]time.Duration{{16 * s, 28 * s}, {25 * s, 27 * s}, {20 * s, 35 * s}, {20 * s, 28 * s}, {20 * s, 23 * s}} {
		cells = append(cells, onlyVariants(fleetRestart(c[0], c[1]), forkFaultVariants()...))
		names = append(names, fmt.Sprintf("restart from %v to %v", c[0], c[1]))
	}
	checkForkCounts(t, base, cells, names, fingerprintServices, []forksAt{{15 * s, 5, 0}, {22 * s, 3, 2}, {24 * s, 2, 3}})
}

// forkFaultVariants is which of fleet-probes' variants
// TestForkServiceFaults forks: in `make test` the one whose 2 s cooldown
// is shorter than the restart (its breakers probe the provider while it is
// down), which alone covers every block of the engine the four cover (go
// test -coverpkg, the test alone) for a quarter of their 2.6 s of CPU, a
// tenth of the package's. The others differ only in the breakers'
// cooldown and jitter, the same in the base and every cell, so no fork
// check weighs them; when the properties run long (`make test-long` passes
// -rapid.checks=20000) all four run.
func forkFaultVariants() []int {
	if rapidChecks() > rapidDefaultChecks {
		return nil
	}
	return []int{2}
}

// onlyVariants is sc with only its variants vs, in that order; all of
// them when vs is empty.
func onlyVariants(sc *engine.Scenario, vs ...int) *engine.Scenario {
	if len(vs) == 0 {
		return sc
	}
	kept := make([]engine.Variant, 0, len(vs))
	for _, v := range vs {
		kept = append(kept, sc.Variants[v])
	}
	sc.Variants = kept
	return sc
}

// multiHopSlowUntil is multi-hop with its database's slowdown ending at
// `to` instead of 40 s.
func multiHopSlowUntil(to time.Duration) *engine.Scenario {
	sc := scenarios.MultiHop()
	for v := range sc.Variants {
		for i := range sc.Variants[v].System.Services {
			for j := range sc.Variants[v].System.Services[i].Dependencies {
				if d := &sc.Variants[v].System.Services[i].Dependencies[j]; len(d.Faults) > 0 {
					d.Faults = []engine.Fault{d.Faults[0]} // variants share them
					d.Faults[0].To = to
				}
			}
		}
	}
	return sc
}

// The end of a slowdown under way has not mattered yet: multi-hop's
// database slows from 20 s; forked at 27 s, cells whose slowdown ends at
// 30 s or 55 s go on as their own runs, and one that ended at 25 s is
// refused.
func TestForkSlowdownEnd(t *testing.T) {
	s := time.Second
	base := multiHopSlowUntil(40 * s)
	var cells []*engine.Scenario
	var names []string
	for _, to := range []time.Duration{30 * s, 55 * s, 25 * s, 40 * s} {
		cells = append(cells, multiHopSlowUntil(to))
		names = append(names, fmt.Sprintf("slow until %v", to))
	}
	checkForkCounts(t, base, cells, names, fingerprintServices, []forksAt{{27 * s, 3, 1}})
}

// shedQueue is a front calling a service of one worker whose queue holds
// queue calls and sheds every call that would wait behind one already
// queued (a bound of 1 ns): work of 20 ms a call, 100 calls a second.
func shedQueue(queue int) *engine.Scenario {
	ms := time.Millisecond
	return &engine.Scenario{Name: "shed-queue", Duration: 6 * time.Second, MeasureTo: 6 * time.Second,
		Variants: []engine.Variant{{Name: "v", System: engine.System{Workers: 50, Queue: 50,
			Endpoints:    []engine.Endpoint{{Name: "page", Rate: 100, Calls: "svc"}},
			Dependencies: []engine.Dependency{{Name: "svc", Service: "svc"}},
			Services: []engine.Service{{Name: "svc", Workers: 1, Queue: queue, Work: engine.Latency{Kind: engine.Constant, Value: 20 * ms},
				Shed: &engine.ShedPolicy{Signal: shed.OldestAge, MaxWait: [shed.NumClasses]time.Duration{time.Nanosecond, time.Nanosecond, time.Nanosecond}}}},
		}}}}
}

// A service's queue bound forks only while every call that found its
// workers busy would have found room under the new bound too, the calls
// its shedder judged (and shed, not queued) included: with a bound of 3,
// calls found 1 queued and were shed; under a bound of 1 they would have
// been turned away for want of room, and the shedder's counts differ. A
// larger bound forks.
func TestForkServiceQueueWithShedding(t *testing.T) {
	base := shedQueue(3)
	prefix, err := engine.New(base, 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	prefix.AdvanceTo(3 * time.Second)
	s := prefix.Snapshot()
	if sv := s.Services[0]; sv.QueuedMax != 1 || sv.Shed == [shed.NumClasses]uint64{} {
		t.Fatalf("the run must shed with 1 queued at most: queued at most %d, shed %v", sv.QueuedMax, sv.Shed)
	}
	checkForkCounts(t, base, []*engine.Scenario{shedQueue(1), shedQueue(10)}, []string{"queue 1", "queue 10"},
		fingerprintServices, []forksAt{{3 * time.Second, 1, 1}})
}
