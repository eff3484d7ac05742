// Package halfopen is a circuit breaker that lets a fixed number of trial
// calls through when it is half-open, and is safe for many goroutines.
package halfopen

import (
	"errors"
	"fmt"
	"sync"
	"time"
)

// ErrOpen is returned by Allow when the breaker refuses a call.
var ErrOpen = errors.New("circuit breaker is open")

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

// Config sizes the breaker. A FailureThreshold or TrialCalls below 1
// counts as 1; an OpenDuration of 0 or less lets the trial go at once.
type Config struct {
	FailureThreshold int           // failures in a row that open a closed breaker
	OpenDuration     time.Duration // how long it stays open
	TrialCalls       int           // calls let through while half-open; all must succeed
}

// Breaker is safe for use by many goroutines at once.
type Breaker struct {
	cfg Config
	now func() time.Time

	mu    sync.Mutex // guards everything below
	state State
	// TODO: what else must the breaker remember? Think about how a result
	// can tell whether it belongs to the current state.
}

// Permit is the right to make one call. Report its result with Done.
type Permit struct {
	b *Breaker
	// TODO: what does a permit need to know about when it was issued?
}

// New returns a closed breaker.
func New(cfg Config, now func() time.Time) *Breaker {
	cfg.FailureThreshold = max(cfg.FailureThreshold, 1)
	cfg.TrialCalls = max(cfg.TrialCalls, 1)
	return &Breaker{cfg: cfg, now: now}
}

// Allow returns a permit for one call, or ErrOpen.
func (b *Breaker) Allow() (*Permit, error) {
	// TODO: closed: always a permit. Open: ErrOpen until OpenDuration has
	// passed, then half-open. Half-open: at most TrialCalls permits.
	return &Permit{b: b}, nil
}

// Done reports whether the call succeeded. Only the first Done of a permit
// counts, and only while the breaker is still in the state that issued it.
func (p *Permit) Done(ok bool) {
	// TODO: closed: count failures in a row. Half-open: one failure opens
	// again; TrialCalls successes close.
	_ = ok
}

// State returns the current state.
func (b *Breaker) State() State {
	// TODO: many goroutines call this while others change the state.
	return b.state
}
