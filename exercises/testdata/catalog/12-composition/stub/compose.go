// Package compose puts the patterns together: it sizes a bulkhead with
// Little's law, and wraps a call in retry, breaker, bulkhead and timeout in
// the order that lets each one do its job.
package compose

import (
	"context"
	"time"
)

// InFlight returns how many calls are in flight on average at the given
// arrival rate and latency (Little's law: L = λ · W).
func InFlight(ratePerSecond float64, latency time.Duration) float64 {
	// TODO
	return 0
}

// BulkheadSize returns the permits for a bulkhead: the calls normally in
// flight times headroom (below 1 counts as 1), rounded up, at least 1.
func BulkheadSize(ratePerSecond float64, latency time.Duration, headroom float64) int {
	// TODO
	return 1
}

// Client wraps calls to one dependency. From the outside in: retry, circuit
// breaker, bulkhead, per-attempt timeout, the call.
type Client struct {
	Breaker        *Breaker
	Bulkhead       *Bulkhead
	Attempts       int           // attempts in all (at least 1)
	Backoff        time.Duration // the wait between attempts
	AttemptTimeout time.Duration // the limit on each attempt (none if 0)
}

// Call runs fn under all four policies.
func (c *Client) Call(ctx context.Context, fn func(context.Context) error) error {
	// TODO: the retry loop outside; inside it, for each attempt: ask the
	// breaker, take a permit, bound the attempt with its own timeout, call,
	// tell the breaker how it went, give the permit back.
	return fn(ctx)
}
