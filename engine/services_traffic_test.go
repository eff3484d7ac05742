package engine

import (
	"reflect"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/retry"
	"pgregory.net/rapid"
)

// A run replaying its services' draws is the run New gives, for every
// variant of a chain of services with a slow database, and the inventory
// does replay them (without that, the equality would hold trivially).
func TestServiceDrawsAreReplayedAndChangeNothing(t *testing.T) {
	sc := multiHop()
	tr, err := NewTraffic(sc, 7)
	if err != nil {
		t.Fatal(err)
	}
	for v := range sc.Variants {
		shared, err := NewShared(sc, v, tr)
		if err != nil {
			t.Fatal(err)
		}
		inv := &shared.insts[shared.svcs[1].instBase]
		if inv.drawn == nil {
			t.Fatalf("variant %d: the inventory draws its calls itself", v)
		}
		own, _ := New(sc, v, 7)
		shared.Run()
		own.Run()
		if inv.drawNext == 0 {
			t.Errorf("variant %d: no call of the inventory read a replayed draw", v)
		}
		if a, b := shared.Snapshot(), own.Snapshot(); !reflect.DeepEqual(a, b) {
			t.Errorf("variant %d: the run replaying the services' draws differs from New's", v)
		}
	}
}

// An instance that makes more calls than were drawn for it draws the rest
// from its stream, from where the drawing stopped: the run is still New's.
func TestServiceDrawsRunOutExactly(t *testing.T) {
	sc := multiHop()
	tr, err := NewTraffic(sc, 7)
	if err != nil {
		t.Fatal(err)
	}
	for i := range tr.services {
		tr.services[i] = drawInstance(tr.services[i].key, 7, 37)
	}
	shared, _ := NewShared(sc, 0, tr)
	own, _ := New(sc, 0, 7)
	shared.Run()
	own.Run()
	if inv := &shared.insts[shared.svcs[1].instBase]; inv.drawn != nil {
		t.Fatalf("the inventory still reads draws after %d of 37", inv.drawNext)
	}
	if a, b := shared.Snapshot(), own.Snapshot(); !reflect.DeepEqual(a, b) {
		t.Error("the run that ran out of draws differs from New's")
	}
}

// Draws made for another latency, or a service whose work is drawn too
// (its stream then serves both), are not replayed.
func TestServiceDrawsNotReplayedForOtherSettings(t *testing.T) {
	tr, err := NewTraffic(multiHop(), 7)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		edit func(*Service)
	}{
		{"latency", func(s *Service) { s.Dependencies[0].Latency.P99 = 41 * time.Millisecond }},
		{"drawn work", func(s *Service) { s.Work = Latency{Kind: Exponential, Mean: 2 * time.Millisecond} }},
	} {
		sc := multiHop()
		c.edit(&sc.Variants[0].System.Services[1])
		shared, err := NewShared(sc, 0, tr)
		if err != nil {
			t.Fatal(err)
		}
		if shared.insts[shared.svcs[1].instBase].drawn != nil {
			t.Errorf("%s: the inventory replays draws made for other settings", c.name)
		}
		own, _ := New(sc, 0, 7)
		shared.Run()
		own.Run()
		if a, b := shared.Snapshot(), own.Snapshot(); !reflect.DeepEqual(a, b) {
			t.Errorf("%s: the run differs from New's", c.name)
		}
	}
}

// Random chains of services (fleets, faults, retries, every policy) give
// the same run whether their draws are replayed or drawn, however short
// the replayed draws run.
func TestServiceDrawsReplayProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genChain(t)
		seed := rapid.Uint64Range(1, 1000).Draw(t, "seed")
		tr, err := NewTraffic(sc, seed)
		if err != nil {
			t.Fatal(err)
		}
		if room := rapid.IntRange(0, 40).Draw(t, "room"); room > 0 {
			for i := range tr.services {
				tr.services[i] = drawInstance(tr.services[i].key, seed, room)
			}
		}
		shared, err := NewShared(sc, 0, tr)
		if err != nil {
			t.Fatal(err)
		}
		own, _ := New(sc, 0, seed)
		shared.Run()
		own.Run()
		if a, b := shared.Snapshot(), own.Snapshot(); !reflect.DeepEqual(a, b) {
			t.Fatal("the run replaying the services' draws differs from New's")
		}
	})
}

