package lab

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// Protected, the Go server hands the provider as many connections as the
// engine's model of it, within connsHandedBound. At the load's 50 ms beat
// a permit's release, a waiter's 100 ms wait and the breaker's 1 s open
// wait fall due at one instant; the real server acts on a deadline a
// moment after it (afterDeadline), and the engine, acting at the instant,
// ran its breaker a beat ahead: 64 connections handed simulated against
// 58 to 60 measured (seed 5). Loopback only, about 2 s a run.
func TestProtectedHandsTheConnectionsTheEngineHands(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the incident on real sockets")
	}
	// The bound: a tie the real timers break the engine's way (about one
	// run in ten here) moves the real breaker a beat, some 2 to 4 calls;
	// the engine's own beat ahead moved it 4 to 6. The better of two
	// runs is compared, so that one such tie does not fail the test.
	const connsHandedBound = 3
	cfg := DefaultGoConfig(Protected)
	cfg.Scale = 0.25
	var got []string
	for range 2 {
		r, err := Measure(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if r.Stalled || r.Sim == nil || len(r.Sim.Snapshot.Pools) == 0 {
			t.Skipf("no run to compare: stalled %v, simulated %v", r.Stalled, r.Sim != nil)
		}
		sim := r.Sim.Snapshot.Pools[0]
		d := int64(r.Go.Acquired) - int64(sim.Acquired)
		if d >= -connsHandedBound && d <= connsHandedBound {
			return
		}
		var moves []string
		for _, tr := range r.Transitions {
			moves = append(moves, fmt.Sprintf("%v at %v", tr.To, tr.At.Round(time.Millisecond)))
		}
		got = append(got, fmt.Sprintf("measured %d (its breaker %s), simulated %d", r.Go.Acquired, strings.Join(moves, ", "), sim.Acquired))
	}
	t.Errorf("connections handed to calls, protected, more than %d apart in both runs: %s", connsHandedBound, strings.Join(got, "; "))
}
