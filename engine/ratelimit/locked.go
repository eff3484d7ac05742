package ratelimit

import (
	"sync"
	"time"
)

// Limiter is what both limiters offer a caller.
type Limiter interface {
	// Acquire asks for one permit at now and says how long to wait before
	// using it, or that it was refused.
	Acquire(now time.Duration) (wait time.Duration, ok bool)
}

var (
	_ Limiter = (*Bucket)(nil)
	_ Limiter = (*Period)(nil)
)

// Locked makes a Limiter safe for many goroutines, for real code: each
// goroutine passes time.Since(start) of one shared start and sleeps the
// wait it is given. The reservation is made under the lock, so goroutines
// that wait are still served in the order they asked.
type Locked struct {
	mu sync.Mutex
	l  Limiter
}

// NewLocked wraps l.
func NewLocked(l Limiter) *Locked { return &Locked{l: l} }

// Acquire is l.Acquire under a mutex.
func (c *Locked) Acquire(now time.Duration) (time.Duration, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.l.Acquire(now)
}
