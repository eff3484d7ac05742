package scenariofile

import (
	"reflect"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/breaker"
	toml "github.com/pelletier/go-toml/v2"
)

// TestBreakerTableRoundTrip writes breaker configurations (every library
// preset, and ones that set every field) as a breaker table and reads them
// back, without running them.
func TestBreakerTableRoundTrip(t *testing.T) {
	configs := map[string]breaker.Config{
		"jitter": {WindowSize: 10, FailureRate: 0.5, OpenFor: 1e9, HalfOpenTrials: 1, OpenJitter: 0.3, OpenBackoff: 2, OpenMax: 8e9},
	}
	for _, p := range breaker.Presets() {
		configs[p.Name] = p.Config
	}
	for _, v := range kitchenSink().Variants {
		for _, d := range v.System.Dependencies {
			if d.Policy.Breaker != nil {
				configs[v.Name+"/"+d.Name] = *d.Policy.Breaker
			}
		}
	}
	for name, cfg := range configs {
		var w writer
		writeBreaker(&w, cfg)
		var doc map[string]any
		if err := toml.Unmarshal(w.bytes(), &doc); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, w.bytes())
		}
		c := &conv{file: "b.toml", ix: indexLines(w.bytes())}
		got, err := c.breaker(table{m: doc, what: "breaker"})
		if err != nil {
			t.Fatalf("%s: %v\n%s", name, err, w.bytes())
		}
		if !reflect.DeepEqual(got, cfg) {
			t.Errorf("%s: got %+v, want %+v\n%s", name, got, cfg, w.bytes())
		}
	}
}

func TestBreakerPreset(t *testing.T) {
	doc := strings.Replace(base, `policy = { timeout = "1s" }`, `policy = { breaker = { preset = "resilience4j", open_for = "1s", half_open_trials = 2 } }`, 1)
	sc, err := Parse("mine.toml", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	want := breaker.Resilience4j()
	want.OpenFor, want.HalfOpenTrials = 1e9, 2
	if got := *sc.Variants[0].System.Dependencies[0].Policy.Breaker; got != want {
		t.Errorf("a preset's fields are overridden by the table's: got %+v, want %+v", got, want)
	}
	doc = strings.Replace(base, `policy = { timeout = "1s" }`, `policy = { breaker = { preset = "resilience5j" } }`, 1)
	_, err = Parse("mine.toml", []byte(doc))
	if err == nil || !strings.Contains(err.Error(), `mine.toml:16: dependencies "payment" policy.breaker: unknown breaker preset "resilience5j" (allowed: resilience4j, polly, gobreaker, hystrix, failsafe-go, opossum)`) {
		t.Errorf("unknown preset: %v", err)
	}
}

// The fields that say where the libraries differ in the small print are
// read, override a preset's, and are refused with a message naming the
// field and what it allows.
func TestBreakerLibraryFields(t *testing.T) {
	withBreaker := func(b string) string {
		return strings.Replace(base, `policy = { timeout = "1s" }`, `policy = { breaker = { `+b+` } }`, 1)
	}
	sc, err := Parse("mine.toml", []byte(withBreaker(`preset = "gobreaker", interval = "10s", bucket_period = "2s", strict_wait_end = false, record_late = true`)))
	if err != nil {
		t.Fatal(err)
	}
	want := breaker.Gobreaker()
	want.Interval, want.BucketPeriod, want.StrictWaitEnd, want.RecordLate = 10e9, 2e9, false, true
	if got := *sc.Variants[0].System.Dependencies[0].Policy.Breaker; got != want {
		t.Errorf("got %+v, want %+v", got, want)
	}
	sc, err = Parse("mine.toml", []byte(withBreaker(`preset = "polly", floating_buckets = false, half_open_rule = "window-at-minimum"`)))
	if err != nil {
		t.Fatal(err)
	}
	if got := *sc.Variants[0].System.Dependencies[0].Policy.Breaker; got.FloatingBuckets || got.HalfOpenRule != breaker.TrialsAsWindowAtMinimum {
		t.Errorf("overrides not applied: %+v", got)
	}
	sc, err = Parse("mine.toml", []byte(withBreaker(`preset = "resilience4j", records_refusals = "none", late_ignored_frees_trial = false`)))
	if err != nil {
		t.Fatal(err)
	}
	if got := *sc.Variants[0].System.Dependencies[0].Policy.Breaker; got.RecordsRefusals != 0 || got.LateIgnoredFreesTrial {
		t.Errorf("issue 25's overrides not applied: %+v", got)
	}
	sc, err = Parse("mine.toml", []byte(withBreaker(`window_size = 4, failure_rate = 0.5, open_for = "1s", half_open_trials = 1, records_refusals = "ratelimiter"`)))
	if err != nil {
		t.Fatal(err)
	}
	if got := sc.Variants[0].System.Dependencies[0].Policy.Breaker.RecordsRefusals; got != breaker.RateLimiterRefusals {
		t.Errorf("records_refusals read as %v", got)
	}

	for _, tc := range []struct{ breaker, want string }{
		{`preset = "gobreaker", strict_wait_end = "yes"`, `strict_wait_end must be true or false (no quotes), got the string "yes"`},
		{`preset = "gobreaker", record_late = 1`, `record_late must be true or false`},
		{`preset = "polly", floating_buckets = 0`, `floating_buckets must be true or false`},
		{`preset = "resilience4j", floating_buckets = true`, `floating buckets belong to a time window`},
		{`preset = "gobreaker", interval = "soon"`, `interval`},
		{`preset = "gobreaker", bucket_period = "1s"`, `bucket period 1s rolls the counts of an interval: set the interval too`},
		{`preset = "hystrix", interval = "10s", bucket_period = "1s"`, `bucket period rolls gobreaker's counts, which only the consecutive-failure rule reads`},
		{`preset = "gobreaker", interval = "10h", bucket_period = "1ms"`, `more than 4096 buckets`},
		{`preset = "resilience4j", half_open_rule = "early"`, `unknown breaker half-open rule "early" (allowed: first-failure, window, window-at-minimum)`},
		{`preset = "gobreaker", records_refusals = "bulkheads"`, `unknown breaker refusals "bulkheads" (allowed: none, bulkhead, ratelimiter, all)`},
		{`preset = "gobreaker", records_refusals = true`, `records_refusals`},
		{`preset = "resilience4j", late_ignored_frees_trial = "yes"`, `late_ignored_frees_trial must be true or false`},
	} {
		_, err := Parse("mine.toml", []byte(withBreaker(tc.breaker)))
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "mine.toml:16:") {
			t.Errorf("%s: %v, want it to say %q at line 16", tc.breaker, err, tc.want)
		}
	}
}
