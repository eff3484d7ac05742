package retry

import (
	"testing"
	"time"

	"pgregory.net/rapid"
)

func TestBackoffGrowsAndCaps(t *testing.T) {
	b := Backoff{Base: 100 * time.Millisecond, Max: time.Second}
	for n, want := range map[int]time.Duration{1: 100, 2: 200, 3: 400, 4: 800, 5: 1000, 9: 1000} {
		// u just below 1 shows the ceiling.
		got := b.Delay(n, 0.999999)
		if got < want*time.Millisecond*999/1000 || got > want*time.Millisecond {
			t.Errorf("retry %d: ceiling %v, want %v", n, got, want*time.Millisecond)
		}
		if b.Delay(n, 0) != 0 {
			t.Errorf("full jitter must reach zero")
		}
	}
}

func TestBackoffNeverExceedsMax(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		base := time.Duration(rapid.Int64Range(0, int64(time.Minute)).Draw(t, "base"))
		b := Backoff{Base: base, Max: base + time.Duration(rapid.Int64Range(0, int64(time.Hour)).Draw(t, "extra"))}
		d := b.Delay(rapid.IntRange(1, 200).Draw(t, "n"), rapid.Float64Range(0, 0.9999999).Draw(t, "u"))
		if d < 0 || d > b.Max {
			t.Fatalf("delay %v outside [0, %v]", d, b.Max)
		}
	})
}

// The AWS SDKs' standard retry quota, rule by rule, as the AWS SDK for
// JavaScript v3 implements it (packages/middleware-retry/src/
// defaultRetryQuota.ts and StandardRetryStrategy.ts) with aws-sdk-go-v2's
// defaults (aws/retry/standard.go): 500 tokens, 5 a retry, 10 a retry after
// a timeout, 1 for a first-try success, a successful retry's cost refunded,
// never more than 500.
func TestAWSTokenBucket(t *testing.T) {
	tb := NewAWSTokenBucket()
	// 500 tokens pay for 100 plain retries, then no more.
	for i := range 100 {
		if cost, ok := tb.TryRetry(false); !ok || cost != 5 {
			t.Fatalf("retry %d: cost %d, allowed %v, with %d tokens", i+1, cost, ok, tb.Tokens())
		}
	}
	if cost, ok := tb.TryRetry(false); ok || cost != 0 || tb.Tokens() != 0 {
		t.Fatalf("an empty bucket paid for a retry (cost %d, %d tokens)", cost, tb.Tokens())
	}
	// First-try successes add 1 each: ten of them pay for one timeout retry.
	for range 10 {
		tb.OnSuccess(false, 0)
	}
	if tb.Tokens() != 10 {
		t.Fatalf("10 first-try successes left %d tokens, want 10", tb.Tokens())
	}
	if cost, ok := tb.TryRetry(true); !ok || cost != 10 || tb.Tokens() != 0 {
		t.Fatalf("a timeout retry: cost %d, allowed %v, %d tokens left", cost, ok, tb.Tokens())
	}
	for range 1000 {
		tb.OnSuccess(false, 0)
	}
	if tb.Tokens() != 500 {
		t.Fatalf("refunds overfilled the bucket: %d", tb.Tokens())
	}
}

// A retry that succeeds gives back its whole cost, 5 or 10, not 1: retries
// that work cost nothing, and only failing ones drain the bucket.
func TestAWSTokenBucketRefundsASuccessfulRetry(t *testing.T) {
	for _, timeout := range []bool{false, true} {
		tb := NewAWSTokenBucket()
		for range 100 { // drain it with failing retries
			tb.TryRetry(false)
		}
		tb.OnSuccess(false, 0)
		tb.OnSuccess(false, 0) // 2 tokens: too few for any retry
		if _, ok := tb.TryRetry(timeout); ok {
			t.Fatalf("2 tokens paid for a retry")
		}
		for range 8 {
			tb.OnSuccess(false, 0)
		}
		before := tb.Tokens()
		cost, ok := tb.TryRetry(timeout)
		if !ok {
			t.Fatalf("timeout %v: refused with %d tokens", timeout, before)
		}
		tb.OnSuccess(true, cost)
		if tb.Tokens() != before {
			t.Fatalf("timeout %v: a successful retry left %d tokens, want its cost %d back to %d", timeout, tb.Tokens(), cost, before)
		}
	}
	// The refund is capped too.
	tb := NewAWSTokenBucket()
	tb.OnSuccess(true, 10)
	if tb.Tokens() != 500 {
		t.Fatalf("a refund overfilled a full bucket: %d", tb.Tokens())
	}
}

// Whatever happens, the bucket stays within [0, capacity], and its content
// is exactly what the rule says: what it started with, minus what retries
// paid, plus what successes earned, cut at the capacity.
func TestTokenBucketFollowsTheRule(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		tb := NewAWSTokenBucket()
		want := 500
		lastCost, retried := 0, false
		for _, op := range rapid.SliceOf(rapid.IntRange(0, 3)).Draw(t, "ops") {
			switch op {
			case 0, 1: // a failed attempt asks for a retry (1: it timed out)
				price := 5 + 5*op
				cost, ok := tb.TryRetry(op == 1)
				if ok != (want >= price) {
					t.Fatalf("with %d tokens a retry of %d was allowed: %v", want, price, ok)
				}
				if ok {
					want -= price
					lastCost, retried = cost, true
				}
			case 2: // the request's latest attempt succeeds
				if retried {
					want = min(500, want+lastCost)
				} else {
					want = min(500, want+1)
				}
				tb.OnSuccess(retried, lastCost)
				lastCost, retried = 0, false
			case 3: // the request fails for good; a new one starts
				lastCost, retried = 0, false
			}
			if tb.Tokens() != want || want < 0 || want > 500 {
				t.Fatalf("tokens %d, want %d", tb.Tokens(), want)
			}
		}
	})
}

func TestEnvoyBudget(t *testing.T) {
	c := NewEnvoyBudget()
	for range 10 {
		c.Begin()
	}
	// 20 % of 10 is 2, but at least 3 are allowed.
	for i := range 3 {
		if _, ok := c.TryRetry(false); !ok {
			t.Fatalf("retry %d refused", i+1)
		}
	}
	if _, ok := c.TryRetry(false); ok {
		t.Fatal("a fourth concurrent retry was allowed with 10 active requests")
	}
	for range 40 {
		c.Begin()
	}
	// 50 active: 10 retries allowed.
	for i := 3; i < 10; i++ {
		if _, ok := c.TryRetry(false); !ok {
			t.Fatalf("retry %d refused with 50 active", i+1)
		}
	}
	if _, ok := c.TryRetry(false); ok {
		t.Fatal("more than 20 % of active requests retried")
	}
	c.EndRetry()
	if _, ok := c.TryRetry(false); !ok {
		t.Fatal("a finished retry did not free its slot")
	}
}
