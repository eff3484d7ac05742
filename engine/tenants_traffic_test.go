package engine

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/shed"
	"github.com/breakerlab/breakerlab/internal/deepequal"
	"pgregory.net/rapid"
)

// noisyVariants is noisy's system three ways, as the built-in noisy-tenant
// runs it (its package cannot be imported here): a shared pool, a bulkhead
// per tenant, load shedding by priority. Two endpoints split their traffic
// among the tenants; the second has acme's burst.
func noisyVariants() *Scenario {
	sys := func(p Policy, sh *ShedPolicy) System {
		even := []TenantShare{{"acme", 1.0 / 3}, {"globex", 1.0 / 3}, {"initech", 1.0 / 3}}
		return System{
			Workers: 40, Queue: 100, Tenants: []string{"acme", "globex", "initech"}, Shed: sh,
			Endpoints: []Endpoint{
				{Name: "checkout", Rate: 60, Calls: "db", Patience: time.Second, Class: shed.Critical, Tenants: even},
				{Name: "search", Rate: 90, Calls: "db", Patience: time.Second, Tenants: even,
					Bursts: []Burst{{From: 5 * time.Second, To: 12 * time.Second, Rate: 690, Tenant: "acme"}}},
			},
			Dependencies: []Dependency{{Name: "db", Latency: Latency{Kind: LogNormal, P50: 80 * ms, P99: 200 * ms}, Policy: p}},
		}
	}
	return &Scenario{Name: "noisy", Duration: 20 * time.Second, MeasureFrom: 5 * time.Second, MeasureTo: 15 * time.Second, Variants: []Variant{
		{Name: "shared", System: sys(Policy{}, nil)},
		{Name: "per tenant", System: sys(Policy{TenantBulkhead: &TenantBulkhead{Default: 12}}, nil)},
		{Name: "shedding", System: sys(Policy{}, &ShedPolicy{Signal: shed.OldestAge, MaxWait: [shed.NumClasses]time.Duration{600 * ms, 150 * ms, 20 * ms}})},
	}}
}

// Endpoints with bursts and tenants replay shared traffic too, tenants
// included, and each run is still the one New gives: what a sweep of the
// noisy-tenant scenario relies on to draw its arrivals once per seed.
func TestSharedTrafficWithBurstsAndTenants(t *testing.T) {
	sc := noisyVariants()
	tr, err := NewTraffic(sc, 9)
	if err != nil {
		t.Fatal(err)
	}
	for v := range sc.Variants {
		shared, err := NewShared(sc, v, tr)
		if err != nil {
			t.Fatal(err)
		}
		for i, es := range shared.endpoints {
			if es.shared == nil || es.shared.tenants == nil {
				t.Errorf("variant %d, endpoint %d draws its own arrivals or tenants", v, i)
			}
		}
		if shared.order == nil {
			t.Errorf("variant %d sorts its arrivals instead of reading their order", v)
		}
		own, _ := New(sc, v, 9)
		shared.Run()
		own.Run()
		if a, b := shared.Snapshot(), own.Snapshot(); !deepequal.Equal(a, b) {
			t.Errorf("variant %d: the replayed run differs from New's", v)
		}
	}
}

// Traffic drawn for other bursts or shares is not replayed: each of these
// changes what the endpoint's arrivals or tenants are, so the endpoint
// draws its own, and the run is still New's.
func TestSharedTrafficIsNotReplayedForOtherBurstsOrShares(t *testing.T) {
	tr, err := NewTraffic(noisyVariants(), 4)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		edit func(*Endpoint)
	}{
		{"burst rate", func(e *Endpoint) { e.Bursts[0].Rate = 700 }},
		{"burst start", func(e *Endpoint) { e.Bursts[0].From = 6 * time.Second }},
		{"burst end", func(e *Endpoint) { e.Bursts[0].To = 11 * time.Second }},
		{"burst tenant", func(e *Endpoint) { e.Bursts[0].Tenant = "globex" }},
		{"burst of no tenant", func(e *Endpoint) { e.Bursts[0].Tenant = "" }},
		{"no burst", func(e *Endpoint) { e.Bursts = nil }},
		{"share", func(e *Endpoint) { e.Tenants[0].Share, e.Tenants[1].Share, e.Tenants[2].Share = 0.5, 0.25, 0.25 }},
		{"share's tenant", func(e *Endpoint) { e.Tenants[0].Tenant, e.Tenants[1].Tenant = "globex", "acme" }},
		{"no shares", func(e *Endpoint) { e.Tenants = nil }},
	} {
		sc := noisyVariants()
		e := &sc.Variants[1].System.Endpoints[1]
		e.Tenants = append([]TenantShare(nil), e.Tenants...)
		e.Bursts = append([]Burst(nil), e.Bursts...)
		c.edit(e)
		shared, err := NewShared(sc, 1, tr)
		if err != nil {
			t.Fatal(err)
		}
		if shared.endpoints[1].shared != nil {
			t.Errorf("%s: the endpoint replays traffic drawn for other settings", c.name)
		}
		if shared.endpoints[0].shared == nil {
			t.Errorf("%s: the endpoint left as it was draws its own traffic", c.name)
		}
		own, _ := New(sc, 1, 4)
		shared.Run()
		own.Run()
		if a, b := shared.Snapshot(), own.Snapshot(); !deepequal.Equal(a, b) {
			t.Errorf("%s: the run with shared traffic differs from New's", c.name)
		}
	}
}

