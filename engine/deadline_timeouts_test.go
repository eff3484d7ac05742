package engine

import (
	"testing"
	"time"

	"pgregory.net/rapid"
)

// Every attempt the timeout layer gives up on is counted once: as a
// timeout at the hop's own timeout, or as a timeout at the propagated
// deadline when that deadline had cut the hop's timeout short. A
// dependency that never answers makes every call it receives end in one
// of the two, so the two counts add up to its calls.
func TestEveryTimeoutIsCountedOnce(t *testing.T) {
	hung := Dependency{Name: "db", Latency: Latency{Kind: Constant, Value: time.Millisecond}, Faults: []Fault{{Kind: Hang}}}
	for _, tc := range []struct {
		name       string
		work       Latency // the service's work before it calls db
		patience   time.Duration
		db         Policy
		own, cut   bool // which counts the db edge should have
		noDeadline bool // the front edge passes no deadline down
	}{
		{"no propagation", Latency{Kind: Constant, Value: time.Millisecond}, 2 * time.Second,
			Policy{Timeout: 100 * time.Millisecond}, true, false, true},
		{"own timeout sooner than the deadline", Latency{Kind: Constant, Value: time.Millisecond}, 2 * time.Second,
			Policy{Timeout: 100 * time.Millisecond, PropagateDeadline: true, DeadlineMargin: 10 * time.Millisecond}, true, false, false},
		{"deadline sooner than the own timeout", Latency{Kind: Constant, Value: time.Millisecond}, 300 * time.Millisecond,
			Policy{Timeout: time.Second, PropagateDeadline: true, DeadlineMargin: 10 * time.Millisecond}, false, true, false},
		{"no own timeout", Latency{Kind: Constant, Value: time.Millisecond}, 300 * time.Millisecond,
			Policy{PropagateDeadline: true, DeadlineMargin: 10 * time.Millisecond}, false, true, false},
		// Work of a random length leaves some calls less than the own
		// timeout and some more: both counts.
		{"some of each", Latency{Kind: Exponential, Mean: 700 * time.Millisecond}, 2 * time.Second,
			Policy{Timeout: 500 * time.Millisecond, PropagateDeadline: true}, true, true, false},
	} {
		db := hung
		db.Policy = tc.db
		front := Policy{PropagateDeadline: !tc.noDeadline}
		sys := System{Workers: 1000,
			Endpoints:    []Endpoint{{Name: "e", Interval: 10 * time.Millisecond, Calls: "svc", Patience: tc.patience}},
			Dependencies: []Dependency{{Name: "svc", Service: "svc", Policy: front}},
			Services:     []Service{{Name: "svc", Workers: 1000, Work: tc.work, Calls: "db", Dependencies: []Dependency{db}}}}
		sc := &Scenario{Name: "t", Duration: 5 * time.Second, MeasureTo: 5 * time.Second, Variants: []Variant{{Name: "v", System: sys}}}
		r, err := New(sc, 0, 7)
		if err != nil {
			t.Fatal(err)
		}
		r.Run()
		s := r.Snapshot()
		d := s.Services[0].Dependencies[0]
		if d.Calls == 0 || d.Timeouts+d.DeadlineTimeouts != d.Calls {
			t.Errorf("%s: %d calls to a dependency that never answers, %d own timeouts + %d deadline timeouts", tc.name, d.Calls, d.Timeouts, d.DeadlineTimeouts)
		}
		if tc.own != (d.Timeouts > 0) || tc.cut != (d.DeadlineTimeouts > 0) {
			t.Errorf("%s: %d own timeouts, %d deadline timeouts; want own %v, deadline %v", tc.name, d.Timeouts, d.DeadlineTimeouts, tc.own, tc.cut)
		}
		if f := s.Dependencies[0]; f.Timeouts != 0 || (tc.noDeadline && f.DeadlineTimeouts != 0) {
			t.Errorf("%s: the front's edge has no timeout of its own, yet %d own timeouts, %d deadline timeouts", tc.name, f.Timeouts, f.DeadlineTimeouts)
		}
	}
}

// In random chains, a timeout is a deadline's only where the edge
// propagates a deadline, and an own timeout only where the edge has a
// timeout of its own. (A timeout may fire with no attempt sent: the
// layers inside it may hold the call, waiting for a bulkhead slot, a
// permit or a retry's backoff.)
func TestPropertyTimeoutsAreOwnOrDeadlines(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genChain(t)
		r, err := New(sc, 0, rapid.Uint64().Draw(t, "seed"))
		if err != nil {
			t.Fatalf("generated an invalid scenario: %v", err)
		}
		r.Run()
		for i := range r.dependencies {
			ds := &r.dependencies[i]
			p := &ds.cfg.Policy
			if !ds.propagate && ds.deadlineTimeouts != 0 {
				t.Fatalf("edge %s propagates no deadline, yet %d timeouts at the deadline", ds.cfg.Name, ds.deadlineTimeouts)
			}
			if p.Timeout == 0 && ds.timeouts != 0 {
				t.Fatalf("edge %s has no timeout of its own, yet %d own timeouts", ds.cfg.Name, ds.timeouts)
			}
		}
	})
}
