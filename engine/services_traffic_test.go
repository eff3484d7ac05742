package engine

import (
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/breakerlab/breakerlab/internal/deepequal"
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
		if a, b := shared.Snapshot(), own.Snapshot(); !deepequal.Equal(a, b) {
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
	if a, b := shared.Snapshot(), own.Snapshot(); !deepequal.Equal(a, b) {
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
		if a, b := shared.Snapshot(), own.Snapshot(); !deepequal.Equal(a, b) {
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
		if a, b := shared.Snapshot(), own.Snapshot(); !deepequal.Equal(a, b) {
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
