package sweep_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/lessons"
)

// prepare prepares a sweep of the built-in scenario name's variant v
// (from 0) over the --vary specs, measuring measure, with the knob
// setter the command line and the sandbox use.
func prepare(t *testing.T, name string, v int, measure string, specs ...string) error {
	t.Helper()
	return prepareOn(t, []uint64{1}, name, v, measure, specs...)
}

// prepareOn is prepare on the seeds given.
func prepareOn(t *testing.T, seeds []uint64, name string, v int, measure string, specs ...string) error {
	t.Helper()
	b, ok := scenarios.Lookup(name)
	if !ok {
		t.Fatalf("no scenario %s", name)
	}
	m, err := sweep.ParseMetric(measure, b.Build(), v)
	if err != nil {
		t.Fatal(err)
	}
	p := &sweep.Plan{Build: b.Build, Variant: v, Seeds: seeds, Measure: m, Set: lessons.SetKnob}
	for _, s := range specs {
		ax, err := sweep.ParseVary(s)
		if err != nil {
			t.Fatal(err)
		}
		p.Axes = append(p.Axes, ax)
	}
	return p.Prepare()
}

// One part of a rate limiter, a latency or a shedding the variant does
// not have, swept alone, was refused by the scenario for a field the
// learner never set ("token bucket rate is 0", "needs 0 < p50 < p99, got
// p50 0s", "shedding bound for default requests is 0s"); a knob nothing
// in the variant reads (shedding without an accept queue, a backoff
// without retries) ran every value alike. Each is refused up front, in
// words naming what the variant has and what to vary instead; the sweeps
// of what a variant has, or of a knob made to matter by the other axis,
// are taken.
func TestPrepareRefusesAPartTheVariantLacksOrNeverReads(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		variant  int
		specs    []string
		says     []string // nil: Prepare takes it
		not      string   // what it must not say
	}{
		{"cascade", 0, []string{"recommendations.ratelimiter.burst=1..5:2"}, []string{
			"--vary recommendations.ratelimiter.burst: variant 1 of cascade (one shared pool of 200 threads) has no rate limiter on recommendations",
			"a policy.ratelimiter table on recommendations"}, "rate is 0"},
		{"cascade", 0, []string{"recommendations.ratelimiter.per=1s..2s:2"}, []string{"has no rate limiter on recommendations"}, "rate is 0"},
		{"cascade", 0, []string{"recommendations.ratelimiter.max_wait=1s..2s:2"}, []string{"has no rate limiter on recommendations"}, "rate is 0"},
		{"cascade", 0, []string{"recommendations.latency.p99=1s..2s:2"}, []string{
			"recommendations' latency in variant 1 of cascade (one shared pool of 200 threads) is an exponential one, and latency.p99 is a knob of a lognormal one",
			"Vary recommendations.latency.mean instead"}, "p50 0s"},
		{"cascade", 0, []string{"shed.max_wait.critical=1s..2s:2"}, []string{
			"has no accept queue (queue = 0) and sheds no load", "so every value would run the same"}, "bound for default"},
		{"cascade", 0, []string{"shed.max_wait=1ms..3s:3"}, []string{"has no accept queue (queue = 0)", "so every value would run the same"}, ""},
		{"cascade", 0, []string{"recommendations.retry.base=10ms..100ms:2"}, []string{
			"recommendations makes one attempt in variant 1 of cascade", "vary recommendations.retry.attempts with it", "so every value would run the same"}, ""},
		{"cascade", 0, []string{"workers=100..200:2", "recommendations.retry.max=10ms..100ms:2"}, []string{"--vary recommendations.retry.max: recommendations makes one attempt"}, ""},
		{"rate-limit-vs-bulkhead", 0, []string{"catalog.shed.max_wait=10ms..200ms:2"}, []string{
			"has no load shedding on service catalog's accept queue", "Variants 4, 8 have one: --variant 4"}, ""},
		{"rate-limit-vs-bulkhead", 0, []string{"partner-catalog.ratelimiter.limit_for_period=5..20:2"}, []string{
			"has no rate limiter on partner-catalog", "Variants 2, 6 have one"}, ""},
		// Taken: what the variant has, retries from attempts, a backoff
		// that attempts make matter, the distribution's own knob.
		{"cascade", 0, []string{"recommendations.retry.attempts=1..3:3"}, nil, ""},
		{"cascade", 0, []string{"recommendations.retry.attempts=1..3:3", "recommendations.retry.base=10ms..100ms:2"}, nil, ""},
		{"cascade", 0, []string{"recommendations.latency.mean=10ms..50ms:2"}, nil, ""},
		{"rate-limit-vs-bulkhead", 3, []string{"catalog.shed.max_wait=10ms..200ms:2"}, nil, ""},
		{"rate-limit-vs-bulkhead", 1, []string{"partner-catalog.ratelimiter.limit_for_period=5..20:2"}, nil, ""},
	} {
		err := prepare(t, tc.scenario, tc.variant, "search.ok", tc.specs...)
		name := tc.scenario + " " + strings.Join(tc.specs, " ")
		if tc.says == nil {
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: Prepare took it", name)
			continue
		}
		for _, s := range tc.says {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("%s: %v\nwant it to say %q", name, err, s)
			}
		}
		if tc.not != "" && strings.Contains(err.Error(), tc.not) {
			t.Errorf("%s: %v\nspeaks of a field never set (%q)", name, err, tc.not)
		}
	}
}

// The knobs a sweep offers for a variant (NumberKnobs less those
// Sweepable refuses) are those a plan takes: cascade's shared pool is
// offered its workers, timeouts and retry attempts, not a rate limiter's
// burst, shedding, a backoff without retries, a breaker it lacks or a
// lognormal's p99 on an exponential latency; each refused knob is one
// Prepare refuses, for the same reason.
func TestSweepableAgreesWithPrepare(t *testing.T) {
	build := scenarios.Cascade
	knobs := lessons.NumberKnobs(build(), 0)
	offered := map[string]bool{}
	for _, k := range knobs {
		offered[k] = sweep.Sweepable(build, 0, lessons.SetKnob, k) == nil
	}
	for k, want := range map[string]bool{
		"workers": true, "recommendations.timeout": true, "recommendations.retry.attempts": true, "search.rate": true,
		"recommendations.ratelimiter.burst": false, "shed.max_wait": false, "recommendations.retry.base": false,
		"recommendations.breaker.window": false, "recommendations.latency.p99": false,
	} {
		if got, listed := offered[k]; !listed || got != want {
			t.Errorf("%s: offered %v (in NumberKnobs: %v), want %v", k, got, listed, want)
		}
	}
	for _, spec := range []string{"recommendations.ratelimiter.burst=1..2:2", "shed.max_wait=1s..2s:2", "recommendations.retry.base=1s..2s:2"} {
		path, _, _ := strings.Cut(spec, "=")
		want := sweep.Sweepable(build, 0, lessons.SetKnob, path)
		if err := prepare(t, "cascade", 0, "search.ok", spec); err == nil || want == nil || err.Error() != want.Error() {
			t.Errorf("%s: Prepare says %v, Sweepable %v", spec, err, want)
		}
	}
}
