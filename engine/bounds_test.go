package engine_test

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// Each bound the engine holds a call's settings to takes its ends and
// refuses one past them, naming the setting and the range: a wait longer
// than the longest run, or a limiter of more permits than any service
// hands out, is a typing slip that would otherwise run.
func TestCallSettingsBounds(t *testing.T) {
	b, ok := scenarios.Lookup("cascade")
	if !ok {
		t.Fatal("no cascade scenario")
	}
	// find is the first dependency of any variant that pick takes, so each
	// edit below reaches a setting the engine reads.
	find := func(sc *engine.Scenario, want func(d *engine.Dependency) bool) *engine.Dependency {
		for vi := range sc.Variants {
			deps := sc.Variants[vi].System.Dependencies
			for di := range deps {
				if want(&deps[di]) {
					return &deps[di]
				}
			}
		}
		return nil
	}
	anyDep := func(d *engine.Dependency) bool { return d.Service == "" }
	for _, c := range []struct {
		name   string
		pick   func(d *engine.Dependency) bool
		set    func(d *engine.Dependency, top bool)
		refuse string
	}{
		{"timeout", anyDep, func(d *engine.Dependency, top bool) { d.Policy.Timeout = engine.MaxDuration + past(top) }, "timeout and deadline must be between 0 (none) and 24h"},
		{"bulkhead wait", anyDep, func(d *engine.Dependency, top bool) { d.Policy.BulkheadWait = engine.MaxDuration + past(top) }, "bulkhead wait must be between 0 and 24h"},
		{"limiter rate", anyDep, func(d *engine.Dependency, top bool) {
			d.Policy.RateLimiter = limiter(engine.MaxPermits+int(past(top)), 1)
		}, "token bucket rate and burst must each be between 1 and 1,000,000"},
		{"limiter burst", anyDep, func(d *engine.Dependency, top bool) {
			d.Policy.RateLimiter = limiter(1, engine.MaxPermits+int(past(top)))
		}, "token bucket rate and burst must each be between 1 and 1,000,000"},
	} {
		for _, top := range []bool{false, true} {
			sc := b.Build()
			d := find(sc, c.pick)
			if d == nil {
				t.Fatalf("%s: no dependency to set it on", c.name)
			}
			c.set(d, top)
			err := sc.Validate()
			switch {
			case top && err != nil:
				t.Errorf("%s at its top: refused: %v", c.name, err)
			case !top && (err == nil || !strings.Contains(err.Error(), c.refuse)):
				t.Errorf("%s one past its top: got %v, want %q", c.name, err, c.refuse)
			}
		}
	}
}

// past is 0 at a bound's top and one step (1 ns, or 1) past it.
func past(top bool) time.Duration {
	if top {
		return 0
	}
	return 1
}

// limiter is a token bucket of rate tokens a second holding burst.
func limiter(rate, burst int) *engine.RateLimiterPolicy {
	return &engine.RateLimiterPolicy{Kind: engine.TokenBucketLimiter, Bucket: ratelimit.BucketConfig{Rate: rate, Per: time.Second, Burst: burst}}
}
