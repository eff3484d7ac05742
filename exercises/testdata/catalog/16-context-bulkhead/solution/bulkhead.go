// Package permits is a bulkhead for a client: a semaphore of permits, one
// per call in flight to a dependency, that a caller waits for no longer
// than a queue timeout and no longer than its own context allows.
package permits

import (
	"container/list"
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

	mu    sync.Mutex
	inUse int
	// waiters holds one channel per waiting caller, oldest first. A permit
	// that comes free is handed to the oldest waiter by closing its
	// channel: it is counted in inUse from that moment, so no newcomer can
	// take it in between.
	waiters                             list.List
	acquired, timedOut, canceledWaiting int64
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
	b.mu.Lock()
	if err := ctx.Err(); err != nil {
		b.canceledWaiting++
		b.mu.Unlock()
		return nil, err
	}
	if b.inUse < b.permits && b.waiters.Len() == 0 {
		b.inUse++
		b.acquired++
		b.mu.Unlock()
		return b.releaser(), nil
	}
	if b.queueTimeout == 0 {
		b.timedOut++
		b.mu.Unlock()
		return nil, ErrQueueTimeout
	}
	ready := make(chan struct{})
	elem := b.waiters.PushBack(ready)
	b.mu.Unlock()

	timer := time.NewTimer(b.queueTimeout)
	defer timer.Stop()
	select {
	case <-ready:
		b.mu.Lock()
		b.acquired++
		b.mu.Unlock()
		return b.releaser(), nil
	case <-timer.C:
		err = ErrQueueTimeout
	case <-ctx.Done():
		err = ctx.Err()
	}

	b.mu.Lock()
	defer b.mu.Unlock()
	select {
	case <-ready:
		// The permit was handed over while we were giving up. We are
		// leaving without it, so it goes to the next waiter: kept, it
		// would be held by no one for ever.
		b.releaseLocked()
	default:
		b.waiters.Remove(elem)
	}
	if errors.Is(err, ErrQueueTimeout) {
		b.timedOut++
	} else {
		b.canceledWaiting++
	}
	return nil, err
}

// releaser returns the function that gives back one permit, once.
func (b *Bulkhead) releaser() func() {
	released := false
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		if released {
			return
		}
		released = true
		b.releaseLocked()
	}
}

// releaseLocked gives a permit to the oldest waiter, or back to the pool.
func (b *Bulkhead) releaseLocked() {
	if front := b.waiters.Front(); front != nil {
		close(b.waiters.Remove(front).(chan struct{}))
		return // still in use: by the waiter now
	}
	b.inUse--
}

// Do runs call holding a permit, and gives the permit back when call
// returns, whatever way it returns: with nil, with an error, or by
// panicking (the panic goes on up). A call whose context ends while it runs
// keeps its permit until it returns: the permit stands for what the call
// really holds, a connection to the dependency. Do returns Acquire's error
// without running call.
func (b *Bulkhead) Do(ctx context.Context, call func(context.Context) error) error {
	release, err := b.Acquire(ctx)
	if err != nil {
		return err
	}
	defer release()
	return call(ctx)
}

// Stats returns the bulkhead's gauges and counters, all read at one
// instant.
func (b *Bulkhead) Stats() Stats {
	b.mu.Lock()
	defer b.mu.Unlock()
	return Stats{
		Permits:          b.permits,
		InUse:            b.inUse,
		Waiting:          b.waiters.Len(),
		Acquired:         b.acquired,
		RejectedTimeout:  b.timedOut,
		RejectedCanceled: b.canceledWaiting,
	}
}
