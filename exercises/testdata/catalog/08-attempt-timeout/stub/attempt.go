// Package attempt bounds one call to a dependency with its own timeout,
// inside whatever deadline the caller already has.
package attempt

import (
	"context"
	"errors"
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
	// TODO: derive the attempt's context from ctx, run fn on its own
	// goroutine, and wait for whichever comes first.
	_ = perAttempt
	return fn(ctx)
}
