package engine_test

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// A dependency's samples count the attempts that reached it as its
// snapshot does: the last sample, at the end of the scenario's duration,
// holds the count so far (DependencySnapshot.Calls, modulo 2^32; a run
// that goes on past its duration, to drain, samples no more), and the
// count never goes back. A path that sends an attempt without counting it in ds.calls
// would break the snapshot's Calls as well; this holds the samples to it.
func TestDependencySamplesCountTheAttemptsThatReachedIt(t *testing.T) {
	toTheEnd := func(r *engine.Run, sc *engine.Scenario) { r.AdvanceTo(sc.Duration) }
	everyEdge(t, toTheEnd, func(sc *engine.Scenario, v int, deps []engine.DependencySnapshot) {
		for _, d := range deps {
			if len(d.Series) == 0 {
				t.Fatalf("%s variant %d, %s: no samples", sc.Name, v+1, d.Name)
			}
			var before uint32
			for k, smp := range d.Series {
				if smp.Reached < before {
					t.Fatalf("%s variant %d, %s: sample %d reached %d, fewer than the %d before it",
						sc.Name, v+1, d.Name, k, smp.Reached, before)
				}
				before = smp.Reached
			}
			if before != uint32(d.Calls) {
				t.Errorf("%s variant %d, %s: the last sample counts %d attempts that reached it, the snapshot %d",
					sc.Name, v+1, d.Name, before, d.Calls)
			}
		}
	})
}

// go-server's first variant at 30 s, its provider unreachable
// (unreachableGoServer): the checkout endpoint keeps making calls to the
// payments host, every one of them waiting on a dial the host never
// accepts, so none reaches it. Made counts them, Reached
// does not: a map that read Made as the dependency's load would say
// payments served some 190 calls a second.
func TestDependencySamplesTellCallsMadeFromCallsThatReachedIt(t *testing.T) {
	_, first, last := paymentsOver5s(t, 30*time.Second)
	made, reached := last.Made-first.Made, last.Reached-first.Reached
	if made < 500 || reached != 0 {
		t.Errorf("payments over 25-30 s: %d calls made, %d reached it; want hundreds made and none reaching the unreachable host", made, reached)
	}
	// Before the hang the two agree: every call made reaches it (a call
	// is one attempt here, go-server's first variant has no retries).
	_, first, last = paymentsOver5s(t, 15*time.Second)
	if d := int64(last.Made-first.Made) - int64(last.Reached-first.Reached); d < -5 || d > 5 {
		t.Errorf("payments over 10-15 s: %d made, %d reached; want them within the few still dialling",
			last.Made-first.Made, last.Reached-first.Reached)
	}
}
