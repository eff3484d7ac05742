package scenarios

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
)

// Each variant of multi-hop makes its point on every seed tried: without
// timeouts the cascade reaches the front's home page, which calls nothing;
// a timeout at each hop saves the front but leaves inventory working for
// callers that have gone; propagated deadlines with cancellation stop that
// waste and answer more order pages. The bounds are far from the values
// seen (seeds 1-6: home 44.8-48.3 % without timeouts; inventory's wasted
// worker time 307-308 s of its 320; order pages 2.3-2.5 % ok with own
// timeouts, 5.1-6.3 % propagated), so they hold for any seed.
func TestMultiHopMakesEachPoint(t *testing.T) {
	for _, seed := range []uint64{1, 5, 9} {
		snaps, err := engine.RunAll(MultiHop(), seed)
		if err != nil {
			t.Fatal(err)
		}
		share := func(v, ep int) float64 {
			return report.WindowTally(&snaps[v].Endpoints[ep]).Share(engine.OK)
		}
		inventory := func(v int) *engine.ServiceSnapshot {
			for i := range snaps[v].Services {
				if s := &snaps[v].Services[i]; s.Name == "inventory" {
					return s
				}
			}
			t.Fatalf("variant %d has no inventory", v)
			return nil
		}
		const none, ownTimeouts, propagated = 0, 1, 2
		if h := share(none, 0); h > 0.7 {
			t.Errorf("seed %d: without timeouts the home page should suffer with the rest, got %.1f %% ok", seed, 100*h)
		}
		for _, v := range []int{ownTimeouts, propagated} {
			if h := share(v, 0); h < 0.99 {
				t.Errorf("seed %d, %s: timeouts free the front's workers, so home should stay up, got %.1f %%", seed, snaps[v].Variant, 100*h)
			}
		}
		// 16 workers for 20 s of fault are 320 s of worker time.
		if w := inventory(ownTimeouts).WastedWork.Seconds(); w < 200 {
			t.Errorf("seed %d: with its own timeouts inventory should spend most of the fault on abandoned calls, got %.0f s", seed, w)
		}
		if a := inventory(ownTimeouts).AbandonedWork; a == 0 {
			t.Errorf("seed %d: no abandoned work without cancellation", seed)
		}
		if inv := inventory(propagated); inv.AbandonedWork != 0 || inv.WastedWork != 0 {
			t.Errorf("seed %d: with deadlines propagated nothing should be finished for nobody, got %d calls, %v", seed, inv.AbandonedWork, inv.WastedWork)
		}
		if own, prop := share(ownTimeouts, 1), share(propagated, 1); prop < 1.5*own {
			t.Errorf("seed %d: propagated deadlines should answer clearly more order pages: %.1f %% vs %.1f %%", seed, 100*prop, 100*own)
		}
	}
}
