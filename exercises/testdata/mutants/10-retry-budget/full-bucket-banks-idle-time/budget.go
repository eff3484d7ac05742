// Mutant: a full bucket leaves the refill clock where it was, so a bucket
// that is full from creation, idles and is then drained gets the idle time
// back as a refill.

// Package budget limits retries with a token bucket: every request earns a
// fraction of a token, every retry spends a whole one, so retries can never
// multiply the load on a dependency that is down.
package budget

import (
	"fmt"
	"sync"
	"time"
)

// milli is one token counted in thousandths, so that ten deposits of 10 %
// make exactly one token.
const milli = 1000

// Config sizes the bucket.
type Config struct {
	Capacity          int // the most whole tokens the bucket holds; it starts full
	PercentPerRequest int // each request adds this percent of a token (0 to 100)
	PerSecond         int // tokens added per second of time, so quiet clients can still retry
}

// Budget is safe for use by many goroutines at once.
type Budget struct {
	cfg Config
	now func() time.Time

	mu     sync.Mutex
	tokens int64     // thousandths of a token
	last   time.Time // the time the refill has been counted up to
}

// New returns a full bucket.
func New(cfg Config, now func() time.Time) (*Budget, error) {
	switch {
	case cfg.Capacity < 1:
		return nil, fmt.Errorf("Capacity is %d; it must be at least 1", cfg.Capacity)
	case cfg.PercentPerRequest < 0 || cfg.PercentPerRequest > 100:
		return nil, fmt.Errorf("PercentPerRequest is %d; it must be from 0 to 100", cfg.PercentPerRequest)
	case cfg.PerSecond < 0:
		return nil, fmt.Errorf("PerSecond is %d; it must be zero or more", cfg.PerSecond)
	}
	return &Budget{cfg: cfg, now: now, tokens: int64(cfg.Capacity) * milli, last: now()}, nil
}

// OnRequest records a first attempt: it earns PercentPerRequest of a token.
func (b *Budget) OnRequest() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refill()
	b.add(int64(b.cfg.PercentPerRequest) * milli / 100)
}

// TryRetry takes a whole token if there is one and reports whether it did.
func (b *Budget) TryRetry() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refill()
	if b.tokens < milli {
		return false
	}
	b.tokens -= milli
	return true
}

// Tokens returns how many tokens the bucket holds, fractions included.
func (b *Budget) Tokens() float64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.refill()
	return float64(b.tokens) / milli
}

// refill adds what the time since the last refill earned. Only the time
// that produced whole thousandths is used up; the rest carries over to the
// next refill, so many small steps of time earn as much as one big step.
func (b *Budget) refill() {
	now := b.now()
	full := int64(b.cfg.Capacity) * milli
	if b.cfg.PerSecond == 0 || b.tokens >= full || !now.After(b.last) {
		return
	}
	step := max(time.Second/time.Duration(b.cfg.PerSecond*milli), 1) // time to earn a thousandth
	earned := int64(now.Sub(b.last) / step)
	if b.tokens+earned >= full {
		b.tokens, b.last = full, now
		return
	}
	b.tokens += earned
	b.last = b.last.Add(time.Duration(earned) * step)
}

func (b *Budget) add(m int64) {
	b.tokens = min(b.tokens+m, int64(b.cfg.Capacity)*milli)
}
