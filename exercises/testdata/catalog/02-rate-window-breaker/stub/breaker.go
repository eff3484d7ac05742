// Package ratebreaker is a circuit breaker that judges the failure rate of
// the last N calls, and only once it has seen a minimum number of them.
package ratebreaker

import (
	"errors"
	"fmt"
	"time"
)

// State is where the breaker is in its cycle.
type State int

// The three states of a breaker.
const (
	Closed State = iota
	Open
	HalfOpen
)

func (s State) String() string {
	switch s {
	case Closed:
		return "closed"
	case Open:
		return "open"
	case HalfOpen:
		return "half-open"
	}
	return fmt.Sprintf("State(%d)", int(s))
}

// Config sizes the breaker. The defaults of Resilience4j, a widely used
// library, are a window of 100 calls, a minimum of 100 calls, a threshold of
// 50 % and 60 s open.
type Config struct {
	WindowSize           int           // how many of the latest calls are judged
	MinimumCalls         int           // no verdict before this many calls are in the window
	FailureRateThreshold float64       // percent; the breaker opens when the rate is at least this
	OpenDuration         time.Duration // how long it stays open before a trial call
}

// Breaker opens when the failure rate over its window reaches the
// threshold. It is not safe for use by several goroutines at once.
type Breaker struct {
	cfg   Config
	now   func() time.Time
	state State
	// TODO: the window of the latest results, and what the half-open
	// state needs (see exercise 01).
}

// New checks cfg and returns a closed breaker. A MinimumCalls above
// WindowSize counts as WindowSize.
func New(cfg Config, now func() time.Time) (*Breaker, error) {
	switch {
	case cfg.WindowSize < 1:
		return nil, fmt.Errorf("WindowSize is %d; it must be at least 1", cfg.WindowSize)
	case cfg.MinimumCalls < 1:
		return nil, fmt.Errorf("MinimumCalls is %d; it must be at least 1", cfg.MinimumCalls)
	case !(cfg.FailureRateThreshold > 0 && cfg.FailureRateThreshold <= 100):
		return nil, fmt.Errorf("FailureRateThreshold is %v; it must be a percentage above 0 and at most 100", cfg.FailureRateThreshold)
	case cfg.OpenDuration < 0:
		return nil, errors.New("OpenDuration is negative; it must be zero or more")
	case now == nil:
		return nil, errors.New("now is nil; pass a clock such as time.Now")
	}
	// TODO: MinimumCalls above WindowSize counts as WindowSize.
	return &Breaker{cfg: cfg, now: now}, nil
}

// Allow reports whether the next call may go to the dependency.
func (b *Breaker) Allow() bool {
	// TODO: as in exercise 01: open refuses until OpenDuration has passed,
	// then one trial call goes through.
	return true
}

// OnSuccess records that a call let through by Allow succeeded.
func (b *Breaker) OnSuccess() {
	// TODO: record a success (see OnFailure).
}

// OnFailure records that a call let through by Allow failed.
func (b *Breaker) OnFailure() {
	// TODO: record a failure. Recording works the same for both results,
	// so one helper can do it for OnSuccess and OnFailure: while closed, add
	// the result to the window, then open when the window holds at least
	// MinimumCalls results and the failure rate reaches the threshold. Judge
	// after a success too: the success that brings the window up to
	// MinimumCalls can find the rate already at the threshold.
}

// FailureRate returns the percentage of failures in the window, or -1 while
// the window holds fewer than MinimumCalls results.
func (b *Breaker) FailureRate() float64 {
	// TODO
	return -1
}

// State returns the current state without changing it.
func (b *Breaker) State() State { return b.state }
