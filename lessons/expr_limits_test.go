package lessons

import (
	"strconv"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// The limit metrics quote the engine's own counters for every variant of
// rate-limit-vs-bulkhead: the limiter's refusals are non-zero only where the
// partner has a limiter and the shedding count only where catalog sheds, so
// a metric wired to the wrong edge, service or counter differs somewhere.
func TestLimitMetricsReadTheEnginesSnapshot(t *testing.T) {
	const seed = 5
	snaps, err := engine.RunAll(scenarios.RateLimitVsBulkhead(), seed)
	if err != nil {
		t.Fatal(err)
	}
	var sawLimited, sawShed bool
	for v := range snaps {
		run := "rate-limit-vs-bulkhead/" + strconv.Itoa(v)
		var partner, search *engine.DependencySnapshot
		for i := range snaps[v].Dependencies {
			switch d := &snaps[v].Dependencies[i]; d.Name {
			case "partner-catalog":
				partner = d
			case "search-catalog":
				search = d
			}
		}
		var shed uint64
		for _, n := range inventoryOf(t, &snaps[v], "catalog").Shed {
			shed += n
		}
		sawLimited = sawLimited || partner.RateLimited > 0
		sawShed = sawShed || shed > 0
		want := map[string]float64{
			"edge-rate-limited " + run + " partner-catalog": float64(partner.RateLimited),
			"edge-rate-limited " + run + " search-catalog":  float64(search.RateLimited),
			"service-shed " + run + " catalog":              float64(shed),
			"service-shed " + run + " front":                0, // the front does not shed here
		}
		for expr, w := range want {
			if got := mustEval(t, seed, expr); got != w {
				t.Errorf("%s = %v, the snapshot says %v", expr, got, w)
			}
		}
	}
	if !sawLimited || !sawShed {
		t.Fatalf("the scenario should limit and shed somewhere (limited %v, shed %v): the test would prove nothing", sawLimited, sawShed)
	}
}

// A name the run does not have is refused with the names it has.
func TestLimitMetricsNameWhatExists(t *testing.T) {
	for _, expr := range []string{
		"edge-rate-limited rate-limit-vs-bulkhead/1 nowhere",
		"service-shed rate-limit-vs-bulkhead/3 nowhere",
	} {
		if _, err := evalOn(t, 5, expr); err == nil {
			t.Errorf("%s: no error", expr)
		}
	}
}

// param reads the knobs the limits are set with, through the knob form's
// own reader, and says so when a variant has no such knob.
func TestParamReadsLimitKnobs(t *testing.T) {
	const run = "rate-limit-vs-bulkhead/"
	for expr, want := range map[string]float64{
		"param " + run + "1 partner-catalog.ratelimiter.limit_for_period":     10,
		"param " + run + "1 partner-catalog.ratelimiter.limit_refresh_period": 0.1,
		"param " + run + "1 partner-catalog.ratelimiter.timeout_duration":     0,
		"param " + run + "3 catalog.shed.max_wait":                            0.05,
		"param " + run + "0 partner-api.burst.rate":                           600,
		"param " + run + "0 partner-api.burst.from":                           10,
		"param " + run + "0 partner-api.burst.to":                             30,
	} {
		v, err := evalOn(t, 5, expr)
		if err != nil {
			t.Errorf("%s: %v", expr, err)
			continue
		}
		if got := v.F; got != want { // a duration's F is in seconds
			t.Errorf("%s = %v (kind %v), want %v", expr, v.F, v.Kind, want)
		}
	}
	for _, expr := range []string{
		"param " + run + "0 partner-catalog.ratelimiter.limit_for_period", // no limiter in variant 0
		"param " + run + "0 catalog.shed.max_wait",                        // no shedding in variant 0
		"param " + run + "4 partner-api.burst.rate",                       // no burst in the slow variants
		"param " + run + "1 partner-catalog.ratelimiter.rate",             // a token bucket's key on a period limiter
	} {
		if _, err := evalOn(t, 5, expr); err == nil {
			t.Errorf("%s: no error", expr)
		}
	}
}
