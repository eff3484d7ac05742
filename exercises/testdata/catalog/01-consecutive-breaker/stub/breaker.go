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

// String names the state: "closed", "open" or "half-open".
func (s State) String() string {
	// TODO: return "closed", "open" or "half-open"; for any other value,
	// something like "State(7)".
	return fmt.Sprintf("State(%d)", int(s))
}

// Breaker opens after threshold failures in a row. It is not safe for use
// by several goroutines at once.
type Breaker struct {
	threshold int
	cooldown  time.Duration
	now       func() time.Time
	state     State
	// TODO: add what else the breaker must remember.
}

// New returns a closed breaker that opens after threshold failures in a row
// (a threshold below 1 counts as 1) and stays open for cooldown. now tells
// the time; tests pass a fake clock.
func New(threshold int, cooldown time.Duration, now func() time.Time) *Breaker {
	return &Breaker{threshold: threshold, cooldown: cooldown, now: now}
}

// Allow reports whether the next call may go to the dependency.
func (b *Breaker) Allow() bool {
	// TODO: closed lets every call through; open refuses until the cooldown
	// has passed, then turns half-open and lets one trial through; half-open
	// refuses everything while that trial is out.
	return true
}

// OnSuccess records that a call let through by Allow succeeded.
func (b *Breaker) OnSuccess() {
	// TODO
}

// OnFailure records that a call let through by Allow failed.
func (b *Breaker) OnFailure() {
	// TODO
}

// State returns the current state. It changes nothing: the move from open
// to half-open happens in Allow.
func (b *Breaker) State() State { return b.state }
