package engine_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// busyCascade is the cascade with its search endpoint at rate, and every
// design's server given workers and queue.
func busyCascade(t *testing.T, rate float64, workers, queue int) *engine.Scenario {
	t.Helper()
	for _, b := range scenarios.All() {
		if b.Name != "cascade" {
			continue
		}
		sc := b.Build()
		for v := range sc.Variants {
			sys := &sc.Variants[v].System
			sys.Workers, sys.Queue = workers, queue
			for i := range sys.Endpoints {
				if sys.Endpoints[i].Name == "search" {
					sys.Endpoints[i].Rate = rate
				}
			}
		}
		if err := sc.Validate(); err != nil {
			t.Fatal(err)
		}
		return sc
	}
	t.Fatal("no cascade scenario")
	return nil
}

// A thread-pool server holds no more requests than its workers and queue
// take, plus the calls its timeouts gave up on: the estimate took the
// search rate (100,000 a second) times the hang to the drain limit (80 s)
// for every design, and refused 200 workers and 100,000 alike for 4.55
// GB, advising more workers, which changed nothing. Now the workers move
// the figure, and it still bounds what the engine holds.
func TestTheWorkersBoundTheRequestsInFlight(t *testing.T) {
	few := engine.EstimateCost(busyCascade(t, 100_000, 200, 0))
	many := engine.EstimateCost(busyCascade(t, 100_000, 100_000, 0))
	if few.Held >= many.Held {
		t.Fatalf("200 workers are estimated to hold %.0f requests in flight, 100,000 workers %.0f: the workers do not move the estimate", few.Held, many.Held)
	}
	if few.HeldBy != engine.HeldByPool || many.HeldBy != engine.HeldByPool {
		t.Errorf("the pool should bound both: %v and %v", few.HeldBy, many.HeldBy)
	}
	if err := engine.CheckCost(few, engine.DefaultBudget); err != nil {
		t.Errorf("200 workers and no queue are refused: %v", err)
	}

	// What the engine holds at once: every worker's request and every
	// call in flight, abandoned ones included, at their most.
	sc := busyCascade(t, 100_000, 200, 0)
	sc.Variants = sc.Variants[:1]
	r, err := engine.New(sc, 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(sc.Duration)
	snap := r.Snapshot()
	held := float64(snap.Workers + snap.Queued)
	for _, d := range snap.Dependencies {
		held += float64(d.InFlightMax)
	}
	if est := engine.EstimateCost(sc).Held; est < held {
		t.Fatalf("the engine held %.0f requests and calls at once, over the estimate of %.0f", held, est)
	}
}

// A run refused for what its pool holds is told to make the pool or its
// queue smaller, not bigger, and doing so lowers the estimate until the
// run is let through.
func TestTheMemoryAdviceLowersTheEstimate(t *testing.T) {
	sc := busyCascade(t, 1_000_000, 100_000, engine.MaxQueue)
	c := engine.EstimateCost(sc)
	err := engine.CheckCost(c, engine.DefaultBudget)
	var be *engine.BudgetError
	if !errors.As(err, &be) || !be.Memory {
		t.Fatalf("100,000 workers and a queue of 10 M under a hang are not refused for their memory: %v", err)
	}
	msg := be.Error()
	if !strings.Contains(msg, "fewer workers or a smaller queue") || strings.Contains(msg, "more workers") {
		t.Fatalf("the advice does not name what lowers the estimate: %s", msg)
	}
	smaller := engine.EstimateCost(busyCascade(t, 1_000_000, 100_000, 0))
	if smaller.Bytes >= c.Bytes {
		t.Fatalf("no queue is estimated at %.0f bytes, the queue of 10 M at %.0f", smaller.Bytes, c.Bytes)
	}
	if err := engine.CheckCost(smaller, engine.DefaultBudget); err != nil && errors.As(err, &be) && be.Memory {
		t.Errorf("with the advice applied the run is still refused for its memory: %v", err)
	}
}
