package compose

import (
	"errors"
	"sync"
	"sync/atomic"
)

// The errors the policies return.
var (
	ErrOpen           = errors.New("circuit breaker is open")
	ErrBulkheadFull   = errors.New("bulkhead is full")
	ErrAttemptTimeout = errors.New("attempt timed out")
)

// Breaker is a small circuit breaker: it opens after threshold failures in
// a row and, in this exercise, stays open. It counts what it was told, so
// the tests can see which calls reached it. Safe for concurrent use.
type Breaker struct {
	mu        sync.Mutex
	threshold int
	inARow    int
	open      bool
	failures  int
	successes int
}

// NewBreaker returns a closed breaker (threshold at least 1).
func NewBreaker(threshold int) *Breaker { return &Breaker{threshold: max(threshold, 1)} }

// Allow reports whether a call may go ahead.
func (b *Breaker) Allow() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return !b.open
}

// Record takes the result of a call that Allow let through.
func (b *Breaker) Record(ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if ok {
		b.successes++
		b.inARow = 0
		return
	}
	b.failures++
	b.inARow++
	if b.inARow >= b.threshold {
		b.open = true
	}
}

// IsOpen reports whether the breaker has opened.
func (b *Breaker) IsOpen() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.open
}

// Failures returns how many failures were recorded.
func (b *Breaker) Failures() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.failures
}

// Successes returns how many successes were recorded.
func (b *Breaker) Successes() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.successes
}

// Bulkhead is a semaphore that never waits: a permit is free or it is not.
type Bulkhead struct {
	permits      chan struct{}
	acquisitions atomic.Int64
}

// NewBulkhead returns a bulkhead of size permits (at least 1).
func NewBulkhead(size int) *Bulkhead {
	return &Bulkhead{permits: make(chan struct{}, max(size, 1))}
}

// TryAcquire takes a permit if one is free.
func (b *Bulkhead) TryAcquire() bool {
	select {
	case b.permits <- struct{}{}:
		b.acquisitions.Add(1)
		return true
	default:
		return false
	}
}

// Release gives a permit back.
func (b *Bulkhead) Release() { <-b.permits }

// InUse returns how many permits are held now.
func (b *Bulkhead) InUse() int { return len(b.permits) }

// Acquisitions returns how many permits were ever taken.
func (b *Bulkhead) Acquisitions() int { return int(b.acquisitions.Load()) }
