package engine_test

import (
	"runtime"
	"testing"
	"time"

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
	eachBuiltinMoment(t, 2, func(name string, v int, end bool, r *engine.Run) {
		for _, keep := range []bool{false, true} {
			var c engine.Run
			// The least of three copies: a goroutine of the runtime's
			// or the test framework's may allocate beside one of them.
			allocated := 0
			for k := range 3 {
				c = engine.Run{}
				n := bytesAllocated(func() {
					if keep {
						r.KeepInto(&c)
					} else {
						r.CloneInto(&c)
					}
				})
				if k == 0 || n < allocated {
					allocated = n
				}
			}
			if counted := c.Footprint(); counted < allocated-allocated/10 {
				t.Errorf("%s variant %d (at the end %v, kept %v): Footprint counts %d bytes of the %d the copy allocated",
					name, v+1, end, keep, counted, allocated)
			}
		}
	})
}

// bytesAllocated is what f allocates on the heap. (No test of this
// package runs beside it: it does not call t.Parallel, and the tests
// that do start after it has returned, parallel_test.go.)
func bytesAllocated(f func()) int {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return int(after.TotalAlloc - before.TotalAlloc)
}

// KeptFootprint is the least a copy by KeepInto holds, whatever buffers
// the copy reuses, and not far under it: a sweep skips the copy of a
// finished run whose KeptFootprint does not fit the bytes it keeps, so a
// count above the copy's would skip copies that fit, and one far under
// it would never skip.
func TestKeptFootprintIsTheCopysLeast(t *testing.T) {
	var used engine.Run // a copy's buffers, reused by the next copies
	eachBuiltinMoment(t, 3, func(name string, v int, end bool, r *engine.Run) {
		least := r.KeptFootprint()
		var fresh engine.Run
		r.KeepInto(&fresh)
		r.KeepInto(&used)
		for _, c := range []*engine.Run{&fresh, &used} {
			if got := c.Footprint(); got < least {
				t.Errorf("%s variant %d (at the end %v): the copy holds %d bytes, under KeptFootprint's %d", name, v+1, end, got, least)
			}
		}
		if got := fresh.Footprint(); got > least+least/4 {
			t.Errorf("%s variant %d (at the end %v): a new copy holds %d bytes, far over KeptFootprint's %d", name, v+1, end, got, least)
		}
	})
}

// eachBuiltinMoment calls f with a run of every built-in scenario's every
// variant, at the moment frac of its duration and at its end, and
// says which.
func eachBuiltinMoment(t *testing.T, frac time.Duration, f func(name string, v int, end bool, r *engine.Run)) {
	t.Helper()
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			r, err := engine.New(sc, v, 5)
			if err != nil {
				t.Fatal(err)
			}
			r.AdvanceTo(sc.Duration / frac)
			f(sc.Name, v, false, r)
			r.Run()
			f(sc.Name, v, true, r)
		}
	}
}