// Requests weighs the services' draws too: a sweep bounds the traffic it
// keeps by it.
func TestTrafficRequestsWeighsServiceDraws(t *testing.T) {
	sc := multiHop()
	tr, err := NewTraffic(sc, 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.services) == 0 {
		t.Fatal("the chain's traffic holds no draws of its services")
	}
	without := *tr
	without.services = nil
	draws := 0
	for i := range tr.services {
		draws += cap(tr.services[i].draws)
	}
	if got, want := tr.Requests()-without.Requests(), draws*16/24; got < want || got > want+1 {
		t.Errorf("the draws weigh %d requests, want %d (%d draws of 16 bytes)", got, want, draws)
	}
}

// A latency that is never read is not worked out (latencyUnread), and the
// run is the one that works every latency out: a service's database that
// is slow, hangs for a while, hangs for good or fails half its calls, its
// calls sent at once or through a bulkhead, a rate limiter or a retry.
func TestUnreadLatenciesChangeNothing(t *testing.T) {
	ms := time.Millisecond
	faults := map[string][]Fault{
		"slow":         {{Kind: Slow, From: 2 * time.Second, To: 6 * time.Second, Latency: 300 * ms}},
		"hang a while": {{Kind: Hang, From: 2 * time.Second, To: 4 * time.Second}},
		"hang":         {{Kind: Hang, From: 6 * time.Second}},
		"errors":       {{Kind: Error, From: 2 * time.Second, To: 6 * time.Second, Probability: 0.5}},
	}
	// Short slow spells, so that calls waiting for a bulkhead's slot or
	// a limiter's permit are sent after the spell they entered in.
	for at := time.Second; at < 9*time.Second; at += 300 * ms {
		faults["flapping"] = append(faults["flapping"], Fault{Kind: Slow, From: at, To: at + 150*ms, Latency: 120 * ms})
	}
	policies := map[string]Policy{
		"none":     {},
		"timeout":  {Timeout: 200 * ms},
		"bulkhead": {Timeout: 400 * ms, Bulkhead: 2, BulkheadKind: SemaphoreBulkhead, BulkheadWait: 200 * ms},
		"limiter": {RateLimiter: &RateLimiterPolicy{Kind: TokenBucketLimiter,
			Bucket: ratelimit.BucketConfig{Rate: 40, Per: time.Second, Burst: 1, MaxWait: 200 * ms}}},
		"retry": {Timeout: 100 * ms, Retry: &RetryPolicy{Attempts: 3, Backoff: retry.Backoff{Base: 10 * ms, Max: 50 * ms}}},
	}
	for fname, f := range faults {
		for pname, p := range policies {
			db := Dependency{Name: "db", Latency: Latency{Kind: LogNormal, P50: 20 * ms, P99: 90 * ms}, Faults: f, Policy: p}
			sc := &Scenario{Name: "unread", Duration: 10 * time.Second, MeasureTo: 10 * time.Second, Variants: []Variant{{Name: "v", System: System{
				Workers: 50, Queue: 50,
				Endpoints:    []Endpoint{{Name: "e", Rate: 60, Calls: "svc", Patience: time.Second}},
				Dependencies: []Dependency{{Name: "svc", Service: "svc", Policy: Policy{Timeout: 500 * ms}}},
				Services: []Service{{Name: "svc", Workers: 8, Queue: 20, Work: Latency{Kind: Constant, Value: ms},
					Calls: "db", Dependencies: []Dependency{db}}},
			}}}}
			run := func(off bool) Snapshot {
				unreadOff = off
				defer func() { unreadOff = false }()
				return runSeed(t, sc, 3)
			}
			if a, b := run(false), run(true); !reflect.DeepEqual(a, b) {
				t.Errorf("%s, %s: skipping the unread latencies changed the run", fname, pname)
			}
		}
	}
}

// The same for random chains of services.
func TestPropertyUnreadLatenciesChangeNothing(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genChain(t)
		seed := rapid.Uint64().Draw(t, "seed")
		run := func(off bool) Snapshot {
			unreadOff = off
			defer func() { unreadOff = false }()
			r, err := New(sc, 0, seed)
			if err != nil {
				t.Fatalf("generated an invalid scenario: %v", err)
			}
			r.Run()
			return r.Snapshot()
		}
		if a, b := run(false), run(true); !reflect.DeepEqual(a, b) {
			t.Fatal("skipping the unread latencies changed the run")
		}
	})
}
