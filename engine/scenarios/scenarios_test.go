package scenarios

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
)

// The reference's timeline, exactly: the same transitions at the same
// seconds, 64 calls reaching the dependency and 56 answered by the breaker.
func TestBreakerTimelineMatchesTheReference(t *testing.T) {
	snaps, err := engine.RunAll(BreakerTimeline(), 1)
	if err != nil {
		t.Fatal(err)
	}
	s := snaps[0]
	want := []struct {
		at       int
		from, to breaker.State
	}{
		{24, breaker.Closed, breaker.Open},
		{39, breaker.Open, breaker.HalfOpen}, {39, breaker.HalfOpen, breaker.Open},
		{54, breaker.Open, breaker.HalfOpen}, {54, breaker.HalfOpen, breaker.Open},
		{69, breaker.Open, breaker.HalfOpen}, {69, breaker.HalfOpen, breaker.Open},
		{84, breaker.Open, breaker.HalfOpen}, {85, breaker.HalfOpen, breaker.Closed},
	}
	if len(s.Transitions) != len(want) {
		t.Fatalf("%d transitions, want %d: %+v", len(s.Transitions), len(want), s.Transitions)
	}
	for i, w := range want {
		got := s.Transitions[i]
		if got.At != time.Duration(w.at)*time.Second || got.From != w.from || got.To != w.to {
			t.Errorf("transition %d: %v %v->%v, want %ds %v->%v", i, got.At, got.From, got.To, w.at, w.from, w.to)
		}
	}
	d := s.Dependencies[0]
	if d.Calls != 64 || d.ShortCircuited != 56 {
		t.Errorf("%d calls reached the dependency and %d were refused; want 64 and 56", d.Calls, d.ShortCircuited)
	}
	e := s.Endpoints[0]
	if e.Window[engine.OK] != 56 || e.Window[engine.Failed] != 8 || e.Window[engine.Rejected] != 56 {
		t.Errorf("outcomes %v; want 56 ok, 8 failed, 56 rejected", e.Window)
	}
	// The timeline has no randomness: every seed gives the same story.
	other, _ := engine.RunAll(BreakerTimeline(), 99)
	if len(other[0].Transitions) != len(want) || other[0].Dependencies[0].Calls != 64 {
		t.Error("the timeline depends on the seed")
	}
}

// Across a fixed set of seeds, the cascade lands where the reference's does:
// about 4 in 10 unrelated requests succeed behind a shared pool, all of them
// behind a bulkhead, and about three quarters of recommendations get the
// fallback once a breaker is added. Fixed seeds: the test cannot flake.
func TestCascadeLandsWhereTheReferenceDoes(t *testing.T) {
	const seeds = 20
	var shared, fallback, sharedMin, sharedMax float64
	sharedMin = 1
	for seed := uint64(1); seed <= seeds; seed++ {
		snaps, err := engine.RunAll(Cascade(), seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"search", "profile"} {
			e0, _ := snaps[0].Endpoint(name)
			ok := e0.Window.Share(engine.OK)
			shared += ok / (2 * seeds)
			sharedMin, sharedMax = min(sharedMin, ok), max(sharedMax, ok)
			e1, _ := snaps[1].Endpoint(name)
			if e1.Window[engine.OK] != e1.Window.Total() {
				t.Errorf("seed %d: %s behind a bulkhead: %v, want every request ok", seed, name, e1.Window)
			}
			e2, _ := snaps[2].Endpoint(name)
			if e2.Window.Share(engine.OK) != 1 {
				t.Errorf("seed %d: %s with bulkhead and breaker: %.3f ok, want all", seed, name, e2.Window.Share(engine.OK))
			}
		}
		recs, _ := snaps[2].Endpoint("recommendations")
		fallback += recs.Window.Share(engine.Fallback) / seeds
	}
	t.Logf("shared pool ok %.3f (%.3f..%.3f), breaker fallback %.3f", shared, sharedMin, sharedMax, fallback)
	if shared < 0.37 || shared > 0.45 {
		t.Errorf("shared pool: %.1f%% of search and profile succeed; the reference has about 41%%", 100*shared)
	}
	if fallback < 0.70 || fallback > 0.78 {
		t.Errorf("breaker: %.1f%% of recommendations get the fallback; the reference has 73.5%%", 100*fallback)
	}
}

