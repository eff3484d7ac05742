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

	mu       sync.Mutex
	state    State
	gen      uint64 // changes on every change of state; permits carry it
	failures int    // failures in a row while closed
	openedAt time.Time
	handed   int // trial permits handed out in this half-open period
	passed   int // trials that succeeded in this half-open period
}

// Permit is the right to make one call. Report its result with Done.
type Permit struct {
	b    *Breaker
	gen  uint64
	once sync.Once
}

// New returns a closed breaker.
func New(cfg Config, now func() time.Time) *Breaker {
	cfg.FailureThreshold = max(cfg.FailureThreshold, 1)
	cfg.TrialCalls = max(cfg.TrialCalls, 1)
	return &Breaker{cfg: cfg, now: now}
}

// Allow returns a permit for one call, or ErrOpen.
func (b *Breaker) Allow() (*Permit, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.state == Open {
		if b.now().Sub(b.openedAt) < b.cfg.OpenDuration {
			return nil, ErrOpen
		}
		b.moveTo(HalfOpen)
	}
	if b.state == HalfOpen {
		if b.handed >= b.cfg.TrialCalls {
			return nil, ErrOpen
		}
		b.handed++
	}
	return &Permit{b: b, gen: b.gen}, nil
}

// Done reports whether the call succeeded. Only the first Done of a permit
// counts, and only while the breaker is still in the state that issued it.
func (p *Permit) Done(ok bool) {
	p.once.Do(func() { p.b.record(p.gen, ok) })
}

func (b *Breaker) record(gen uint64, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if gen != b.gen {
		return // issued before the last change of state: stale
	}
	switch b.state {
	case Closed:
		if ok {
			b.failures = 0
			return
		}
		b.failures++
		if b.failures >= b.cfg.FailureThreshold {
			b.moveTo(Open)
		}
	case HalfOpen:
		if !ok {
			b.moveTo(Open)
			return
		}
		b.passed++
		if b.passed == b.cfg.TrialCalls {
			b.moveTo(Closed)
		}
	}
}

// State returns the current state.
func (b *Breaker) State() State {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.state
}

// moveTo changes state and starts a new generation. b.mu must be held.
func (b *Breaker) moveTo(s State) {
	b.state = s
	b.gen++
	b.failures, b.handed, b.passed = 0, 0, 0
	if s == Open {
		b.openedAt = b.now()
	}
}
