// Mutant: the refill multiplies the idle time by the rate before it compares
// with the room left, so a fast limiter idle for long enough overflows int64
// and comes back empty instead of full.

// Package ratelimit is a token bucket: Burst tokens at most, Rate more
// every Per, one per call. Callers may wait for a token by letting the
// bucket go into debt.
package ratelimit

import (
	"fmt"
	"sync"
	"time"
)

// Config sizes the bucket.
type Config struct {
	Rate  int           // tokens added every Per
	Per   time.Duration // e.g. time.Second
	Burst int           // the most tokens held; the bucket starts full
}

// Limiter is safe for use by many goroutines.
type Limiter struct {
	cfg Config
	now func() time.Time

	mu    sync.Mutex
	level int64     // tokens × Per: each nanosecond adds Rate units exactly
	last  time.Time // the time level is counted up to
}

// New returns a full bucket that reads the time from now.
func New(cfg Config, now func() time.Time) (*Limiter, error) {
	switch {
	case cfg.Rate < 1:
		return nil, fmt.Errorf("Rate is %d; it must be at least 1", cfg.Rate)
	case cfg.Per < 1:
		return nil, fmt.Errorf("Per is %v; it must be longer than zero", cfg.Per)
	case cfg.Burst < 1:
		return nil, fmt.Errorf("Burst is %d; it must be at least 1", cfg.Burst)
	}
	return &Limiter{cfg: cfg, now: now, level: int64(cfg.Burst) * int64(cfg.Per), last: now()}, nil
}

// Allow takes a token if one is there now.
func (l *Limiter) Allow() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.refill()
	if l.level < int64(l.cfg.Per) {
		return false
	}
	l.level -= int64(l.cfg.Per)
	return true
}

// Reserve takes a token, now or (going into debt) the next one to come,
// and returns how long to wait before using it; it refuses, taking
// nothing, if that wait would pass maxWait.
func (l *Limiter) Reserve(maxWait time.Duration) (time.Duration, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.refill()
	per := int64(l.cfg.Per)
	if l.level >= per {
		l.level -= per
		return 0, true
	}
	missing := per - l.level
	wait := time.Duration((missing + int64(l.cfg.Rate) - 1) / int64(l.cfg.Rate))
	if wait > maxWait {
		return 0, false
	}
	l.level -= per
	return wait, true
}

// Tokens returns the tokens in the bucket, fractions included (0 while in
// debt).
func (l *Limiter) Tokens() float64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.refill()
	return float64(max(l.level, 0)) / float64(l.cfg.Per)
}

// refill adds what the time since last earned, capped at Burst: a full
// bucket banks no time.
func (l *Limiter) refill() {
	now := l.now()
	if !now.After(l.last) {
		return
	}
	dt := int64(now.Sub(l.last))
	l.last = now
	full := int64(l.cfg.Burst) * int64(l.cfg.Per)
	l.level = min(l.level+dt*int64(l.cfg.Rate), full)
}
