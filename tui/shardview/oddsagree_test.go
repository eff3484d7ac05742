package shardview

import (
	"fmt"
	"testing"

	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The odds pane's "expected of N, random shards" and a random side's
// "odds, #0 down" show the same counts (35.7 and 428.1 on the reference's
// fleet). Both must be what shuffle.Expected says: a screen test that finds
// "35.7" somewhere cannot tell if one of the two has drifted.
func TestOddsPaneExpectsWhatTheRandomSideExpects(t *testing.T) {
	// No goroutine: models built from seeded setups, never played.
	racefree.Only(t)
	for _, f := range []struct{ n, k, customers int }{
		{8, 2, 1000}, {16, 4, 1000}, {100, 5, 1000}, {2048, 4, 10_000}, {30, 10, 5000}, {12, 6, 777},
	} {
		t.Run(fmt.Sprintf("%d-%d-%d", f.n, f.k, f.customers), func(t *testing.T) {
			s := DefaultSetup()
			s.Workers, s.PerCustomer, s.Customers = f.n, f.k, f.customers
			s.Left, s.Right = shuffle.StrategyShuffle, shuffle.StrategyHash
			m := newModel(t, 160, 48, Options{Setup: s})
			others := f.customers - 1
			for _, sd := range m.run.sides {
				e := sd.expect
				rows := m.odds.rows
				if got, want := rows[0].expect, tenths(e.Lost); got != want {
					t.Errorf("%s: the odds pane expects %s to lose service, the side %s", sd.strategy, got, want)
				}
				// One row for every degraded customer: with 2 workers each
				// ("1"), or from 5 on ("1 to k-1"); from 3 to 4 a row a count.
				if f.k == 2 || f.k > 4 {
					if got, want := rows[1].expect, tenths(e.Degraded); got != want {
						t.Errorf("%s: the odds pane expects %s degraded, the side %s", sd.strategy, got, want)
					}
				}
				if got, want := rows[len(rows)-1].expect, tenths(float64(others)-e.Lost-e.Degraded); got != want {
					t.Errorf("%s: the odds pane expects %s untouched, the side %s fine", sd.strategy, got, want)
				}
			}
		})
	}
}
