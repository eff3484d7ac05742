package engine_test

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/deepequal"
)

// multiHopPatience is multi-hop's variant v with order-page's patience p.
func multiHopPatience(v int, p time.Duration) *engine.Scenario {
	sc := scenarios.MultiHop()
	sc.Variants[v].System.Endpoints[1].Patience = p
	return sc
}

// A fork for another patience (fork_patience.go) is taken while no client
// has given up and every wait so far is under the new patience, and goes
// on as a new run of its cell; it is refused once a client has given up,
// for a patience some client has waited longer than, and wherever an edge
// propagates deadlines (which carry the patience down).
func TestForkPatience(t *testing.T) {
	s := time.Second
	cases := []struct {
		name  string
		v     int
		at    time.Duration // the fork's moment; 0: the run's end
		to    time.Duration
		taken bool
	}{
		{"longer, before the slowdown", 0, 15 * s, 3 * s, true},
		{"shorter, before the slowdown, every wait under it", 0, 15 * s, 500 * time.Millisecond, true},
		{"shorter than waits already seen", 0, 15 * s, time.Millisecond, false},
		{"longer, once clients have given up", 0, 0, 3 * s, false},
		{"deadlines propagated", 2, 15 * s, 3 * s, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := multiHopPatience(c.v, 2*s)
			r, err := engine.New(base, c.v, 5)
			if err != nil {
				t.Fatal(err)
			}
			if c.at > 0 {
				r.AdvanceTo(c.at)
			} else {
				r.Run()
				if r.Snapshot().Endpoints[1].GaveUp == 0 {
					t.Fatal("no order-page client gave up in the run: the case tests nothing")
				}
			}
			cell := multiHopPatience(c.v, c.to)
			var fork engine.Run
			if got := r.ForkInto(&fork, cell, c.v); got != c.taken {
				t.Fatalf("fork taken %v, want %v", got, c.taken)
			}
			if !c.taken {
				return
			}
			fresh, err := engine.New(cell, c.v, 5)
			if err != nil {
				t.Fatal(err)
			}
			fork.Run()
			fresh.Run()
			a, b := fork.Snapshot(), fresh.Snapshot()
			if !deepequal.Equal(a, b) {
				t.Fatal("the fork's end differs from a new run's")
			}
			if a.Endpoints[1].GaveUp == 0 {
				t.Error("no client gave up after the fork: the timers the fork moved were never tested")
			}
		})
	}
}
