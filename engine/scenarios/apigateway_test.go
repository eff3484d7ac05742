package scenarios

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
)

// Each variant of api-gateway makes its point on seeds 1 to 10: with a
// breaker per upstream only search fails and the four healthy routes are
// answered; with one breaker shared by every upstream search's timeouts
// open it for all, and the healthy routes are refused, worse off than with
// no breaker at all; with no breakers the hung calls take the gateway's
// pool and the healthy routes lose a share of their requests. The bounds
// are far from the values seen (healthy routes ok, seeds 1-10: 100.0 %
// with a breaker each; 0.0-5.5 % with the shared breaker; 60.0-67.7 %
// with no breakers).
func TestAPIGatewayMakesEachPoint(t *testing.T) {
	const perUpstream, shared, none = 0, 1, 2
	for seed := uint64(1); seed <= 10; seed++ {
		snaps, err := engine.RunAll(APIGateway(), seed)
		if err != nil {
			t.Fatal(err)
		}
		ok := func(v, ep int) float64 {
			return report.WindowTally(&snaps[v].Endpoints[ep]).Share(engine.OK)
		}
		for v := range snaps {
			if s := ok(v, 0); s > 0.05 {
				t.Errorf("seed %d, %s: search's upstream hangs, yet %.1f %% of search was ok", seed, snaps[v].Variant, 100*s)
			}
		}
		for ep := 1; ep < len(gatewayRoutes); ep++ {
			name := gatewayRoutes[ep].route
			if s := ok(perUpstream, ep); s < 0.99 {
				t.Errorf("seed %d: with a breaker per upstream, %s should not notice search's hang, got %.1f %% ok", seed, name, 100*s)
			}
			if s := ok(shared, ep); s > 0.3 {
				t.Errorf("seed %d: the shared breaker should refuse most of %s's calls, got %.1f %% ok", seed, name, 100*s)
			}
			if s := ok(none, ep); s > 0.85 || s < 0.3 {
				t.Errorf("seed %d: with no breakers %s should lose a share to the exhausted pool, got %.1f %% ok", seed, name, 100*s)
			}
			if s, n := ok(shared, ep), ok(none, ep); s > n/2 {
				t.Errorf("seed %d: %s: the shared breaker should do worse than none at all: %.1f %% vs %.1f %%", seed, name, 100*s, 100*n)
			}
			if d := snaps[shared].Dependencies[ep]; d.ShortCircuited == 0 {
				t.Errorf("seed %d: the shared breaker refused none of %s's calls", seed, d.Name)
			}
			if d := snaps[perUpstream].Dependencies[ep]; d.ShortCircuited != 0 {
				t.Errorf("seed %d: %s's own breaker refused %d calls; it is healthy", seed, d.Name, d.ShortCircuited)
			}
		}
		for v, want := range map[int]string{perUpstream: "search-api", shared: gatewayGroup} {
			if len(snaps[v].Transitions) == 0 {
				t.Errorf("seed %d, %s: no breaker opened", seed, snaps[v].Variant)
			}
			for _, tr := range snaps[v].Transitions {
				if tr.Dependency != want {
					t.Errorf("seed %d, %s: a transition of %q, want only %q's", seed, snaps[v].Variant, tr.Dependency, want)
					break
				}
			}
		}
		if n := len(snaps[none].Transitions); n != 0 {
			t.Errorf("seed %d: %d transitions without breakers", seed, n)
		}
	}
}
