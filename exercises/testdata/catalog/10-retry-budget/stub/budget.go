// Package budget limits retries with a token bucket: every request earns a
// fraction of a token, every retry spends a whole one, so retries can never
// multiply the load on a dependency that is down.
package budget

import (
	"fmt"
	"sync"
	"time"
)

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

	mu sync.Mutex
	// TODO: the tokens (in what unit?), and the time the refill has been
	// counted up to.
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
	// TODO: start full.
	return &Budget{cfg: cfg, now: now}, nil
}

// OnRequest records a first attempt: it earns PercentPerRequest of a token.
func (b *Budget) OnRequest() {
	// TODO
}

// TryRetry takes a whole token if there is one and reports whether it did.
func (b *Budget) TryRetry() bool {
	// TODO
	return false
}

// Tokens returns how many tokens the bucket holds, fractions included.
func (b *Budget) Tokens() float64 {
	// TODO
	return 0
}
