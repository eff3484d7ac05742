package engine_test

import (
	"runtime"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// TestFootprintCountsWhatACopyHolds copies every built-in scenario's
// every variant, midway and at its end, into a new run (CloneInto and
// KeepInto), and holds each copy's Footprint to the bytes the copy
// allocated: a sweep bounds the runs it keeps by their Footprint, so an
// array the count leaves out (a service's links, say, as it once did)
// lets a sweep's memory pass its bound unseen. The allocator rounds
// sizes up to its classes, so the count may fall a little short of what
// was allocated; not by more than a tenth.
func TestFootprintCountsWhatACopyHolds(t *testing.T) {
	racefree.Only(t) // the detector's own allocations are not the copy's
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			r, err := engine.New(sc, v, 5)
			if err != nil {
				t.Fatal(err)
			}
			for _, end := range []bool{false, true} {
				if end {
					r.Run()
				} else {
					r.AdvanceTo(sc.Duration / 2)
				}
				for _, keep := range []bool{false, true} {
					var c engine.Run
					allocated := bytesAllocated(func() {
						if keep {
							r.KeepInto(&c)
						} else {
							r.CloneInto(&c)
						}
					})
					if counted := c.Footprint(); counted < allocated-allocated/10 {
						t.Errorf("%s variant %d (at the end %v, kept %v): Footprint counts %d bytes of the %d the copy allocated",
							sc.Name, v+1, end, keep, counted, allocated)
					}
				}
			}
		}
	}
}

// bytesAllocated is what f allocates on the heap. (No test of this
// package runs beside it: it does not call t.Parallel.)
func bytesAllocated(f func()) int {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return int(after.TotalAlloc - before.TotalAlloc)
}
