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
	// It reports whether the retry may go.
	TryRetry(timeout bool) bool
	// OnSuccess tells the budget a call succeeded.
	OnSuccess()
	// Begin and End bracket each request that may retry (Envoy counts them).
	Begin()
	End()
	// Name names the budget for displays.
	Name() string
}

// TokenBucket is the AWS SDKs' retry quota: a bucket of tokens; a retry costs
// some, a retry after a timeout costs more, and each success returns one.
// When the bucket cannot pay, the retry is not sent.
type TokenBucket struct {
	Capacity, RetryCost, TimeoutCost, SuccessRefund int
	tokens                                          int
}

// NewAWSTokenBucket returns the AWS SDKs' standard quota: 500 tokens, 5 per
// retry, 10 per retry after a timeout, 1 back per success.
func NewAWSTokenBucket() *TokenBucket {
	return NewTokenBucket(500, 5, 10, 1)
}

// NewTokenBucket returns a full bucket.
func NewTokenBucket(capacity, retryCost, timeoutCost, refund int) *TokenBucket {
	return &TokenBucket{Capacity: capacity, RetryCost: retryCost, TimeoutCost: timeoutCost, SuccessRefund: refund, tokens: capacity}
}

// Tokens is what the bucket holds now.
func (t *TokenBucket) Tokens() int { return t.tokens }

// TryRetry pays for a retry if the bucket can.
func (t *TokenBucket) TryRetry(timeout bool) bool {
	cost := t.RetryCost
	if timeout {
		cost = t.TimeoutCost
	}
	if t.tokens < cost {
		return false
	}
	t.tokens -= cost
	return true
}

// OnSuccess returns a token, up to the capacity.
func (t *TokenBucket) OnSuccess() { t.tokens = min(t.Capacity, t.tokens+t.SuccessRefund) }

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
func (c *Concurrency) TryRetry(bool) bool {
	limit := max(c.MinRetries, int(c.Share*float64(c.active)))
	if c.retrying >= limit {
		return false
	}
	c.retrying++
	return true
}

// OnSuccess does nothing: the budget counts requests, not results.
func (c *Concurrency) OnSuccess() {}

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
