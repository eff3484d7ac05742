package engine

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/ratelimit"
)

// A full bulkhead and a rate limiter's refusal inside the breaker (the
// default order puts both inside it) are what the breaker's
// RecordsRefusals says: ignored by default, failures when named, as every
// library's preset names them. The dependency itself never fails.
func TestBreakerRecordsInnerRefusalsOnlyWhenToldTo(t *testing.T) {
	slow := Latency{Kind: Constant, Value: 500 * ms}
	bulkhead := func(rec breaker.Refusals) Dependency {
		return Dependency{Latency: slow, Policy: Policy{
			Bulkhead: 2,
			Breaker:  &breaker.Config{WindowSize: 10, FailureRate: 0.5, OpenFor: time.Second, HalfOpenTrials: 1, RecordsRefusals: rec},
		}}
	}
	limited := func(rec breaker.Refusals) Dependency {
		return Dependency{Latency: Latency{Kind: Constant, Value: 10 * ms}, Policy: Policy{
			RateLimiter: &RateLimiterPolicy{Kind: TokenBucketLimiter, Bucket: ratelimit.BucketConfig{Rate: 2, Per: time.Second, Burst: 2}},
			Breaker:     &breaker.Config{WindowSize: 10, FailureRate: 0.5, OpenFor: time.Second, HalfOpenTrials: 1, RecordsRefusals: rec},
		}}
	}
	for _, tc := range []struct {
		name  string
		dep   Dependency
		opens bool
	}{
		{"bulkhead, ignored", bulkhead(0), false},
		{"bulkhead, the rate limiter's recorded", bulkhead(breaker.RateLimiterRefusals), false},
		{"bulkhead, recorded", bulkhead(breaker.BulkheadRefusals), true},
		{"bulkhead, all recorded", bulkhead(breaker.AllRefusals), true},
		{"rate limiter, ignored", limited(0), false},
		{"rate limiter, the bulkhead's recorded", limited(breaker.BulkheadRefusals), false},
		{"rate limiter, recorded", limited(breaker.RateLimiterRefusals), true},
	} {
		snap := runToEnd(t, oneDep(100, 20, tc.dep))
		d := snap.Dependencies[0]
		if d.BulkheadFull+d.RateLimited == 0 {
			t.Fatalf("%s: nothing was refused inside the breaker", tc.name)
		}
		if opened := len(snap.Transitions) > 0; opened != tc.opens {
			t.Errorf("%s: the breaker opened %v (transitions %v), want %v", tc.name, opened, snap.Transitions, tc.opens)
		}
		if tc.opens && snap.Transitions[0].Reason() == "" {
			t.Errorf("%s: no reason for %+v", tc.name, snap.Transitions[0])
		}
	}
}
