// Package breaker is a circuit breaker as one readable state machine: closed,
// open and half-open, with a sliding window of recent calls.
//
// It knows nothing of the simulation: every method that depends on time takes
// `now`, a reading of a monotonic clock expressed as a time.Duration since an
// origin the caller chooses (virtual time in the engine, time.Since(start)
// against real sockets). It imports only the standard library, allocates
// nothing after New, and is not safe for concurrent use: a caller that shares
// one breaker between goroutines guards it with its own mutex.
package breaker

import (
	"errors"
	"fmt"
	"time"
)

// State is where the breaker stands.
type State uint8

// The states. Closed, Open and HalfOpen are the machine; the rest are
// operator overrides.
const (
	Closed State = iota
	Open
	HalfOpen
	ForcedOpen
	Disabled
	MetricsOnly
)

var stateNames = [...]string{"closed", "open", "half-open", "forced-open", "disabled", "metrics-only"}

func (s State) String() string {
	if int(s) < len(stateNames) {
		return stateNames[s]
	}
	return fmt.Sprintf("state(%d)", uint8(s))
}

// ParseState reads a state name as String writes it.
func ParseState(name string) (State, error) {
	for i, n := range stateNames {
		if n == name {
			return State(i), nil
		}
	}
	return 0, fmt.Errorf("unknown breaker state %q (allowed: closed, open, half-open, forced-open, disabled, metrics-only)", name)
}

// Result is what a finished call tells the breaker.
type Result uint8

const (
	// Success is a call that answered well.
	Success Result = iota
	// Failure is an error or a timeout.
	Failure
	// Ignored is an outcome that says nothing about the dependency's health
	// (a caller's own bad input, its own bulkhead being full).
	Ignored
)

// Config describes a breaker. The zero value is not valid: use Validate or New.
type Config struct {
	// WindowSize is how many of the most recent recorded calls are judged.
	WindowSize int
	// MinimumCalls is how many calls the window must hold before a rate is
	// judged. Zero means the whole window must be full.
	MinimumCalls int
	// FailureRate in (0, 1]: the breaker opens when failures/calls >= it.
	FailureRate float64
	// OpenFor is how long the breaker stays open before it lets trials through.
	OpenFor time.Duration
	// HalfOpenTrials is how many trial calls half-open lets through; that many
	// successes close the breaker, and the first failure reopens it.
	HalfOpenTrials int
}

// Validate reports the first field that is out of range, naming what is allowed.
func (c Config) Validate() error {
	switch {
	case c.WindowSize < 1:
		return fmt.Errorf("breaker window must be at least 1 call, got %d", c.WindowSize)
	case c.MinimumCalls < 0 || c.MinimumCalls > c.WindowSize:
		return fmt.Errorf("breaker minimum calls must be between 0 and the window size %d, got %d", c.WindowSize, c.MinimumCalls)
	case !(c.FailureRate > 0 && c.FailureRate <= 1):
		return fmt.Errorf("breaker failure rate must be above 0 and at most 1 (100%%), got %v", c.FailureRate)
	case c.OpenFor <= 0:
		return fmt.Errorf("breaker open duration must be positive, got %v", c.OpenFor)
	case c.HalfOpenTrials < 1:
		return fmt.Errorf("breaker half-open trials must be at least 1, got %d", c.HalfOpenTrials)
	}
	return nil
}

// minimumCalls is the number of calls needed before a rate is judged.
func (c Config) minimumCalls() int {
	if c.MinimumCalls == 0 {
		return c.WindowSize
	}
	return c.MinimumCalls
}

// Cause says why a transition happened.
type Cause uint8

const (
	// CauseFailureRate: the window's failure rate reached the threshold.
	CauseFailureRate Cause = iota + 1
	// CauseWaitElapsed: the open state's wait ran out.
	CauseWaitElapsed
	// CauseTrialFailed: a half-open trial call failed.
	CauseTrialFailed
	// CauseTrialsPassed: every half-open trial call succeeded.
	CauseTrialsPassed
	// CauseOperator: a forced state change (ForceOpen, Disable, Reset...).
	CauseOperator
)

// Transition is one state change, with the facts that explain it.
type Transition struct {
	At       time.Duration
	From, To State
	Cause    Cause
	// Failures and Calls are the window's counts when the rate was judged
	// (CauseFailureRate), or the trials' counts in half-open.
	Failures, Calls int
}

// Reason says in words why the transition happened.
func (t Transition) Reason() string {
	switch t.Cause {
	case CauseFailureRate:
		return fmt.Sprintf("%d of the last %d calls failed (%.0f%%)", t.Failures, t.Calls, 100*float64(t.Failures)/float64(max(t.Calls, 1)))
	case CauseWaitElapsed:
		return "the open wait ran out"
	case CauseTrialFailed:
		return "a trial call failed"
	case CauseTrialsPassed:
		return fmt.Sprintf("%d of %d trial calls passed", t.Calls, t.Calls)
	case CauseOperator:
		return "set by the operator"
	}
	return ""
}

// Permit is handed out by Allow and given back to Record. It ties a result
// to the state period it was allowed in, so that a slow call allowed while
// closed cannot count as a half-open trial when it finally returns.
type Permit struct {
	generation uint64
}

// ErrOpen is returned by Allow when the breaker refuses a call.
var ErrOpen = errors.New("circuit breaker is open")

// Breaker is the state machine. Create it with New.
type Breaker struct {
	cfg   Config
	state State

	// generation changes on every transition; results carrying an older
	// generation are dropped.
	generation uint64

	// window is a ring of the last WindowSize recorded results.
	window   []Result
	head     int // index of the oldest result
	count    int // results held
	failures int // failures held

	openedAt     time.Duration
	trialsSent   int
	trialsPassed int

	onTransition func(Transition)
}

