// Mutant: opens on more than threshold failures in a row (gobreaker's
// default rule, ConsecutiveFailures > 5) instead of on the threshold-th.

// Package breaker is a circuit breaker that opens after a number of failures
// in a row and lets one trial call through once a cooldown has passed.
package breaker

import (
	"fmt"
	"time"
)

// State is where the breaker is in its cycle.
type State int

// The three states of a breaker.
const (
	Closed   State = iota // calls go through; failures in a row are counted
	Open                  // calls are refused until the cooldown has passed
	HalfOpen              // one trial call is out; its result decides
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

// Breaker opens after threshold failures in a row. It is not safe for use
// by several goroutines at once.
type Breaker struct {
	threshold int
	cooldown  time.Duration
	now       func() time.Time

	state    State
	failures int       // failures in a row while closed
	openedAt time.Time // when the breaker last opened
	trialOut bool      // half-open: the trial call has been let through
}

// New returns a closed breaker that opens after threshold failures in a row
// (a threshold below 1 counts as 1) and stays open for cooldown. now tells
// the time; tests pass a fake clock.
func New(threshold int, cooldown time.Duration, now func() time.Time) *Breaker {
	return &Breaker{threshold: max(threshold, 1), cooldown: cooldown, now: now}
}

// Allow reports whether the next call may go to the dependency.
func (b *Breaker) Allow() bool {
	switch b.state {
	case Closed:
		return true
	case Open:
		if b.now().Sub(b.openedAt) < b.cooldown {
			return false
		}
		b.state = HalfOpen
		b.trialOut = true
		return true
	default: // HalfOpen: only the one trial call
		if b.trialOut {
			return false
		}
		b.trialOut = true
		return true
	}
}

// OnSuccess records that a call let through by Allow succeeded.
func (b *Breaker) OnSuccess() {
	switch b.state {
	case Closed:
		b.failures = 0
	case HalfOpen:
		b.state = Closed
		b.failures = 0
		b.trialOut = false
	}
}

// OnFailure records that a call let through by Allow failed.
func (b *Breaker) OnFailure() {
	switch b.state {
	case Closed:
		b.failures++
		if b.failures > b.threshold {
			b.open()
		}
	case HalfOpen:
		b.open()
	}
}

// State returns the current state. It changes nothing: the move from open
// to half-open happens in Allow.
func (b *Breaker) State() State { return b.state }

func (b *Breaker) open() {
	b.state = Open
	b.openedAt = b.now()
	b.failures = 0
	b.trialOut = false
}
