package engine_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// multiHopTimeouts is multi-hop with its hop timeouts (its second
// variant's) set: the front's to orders, and orders' to inventory.
func multiHopTimeouts(orders, inventory time.Duration) *engine.Scenario {
	sc := scenarios.MultiHop()
	sys := &sc.Variants[1].System
	sys.Dependencies[0].Policy.Timeout = orders
	for i := range sys.Services {
		if s := &sys.Services[i]; s.Name == "orders" {
			s.Dependencies[0].Policy.Timeout = inventory
		}
	}
	return sc
}

// A timeout on a call to a service forks while no timer has fired and no
// call has been inside the layer as long as the new timeout: before the
// database slows at 20 s, every cell of hop timeouts forks from the
// longest ones (the calls take some 20 ms); ten seconds into the slowdown
// timers have fired, and none does. Each fork taken goes on as a new run
// of its cell, snapshot for snapshot.
func TestForkServiceTimeoutsGiveWhatNewGives(t *testing.T) {
	base := multiHopTimeouts(3*time.Second, 2*time.Second)
	var cells []*engine.Scenario
	var names []string
	for _, orders := range []time.Duration{200 * time.Millisecond, time.Second, 3 * time.Second} {
		for _, inventory := range []time.Duration{100 * time.Millisecond, 500 * time.Millisecond, 2 * time.Second} {
			cells = append(cells, multiHopTimeouts(orders, inventory))
			names = append(names, fmt.Sprintf("timeouts %v to orders, %v to inventory", orders, inventory))
		}
	}
	at := engine.ForkAt(base, 1)
	if at != 20*time.Second-1 {
		t.Fatalf("ForkAt(multi-hop) = %v, want just before the database slows at 20 s", at)
	}
	tk, rf := checkForksBy(t, base, 1, 5, at, cells, names, fingerprintPolicies)
	if tk < len(cells)-2 {
		t.Errorf("before the slowdown: forks taken %d, refused %d of %d: want nearly all taken", tk, rf, len(cells))
	}
	tk, rf = checkForksBy(t, base, 1, 5, 30*time.Second, cells, names, fingerprintPolicies)
	if tk != 1 {
		t.Errorf("in the slowdown: forks taken %d, refused %d: want only the base's own", tk, rf)
	}
}

// Just after the database slows, calls are inside the layer that the new
// timeout will give up on, though none has yet: the fork moves their
// pending timers to the new time, and the forked run times them out as
// the cell's own run does. Without the move it would not (the comparison
// of a fork taken with ForkUnchecked after the timers are put back shows
// it can tell).
func TestForkServiceTimeoutMovesPendingTimers(t *testing.T) {
	base := multiHopTimeouts(3*time.Second, 2*time.Second)
	cells := []*engine.Scenario{multiHopTimeouts(3*time.Second, 300*time.Millisecond), multiHopTimeouts(400*time.Millisecond, 2*time.Second)}
	names := []string{"300 ms to inventory", "400 ms to orders"}
	tk, _ := checkForksBy(t, base, 1, 5, 20*time.Second+100*time.Millisecond, cells, names, fingerprintPolicies)
	if tk != len(cells) {
		t.Fatalf("forks taken %d of %d", tk, len(cells))
	}
}

// A fork ForkInto refuses, taken anyway, differs from the cell's own run:
// a timeout shorter than calls have taken in the slowdown.
func TestForkServiceTimeoutWrongForkIsSeen(t *testing.T) {
	base := multiHopTimeouts(3*time.Second, 2*time.Second)
	cell := multiHopTimeouts(3*time.Second, 100*time.Millisecond)
	at := 21 * time.Second
	prefix, err := engine.New(base, 1, 5)
	if err != nil {
		t.Fatal(err)
	}
	prefix.AdvanceTo(at)
	checkWrongForkRefused(t, "a timeout that has mattered", prefix, cell, 1, 5, fingerprintPolicies)
}

// multiHopBlip is multiHopTimeouts with the database slow for only 50 ms
// from 20 s: a few calls take some 500 ms and the rest stay quick.
func multiHopBlip(orders, inventory time.Duration) *engine.Scenario {
	sc := multiHopTimeouts(orders, inventory)
	for i := range sc.Variants[1].System.Services {
		for j := range sc.Variants[1].System.Services[i].Dependencies {
			for k := range sc.Variants[1].System.Services[i].Dependencies[j].Faults {
				sc.Variants[1].System.Services[i].Dependencies[j].Faults[k].To = 20*time.Second + 50*time.Millisecond
			}
		}
	}
	return sc
}

// Each piece of the evidence refuses a fork the others would take: a call
// that was inside the layer longer than the new timeout (the blip's slow
// calls, long answered, under timers that never fired), a timer that fired
// (a longer timeout would have waited), a call inside the layer now for
// longer than the new timeout (while the database is slow, before any
// answer or timer). Each refused fork, taken anyway, differs from the
// cell's own run.
func TestForkServiceTimeoutRefusals(t *testing.T) {
	for _, c := range []struct {
		name       string
		base, cell *engine.Scenario
		at         time.Duration
	}{
		{"a call answered after the new timeout", multiHopBlip(3*time.Second, 2*time.Second), multiHopBlip(3*time.Second, 300*time.Millisecond), 25 * time.Second},
		{"a timer that fired", multiHopTimeouts(time.Second, 300*time.Millisecond), multiHopTimeouts(time.Second, 2*time.Second), 25 * time.Second},
		{"a call inside the layer past the new timeout", multiHopTimeouts(3*time.Second, 2*time.Second), multiHopTimeouts(3*time.Second, 200*time.Millisecond), 20*time.Second + 300*time.Millisecond},
	} {
		prefix, err := engine.New(c.base, 1, 5)
		if err != nil {
			t.Fatal(err)
		}
		prefix.AdvanceTo(c.at)
		checkWrongForkRefused(t, c.name, prefix, c.cell, 1, 5, fingerprintPolicies)
	}
}

// Where deadlines propagate, a hop's timeout is cut to what is left of the
// caller's deadline (less a margin), so its timers lie where neither
// timeout alone puts them: such timeouts keep their value in a fork, and
// every other knob of the run forks as usual (TestForkServicesGivesWhatNewGives).
func TestForkRefusesPropagatedTimeouts(t *testing.T) {
	build := func(orders, inventory time.Duration) *engine.Scenario {
		sc := multiHopTimeouts(orders, inventory)
		p := sc.Variants[2].System.Dependencies[0].Policy
		p.Timeout = orders
		sc.Variants[2].System.Dependencies[0].Policy = p
		sc.Variants[2].System.Services[0].Dependencies[0].Policy.Timeout = inventory
		return sc
	}
	base := build(3*time.Second, 2*time.Second)
	cells := []*engine.Scenario{build(time.Second, 2*time.Second), build(3*time.Second, 500*time.Millisecond)}
	names := []string{"1 s to orders", "500 ms to inventory"}
	if tk, _ := checkForksBy(t, base, 2, 5, engine.ForkAt(base, 2), cells, names, fingerprintPolicies); tk != 0 {
		t.Errorf("%d forks taken with a propagated timeout changed", tk)
	}
	if !base.Variants[2].System.Dependencies[0].Policy.PropagateDeadline {
		t.Fatal("multi-hop's third variant no longer propagates deadlines")
	}
}
