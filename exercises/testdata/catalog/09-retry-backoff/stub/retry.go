// Package retry retries a failed call with exponential backoff and full
// jitter, and knows which failures are not worth retrying.
package retry

import (
	"context"
	"errors"
	"time"
)

// ErrBreakerOpen is what a circuit breaker returns when it refuses a call.
// Retrying it only adds load to a dependency that is already known to be
// broken, so Do never does.
var ErrBreakerOpen = errors.New("circuit breaker is open")

// permanent marks an error as not worth retrying.
type permanent struct{ err error }

func (p permanent) Error() string { return p.err.Error() }
func (p permanent) Unwrap() error { return p.err }

// Permanent wraps err so that Do returns it at once instead of retrying. The
// result still matches err with errors.Is and errors.As.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return permanent{err}
}

// IsPermanent reports whether err, or an error it wraps, was marked with
// Permanent.
func IsPermanent(err error) bool {
	var p permanent
	return errors.As(err, &p)
}

// Policy says how often and how patiently to retry.
type Policy struct {
	MaxAttempts int           // attempts in all, the first included; below 1 counts as 1
	BaseDelay   time.Duration // the ceiling of the wait before the first retry
	MaxDelay    time.Duration // no ceiling is higher than this; 0 means no cap

	// Jitter picks the wait from [0, ceiling]. Nil means uniformly at
	// random: "full jitter".
	Jitter func(ceiling time.Duration) time.Duration
	// Sleep waits for d, or returns ctx's error if ctx ends first. Nil
	// means a real timer.
	Sleep func(ctx context.Context, d time.Duration) error
}

// Ceiling returns the longest wait before retry number n (1 for the first
// retry): BaseDelay doubled n-1 times, capped at MaxDelay, never overflowing.
func (p Policy) Ceiling(n int) time.Duration {
	// TODO
	return p.BaseDelay
}

// Do calls fn until it succeeds, returns an error not worth retrying, the
// attempts run out or ctx ends. Between attempts it waits for a jittered
// backoff. It returns nil, or the last error; when ctx ended, an error
// matching both ctx's error and the last error from fn.
func Do(ctx context.Context, p Policy, fn func(context.Context) error) error {
	// TODO: the loop. Use p.Jitter and p.Sleep, or the defaults below
	// when they are nil.
	return fn(ctx)
}

// fullJitter is the default Jitter: a wait picked uniformly from [0, ceiling].
func fullJitter(ceiling time.Duration) time.Duration {
	// TODO
	return ceiling
}

// timerSleep is the default Sleep.
func timerSleep(ctx context.Context, d time.Duration) error {
	// TODO: wait for d on a timer, or return ctx.Err() if ctx ends first.
	return nil
}
