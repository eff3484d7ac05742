// Package bulkhead is a semaphore bulkhead for real Go code: a cap on the
// calls in flight to one dependency, with callers over the cap waiting at
// most as long as their context allows, first come first served, and every
// rejection counted.
//
// The simulation models the same rules on its virtual clock (engine's
// pipeline); this package is the form a live service uses, so it blocks on
// channels and never reads a clock itself: the maximum wait is the deadline
// of the context the caller passes. It starts no goroutines and imports only
// the standard library. A Semaphore is safe for concurrent use.
package bulkhead

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// ErrFull is returned when no slot came free in time.
var ErrFull = errors.New("bulkhead is full")

// Semaphore caps concurrent calls.
type Semaphore struct {
	mu       sync.Mutex
	max      int
	inUse    int
	waiters  []chan struct{} // first in, first served
	rejected uint64
}

// New returns a bulkhead of max slots.
func New(max int) (*Semaphore, error) {
	if max < 1 {
		return nil, fmt.Errorf("bulkhead size must be at least 1, got %d", max)
	}
	return &Semaphore{max: max}, nil
}

// TryAcquire takes a slot if one is free now.
func (s *Semaphore) TryAcquire() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.inUse < s.max && len(s.waiters) == 0 {
		s.inUse++
		return true
	}
	s.rejected++
	return false
}

// Acquire takes a slot, waiting until ctx is done for one to come free. A
// context without a deadline waits for ever; an already-expired one makes
// Acquire behave as TryAcquire.
func (s *Semaphore) Acquire(ctx context.Context) error {
	s.mu.Lock()
	if s.inUse < s.max && len(s.waiters) == 0 {
		s.inUse++
		s.mu.Unlock()
		return nil
	}
	if ctx.Err() != nil {
		s.rejected++
		s.mu.Unlock()
		return fmt.Errorf("%w: %w", ErrFull, ctx.Err())
	}
	ready := make(chan struct{})
	s.waiters = append(s.waiters, ready)
	s.mu.Unlock()

	select {
	case <-ready:
		return nil
	case <-ctx.Done():
		s.mu.Lock()
		defer s.mu.Unlock()
		for i, w := range s.waiters {
			if w == ready {
				s.waiters = append(s.waiters[:i], s.waiters[i+1:]...)
				s.rejected++
				return fmt.Errorf("%w: %w", ErrFull, ctx.Err())
			}
		}
		// Release handed us the slot just as the context ended: keep it.
		return nil
	}
}

// Release gives a slot back, handing it straight to the longest waiter.
func (s *Semaphore) Release() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.waiters) > 0 {
		next := s.waiters[0]
		s.waiters = s.waiters[1:]
		close(next) // the slot passes over without ever being free
		return
	}
	if s.inUse == 0 {
		panic("bulkhead: Release without Acquire")
	}
	s.inUse--
}

// Stats reports slots in use, callers waiting, and rejections so far.
func (s *Semaphore) Stats() (inUse, waiting int, rejected uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.inUse, len(s.waiters), s.rejected
}

// Do runs call inside the bulkhead.
func (s *Semaphore) Do(ctx context.Context, call func(context.Context) error) error {
	if err := s.Acquire(ctx); err != nil {
		return err
	}
	defer s.Release()
	return call(ctx)
}
