package scenarios

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
)

// Each variant of rate-limit-vs-bulkhead makes its point on every seed
// tried (seeds 1 to 10). The bounds are far from the values seen: home
// 63-67 % ok unprotected in either overload and 100 % where a tool shields
// the front; search 100 % ok with a rate limiter or bulkheads in the burst,
// 62-66 % with shedding; the partner 16-17 % with its limiter; catalog
// answering about 7,000 calls with the limiter against 11,700-12,100
// without it; search's median 41-42 ms with the limiter, about 80 ms with
// bulkheads.
func TestRateLimitVsBulkheadMakesEachPoint(t *testing.T) {
	const (
		burstNone, burstLimiter, burstBulkhead, burstShed = 0, 1, 2, 3
		slowNone, slowLimiter, slowBulkhead, slowShed     = 4, 5, 6, 7
		home, search, partner                             = 0, 1, 2
	)
	for seed := uint64(1); seed <= 10; seed++ {
		snaps, err := engine.RunAll(RateLimitVsBulkhead(), seed)
		if err != nil {
			t.Fatal(err)
		}
		if len(snaps) != 8 {
			t.Fatalf("want 8 variants, got %d", len(snaps))
		}
		ok := func(v, ep int) float64 {
			return report.WindowTally(&snaps[v].Endpoints[ep]).Share(engine.OK)
		}
		catalog := func(v int) *engine.ServiceSnapshot { return &snaps[v].Services[0] }
		edge := func(v, i int) *engine.DependencySnapshot { return &snaps[v].Dependencies[i] }
		name := func(v int) string { return snaps[v].Variant }

		// Unprotected, either overload reaches the home page, which calls
		// nothing.
		for _, v := range []int{burstNone, slowNone} {
			if h := ok(v, home); h > 0.85 {
				t.Errorf("seed %d, %s: home should suffer, got %.1f %% ok", seed, name(v), 100*h)
			}
		}
		// The burst: the limiter refuses the partner's excess at the front,
		// so catalog and the other caller, search, never see it.
		if s, p := ok(burstLimiter, search), ok(burstLimiter, partner); s < 0.99 || p > 0.3 {
			t.Errorf("seed %d: with the partner's limiter search should be whole and the partner cut, got %.1f %% and %.1f %%", seed, 100*s, 100*p)
		}
		if edge(burstLimiter, 1).RateLimited < 5000 {
			t.Errorf("seed %d: the limiter should refuse thousands of the partner's calls, got %d", seed, edge(burstLimiter, 1).RateLimited)
		}
		// Bulkheads shield the front too, but catalog runs flat out:
		// search waits behind the partner's calls.
		if h, s := ok(burstBulkhead, home), ok(burstBulkhead, search); h < 0.99 || s < 0.95 {
			t.Errorf("seed %d: bulkheads should keep home and search up in the burst, got %.1f %% and %.1f %%", seed, 100*h, 100*s)
		}
		if lim, bh := catalog(burstLimiter).Answered[engine.OK], catalog(burstBulkhead).Answered[engine.OK]; float64(bh) < 1.4*float64(lim) {
			t.Errorf("seed %d: behind bulkheads catalog should do clearly more of the partner's work than behind the limiter: %d vs %d calls", seed, bh, lim)
		}
		if lim, bh := snaps[burstLimiter].Endpoints[search].P50, snaps[burstBulkhead].Endpoints[search].P50; bh < lim*3/2 {
			t.Errorf("seed %d: search should be clearly slower behind bulkheads (%v) than with the limiter (%v)", seed, bh, lim)
		}
		// Shedding protects catalog from everyone, search included: it
		// refuses the innocent caller as readily as the noisy one.
		if s := ok(burstShed, search); s > 0.8 {
			t.Errorf("seed %d: shedding should refuse search's calls as well, got %.1f %% ok", seed, 100*s)
		}
		var shedCount uint64
		for _, n := range catalog(burstShed).Shed {
			shedCount += n
		}
		if shedCount < 1000 || ok(burstShed, home) < 0.99 {
			t.Errorf("seed %d: catalog should shed thousands (%d) and home stay up (%.1f %%)", seed, shedCount, 100*ok(burstShed, home))
		}
		// The slow provider at the usual rates: the limiter never trips
		// in earnest and home suffers as without it; bulkheads and
		// catalog's shedding keep the front's workers free.
		if n, l := ok(slowNone, home), ok(slowLimiter, home); l > n+0.05 {
			t.Errorf("seed %d: the limiter should not help against a slow provider: home %.1f %% vs %.1f %% without", seed, 100*l, 100*n)
		}
		for _, v := range []int{slowBulkhead, slowShed} {
			if h := ok(v, home); h < 0.99 {
				t.Errorf("seed %d, %s: home should stay up, got %.1f %%", seed, name(v), 100*h)
			}
		}
	}
}
