package scenarios

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
)

// Each variant of go-inventory makes its point on seeds 1 to 3. With no
// timeouts the API's product goroutines park on inventory's long queue
// until the process is killed at its memory limit, and search and health,
// which never call inventory, fail with it. With a timeout at each hop
// the API's memory stays flat and search and health are answered, but
// inventory spends its threads on calls nobody waits for. Cancellation
// stops that work at once; a propagated deadline has inventory give up by
// itself first, so nothing needs cancelling; either way nothing is done
// for nobody, inventory's queue stays short, and more product pages are
// answered than with the timeouts alone. Values seen (seeds 1-3): one kill
// and search, health 83-85 % ok with no timeouts; inventory's wasted
// thread time 15 min 53-54 s of the fault's 16 min with the timeouts, 0
// with cancellation or the deadline; product 1.6 % ok against 4.2-4.7 %;
// inventory's queue at most its 2 000 against 206-209; 5 610-5 807
// cancelled calls.
func TestGoInventoryMakesEachPoint(t *testing.T) {
	const none, hop, cancel, deadline = 0, 1, 2, 3
	for _, seed := range taskSeeds {
		snaps, err := engine.RunAll(GoInventory(), seed)
		if err != nil {
			t.Fatal(err)
		}
		inv := func(v int) *engine.ServiceSnapshot { return &snaps[v].Services[0] }
		if tk := snaps[none].Tasks; tk.Kills == 0 || tk.MemoryPeak < tk.MemoryLimit {
			t.Errorf("seed %d: with no timeouts the parked goroutines should fill memory and get the API killed: peak %d of %d, %d kills", seed, tk.MemoryPeak, tk.MemoryLimit, tk.Kills)
		}
		for ep := 1; ep <= 2; ep++ {
			name := snaps[none].Endpoints[ep].Name
			if s := okShare(&snaps[none], ep); s > 0.97 {
				t.Errorf("seed %d: with no timeouts %s should fail with the killed API, got %.1f %% ok", seed, name, 100*s)
			}
			for _, v := range []int{hop, cancel, deadline} {
				if s := okShare(&snaps[v], ep); s < 0.99 {
					t.Errorf("seed %d, %s: %s should not notice inventory's trouble, got %.1f %% ok", seed, snaps[v].Variant, name, 100*s)
				}
			}
		}
		for _, v := range []int{hop, cancel, deadline} {
			if tk := snaps[v].Tasks; tk.Kills != 0 || tk.MemoryPeak > tk.MemoryLimit/2 {
				t.Errorf("seed %d, %s: the timeout should keep the API's memory low: peak %d of %d, %d kills", seed, snaps[v].Variant, tk.MemoryPeak, tk.MemoryLimit, tk.Kills)
			}
		}
		// 32 threads over the 30 s of the fault are 16 minutes.
		if w := inv(hop).WastedWork.Minutes(); w < 12 || inv(hop).Cancelled != 0 {
			t.Errorf("seed %d: with a timeout at each hop inventory should spend most of the fault on calls nobody waits for, got %.1f min, %d cancelled", seed, w, inv(hop).Cancelled)
		}
		for _, v := range []int{cancel, deadline} {
			if i := inv(v); i.AbandonedWork != 0 || i.WastedWork != 0 {
				t.Errorf("seed %d, %s: nothing should be done for nobody, got %d calls, %v", seed, snaps[v].Variant, i.AbandonedWork, i.WastedWork)
			}
			if q, was := inv(v).QueuedMax, inv(hop).QueuedMax; 4*q > was {
				t.Errorf("seed %d, %s: inventory's queue should stay short, at most %d against %d with the timeouts alone", seed, snaps[v].Variant, q, was)
			}
			if own, now := okShare(&snaps[hop], 0), okShare(&snaps[v], 0); now < 2*own {
				t.Errorf("seed %d, %s: more product pages should be answered: %.1f %% against %.1f %%", seed, snaps[v].Variant, 100*now, 100*own)
			}
		}
		if c := inv(cancel).Cancelled; c < 1000 {
			t.Errorf("seed %d: the API's timeout should cancel inventory's calls, %d were", seed, c)
		}
		// With the deadline passed down, inventory's database call gives up
		// at what is left of it, before the API's timeout: the database
		// edge's timeouts are the deadline's, and nothing is cancelled.
		db := inv(deadline).Dependencies[0]
		if db.DeadlineTimeouts < 1000 || db.Timeouts != 0 || inv(deadline).Cancelled != 0 {
			t.Errorf("seed %d: with the deadline propagated inventory's database calls should time out at the deadline (%d, and %d at their own timeout) and none be cancelled (%d)", seed, db.DeadlineTimeouts, db.Timeouts, inv(deadline).Cancelled)
		}
	}
}
