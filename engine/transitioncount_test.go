package engine_test

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// TestTransitionCountIsTheSnapshots plays every built-in scenario's every
// variant a second at a time, through its drain, and holds the count to
// the length of the snapshot's list at each step: the sandbox's walk to
// the next event takes a snapshot only when the count has moved, so a
// count that lagged the list would hide a transition from ]. Some
// variant must make transitions, or the test proves nothing.
func TestTransitionCountIsTheSnapshots(t *testing.T) {
	racefree.Only(t) // runs played one after another, no goroutine
	moved := 0
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			r, err := engine.New(sc, v, 5)
			if err != nil {
				t.Fatal(err)
			}
			for {
				if got, want := r.TransitionCount(), len(r.Snapshot().Transitions); got != want {
					t.Fatalf("%s variant %d at %v: TransitionCount %d, the snapshot lists %d", sc.Name, v+1, r.Now(), got, want)
				}
				if r.Now() >= r.End() || r.Done() {
					break
				}
				r.AdvanceTo(min(r.Now()+time.Second, r.End()))
			}
			moved += r.TransitionCount()
		}
	}
	if moved == 0 {
		t.Fatal("no built-in run made a transition: the count was never seen to move")
	}
}
