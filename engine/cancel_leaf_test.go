package engine

import (
	"testing"
	"time"
)

// A caller that gives up on a call to a plain dependency (a database) along
// an edge that propagates cancellation stops the dependency's work on it at
// that instant: the call leaves the dependency's calls in flight then,
// counted as cancelled, and its answer, due later, counts nothing. Without
// propagation the dependency works on to the end, for nobody.
func TestCancellationReachesAPlainDependency(t *testing.T) {
	slow := []Fault{{Kind: Slow, From: 2 * time.Second, To: 6 * time.Second, Latency: 3 * time.Second}}
	frontLeaf := func(c CancelMode) System {
		return System{Workers: 20, Queue: 50,
			Endpoints:    []Endpoint{{Name: "e", Interval: 10 * time.Millisecond, Calls: "db"}},
			Dependencies: []Dependency{{Name: "db", Latency: Latency{Kind: Constant, Value: 5 * time.Millisecond}, Faults: slow, Policy: Policy{Timeout: 100 * time.Millisecond, Cancel: c}}}}
	}
	serviceLeaf := func(c CancelMode) System {
		return System{Workers: 50, Queue: 50,
			Endpoints:    []Endpoint{{Name: "e", Interval: 10 * time.Millisecond, Calls: "inventory"}},
			Dependencies: []Dependency{{Name: "inventory", Service: "inventory", Policy: Policy{Timeout: time.Second}}},
			Services: []Service{{Name: "inventory", Workers: 8, Queue: 100, Calls: "db",
				Dependencies: []Dependency{{Name: "db", Latency: Latency{Kind: Constant, Value: 5 * time.Millisecond}, Faults: slow, Policy: Policy{Timeout: 100 * time.Millisecond, Cancel: c}}}}}}
	}
	for _, tc := range []struct {
		name    string
		sys     func(CancelMode) System
		callers int // the most calls the caller can have out at once
		db      func(s *Snapshot) *DependencySnapshot
	}{
		{"front", frontLeaf, 20, func(s *Snapshot) *DependencySnapshot { return &s.Dependencies[0] }},
		{"service", serviceLeaf, 8, func(s *Snapshot) *DependencySnapshot { return &s.Services[0].Dependencies[0] }},
	} {
		sc := &Scenario{Name: "c", Duration: 10 * time.Second, MeasureTo: 10 * time.Second,
			Variants: []Variant{{Name: "none", System: tc.sys(CancelNone)}, {Name: "propagate", System: tc.sys(CancelPropagate)}}}
		var noneMax int
		for v := range sc.Variants {
			r, err := New(sc, v, 1)
			if err != nil {
				t.Fatal(err)
			}
			// Mid-fault: every call takes 3 s, its caller waits 100 ms.
			r.AdvanceTo(4 * time.Second)
			mid := r.Snapshot()
			d := tc.db(&mid)
			r.Run()
			end := r.Snapshot()
			e := tc.db(&end)
			if v == 0 {
				noneMax = e.InFlightMax
				if d.Abandoned == 0 || d.InFlight <= tc.callers || e.Cancelled != 0 {
					t.Errorf("%s, none: at 4 s %d in flight, %d abandoned; %d cancelled: the database should work on for nobody", tc.name, d.InFlight, d.Abandoned, e.Cancelled)
				}
				continue
			}
			if d.Abandoned != 0 || d.InFlight > tc.callers {
				t.Errorf("%s, propagate: at 4 s %d in flight, %d of them abandoned: a cancelled query must stop at once", tc.name, d.InFlight, d.Abandoned)
			}
			if e.InFlightMax > tc.callers || e.InFlightMax >= noneMax {
				t.Errorf("%s, propagate: at most %d queries at once (without cancellation %d); the caller holds at most %d", tc.name, e.InFlightMax, noneMax, tc.callers)
			}
			if e.Cancelled == 0 || e.InFlight != 0 || e.Abandoned != 0 {
				t.Errorf("%s, propagate: %d cancelled, %d still in flight (%d abandoned) at the end", tc.name, e.Cancelled, e.InFlight, e.Abandoned)
			}
			if r.open != 0 {
				t.Errorf("%s, propagate: %d requests open at the end", tc.name, r.open)
			}
		}
	}
}

// Propagating cancellation to a plain dependency changes nothing but the
// dependency's own load: the caller's outcomes are the same, call for
// call, since the caller gave up on the cancelled calls either way.
func TestLeafCancellationLeavesTheCallersOutcomes(t *testing.T) {
	sc := multiHop()
	for v := range sc.Variants {
		with := sc.Variants[v].System
		without := with
		without.Services = append([]Service(nil), with.Services...)
		inv := &without.Services[1]
		inv.Dependencies = append([]Dependency(nil), inv.Dependencies...)
		inv.Dependencies[0].Policy.Cancel = CancelNone
		pair := &Scenario{Name: "pair", Duration: sc.Duration, MeasureTo: sc.MeasureTo,
			Variants: []Variant{{Name: "with", System: with}, {Name: "without", System: without}}}
		var snaps [2]Snapshot
		for k := range 2 {
			r, err := New(pair, k, 3)
			if err != nil {
				t.Fatal(err)
			}
			r.Run()
			snaps[k] = r.Snapshot()
		}
		a, b := snaps[0], snaps[1]
		if a.Endpoints[0].Total != b.Endpoints[0].Total {
			t.Errorf("variant %d: outcomes %v with cancellation at the database, %v without", v, a.Endpoints[0].Total, b.Endpoints[0].Total)
		}
		for i := range a.Services {
			if a.Services[i].Answered != b.Services[i].Answered {
				t.Errorf("variant %d: %s answered %v with, %v without", v, a.Services[i].Name, a.Services[i].Answered, b.Services[i].Answered)
			}
		}
		da, db := a.Services[1].Dependencies[0], b.Services[1].Dependencies[0]
		if da.Calls != db.Calls || da.InFlightMax > db.InFlightMax {
			t.Errorf("variant %d: database calls %d/%d, at most %d/%d in flight", v, da.Calls, db.Calls, da.InFlightMax, db.InFlightMax)
		}
		t.Logf("variant %d: database at most %d in flight with cancellation (%d cancelled), %d without", v, da.InFlightMax, da.Cancelled, db.InFlightMax)
	}
}
