// Package ratelimit is a token bucket: Burst tokens at most, Rate more
// every Per, one per call. Callers may wait for a token by letting the
// bucket go into debt.
package ratelimit

import (
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

	mu sync.Mutex
	// TODO: the level (in what unit?) and the time it is counted up to.
}

// New returns a full bucket that reads the time from now.
func New(cfg Config, now func() time.Time) (*Limiter, error) {
	// TODO: check the config.
	return &Limiter{cfg: cfg, now: now}, nil
}

// Allow takes a token if one is there now.
func (l *Limiter) Allow() bool {
	// TODO
	return true
}

// Reserve takes a token, now or (going into debt) the next one to come,
// and returns how long to wait before using it; it refuses, taking
// nothing, if that wait would pass maxWait.
func (l *Limiter) Reserve(maxWait time.Duration) (time.Duration, bool) {
	// TODO
	return 0, true
}

// Tokens returns the tokens in the bucket, fractions included (0 while in
// debt).
func (l *Limiter) Tokens() float64 {
	// TODO
	return 0
}
