// Package breaker is a circuit breaker as one readable state machine: closed,
// open and half-open, plus the operator's forced-open, disabled and
// metrics-only states. It owns the rules real libraries use to decide when
// to open and when to close again:
//
//   - a window of recent calls, by count (the last N) or by time (the last
//     span, kept as one aggregate per bucket);
//   - a failure-rate rule and a slow-call rule, judged once the window holds
//     a minimum number of calls, and a consecutive-failure rule;
//   - an open wait that may be jittered and may grow after each failed probe;
//   - a half-open state with a number of trial calls, judged by the first
//     failure or together as a window, and an optional time limit;
//   - where the libraries differ in the small print: whether the open wait
//     ends at its last instant or strictly after it, whether a result that
//     comes back after the state changed is recorded or dropped, whether
//     time buckets sit on a grid or start at a call, and gobreaker's
//     cyclic clearing (or rolling) of the closed state's counts, and
//     whether a refusal by a layer inside the breaker (a full bulkhead, a
//     rate limiter) counts as a failure (refusals.go);
//   - presets that reproduce the documented defaults of Resilience4j,
//     Polly, gobreaker, Hystrix, failsafe-go and opossum (see presets.go,
//     and opossum.go and failsafe.go for the rules only those two have).
//
// It knows nothing of the simulation: every method that depends on time takes
// `now`, a reading of a monotonic clock expressed as a time.Duration since an
// origin the caller chooses (virtual time in the engine, time.Since(start)
// against real sockets). Randomness (jitter) comes from a source the caller
// injects, so a seeded run stays reproducible. It imports only the standard
// library and allocates nothing after New, but when Rebase gives it a
// larger window: a run forked partway with other settings (fork.go) asks
// Unused whether they have mattered yet, from evidence the breaker keeps
// where it judges.
//
// A Breaker is not safe for concurrent use: the simulation drives it from one
// goroutine. Real code that shares one breaker between goroutines uses
// Concurrent, which wraps it with a mutex, and Execute, which wraps a call.
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

var resultNames = [...]string{"success", "failure", "ignored"}

func (r Result) String() string {
	if int(r) < len(resultNames) {
		return resultNames[r]
	}
	return fmt.Sprintf("result(%d)", uint8(r))
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
	// CauseTrialsPassed: the half-open trials passed (all of them, or under
	// TrialsAsWindow enough of them).
	CauseTrialsPassed
	// CauseOperator: a forced state change (ForceOpen, Disable, Reset...).
	CauseOperator
	// CauseSlowCallRate: the window's slow-call rate reached the threshold.
	CauseSlowCallRate
	// CauseConsecutiveFailures: more failures in a row than allowed.
	CauseConsecutiveFailures
	// CauseTrialSlow: a half-open trial call was slow.
	CauseTrialSlow
	// CauseTrialsFailureRate: judged as a window, the trials' failure rate
	// reached the threshold.
	CauseTrialsFailureRate
	// CauseTrialsSlowRate: judged as a window, the trials' slow-call rate
	// reached the threshold.
	CauseTrialsSlowRate
	// CauseHalfOpenTimeout: the trials did not finish within HalfOpenMax.
	CauseHalfOpenTimeout
)

var causeNames = [...]string{"", "failure-rate", "wait-elapsed", "trial-failed", "trials-passed", "operator",
	"slow-call-rate", "consecutive-failures", "trial-slow", "trials-failure-rate", "trials-slow-rate", "half-open-timeout"}

func (c Cause) String() string {
	if int(c) < len(causeNames) && c != 0 {
		return causeNames[c]
	}
	return fmt.Sprintf("cause(%d)", uint8(c))
}

// Transition is one state change, with the facts that explain it.
type Transition struct {
	At       time.Duration
	From, To State
	Cause    Cause
	// Failures and Calls are the counts the rule judged: the window's
	// failures (or slow calls) and calls for a rate, the run length for
	// consecutive failures, the trials' counts in half-open.
	Failures, Calls int
	// Wait is how long the breaker will stay open, when To is Open.
	Wait time.Duration
}

func pct(n, of int) float64 { return 100 * float64(n) / float64(max(of, 1)) }

