// Package compose puts the patterns together: it sizes a bulkhead with
// Little's law, and wraps a call in retry, breaker, bulkhead and timeout in
// the order that lets each one do its job.
package compose

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"
)

// InFlight returns how many calls are in flight on average at the given
// arrival rate and latency (Little's law: L = λ · W).
func InFlight(ratePerSecond float64, latency time.Duration) float64 {
	return ratePerSecond * float64(latency) / float64(time.Second)
}

// BulkheadSize returns the permits for a bulkhead: the calls normally in
// flight times headroom (below 1 counts as 1), rounded up, at least 1.
func BulkheadSize(ratePerSecond float64, latency time.Duration, headroom float64) int {
	need := InFlight(ratePerSecond, latency) * max(headroom, 1)
	// Round up, but forgive the last bits of float64 noise: 50 calls in
	// flight times a headroom of 1.1 computes as 55.00000000000001, which
	// is 55. The slack is far below any real fraction of a call.
	size := math.Ceil(need - 1e-9)
	return max(int(size), 1)
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
	attempts := max(c.Attempts, 1)
	var last error
	for n := 1; ; n++ {
		if err := ctx.Err(); err != nil {
			return withCause(err, last)
		}
		last = c.attempt(ctx, fn)
		switch {
		case last == nil:
			return nil
		case errors.Is(last, ErrOpen), errors.Is(last, ErrBulkheadFull):
			return last // our own policies said no, on purpose: do not retry
		case n == attempts:
			return last
		}
		if err := wait(ctx, c.Backoff); err != nil {
			return withCause(err, last)
		}
	}
}

// attempt is one try: the breaker first (cheapest, holds nothing), then a
// permit held only for the attempt, then the attempt's own timeout.
func (c *Client) attempt(ctx context.Context, fn func(context.Context) error) error {
	if !c.Breaker.Allow() {
		return ErrOpen
	}
	if !c.Bulkhead.TryAcquire() {
		return ErrBulkheadFull // our own limit: not the dependency's fault, not recorded
	}
	defer c.Bulkhead.Release()

	actx, cancel := ctx, context.CancelFunc(func() {})
	if c.AttemptTimeout > 0 {
		actx, cancel = context.WithTimeout(ctx, c.AttemptTimeout)
	}
	defer cancel()
	err := fn(actx)
	switch {
	case ctx.Err() != nil:
		// The caller gave up; that says nothing about the dependency.
		return withCause(ctx.Err(), err)
	case err == nil:
		c.Breaker.Record(true)
		return nil
	case actx.Err() != nil:
		c.Breaker.Record(false)
		return fmt.Errorf("%w after %v: %w", ErrAttemptTimeout, c.AttemptTimeout, context.DeadlineExceeded)
	default:
		c.Breaker.Record(false)
		return err
	}
}

func withCause(ctxErr, last error) error {
	if last == nil || errors.Is(last, ctxErr) {
		return ctxErr
	}
	return errors.Join(ctxErr, last)
}

func wait(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
