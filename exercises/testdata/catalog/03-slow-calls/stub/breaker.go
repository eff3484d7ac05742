// Package slowcall is a rate-window circuit breaker that also counts slow
// calls: a dependency that answers "200 OK" after ten seconds is as broken
// as one that errors.
package slowcall

import (
	"errors"
	"fmt"
	"time"
)

// ErrOpen is returned by Call when the breaker refuses the call.
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

// Config sizes the breaker.
type Config struct {
	WindowSize            int           // how many of the latest calls are judged
	MinimumCalls          int           // no verdict before this many calls are in the window
	FailureRateThreshold  float64       // percent of failed calls that opens the breaker
	SlowCallDuration      time.Duration // a call that takes longer than this is slow
	SlowCallRateThreshold float64       // percent of slow calls that opens the breaker
	OpenDuration          time.Duration // how long it stays open before a trial call
}

// Breaker is not safe for use by several goroutines at once.
type Breaker struct {
	cfg      Config
	now      func() time.Time
	state    State
	win      window // window.go is done: add, counts and reset
	openedAt time.Time
	trialOut bool
}

// New checks cfg and returns a closed breaker.
func New(cfg Config, now func() time.Time) (*Breaker, error) {
	switch {
	case cfg.WindowSize < 1:
		return nil, fmt.Errorf("WindowSize is %d; it must be at least 1", cfg.WindowSize)
	case cfg.MinimumCalls < 1:
		return nil, fmt.Errorf("MinimumCalls is %d; it must be at least 1", cfg.MinimumCalls)
	case !(cfg.FailureRateThreshold > 0 && cfg.FailureRateThreshold <= 100):
		return nil, fmt.Errorf("FailureRateThreshold is %v; it must be above 0 and at most 100", cfg.FailureRateThreshold)
	case !(cfg.SlowCallRateThreshold > 0 && cfg.SlowCallRateThreshold <= 100):
		return nil, fmt.Errorf("SlowCallRateThreshold is %v; it must be above 0 and at most 100", cfg.SlowCallRateThreshold)
	case cfg.SlowCallDuration <= 0:
		return nil, fmt.Errorf("SlowCallDuration is %v; it must be positive", cfg.SlowCallDuration)
	case cfg.OpenDuration < 0:
		return nil, errors.New("OpenDuration is negative; it must be zero or more")
	case now == nil:
		return nil, errors.New("now is nil; pass a clock such as time.Now")
	}
	cfg.MinimumCalls = min(cfg.MinimumCalls, cfg.WindowSize)
	return &Breaker{cfg: cfg, now: now, win: newWindow(cfg.WindowSize)}, nil
}

// Call runs fn if the breaker allows it, timing it with the breaker's clock,
// and records whether it failed and whether it was slow. It returns fn's
// error, or ErrOpen without calling fn.
func (b *Breaker) Call(fn func() error) error {
	if !b.allow() {
		return ErrOpen
	}
	// TODO: time fn with b.now(), then record an outcome: failed when fn
	// returned an error, slow when it took longer than SlowCallDuration.
	return fn()
}

func (b *Breaker) allow() bool {
	switch b.state {
	case Closed:
		return true
	case Open:
		if b.now().Sub(b.openedAt) < b.cfg.OpenDuration {
			return false
		}
		b.state, b.trialOut = HalfOpen, true
		return true
	default:
		if b.trialOut {
			return false
		}
		b.trialOut = true
		return true
	}
}

// record takes the outcome of a call that allow let through.
func (b *Breaker) record(o outcome) {
	// TODO: ignore results while open. A half-open trial closes the breaker
	// only if it was neither failed nor slow. While closed, add o to the
	// window and open when either rate reaches its threshold, judged after
	// every call, a fast success too.
	_ = o
}

// Rates returns the percentages of failed and of slow calls in the window,
// or -1, -1 while it holds fewer than MinimumCalls results.
func (b *Breaker) Rates() (failure, slow float64) {
	// TODO
	return -1, -1
}

// State returns the current state without changing it.
func (b *Breaker) State() State { return b.state }

func (b *Breaker) open() {
	b.state, b.openedAt, b.trialOut = Open, b.now(), false
	b.win.reset()
}
