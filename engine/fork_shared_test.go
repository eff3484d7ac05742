package engine

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/deepequal"
)

// A run whose dependencies share one breaker forks: the copy's members
// hold one copied breaker, as the run's hold one, so the sick member's
// failures still open it for the healthy one. Forks before the failures
// start and in them, to more workers and to other timeouts, go on as new
// runs of their cells, snapshot for snapshot; the run forked from is not
// touched. A shared breaker's own settings do not fork: a member's series
// cannot tell its calls in the shared window from the others'.
func TestForkSharedBreakers(t *testing.T) {
	base := sharedFront("outbound")
	cells := map[string]func(*System){
		"workers 80": func(s *System) { s.Workers = 80 },
		"timeouts 500ms": func(s *System) {
			s.Dependencies[0].Policy.Timeout, s.Dependencies[1].Policy.Timeout = 500*time.Millisecond, 500*time.Millisecond
		},
		"window 5": func(s *System) {
			for i := range s.Dependencies {
				b := *s.Dependencies[i].Policy.Breaker
				b.WindowSize, b.MinimumCalls = 5, 5
				s.Dependencies[i].Policy.Breaker = &b
			}
		},
	}
	for _, at := range []time.Duration{900 * time.Millisecond, 1100 * time.Millisecond, 3 * time.Second} {
		for name, edit := range cells {
			cell := sharedFront("outbound")
			edit(&cell.Variants[0].System)
			prefix, err := New(base, 0, 1)
			if err != nil {
				t.Fatal(err)
			}
			prefix.AdvanceTo(at)
			var dst Run
			taken := prefix.ForkInto(&dst, cell, 0)
			if name == "window 5" {
				if taken {
					t.Errorf("at %v: a shared breaker's window forked", at)
				}
				continue
			}
			if !taken {
				t.Fatalf("at %v, %s: no fork", at, name)
			}
			if dst.dependencies[0].breaker != dst.dependencies[1].breaker || dst.dependencies[0].breaker == prefix.dependencies[0].breaker {
				t.Fatalf("at %v, %s: the copy's members hold breakers %p and %p (the run's %p): want one of their own", at, name,
					dst.dependencies[0].breaker, dst.dependencies[1].breaker, prefix.dependencies[0].breaker)
			}
			fresh, err := New(cell, 0, 1)
			if err != nil {
				t.Fatal(err)
			}
			fresh.AdvanceTo(at)
			for dst.Now() < dst.End() {
				if a, b := dst.Snapshot(), fresh.Snapshot(); !deepequal.Equal(a, b) {
					t.Fatalf("at %v, %s: the fork differs from a new run at %v", at, name, a.Now)
				}
				dst.Advance(700 * time.Millisecond)
				fresh.Advance(700 * time.Millisecond)
			}
			again, _ := New(base, 0, 1)
			again.AdvanceTo(at)
			if a, b := prefix.Snapshot(), again.Snapshot(); !deepequal.Equal(a, b) {
				t.Fatalf("at %v, %s: the run forked from changed", at, name)
			}
		}
	}
}

// A run's buffers that held a shared breaker are not handed to two
// breakers when the run becomes a copy of one whose dependencies each
// have their own (a sweep's Runner reuses its run from job to job).
func TestForkIntoARunThatShared(t *testing.T) {
	shared, err := New(sharedFront("outbound"), 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	shared.AdvanceTo(2 * time.Second)
	own, err := New(sharedFront(""), 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	own.AdvanceTo(2 * time.Second)
	var dst Run
	if !shared.ForkInto(&dst, sharedFront("outbound"), 0) || !own.ForkInto(&dst, sharedFront(""), 0) {
		t.Fatal("no fork")
	}
	if dst.dependencies[0].breaker == dst.dependencies[1].breaker {
		t.Fatal("the copy of a run with a breaker each shares one breaker")
	}
	fresh, _ := New(sharedFront(""), 0, 1)
	fresh.Run()
	dst.Run()
	if a, b := dst.Snapshot(), fresh.Snapshot(); !deepequal.Equal(a, b) {
		t.Fatal("the copy differs from a new run")
	}
}
