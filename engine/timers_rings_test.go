package engine_test

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A FIFO of timers drops those that can do nothing when it fills
// (waitRing.dropEnded, Run.dropDeadDials) rather than grow to hold every timer set within a
// patience or a hang: go-server's hung provider is dialled 200 times a
// second, each dial given up a second later but ending only with the
// hang, and its endpoints set 300 patience timers a second that last
// 10 s; their FIFOs must stay about as long as the timers still live. (Fingerprints and the forks'
// tests check that dropping them changes nothing.)
func TestTimerFIFOsHoldWhatCanStillHappen(t *testing.T) {
	for _, c := range []struct {
		scenario string
		variant  int
		at       time.Duration
	}{
		{"go-server", 1, 60 * time.Second}, // 40 s into the hang
		{"cascade", 1, 40 * time.Second},
		{"async-cascade", 1, 40 * time.Second},
	} {
		b, ok := scenarios.Lookup(c.scenario)
		if !ok {
			t.Fatalf("no scenario %s", c.scenario)
		}
		r, err := engine.New(b.Build(), c.variant, 3)
		if err != nil {
			t.Fatal(err)
		}
		r.AdvanceTo(c.at)
		patience, timeouts, dials := engine.TimerRings(r)
		// Kept whole, go-server's would be 4,096 patience timers and
		// 4,096 dials; dropped, 256 and 128.
		const most = 512
		if patience > most || timeouts > most || dials > most {
			t.Errorf("%s at %v: FIFOs of %d patience timers, %d timeouts, %d dials; want at most %d each",
				c.scenario, c.at, patience, timeouts, dials, most)
		}
		// A copy holds the same timers, in as small an array.
		var cp engine.Run
		r.CloneInto(&cp)
		cp.AdvanceTo(c.at + 5*time.Second)
		r.AdvanceTo(c.at + 5*time.Second)
		if a, b := ringsHash(r), ringsHash(&cp); a != b {
			t.Errorf("%s: a copy taken at %v differs from its run 5 s later", c.scenario, c.at)
		}
	}
}

// ringsHash hashes r's snapshot, its tasks server and pools included.
func ringsHash(r *engine.Run) uint64 {
	h := newStateHash()
	s := r.Snapshot()
	fingerprintSnapshot(h, &s)
	fingerprintTasks(h, &s)
	return h.Sum64()
}
