// Package permits is a bulkhead for a client: a semaphore of permits, one
// per call in flight to a dependency, that a caller waits for no longer
// than a queue timeout and no longer than its own context allows.
package permits

import (
	"context"
	"errors"
	"sync"
	"time"
)

// ErrQueueTimeout is returned when no permit came free within the queue
// timeout: the bulkhead turned the caller away.
var ErrQueueTimeout = errors.New("permits: no permit came free within the queue timeout")

// Stats is a snapshot of the bulkhead, taken at one instant.
type Stats struct {
	Permits int // the size of the bulkhead
	InUse   int // permits held now
	Waiting int // callers waiting for a permit now

	// Every Acquire ends in exactly one of these three.
	Acquired         int64 // got a permit
	RejectedTimeout  int64 // turned away by the queue timeout (ErrQueueTimeout)
	RejectedCanceled int64 // left because their context ended (ctx.Err())
}

// Bulkhead is safe for use by many goroutines.
type Bulkhead struct {
	permits      int
	queueTimeout time.Duration

	mu sync.Mutex
	// TODO: the permits in use, the callers waiting, the counters.
}

// New returns a bulkhead of permits permits (at least 1) whose callers wait
// at most queueTimeout for one (zero or less: not at all).
func New(permits int, queueTimeout time.Duration) *Bulkhead {
	return &Bulkhead{permits: max(permits, 1), queueTimeout: max(queueTimeout, 0)}
}

// Acquire takes a permit and returns the function that gives it back.
// Calling that function again does nothing. Acquire returns
// ErrQueueTimeout when no permit came free within the queue timeout, and
// ctx.Err() when ctx ended first (or had ended already); then it holds
// nothing.
func (b *Bulkhead) Acquire(ctx context.Context) (release func(), err error) {
	// TODO
	return func() {}, nil
}

// Do runs call holding a permit, and gives the permit back when call
// returns, whatever way it returns: with nil, with an error, or by
// panicking (the panic goes on up). A call whose context ends while it runs
// keeps its permit until it returns. Do returns Acquire's error without
// running call.
func (b *Bulkhead) Do(ctx context.Context, call func(context.Context) error) error {
	// TODO
	return call(ctx)
}

// Stats returns the bulkhead's gauges and counters, all read at one
// instant.
func (b *Bulkhead) Stats() Stats {
	// TODO
	return Stats{Permits: b.permits}
}