// Random scenarios with tenants, shares, bursts, shedding, rate limiters
// and per-tenant bulkheads give the same run whether they replay traffic
// drawn for them or draw their own.
func TestPropertySharedTrafficWithLimits(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genLimitedScenario(t)
		seed := rapid.Uint64().Draw(t, "seed")
		tr, err := NewTraffic(sc, seed)
		if err != nil {
			t.Fatalf("generated an invalid scenario: %v", err)
		}
		shared, err := NewShared(sc, 0, tr)
		if err != nil {
			t.Fatal(err)
		}
		for i := range shared.endpoints {
			if shared.endpoints[i].shared == nil {
				t.Fatalf("endpoint %d draws its own traffic", i)
			}
		}
		own, _ := New(sc, 0, seed)
		shared.Run()
		own.Run()
		if a, b := shared.Snapshot(), own.Snapshot(); !deepequal.Equal(a, b) {
			t.Fatalf("the replayed run differs from New's")
		}
	})
}

// A burst counts in the requests an endpoint is expected to send: a
// Traffic weighs it before holding it, and a run keeps room for its
// latencies.
func TestExpectedArrivalsCountBursts(t *testing.T) {
	e := Endpoint{Rate: 100, Bursts: []Burst{{From: 10 * time.Second, To: 20 * time.Second, Rate: 1100}}}
	plain := Endpoint{Rate: 100}
	d := 40 * time.Second
	got, base := expectedArrivals(&e, d), expectedArrivals(&plain, d)
	if got < 14000 || got > 14000*1.1 {
		t.Errorf("100 a second for 40 s and 1,100 for 10 of them: expected %.0f requests, want about 14,000", got)
	}
	if base < 4000 || base > 4000*1.1 {
		t.Errorf("100 a second for 40 s: expected %.0f requests, want about 4,000", base)
	}
	lull := Endpoint{Rate: 0, Bursts: []Burst{{From: time.Second, To: 3 * time.Second, Rate: 50}}}
	if n := expectedArrivals(&lull, d); n < 100 {
		t.Errorf("50 a second for 2 s: expected %.0f requests, want at least 100", n)
	}
}

// Runs with tenants or load shedding take the fast path too (it counts
// each answer for the request's tenant, and only a shedder that estimates
// the wait needs the service times it does not report), and give the
// same snapshots, step by step, as with every call sent through the
// pipeline.
func TestFastPathWithLimitsChangesNothing(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genLimitedScenario(t)
		sys := &sc.Variants[0].System
		for i := range sys.Dependencies {
			if p := &sys.Dependencies[i].Policy; p.TenantBulkhead == nil && rapid.Bool().Draw(t, "plain") {
				*p = Policy{Timeout: p.Timeout}
			}
		}
		if err := sc.Validate(); err != nil {
			t.Skip("stripped scenario is not valid:", err)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		step := time.Duration(rapid.IntRange(50, 2000).Draw(t, "stepMs")) * time.Millisecond
		fast, slow := fastAndPipeline(t, sc, 0, seed)
		for !fast.Done() || !slow.Done() {
			fast.Advance(step)
			slow.Advance(step)
			if fast.seq != slow.seq {
				t.Fatalf("seq differs")
			}
			if a, b := fast.Snapshot(), slow.Snapshot(); !deepequal.Equal(a, b) {
				t.Fatalf("at %v: the fast path's snapshot differs from the pipeline's:\n%+v\n%+v", fast.Now(), a, b)
			}
		}
	})
}

// Without this the test above could pass with the fast path never taken:
// noisy's shared pool and its shedding by the oldest request's age take it;
// a shedder that estimates the wait from service times, and a per-tenant
// bulkhead, keep the pipeline.
func TestNoisyTenantTakesTheFastPath(t *testing.T) {
	sc := noisyVariants()
	for v, want := range []bool{true, false, true} {
		r, err := New(sc, v, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := r.dependencies[0].fast; got != want {
			t.Errorf("variant %q: fast path %v, want %v", sc.Variants[v].Name, got, want)
		}
	}
	sys := &sc.Variants[2].System
	sys.Shed = &ShedPolicy{Signal: shed.Estimated, MaxWait: sys.Shed.MaxWait, ServiceTime: 80 * ms}
	if r, _ := New(sc, 2, 1); r.dependencies[0].fast {
		t.Errorf("a shedder that estimates the wait from service times: the fast path is taken")
	}
}
