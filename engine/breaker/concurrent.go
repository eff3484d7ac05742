package breaker

import (
	"sync"
	"time"
)

// Concurrent is a Breaker that many goroutines may share: every method takes
// one mutex. The listener runs while the mutex is held, so it must not call
// back into the breaker. Execute holds the mutex only to allow and to
// record, never while the call runs.
type Concurrent struct {
	mu sync.Mutex
	b  *Breaker
}

// NewConcurrent builds a closed breaker that is safe for concurrent use.
func NewConcurrent(cfg Config, opts Options) (*Concurrent, error) {
	b, err := NewWithOptions(cfg, opts)
	if err != nil {
		return nil, err
	}
	return &Concurrent{b: b}, nil
}

// Allow is Breaker.Allow under the mutex.
func (c *Concurrent) Allow(now time.Duration) (Permit, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.b.Allow(now)
}

// Record is Breaker.Record under the mutex.
func (c *Concurrent) Record(now time.Duration, p Permit, r Result) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.b.Record(now, p, r)
}

// Tick is Breaker.Tick under the mutex.
func (c *Concurrent) Tick(now time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.b.Tick(now)
}

// StateAt is Breaker.StateAt under the mutex.
func (c *Concurrent) StateAt(now time.Duration) State {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.b.StateAt(now)
}

// OpenRemaining is Breaker.OpenRemaining under the mutex: what a
// Retry-After header would say.
func (c *Concurrent) OpenRemaining(now time.Duration) time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.b.OpenRemaining(now)
}

// Execute is Breaker.Execute for a shared breaker.
func (c *Concurrent) Execute(now func() time.Duration, call func() error, classify func(error) Result) error {
	return execute(c, now, call, classify)
}

// Do runs f with the breaker while holding the mutex, for anything else:
// operator overrides, counts, a snapshot. f must not keep the pointer.
func (c *Concurrent) Do(f func(b *Breaker)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	f(c.b)
}

// TimedOut is Breaker.TimedOut under the mutex.
func (c *Concurrent) TimedOut(now time.Duration, p Permit) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.b.TimedOut(now, p)
}