// During the hang, Little's law says recommendations want 100 × 5 s = 500
// workers; the shared pool has 200, and within about two seconds they are all
// held by recommendations.
func TestSharedPoolFillsWithinSeconds(t *testing.T) {
	r, err := engine.New(Cascade(), 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(9 * time.Second)
	if busy := r.Snapshot().Busy; busy < 5 || busy > 40 {
		t.Fatalf("before the hang %d workers are busy; Little's law says about 16", busy)
	}
	r.AdvanceTo(12500 * time.Millisecond)
	s := r.Snapshot()
	recs, _ := s.Endpoint("recommendations")
	if s.Busy != 200 || recs.Busy < 190 {
		t.Fatalf("2.5 s into the hang: %d busy, %d held by recommendations; want the whole pool", s.Busy, recs.Busy)
	}
}

func TestEveryBuiltinIsValidAndListed(t *testing.T) {
	for _, b := range All() {
		if err := b.Build().Validate(); err != nil {
			t.Errorf("%s: %v", b.Name, err)
		}
		first, second := b.Build(), b.Build()
		first.Variants[0].System.Workers++
		if first.Variants[0].System.Workers == second.Variants[0].System.Workers {
			t.Errorf("%s: Build must return a fresh copy", b.Name)
		}
	}
	if _, ok := Lookup("cascade"); !ok {
		t.Error("cascade is not listed")
	}
	if err := Register(Builtin{Name: "cascade"}); err == nil {
		t.Error("a duplicate name was accepted")
	}
}

// The checkout's variants keep their places: lessons, tests and scenario
// files name them by number.
func TestCheckoutVariantsKeepTheirPlaces(t *testing.T) {
	want := []string{"no timeout", "timeout 500 ms", "timeout 500 ms, 40 req/s", "protected", "timeout 500 ms, bulkhead 4"}
	sc := Checkout()
	if len(sc.Variants) != len(want) {
		t.Fatalf("%d variants, want %d", len(sc.Variants), len(want))
	}
	for i, v := range sc.Variants {
		if v.Name != want[i] {
			t.Errorf("variant %d is %q, want %q", i, v.Name, want[i])
		}
	}
	p3, p4 := sc.Variants[3].System.Dependencies[0].Policy, sc.Variants[4].System.Dependencies[0].Policy
	if p4.Breaker != nil || p4.Bulkhead != p3.Bulkhead || p4.Timeout != p3.Timeout {
		t.Errorf("the last variant must be the protected one without its breaker: %+v", p4)
	}
}

// The checkout incident has the shape of the reference's measured table.
func TestCheckoutHasTheShapeOfTheMeasuredTable(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		snaps, err := engine.RunAll(Checkout(), seed)
		if err != nil {
			t.Fatal(err)
		}
		get := func(v int, name string) *engine.EndpointSnapshot {
			e, ok := snaps[v].Endpoint(name)
			if !ok {
				t.Fatalf("no endpoint %s", name)
			}
			return e
		}
		payment := func(v int) *engine.DependencySnapshot {
			d, _ := snaps[v].Dependency("payment")
			return d
		}
		// No timeout: most health probes time out and no checkout succeeds.
		if h := get(0, "health"); h.Window.Share(engine.Failed) < 0.5 {
			t.Errorf("seed %d, no timeout: only %.0f%% of health probes failed", seed, 100*h.Window.Share(engine.Failed))
		}
		if c := get(0, "checkout"); c.Window[engine.OK] != 0 {
			t.Errorf("seed %d, no timeout: %d checkouts succeeded", seed, c.Window[engine.OK])
		}
		if m := payment(0).InFlightMax; m != 16 {
			t.Errorf("seed %d, no timeout: provider in flight %d, want the 16 workers", seed, m)
		}
		// A 500 ms timeout: health stays fast while abandoned calls pile up at the provider.
		if h := get(1, "health"); h.Window.Share(engine.OK) != 1 || h.P50 > 50*time.Millisecond {
			t.Errorf("seed %d, timeout: health %v, p50 %v", seed, h.Window, h.P50)
		}
		if m := payment(1).InFlightMax; m < 50 {
			t.Errorf("seed %d, timeout: provider in flight only %d; abandoned calls should pile up", seed, m)
		}
		// 40 req/s × 0.5 s = 20 > 16 workers: health slows down.
		// (Only 12 probes fall in the window, so judge the 95th percentile.)
		if h := get(2, "health"); h.P95 < 200*time.Millisecond {
			t.Errorf("seed %d, 40 req/s: health p95 %v, want it slowed", seed, h.P95)
		}
		// Protected: health fast, checkout fails fast, provider load held near bulkhead + trials.
		if h := get(3, "health"); h.Window.Share(engine.OK) != 1 || h.P99 > 50*time.Millisecond {
			t.Errorf("seed %d, protected: health %v, p99 %v", seed, h.Window, h.P99)
		}
		if c := get(3, "checkout"); c.Window.Share(engine.Rejected) < 0.6 || c.P50 > 10*time.Millisecond {
			t.Errorf("seed %d, protected: checkout %v, p50 %v; want mostly fast 503s", seed, c.Window, c.P50)
		}
		if m := payment(3).InFlightMax; m > 25 {
			t.Errorf("seed %d, protected: provider in flight %d, want about the bulkhead plus trials", seed, m)
		}
		tr := snaps[3].Transitions
		if len(tr) < 2 || tr[0].To != breaker.Open || tr[0].At > 2*time.Second || tr[len(tr)-1].To != breaker.Closed {
			t.Errorf("seed %d, protected: transitions %+v; want it to open before 2 s and end closed", seed, tr)
		}
		// A timeout and the bulkhead, no breaker: health is as safe as fully
		// protected, and the provider is relieved too, less than with the
		// breaker but far more than with the timeout alone: any layer that
		// stops sending relieves it (lessons 2 and 9 quote this).
		if h := get(4, "health"); h.Window.Share(engine.OK) != 1 || h.P99 > 50*time.Millisecond {
			t.Errorf("seed %d, timeout and bulkhead: health %v, p99 %v", seed, h.Window, h.P99)
		}
		if c := get(4, "checkout"); c.Window.Share(engine.Rejected) < 0.5 || c.Window[engine.OK] != 0 {
			t.Errorf("seed %d, timeout and bulkhead: checkout %v; want mostly refused by the full bulkhead", seed, c.Window)
		}
		if b, p, to := payment(4).InFlightMax, payment(3).InFlightMax, payment(1).InFlightMax; b < p || 3*b > 2*to {
			t.Errorf("seed %d: provider in flight %d with timeout and bulkhead; want between %d (protected) and two thirds of %d (timeout alone)", seed, b, p, to)
		}
		if tr := snaps[4].Transitions; len(tr) != 0 {
			t.Errorf("seed %d, timeout and bulkhead: a breaker moved without a breaker: %+v", seed, tr)
		}
	}
}
