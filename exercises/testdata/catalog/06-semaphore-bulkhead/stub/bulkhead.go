// Package bulkhead caps how many calls to one dependency may be in flight at
// once, so that a slow dependency can hold only its own share of workers.
package bulkhead

import (
	"context"
	"errors"
	"time"
)

// ErrFull is returned when no permit came free within the maximum wait.
var ErrFull = errors.New("bulkhead is full")

// Bulkhead is a counting semaphore with a bounded wait. It is safe for use
// by many goroutines at once.
type Bulkhead struct {
	maxWait time.Duration
	// TODO: how will you count permits? A buffered channel is one way.
}

// New returns a bulkhead that lets at most maxConcurrent calls in at once
// (at least 1) and makes a caller wait at most maxWait for a permit (zero:
// do not wait at all).
func New(maxConcurrent int, maxWait time.Duration) *Bulkhead {
	// TODO
	return &Bulkhead{maxWait: max(maxWait, 0)}
}

// Acquire takes a permit. It returns nil with the permit held, ErrFull when
// none came free within the maximum wait, or ctx's error if ctx ended first.
func (b *Bulkhead) Acquire(ctx context.Context) error {
	// TODO
	return nil
}

// Release gives back a permit taken by Acquire. It panics if no permit is
// held: that is a bug in the caller.
func (b *Bulkhead) Release() {
	// TODO
}

// InUse returns how many permits are held.
func (b *Bulkhead) InUse() int {
	// TODO
	return 0
}

// Do runs fn holding a permit and gives the permit back when fn returns,
// even if it panics. It returns Acquire's error without running fn.
func (b *Bulkhead) Do(ctx context.Context, fn func(context.Context) error) error {
	// TODO
	return fn(ctx)
}
