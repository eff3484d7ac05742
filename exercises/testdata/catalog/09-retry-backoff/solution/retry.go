// Package retry retries a failed call with exponential backoff and full
// jitter, and knows which failures are not worth retrying.
package retry

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
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
	if n < 1 || p.BaseDelay <= 0 {
		return 0
	}
	const maxDuration = time.Duration(math.MaxInt64)
	limit := p.MaxDelay
	if limit <= 0 {
		limit = maxDuration
	}
	d := p.BaseDelay
	for i := 1; i < n && d < limit; i++ {
		if d > maxDuration/2 {
			d = maxDuration
			break
		}
		d *= 2
	}
	return min(d, limit)
}

// Do calls fn until it succeeds, returns an error not worth retrying, the
// attempts run out or ctx ends. Between attempts it waits for a jittered
// backoff. It returns nil, or the last error; when ctx ended, an error
// matching both ctx's error and the last error from fn.
func Do(ctx context.Context, p Policy, fn func(context.Context) error) error {
	jitter, sleep := p.Jitter, p.Sleep
	if jitter == nil {
		jitter = fullJitter
	}
	if sleep == nil {
		sleep = timerSleep
	}
	attempts := max(p.MaxAttempts, 1)
	var last error
	for n := 1; ; n++ {
		if err := ctx.Err(); err != nil {
			return join(err, last)
		}
		last = fn(ctx)
		switch {
		case last == nil:
			return nil
		case errors.Is(last, ErrBreakerOpen), IsPermanent(last):
			return last
		case n == attempts:
			return last
		}
		if err := sleep(ctx, jitter(p.Ceiling(n))); err != nil {
			return join(err, last)
		}
	}
}

func join(ctxErr, last error) error {
	if last == nil {
		return ctxErr
	}
	return errors.Join(ctxErr, last)
}

func fullJitter(ceiling time.Duration) time.Duration {
	if ceiling <= 0 {
		return 0
	}
	if ceiling == math.MaxInt64 {
		return rand.N(ceiling) // cannot add one without overflowing
	}
	return rand.N(ceiling + 1)
}

func timerSleep(ctx context.Context, d time.Duration) error {
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