// New builds a closed breaker. onTransition, if not nil, is called on every
// state change, synchronously, inside the call that caused it.
func New(cfg Config, onTransition func(Transition)) (*Breaker, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &Breaker{cfg: cfg, window: make([]Result, cfg.WindowSize), onTransition: onTransition}, nil
}

// Config returns the configuration the breaker was built with.
func (b *Breaker) Config() Config { return b.cfg }

// State is the current state, as of the last call to Allow or Record. An
// open breaker whose wait has run out moves to half-open lazily, on the next
// Allow; use StateAt to see what the next call would find.
func (b *Breaker) State() State { return b.state }

// StateAt reports the state a call arriving at now would find.
func (b *Breaker) StateAt(now time.Duration) State {
	if b.state == Open && now-b.openedAt >= b.cfg.OpenFor {
		return HalfOpen
	}
	return b.state
}

// Allow asks whether a call may go to the dependency now. When it may, the
// Permit must be handed back to Record with the call's result.
func (b *Breaker) Allow(now time.Duration) (Permit, error) {
	switch b.state {
	case Closed, Disabled, MetricsOnly:
		return Permit{b.generation}, nil
	case Open:
		if now-b.openedAt < b.cfg.OpenFor {
			return Permit{}, ErrOpen
		}
		b.moveTo(now, HalfOpen, CauseWaitElapsed, 0, 0)
		b.trialsSent, b.trialsPassed = 0, 0
		fallthrough
	case HalfOpen:
		if b.trialsSent < b.cfg.HalfOpenTrials {
			b.trialsSent++
			return Permit{b.generation}, nil
		}
		return Permit{}, ErrOpen
	}
	return Permit{}, ErrOpen // ForcedOpen
}

// Record tells the breaker how a permitted call ended.
func (b *Breaker) Record(now time.Duration, p Permit, r Result) {
	if p.generation != b.generation {
		return // allowed in an earlier state period: it says nothing about this one
	}
	if r == Ignored {
		if b.state == HalfOpen {
			b.trialsSent-- // the trial never reached the dependency: give its slot back
		}
		return
	}
	switch b.state {
	case Closed, MetricsOnly:
		b.push(r)
		// Divide rather than multiply: failures/count is correctly rounded,
		// so 3 of 10 meets a threshold written as 0.3 exactly.
		if b.state == Closed && b.count >= b.cfg.minimumCalls() &&
			float64(b.failures)/float64(b.count) >= b.cfg.FailureRate {
			b.open(now, CauseFailureRate, b.failures, b.count)
		}
	case HalfOpen:
		if r == Failure {
			b.open(now, CauseTrialFailed, 1, b.trialsSent)
			return
		}
		b.trialsPassed++
		if b.trialsPassed == b.cfg.HalfOpenTrials {
			b.clearWindow()
			b.moveTo(now, Closed, CauseTrialsPassed, 0, b.trialsPassed)
		}
	}
}

// OpenRemaining is how long an open breaker will still refuse calls at now;
// zero in any other state.
func (b *Breaker) OpenRemaining(now time.Duration) time.Duration {
	if b.state != Open {
		return 0
	}
	return max(0, b.cfg.OpenFor-(now-b.openedAt))
}

// Trials reports the half-open trial calls sent and passed so far.
func (b *Breaker) Trials() (sent, passed int) { return b.trialsSent, b.trialsPassed }

// WindowCounts reports the recorded calls and failures in the window.
func (b *Breaker) WindowCounts() (calls, failures int) { return b.count, b.failures }

// AppendWindow appends the window's results, oldest first, to dst.
func (b *Breaker) AppendWindow(dst []Result) []Result {
	for i := 0; i < b.count; i++ {
		dst = append(dst, b.window[(b.head+i)%len(b.window)])
	}
	return dst
}

// ForceOpen holds the breaker open until Reset; Disable lets every call
// through and records nothing; SetMetricsOnly records but never opens.
func (b *Breaker) ForceOpen(now time.Duration) { b.moveTo(now, ForcedOpen, CauseOperator, 0, 0) }

// Disable lets every call through and records nothing, until Reset.
func (b *Breaker) Disable(now time.Duration) { b.moveTo(now, Disabled, CauseOperator, 0, 0) }

// SetMetricsOnly records calls but never opens, until Reset.
func (b *Breaker) SetMetricsOnly(now time.Duration) { b.moveTo(now, MetricsOnly, CauseOperator, 0, 0) }

// Reset closes the breaker and clears its window.
func (b *Breaker) Reset(now time.Duration) {
	b.clearWindow()
	b.moveTo(now, Closed, CauseOperator, 0, 0)
}

func (b *Breaker) open(now time.Duration, cause Cause, failures, calls int) {
	b.openedAt = now
	b.moveTo(now, Open, cause, failures, calls)
}

func (b *Breaker) moveTo(now time.Duration, to State, cause Cause, failures, calls int) {
	from := b.state
	b.state = to
	b.generation++
	if b.onTransition != nil && from != to {
		b.onTransition(Transition{At: now, From: from, To: to, Cause: cause, Failures: failures, Calls: calls})
	}
}

func (b *Breaker) push(r Result) {
	if b.count == len(b.window) {
		if b.window[b.head] == Failure {
			b.failures--
		}
		b.window[b.head] = r
		b.head = (b.head + 1) % len(b.window)
	} else {
		b.window[(b.head+b.count)%len(b.window)] = r
		b.count++
	}
	if r == Failure {
		b.failures++
	}
}

func (b *Breaker) clearWindow() {
	b.head, b.count, b.failures = 0, 0, 0
}
