// Package retry holds the pieces of a retry policy that are state machines of
// their own: exponential backoff with full jitter, and retry budgets (the AWS
// SDK's token bucket, Envoy's share of active requests), plus Do, the retry
// loop for real calls. Like the breaker,
// they know nothing of the simulation: randomness is a func the caller
// injects, so the same code runs seeded in the engine and against real
// sockets. It imports only the standard library; nothing here is safe for
// concurrent use without the caller's own lock.
package retry

import (
	"fmt"
	"time"
)

// Backoff is exponential backoff with full jitter: before retry n (counting
// from 1) it waits a uniformly random time in [0, min(Max, Base·2^(n-1))).
// Full jitter spreads the retries of many clients that failed together, so
// they do not come back together.
type Backoff struct {
	Base, Max time.Duration
}

// Validate names the field that is out of range.
func (b Backoff) Validate() error {
	if b.Base < 0 || b.Max < b.Base {
		return fmt.Errorf("backoff needs 0 <= base <= max, got base %v and max %v", b.Base, b.Max)
	}
	return nil
}

// Delay is the wait before retry n (n >= 1), given a uniform draw u in [0, 1).
func (b Backoff) Delay(n int, u float64) time.Duration {
	ceiling := b.Base
	for i := 1; i < n && ceiling < b.Max; i++ {
		ceiling *= 2
	}
	ceiling = min(ceiling, b.Max)
	return time.Duration(u * float64(ceiling))
}

// Budget decides whether a retry may be sent, so that retries cannot
// multiply the load on a dependency that is already failing.
type Budget interface {
	// TryRetry asks for one retry; timeout says the failed attempt timed out.
	// It reports whether the retry may go and what the budget charged for
	// it. The caller keeps the cost and hands it back to OnSuccess if that
	// retry is the attempt that succeeds.
	TryRetry(timeout bool) (cost int, ok bool)
	// OnSuccess tells the budget a request succeeded. retried says the
	// attempt that succeeded was a retry; cost is what TryRetry charged for
	// that retry (ignored when retried is false).
	OnSuccess(retried bool, cost int)
	// Begin and End bracket each request that may retry (Envoy counts them).
	Begin()
	End()
	// Name names the budget for displays.
	Name() string
}

// TokenBucket is the AWS SDKs' retry quota in their "standard" retry mode.
// The bucket starts full. A retry must pay RetryCost tokens, or TimeoutCost
// after a timeout; when the bucket cannot pay, the retry is not sent. A
// request that succeeds on its first attempt adds NoRetryIncrement; a retry
// that succeeds gives back what it cost, so retries that work are free and
// only failing retries drain the bucket. Nothing fills it past Capacity.
//
// The rule and the numbers (500, 5, 10, 1) are those of the AWS SDK for
// JavaScript v3, packages/middleware-retry/src/defaultRetryQuota.ts
// (releaseRetryTokens adds the retry's cost, or NO_RETRY_INCREMENT when there
// was none, capped at the initial tokens) and StandardRetryStrategy.ts, and
// of the AWS SDK for Go v2, aws/retry/standard.go (DefaultRetryRateTokens,
// DefaultRetryCost, DefaultRetryTimeoutCost, DefaultNoRetryIncrement;
// GetRetryToken's release refunds the cost on success) with the bucket of
// aws/ratelimit/token_bucket.go, up to v1.47.8. One difference in Go v2 up
// to then: its middleware (aws/retry/middleware.go, handleAttempt) also
// released an attempt token after every successful attempt, so there a
// successful retry earned its cost plus NoRetryIncrement. v1.48.0
// (November 2026) made "retry behavior 2.1" the default: GetAttemptToken
// gives the increment to a first attempt only, and a retry costs 14 tokens
// (5 after throttling). This type follows the JavaScript rule, the one the
// lessons teach.
type TokenBucket struct {
	Capacity         int // the tokens it starts with, and the most it holds
	RetryCost        int // the price of a retry
	TimeoutCost      int // the price of a retry after a timeout
	NoRetryIncrement int // earned by a request that succeeds on its first attempt
	tokens           int
}

// NewAWSTokenBucket returns the AWS SDKs' standard quota: 500 tokens, 5 per
// retry, 10 per retry after a timeout, 1 back per first-try success, and a
// successful retry's cost refunded.
func NewAWSTokenBucket() *TokenBucket {
	return NewTokenBucket(500, 5, 10, 1)
}

// NewTokenBucket returns a full bucket. Negative amounts count as zero.
func NewTokenBucket(capacity, retryCost, timeoutCost, noRetryIncrement int) *TokenBucket {
	capacity = max(0, capacity)
	return &TokenBucket{
		Capacity:         capacity,
		RetryCost:        max(0, retryCost),
		TimeoutCost:      max(0, timeoutCost),
		NoRetryIncrement: max(0, noRetryIncrement),
		tokens:           capacity,
	}
}

// Tokens is what the bucket holds now.
func (t *TokenBucket) Tokens() int { return t.tokens }

// TryRetry pays for a retry if the bucket can, and says what it paid.
func (t *TokenBucket) TryRetry(timeout bool) (int, bool) {
	cost := t.RetryCost
	if timeout {
		cost = t.TimeoutCost
	}
	if t.tokens < cost {
		return 0, false
	}
	t.tokens -= cost
	return cost, true
}

// OnSuccess refunds a successful retry's cost, or adds NoRetryIncrement
// for a first-try success, up to the capacity.
func (t *TokenBucket) OnSuccess(retried bool, cost int) {
	refund := t.NoRetryIncrement
	if retried {
		refund = max(0, cost)
	}
	t.tokens = min(t.Capacity, t.tokens+refund)
}

// Begin does nothing: the bucket does not count requests.
func (t *TokenBucket) Begin() {}

// End does nothing.
func (t *TokenBucket) End() {}

// Name names the budget.
func (t *TokenBucket) Name() string { return "token bucket" }

// Concurrency is Envoy's retry budget: retries in flight may be at most a
// share of the requests in flight, but at least a minimum.
type Concurrency struct {
	Share      float64 // of active requests, e.g. 0.2
	MinRetries int     // always allowed, e.g. 3
	active     int     // requests in flight
	retrying   int     // requests in flight that have retried
}

// NewEnvoyBudget returns Envoy's default budget: 20 % of active requests, at
// least 3 concurrent retries.
func NewEnvoyBudget() *Concurrency { return &Concurrency{Share: 0.2, MinRetries: 3} }

// TryRetry allows a retry while retries in flight stay within the budget.
// A retry costs nothing to keep: its slot comes back through EndRetry.
func (c *Concurrency) TryRetry(bool) (int, bool) {
	limit := max(c.MinRetries, int(c.Share*float64(c.active)))
	if c.retrying >= limit {
		return 0, false
	}
	c.retrying++
	return 0, true
}

// OnSuccess does nothing: the budget counts requests, not results.
func (c *Concurrency) OnSuccess(bool, int) {}

// Begin counts a request in flight.
func (c *Concurrency) Begin() { c.active++ }

// End counts a request done. A request that retried gives its retry back.
func (c *Concurrency) End() { c.active = max(0, c.active-1) }

// EndRetry gives back one retry slot, when a retried request ends.
func (c *Concurrency) EndRetry() { c.retrying = max(0, c.retrying-1) }

// Retrying is the number of retries in flight.
func (c *Concurrency) Retrying() int { return c.retrying }

// Name names the budget.
func (c *Concurrency) Name() string { return "concurrency" }