// countOf is n and its noun, singular after 1: the noun follows the count
// it stands beside, "1 of 1 trial call passed" as one says "1 of 1
// customer" (it said "1 of 1 trial calls passed").
func countOf(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// wasOrWere agrees with the count of calls it says were slow: "1 of 2
// trial calls was slow".
func wasOrWere(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}

// Reason says in words why the transition happened.
func (t Transition) Reason() string {
	switch t.Cause {
	case CauseFailureRate:
		return fmt.Sprintf("%d of the last %s failed (%.0f%%)", t.Failures, countOf(t.Calls, "call"), pct(t.Failures, t.Calls))
	case CauseSlowCallRate:
		return fmt.Sprintf("%d of the last %s %s slow (%.0f%%)", t.Failures, countOf(t.Calls, "call"), wasOrWere(t.Failures), pct(t.Failures, t.Calls))
	case CauseConsecutiveFailures:
		return countOf(t.Failures, "call") + " in a row failed"
	case CauseWaitElapsed:
		return "the open wait ran out"
	case CauseTrialFailed:
		return "a trial call failed"
	case CauseTrialSlow:
		return "a trial call was slow"
	case CauseTrialsFailureRate:
		return fmt.Sprintf("%d of %s failed (%.0f%%)", t.Failures, countOf(t.Calls, "trial call"), pct(t.Failures, t.Calls))
	case CauseTrialsSlowRate:
		return fmt.Sprintf("%d of %s %s slow (%.0f%%)", t.Failures, countOf(t.Calls, "trial call"), wasOrWere(t.Failures), pct(t.Failures, t.Calls))
	case CauseTrialsPassed:
		return fmt.Sprintf("%d of %s passed", t.Calls-t.Failures, countOf(t.Calls, "trial call"))
	case CauseHalfOpenTimeout:
		return "the trial calls did not finish in time"
	case CauseOperator:
		return "set by the operator"
	}
	return ""
}

// Permit is handed out by Allow and given back to Record. It ties a result
// to the state period it was allowed in, so that a slow call allowed while
// closed cannot count as a half-open trial when it finally returns, and it
// carries the time the call was allowed, so Record can tell a slow call.
type Permit struct {
	generation uint64
	start      time.Duration
}

// Start is when the permit was granted.
func (p Permit) Start() time.Duration { return p.start }

// ErrOpen is returned by Allow when the breaker refuses a call.
var ErrOpen = errors.New("circuit breaker is open")

// Options are what New cannot say in a Config: the code a breaker calls.
type Options struct {
	// OnTransition, if not nil, is called on every state change,
	// synchronously, inside the call that caused it. It must not call back
	// into the breaker.
	OnTransition func(Transition)
	// Rand returns numbers uniform in [0, 1); it draws the jitter on the
	// open wait. It is required when Config.OpenJitter is above 0. Pass a
	// seeded source (math/rand/v2's Rand.Float64) to keep runs reproducible.
	Rand func() float64
}

// Breaker is the state machine. Create it with New.
type Breaker struct {
	cfg   Config
	state State

	// generation changes on every transition; results carrying an older
	// generation are dropped.
	generation uint64

	win         window // the closed state's recent calls
	consecutive int    // failures in a row, while closed

	// The closed state's Interval: when the current one began, its length
	// when the counts are cleared at once (0 when never or rolling), and
	// for a rolling Interval gobreaker's buckets: roll[age mod len] holds the
	// calls let through in bucket period number age since intervalStart.
	intervalStart time.Duration
	interval      time.Duration
	roll          []rollBucket
	rollAge       int64
	rollFailures  int // the failures in all the rolling buckets

	openedAt time.Duration // when the current open period began
	openWait time.Duration // and how long it lasts
	rounds   int           // failed half-open rounds since the breaker last closed

	halfOpenAt    time.Duration
	trialsSent    int // permits handed out in this half-open period
	trialsPassed  int // trials that neither failed nor (when judged) were slow
	trialsDone    int // trials recorded
	trialFailures int
	trialSlow     int
	trialsLate    int // results recorded as trials whose calls were let through before this period
	trialsFreed   int // trials added by late ignored results (Config.LateIgnoredFreesTrial)

	// RollingTrials (failsafe-go): the trials' results, a count window of
	// HalfOpenTrials.
	trialWin window

	// What a fork needs to know (fork.go): whether a failure or a slow
	// call was ever judged while closed, and the worst the judged windows
	// and runs of failures were.
	fork forkEvidence

	rand         func() float64
	onTransition func(Transition)

	// leanState is Closed when the breaker is lean (setLean), and
	// notLean when not: a breaker's state is leanState exactly when
	// Record may take its short way, which one comparison tells (Allow's
	// is for a lean breaker closed or open).
	// setLean sets it whenever the settings change (New, Rebase).
	leanState State
}

// notLean is leanState for a breaker that is not lean: no state.
const notLean State = 255

// New builds a closed breaker. onTransition, if not nil, is called on every
// state change, synchronously, inside the call that caused it.
func New(cfg Config, onTransition func(Transition)) (*Breaker, error) {
	return NewWithOptions(cfg, Options{OnTransition: onTransition})
}

// NewWithOptions builds a closed breaker with a listener and a random source.
func NewWithOptions(cfg Config, opts Options) (*Breaker, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if cfg.OpenJitter > 0 && opts.Rand == nil {
		return nil, fmt.Errorf("breaker open jitter %v needs a random source: set Options.Rand (a seeded one keeps a run reproducible)", cfg.OpenJitter)
	}
	b := &Breaker{
		cfg:          cfg,
		win:          newWindow(cfg),
		interval:     cfg.interval(),
		rand:         opts.Rand,
		onTransition: opts.OnTransition,
	}
	if cfg.rolling() {
		b.roll = make([]rollBucket, cfg.rollBuckets())
	}
	if cfg.RollingTrials {
		b.trialWin = newWindow(Config{WindowSize: cfg.HalfOpenTrials})
	}
	b.setLean()
	return b, nil
}

// setLean notes whether a closed breaker's results may take recordLean,
// and Allow its own short way: a count window that holds calls, counted
// at their results, no Interval of either kind and no slow calls. Most breakers of most runs are so
// (Resilience4j's defaults, and the engine's): record's other steps then
// do nothing for a closed breaker (see recordLean).
func (b *Breaker) setLean() {
	c := &b.cfg
	b.leanState = notLean
	if b.win.kind == CountWindow && len(b.win.ring) > 0 && !c.CountAtStart &&
		b.interval == 0 && b.roll == nil && !c.slowTracked() {
		b.leanState = Closed
	}
}

// rollBucket is one bucket period of a rolling Interval: the failures
// counted in it, and the run of failures it ended on (gobreaker's
// per-bucket TotalFailures and ConsecutiveFailures).
type rollBucket struct{ failures, run int }

// Config returns the configuration the breaker was built with.
func (b *Breaker) Config() Config { return b.cfg }

// State is the current state, as of the last call to Allow, Record or Tick.
// An open breaker whose wait has run out moves to half-open lazily, on the
// next Allow (or Tick); use StateAt to see what the next call would find.
func (b *Breaker) State() State { return b.state }

// StateAt reports the state a call arriving at now would find. A half-open
// breaker past HalfOpenMax reads as open.
func (b *Breaker) StateAt(now time.Duration) State {
	switch b.state {
	case Open:
		if b.waitOver(now) {
			return HalfOpen
		}
	case HalfOpen:
		if b.halfOpenExpired(now) {
			return Open
		}
	}
	return b.state
}

// Allow asks whether a call may go to the dependency now. When it may, the
// Permit must be handed back to Record with the call's result.
func (b *Breaker) Allow(now time.Duration) (Permit, error) {
	if b.leanState == Closed {
		// A lean breaker (setLean): the first three steps below do
		// nothing (no Interval, no count at the start, and the half-open
		// limit only acts in half-open), and the switch is written out
		// for three states. An open breaker whose wait is over goes on
		// below, where it half-opens; so does a half-open one past its
		// limit, or with a trial left to hand out. Most calls of most
		// runs ask so, and a dependency that stays down keeps its
		// breaker half-open with every trial out for as long as a trial
		// call takes. TestLeanBreakerMatchesGeneral runs both ways.
		switch b.state {
		case Closed:
			return Permit{b.generation, now}, nil
		case Open:
			if !b.waitOver(now) {
				return Permit{}, ErrOpen
			}
		case HalfOpen:
			if b.trialsSent >= b.cfg.HalfOpenTrials+b.trialsFreed && !b.halfOpenExpired(now) {
				return Permit{}, ErrOpen
			}
		}
	}
	b.expireHalfOpen(now) // past HalfOpenMax it has reopened
	b.turnInterval(now)
	b.countAsked(now)
	switch b.state {
	case Closed, Disabled, MetricsOnly:
		return Permit{b.generation, now}, nil
	case Open:
		if !b.waitOver(now) {
			return Permit{}, ErrOpen
		}
		b.halfOpen(now)
		fallthrough
	case HalfOpen:
		if b.trialsSent < b.cfg.HalfOpenTrials+b.trialsFreed {
			b.trialsSent++
			return Permit{b.generation, now}, nil
		}
		return Permit{}, ErrOpen
	}
	return Permit{}, ErrOpen // ForcedOpen
}

// Refused reports whether Allow(now) would refuse the call, when that is
// known without Allow's work: a lean breaker (setLean) still open, or
// half-open within its limit with every trial out, for which Allow
// changes nothing (its lean cases). False says to ask Allow. It is small
// enough to inline, so that a caller whose dependency is down, and most
// of whose calls the breaker refuses, spares them Allow's call.
func (b *Breaker) Refused(now time.Duration) bool {
	if b.leanState != Closed {
		return false
	}
	switch b.state {
	case Open:
		return !b.waitOver(now)
	case HalfOpen:
		return b.trialsSent >= b.cfg.HalfOpenTrials+b.trialsFreed && !b.halfOpenExpired(now)
	}
	return false
}

// Record tells the breaker how a permitted call ended. The call's duration
// is now minus the permit's start. A call let through in an earlier state
// period (before the breaker opened, half-opened, closed or cleared its
// counts) is late: Config.RecordLate says whether it counts.
func (b *Breaker) Record(now time.Duration, p Permit, r Result) { b.recordLean(now, p, r) }

// recordLean is Record. A lean breaker (setLean), closed, takes a result
// neither Ignored nor late its own short way; any other goes to record.
// The engine's breakers record most of their results so, and record's walk
// through the rules it has to check (a half-open limit, an Interval,
// opossum's timer, slow calls, counting at the start, a rolling Interval)
// costs more than the work itself. The short way mirrors record's steps
// for that case, written out: the window's add for a count window, the
// run of failures, then judge, which is skipped when it could do nothing
// (a success, with no failure left in the window: no rule can trip and
// no evidence is noted). A lean breaker has no slow calls.
// TestLeanBreakerMatchesGeneral runs the two side by side.
func (b *Breaker) recordLean(now time.Duration, p Permit, r Result) {
	if b.state != b.leanState || p.generation != b.generation || r == Ignored {
		b.record(now, p, r, false)
		return
	}
	w := &b.win
	if r == Success && w.failures == 0 && w.n == len(w.ring) {
		// A success in a full window of successes: the steps below drop
		// a success's mark and write one, so the marks and the count of
		// calls stay as they are, the window moves on one, the run of
		// failures ends and judge is skipped. Most results of most runs
		// are such. (A lean breaker has no slow calls: SlowCallDuration
		// is 0, which Rebase cannot change.)
		w.added++
		if w.head++; w.head == len(w.ring) {
			w.head = 0
		}
		b.consecutive = 0
		return
	}
	failed := r == Failure
	var m mark
	if failed {
		m = markFailure
	}
	w.added++
	if w.n == len(w.ring) {
		w.drop(w.ring[w.head])
		w.ring[w.head] = m
		if w.head++; w.head == len(w.ring) {
			w.head = 0
		}
	} else {
		w.ring[(w.head+w.n)%len(w.ring)] = m
		w.n++
	}
	w.calls++
	if failed {
		w.failures++
		b.consecutive++
	} else {
		b.consecutive = 0
		if w.failures == 0 {
			return
		}
	}
	b.judge(now, failed)
}

// record is Record the general way (recordLean takes the short one);
// timedOut says the result is a CallTimeout's failure, whose timer was set
// before any reset timer still pending.
func (b *Breaker) record(now time.Duration, p Permit, r Result, timedOut bool) {
	b.expireHalfOpen(now)
	b.turnInterval(now)
	b.halfOpenOnTimer(now, timedOut)
	late := p.generation != b.generation
	if r == Ignored {
		switch {
		case b.state != HalfOpen:
		case !late:
			b.trialsSent-- // the trial never reached the dependency: give its slot back
		case b.cfg.LateIgnoredFreesTrial:
			b.trialsFreed++ // Resilience4j's releasePermission (refusals.go)
		}
		return
	}
	if late && !b.cfg.RecordLate {
		return // allowed in an earlier state period: it says nothing about this one
	}
	failed := r == Failure
	slow := b.cfg.slowTracked() && now-p.start > b.cfg.SlowCallDuration
	winAt := now // when the window counts the result
	if timedOut {
		winAt = b.timeoutCountedAt(now)
	}
	switch b.state {
	case Closed, MetricsOnly:
		b.addToWindow(winAt, failed, slow)
		switch {
		case b.roll != nil:
			b.rollRecord(p.start, failed)
		case failed:
			b.consecutive++
		default:
			b.consecutive = 0
		}
		if b.state == Closed {
			b.judge(now, failed || slow)
		}
	case HalfOpen:
		b.keepCount(winAt, failed, slow)
		b.trial(now, failed, slow, late)
	case Open:
		b.keepCount(winAt, failed, slow)
	}
}

// Tick lets time alone move the breaker: an open breaker whose wait has run
// out becomes half-open, a half-open breaker past HalfOpenMax opens again,
// and a time window drops the buckets that have aged out. Without Tick the
// same moves happen lazily on the next Allow; a caller that wants them on a
// timer calls Tick at NextDeadline. Resilience4j's automatic transition
// fires at the wait's exact end, a nanosecond before NextDeadline under
// StrictWaitEnd: AutoHalfOpen at OpenUntil models it.
func (b *Breaker) Tick(now time.Duration) {
	b.expireHalfOpen(now)
	if b.state == Open && b.waitOver(now) {
		b.halfOpen(now)
	}
	b.turnInterval(now)
	b.win.age(now)
}

// NextDeadline is the next moment at which time alone will change the
// state: the end of the open wait (a nanosecond after it under
// StrictWaitEnd), or of HalfOpenMax. ok is false when no such moment is
// pending.
func (b *Breaker) NextDeadline() (at time.Duration, ok bool) {
	switch b.state {
	case Open:
		return addSat(addSat(b.openedAt, b.openWait), b.strictNs()), true
	case HalfOpen:
		if b.cfg.HalfOpenMax > 0 {
			return addSat(b.halfOpenAt, b.cfg.HalfOpenMax), true
		}
	}
	return 0, false
}

// OpenRemaining is how long an open breaker will still refuse calls at now:
// a call made that much later is let through. Zero in any other state.
func (b *Breaker) OpenRemaining(now time.Duration) time.Duration {
	if b.state != Open || b.waitOver(now) {
		return 0
	}
	return addSat(b.openWait-(now-b.openedAt), b.strictNs())
}

// Trials reports the half-open trial calls sent and passed so far. Under
// RecordLate, sent includes the late results recorded as trials.
func (b *Breaker) Trials() (sent, passed int) { return b.trialsSent + b.trialsLate, b.trialsPassed }

// WindowCounts reports the recorded calls and failures in the window, as of
// the last call to Record or Tick.
func (b *Breaker) WindowCounts() (calls, failures int) { return b.win.calls, b.win.failures }

// Counts reports the window and the run of consecutive failures, as of the
// last call to Record or Tick.
func (b *Breaker) Counts() Counts {
	return Counts{Calls: b.win.calls, Failures: b.win.failures, Slow: b.win.slow, ConsecutiveFailures: b.consecutive}
}

// CountsAt reports what the window holds at now, leaving out the time
// buckets that have aged out since the last update, without changing it.
func (b *Breaker) CountsAt(now time.Duration) Counts {
	if b.interval == 0 && b.roll == nil && b.win.kind != TimeWindow {
		// No Interval to clear the counts, no rolling buckets to drop,
		// and a window that time does not age: what the steps below
		// read is Counts. Most breakers are so, and a run samples each
		// at every bucket.
		return b.Counts()
	}
	if b.state == Closed && b.intervalOver(now) {
		return Counts{} // the next call will find them cleared
	}
	c := Counts{ConsecutiveFailures: b.consecutive}
	if b.state == Closed && b.roll != nil {
		c.ConsecutiveFailures = b.rolledRun(b.rollAgeAt(now))
	}
	c.Calls, c.Failures, c.Slow = b.win.countsAt(now)
	return c
}

// AppendWindow appends a count window's results, oldest first, to dst. A
// time window keeps no single calls: see AppendBuckets.
func (b *Breaker) AppendWindow(dst []Result) []Result {
	w := &b.win
	for i := 0; i < w.n; i++ {
		r := Success
		if w.ring[(w.head+i)%len(w.ring)]&markFailure != 0 {
			r = Failure
		}
		dst = append(dst, r)
	}
	return dst
}

// Call is one call in a count window, as AppendCalls reports it: whether it
// failed and whether it was slow (slower than Config.SlowCallDuration). A
// slow call may also have failed; the window then counts it as both.
type Call uint8

// The bits of a Call, the window's own marks.
const (
	CallFailed = Call(markFailure)
	CallSlow   = Call(markSlow)
)

// Failed says whether the call counts as a failure.
func (c Call) Failed() bool { return c&CallFailed != 0 }

// Slow says whether the call counts as slow.
func (c Call) Slow() bool { return c&CallSlow != 0 }

// AppendCalls appends a count window's calls, oldest first, to dst: the
// results AppendWindow gives, with the slow calls marked, which a Result
// cannot say. A time window keeps no single calls: see AppendBuckets.
func (b *Breaker) AppendCalls(dst []Call) []Call {
	w := &b.win
	for i := 0; i < w.n; i++ {
		dst = append(dst, Call(w.ring[(w.head+i)%len(w.ring)]))
	}
	return dst
}

// AppendBuckets appends a time window's buckets as of now, oldest first, to
// dst; a count window appends nothing.
func (b *Breaker) AppendBuckets(dst []Bucket, now time.Duration) []Bucket {
	return b.win.appendBuckets(dst, now)
}

// ForceOpen holds the breaker open until Reset.
func (b *Breaker) ForceOpen(now time.Duration) { b.moveTo(now, ForcedOpen, CauseOperator, 0, 0) }

// Disable lets every call through and records nothing, until Reset.
func (b *Breaker) Disable(now time.Duration) { b.moveTo(now, Disabled, CauseOperator, 0, 0) }

// SetMetricsOnly records calls but never opens, until Reset.
func (b *Breaker) SetMetricsOnly(now time.Duration) { b.moveTo(now, MetricsOnly, CauseOperator, 0, 0) }

// Reset closes the breaker and clears its window.
func (b *Breaker) Reset(now time.Duration) { b.close(now, CauseOperator, 0, 0) }

// judge applies the closed state's rules after a call was recorded.
func (b *Breaker) judge(now time.Duration, bad bool) {
	c := &b.cfg
	w := &b.win
	if bad {
		b.fork.noteBad(b.consecutive)
	}
	if (bad || !c.JudgeOnFailure) && (w.calls > 0 || c.CountAtStart) && w.calls >= c.minimumCalls() {
		if w.failures|w.slow != 0 {
			b.fork.noteJudged(w)
		}
		// Divide rather than multiply: failures/calls is correctly rounded,
		// so 3 of 10 meets a threshold written as 0.3 exactly. No rate of
		// none reaches a threshold above 0 (rateReached is not asked).
		if c.FailureRate > 0 && w.failures > 0 && c.rateReached(w.failures, w.calls, c.FailureRate) {
			b.open(now, CauseFailureRate, w.failures, w.calls)
			return
		}
		if c.FailureCount > 0 && w.failures >= c.FailureCount {
			b.open(now, CauseFailureRate, w.failures, w.calls)
			return
		}
		if c.SlowCallRate > 0 && w.slow > 0 && c.rateReached(w.slow, w.calls, c.SlowCallRate) {
			b.open(now, CauseSlowCallRate, w.slow, w.calls)
			return
		}
	}
	if c.MaxConsecutiveFailures > 0 && b.consecutive > c.MaxConsecutiveFailures {
		b.open(now, CauseConsecutiveFailures, b.consecutive, b.consecutive)
	}
}

// trial applies the half-open rule after a trial call was recorded; late
// says the call was let through before this half-open period began.
func (b *Breaker) trial(now time.Duration, failed, slow, late bool) {
	c := &b.cfg
	judgedSlow := slow && c.SlowCallRate > 0
	b.trialsDone++
	if late {
		b.trialsLate++
	}
	if failed {
		b.trialFailures++
	}
	if slow {
		b.trialSlow++
	}
	if !failed && !judgedSlow {
		b.trialsPassed++
	}
	if c.RollingTrials {
		b.rollingTrial(now, failed)
		return
	}
	if c.HalfOpenRule.judgesTogether() {
		need := c.HalfOpenTrials
		if c.HalfOpenRule == TrialsAsWindowAtMinimum {
			need = min(need, c.minimumCalls())
		}
		if b.trialsDone < need {
			return
		}
		n := b.trialsDone
		switch {
		case c.FailureRate > 0 && float64(b.trialFailures)/float64(n) >= c.FailureRate:
			b.open(now, CauseTrialsFailureRate, b.trialFailures, n)
		case c.SlowCallRate > 0 && float64(b.trialSlow)/float64(n) >= c.SlowCallRate:
			b.open(now, CauseTrialsSlowRate, b.trialSlow, n)
		default:
			b.close(now, CauseTrialsPassed, b.trialFailures, n)
		}
		return
	}
	switch {
	case failed:
		b.open(now, CauseTrialFailed, 1, b.trialsSent)
	case judgedSlow:
		b.open(now, CauseTrialSlow, 1, b.trialsSent)
	case b.trialsPassed >= c.HalfOpenTrials:
		b.close(now, CauseTrialsPassed, 0, b.trialsPassed)
	}
}

// strictNs is how much later than the end of the open wait the first call
// is let through: a nanosecond under StrictWaitEnd, none otherwise.
func (b *Breaker) strictNs() time.Duration {
	if b.cfg.StrictWaitEnd {
		return 1
	}
	return 0
}

// waitOver says whether the open wait has run out at now.
func (b *Breaker) waitOver(now time.Duration) bool {
	if b.cfg.StrictWaitEnd {
		return now-b.openedAt > b.openWait
	}
	return now-b.openedAt >= b.openWait
}

// intervalOver says whether a closed breaker's counts are due to be
// cleared at now, with the open wait's boundary rule (gobreaker compares
// both with expiry.Before(now)).
func (b *Breaker) intervalOver(now time.Duration) bool {
	if b.interval == 0 {
		return false
	}
	if b.cfg.StrictWaitEnd {
		return now-b.intervalStart > b.interval
	}
	return now-b.intervalStart >= b.interval
}

// turnInterval makes the move gobreaker's currentState makes for a closed
// breaker on every call: past the end of the interval it starts a new
// one (a new state period: the calls in flight are late), and a rolling
// interval drops the bucket periods that have passed.
func (b *Breaker) turnInterval(now time.Duration) {
	// Most breakers have neither kind of interval: this check is inlined
	// into Allow and record, and the work is a call away.
	if b.state == Closed && (b.interval != 0 || b.roll != nil) {
		b.turnIntervalNow(now)
	}
}

// turnIntervalNow is turnInterval's work, for a closed breaker.
func (b *Breaker) turnIntervalNow(now time.Duration) {
	switch {
	case b.intervalOver(now):
		b.generation++
		b.win.reset()
		b.consecutive = 0
		b.intervalStart = now
	case b.roll != nil:
		b.grow(b.rollAgeAt(now))
	}
}

// rollAgeAt is the bucket period that t falls in, counted from the start
// of the interval (gobreaker's age: 0 for a time before it).
func (b *Breaker) rollAgeAt(t time.Duration) int64 {
	elapsed := t - b.intervalStart
	if elapsed < 0 {
		return 0
	}
	return int64(elapsed / b.cfg.BucketPeriod)
}

// grow moves a rolling interval on to bucket period age, as
// rollingCounts.grow and subtract do in gobreaker v2's counter.go: a jump
// of a whole interval or more clears everything; a shorter one drops the
// oldest buckets one at a time, and each takes its run of failures out of
// the breaker's run when the run covers every failure still counted.
func (b *Breaker) grow(age int64) {
	if age <= b.rollAge {
		return
	}
	n := int64(len(b.roll))
	if age-b.rollAge >= n {
		clear(b.roll)
		b.rollFailures, b.consecutive, b.rollAge = 0, 0, age
		return
	}
	for b.rollAge < age {
		b.rollAge++
		bk := &b.roll[b.rollAge%n]
		b.consecutive = dropRun(b.consecutive, b.rollFailures, *bk)
		b.rollFailures -= bk.failures
		*bk = rollBucket{}
	}
}

// rolledRun is the run of failures grow would leave at age, without
// changing anything.
func (b *Breaker) rolledRun(age int64) int {
	n := int64(len(b.roll))
	switch {
	case age <= b.rollAge:
		return b.consecutive
	case age-b.rollAge >= n:
		return 0
	}
	run, total := b.consecutive, b.rollFailures
	for k := b.rollAge + 1; k <= age; k++ {
		bk := b.roll[k%n]
		run = dropRun(run, total, bk)
		total -= bk.failures
	}
	return run
}

// dropRun is the run of failures once the oldest bucket bk leaves: the run
// loses bk's own closing run when the run spans bk's closing run and every
// failure of the other buckets (total counts bk's failures too).
func dropRun(run, total int, bk rollBucket) int {
	if run == bk.run+total-bk.failures {
		return run - min(bk.run, run)
	}
	return run
}

// rollRecord counts a closed-state result in the bucket of the period its
// call was let through in (gobreaker passes the age from beforeRequest to
// afterRequest); a call whose bucket has already left is not counted at all.
func (b *Breaker) rollRecord(start time.Duration, failed bool) {
	age := b.rollAgeAt(start)
	n := int64(len(b.roll))
	if age > b.rollAge || b.rollAge-age >= n {
		return
	}
	bk := &b.roll[age%n]
	if failed {
		bk.failures++
		bk.run++
		b.rollFailures++
		b.consecutive++
	} else {
		bk.run = 0
		b.consecutive = 0
	}
}

func (b *Breaker) halfOpenExpired(now time.Duration) bool {
	return b.cfg.HalfOpenMax > 0 && now-b.halfOpenAt >= b.cfg.HalfOpenMax
}

// expireHalfOpen makes the move a timer would have made: a half-open
// breaker past HalfOpenMax opens again, dated when the limit ran out.
// Any other state is left alone.
func (b *Breaker) expireHalfOpen(now time.Duration) {
	if b.state == HalfOpen { // inlined: the common case costs a compare
		b.expireHalfOpenNow(now)
	}
}

// expireHalfOpenNow is expireHalfOpen's work, for a half-open breaker.
func (b *Breaker) expireHalfOpenNow(now time.Duration) {
	if b.halfOpenExpired(now) {
		b.open(b.halfOpenAt+b.cfg.HalfOpenMax, CauseHalfOpenTimeout, b.trialFailures, b.trialsSent)
	}
}

func (b *Breaker) halfOpen(now time.Duration) {
	b.halfOpenAt = now
	b.trialsSent, b.trialsPassed, b.trialsDone, b.trialFailures, b.trialSlow, b.trialsLate = 0, 0, 0, 0, 0, 0
	b.trialsFreed = 0
	b.trialWin.reset()
	b.moveTo(now, HalfOpen, CauseWaitElapsed, 0, 0)
}

func (b *Breaker) open(at time.Duration, cause Cause, failures, calls int) {
	if b.state == HalfOpen {
		b.rounds++
	}
	b.openedAt = at
	b.openWait = b.drawWait()
	b.moveTo(at, Open, cause, failures, calls)
}

func (b *Breaker) close(now time.Duration, cause Cause, failures, calls int) {
	if !b.cfg.KeepCounts || cause == CauseOperator {
		b.win.reset()
	}
	b.consecutive = 0
	b.rounds = 0
	b.intervalStart = now
	clear(b.roll)
	b.rollAge, b.rollFailures = 0, 0
	b.moveTo(now, Closed, cause, failures, calls)
}

// maxWait bounds a computed wait, far beyond any useful one, so that adding
// it to a clock reading cannot overflow.
const maxWait = time.Duration(1<<62 - 1)

// drawWait is the length of the open period starting now: OpenFor, grown
// by the failed rounds, capped, then jittered.
func (b *Breaker) drawWait() time.Duration {
	c := &b.cfg
	w := c.baseWait(b.rounds)
	if c.OpenJitter == 0 {
		return w
	}
	u := b.rand()
	if !(u >= 0 && u < 1) {
		u = 0.5 // a broken source must not break the breaker
	}
	f := float64(w) * (1 + c.OpenJitter*(2*u-1))
	if !(f < float64(maxWait)) {
		return maxWait
	}
	return max(time.Duration(f), 1)
}

func (b *Breaker) moveTo(now time.Duration, to State, cause Cause, failures, calls int) {
	from := b.state
	b.state = to
	b.generation++
	if b.onTransition != nil && from != to {
		t := Transition{At: now, From: from, To: to, Cause: cause, Failures: failures, Calls: calls}
		if to == Open {
			t.Wait = b.openWait
		}
		b.onTransition(t)
	}
}

func addSat(a, b time.Duration) time.Duration {
	if s := a + b; b < 0 || s >= a {
		return s
	}
	return time.Duration(1<<63 - 1)
}

// CloneInto makes dst a copy of b that goes on independently: the same
// configuration, state, window and counts, reporting to opts' OnTransition
// and drawing its jitter from opts' Rand (which should be a copy of b's
// source, to stay reproducible). dst's own buffers are reused when large
// enough. A run forked partway (engine's Run.ForkInto) clones its breakers.
func (b *Breaker) CloneInto(dst *Breaker, opts Options) {
	ring, buckets, starts, roll := dst.win.ring, dst.win.buckets, dst.win.starts, dst.roll
	trialRing := dst.trialWin.ring
	*dst = *b
	dst.trialWin.ring = cloneSlice(trialRing, b.trialWin.ring)
	dst.win.ring = cloneSlice(ring, b.win.ring)
	dst.win.buckets = cloneSlice(buckets, b.win.buckets)
	dst.win.starts = cloneSlice(starts, b.win.starts)
	dst.roll = cloneSlice(roll, b.roll)
	dst.rand, dst.onTransition = opts.Rand, opts.OnTransition
}

// cloneSlice copies src into buf's array when it fits; nil stays nil.
func cloneSlice[T any](buf, src []T) []T {
	if src == nil {
		return nil
	}
	return append(buf[:0], src...)
}
