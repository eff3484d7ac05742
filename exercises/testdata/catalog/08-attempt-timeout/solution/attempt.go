// Package attempt bounds one call to a dependency with its own timeout,
// inside whatever deadline the caller already has.
package attempt

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrAttemptTimeout is the cause when an attempt used up its own time.
var ErrAttemptTimeout = errors.New("attempt timed out")

// Call runs fn with a context that ends at the earlier of ctx's deadline
// and perAttempt from now (no limit of its own if perAttempt <= 0). It
// returns as soon as fn returns or that context ends, whichever is first,
// even if fn ignores its context:
//
//   - fn's result, if fn returned first;
//   - an error matching both ErrAttemptTimeout and context.DeadlineExceeded
//     when the attempt's own time ran out;
//   - ctx.Err() when the caller's context ended first (fn is not started at
//     all if it had already ended).
func Call(ctx context.Context, perAttempt time.Duration, fn func(context.Context) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	var actx context.Context
	var cancel context.CancelFunc
	if perAttempt > 0 {
		actx, cancel = context.WithTimeoutCause(ctx, perAttempt, ErrAttemptTimeout)
	} else {
		// No limit of its own, but fn's context still ends with the
		// call: passing ctx itself would leave it live after Call returns.
		actx, cancel = context.WithCancel(ctx)
	}
	defer cancel()

	done := make(chan error, 1) // buffered: a late fn can finish and exit
	go func() { done <- fn(actx) }()
	select {
	case err := <-done:
		return err
	case <-actx.Done():
		if err := ctx.Err(); err != nil {
			return err // the caller's own deadline or cancel came first
		}
		return fmt.Errorf("%w after %v: %w", ErrAttemptTimeout, perAttempt, context.DeadlineExceeded)
	}
}
