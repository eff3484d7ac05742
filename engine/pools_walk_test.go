package engine

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/deepequal"
	"pgregory.net/rapid"
)

// A connection that comes back while others wait for one goes to the
// attempt that has waited longest among the hosts with room (handOut).
// giveBack walks the hosts for it only when the pool as a whole was full;
// otherwise only the host it came back to can have gained room, and its
// first waiter, if any, takes it without a walk. The runs that do so must
// be the runs that walk on every return: two runs of each drawn tasks
// server, whose pools have caps per host and in all that bind, are
// stepped together, one walking every time (walkEveryReturn), and must
// agree snapshot for snapshot and event for event. At each return that
// hands nothing out, the other checks that no waiting host had room
// (debugChecks).
func TestPoolHandsOutAsItDid(t *testing.T) {
	defer func() { walkEveryReturn = false }()
	before := handedNothingCount
	rapid.Check(t, func(t *rapid.T) {
		sc, seed, step := drawTasksCase(t)
		skips, err := New(sc, 0, seed)
		if err != nil {
			t.Fatal(err)
		}
		walks, _ := New(sc, 0, seed)
		for !skips.Done() || !walks.Done() {
			walkEveryReturn = false
			skips.Advance(step)
			walkEveryReturn = true
			walks.Advance(step)
			if a, b := skips.Snapshot(), walks.Snapshot(); !deepequal.Equal(a, b) {
				t.Fatalf("at %v: the run that skips walks differs from the one that walks:\n%+v\n%+v", skips.Now(), a, b)
			}
			if skips.seq != walks.seq {
				t.Fatalf("at %v: %d events skipping walks, %d walking", skips.Now(), skips.seq, walks.seq)
			}
		}
	})
	if handedNothingCount == before {
		t.Fatal("no return handed nothing out without a walk: the check above compared nothing")
	}
}
