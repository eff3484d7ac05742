package breaker

import (
	"fmt"
	"math"
	"time"
)

// WindowKind says how the closed state measures recent calls.
type WindowKind uint8

const (
	// CountWindow judges the last WindowSize recorded calls.
	CountWindow WindowKind = iota
	// TimeWindow judges the calls recorded in the last WindowSpan, kept as
	// one aggregate per bucket; a whole bucket leaves the window at once.
	TimeWindow
)

var windowKindNames = [...]string{"count", "time"}

func (k WindowKind) String() string {
	if int(k) < len(windowKindNames) {
		return windowKindNames[k]
	}
	return fmt.Sprintf("window(%d)", uint8(k))
}

// MarshalText writes the kind's name, so a scenario file can say "time".
func (k WindowKind) MarshalText() ([]byte, error) {
	if int(k) >= len(windowKindNames) {
		return nil, fmt.Errorf("unknown breaker window kind %d (allowed: count, time)", uint8(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText reads a kind's name as MarshalText writes it.
func (k *WindowKind) UnmarshalText(text []byte) error {
	for i, n := range windowKindNames {
		if n == string(text) {
			*k = WindowKind(i)
			return nil
		}
	}
	return fmt.Errorf("unknown breaker window kind %q (allowed: count, time)", text)
}

// HalfOpenRule says how the half-open state judges its trial calls.
type HalfOpenRule uint8

const (
	// FirstFailureReopens reopens on the first failed trial (or, when a
	// slow-call rate is set, the first slow one) and closes when every
	// trial has passed: gobreaker's, Polly's and Hystrix's rule.
	FirstFailureReopens HalfOpenRule = iota
	// TrialsAsWindow waits until every trial has returned, then judges them
	// together: open again when their failure or slow-call rate reaches the
	// threshold, closed otherwise. Resilience4j's rule.
	TrialsAsWindow
)

var halfOpenRuleNames = [...]string{"first-failure", "window"}

func (r HalfOpenRule) String() string {
	if int(r) < len(halfOpenRuleNames) {
		return halfOpenRuleNames[r]
	}
	return fmt.Sprintf("rule(%d)", uint8(r))
}

// MarshalText writes the rule's name.
func (r HalfOpenRule) MarshalText() ([]byte, error) {
	if int(r) >= len(halfOpenRuleNames) {
		return nil, fmt.Errorf("unknown breaker half-open rule %d (allowed: first-failure, window)", uint8(r))
	}
	return []byte(r.String()), nil
}

// UnmarshalText reads a rule's name as MarshalText writes it.
func (r *HalfOpenRule) UnmarshalText(text []byte) error {
	for i, n := range halfOpenRuleNames {
		if n == string(text) {
			*r = HalfOpenRule(i)
			return nil
		}
	}
	return fmt.Errorf("unknown breaker half-open rule %q (allowed: first-failure, window)", text)
}

// Limits that keep a configuration from asking for absurd memory.
const (
	MaxWindowSize    = 1 << 20 // calls in a count window
	MaxWindowBuckets = 1 << 16 // buckets in a time window
	MaxOpenBackoff   = 100     // growth factor of the open wait per failed probe round
)

// Config describes a breaker. It is plain data (it can be compared, copied
// and written to a file); the zero value is not valid: use Validate or New.
//
// The first five fields are the core; every field after them is optional,
// and its zero value leaves the breaker behaving as the core alone describes.
type Config struct {
	// WindowSize is how many of the most recent recorded calls a count window
	// judges. A time window leaves it 0; so may a breaker with no rate rule
	// (one that opens only on consecutive failures), which keeps no window.
	WindowSize int
	// MinimumCalls is how many calls the window must hold before a rate is
	// judged. Zero means the whole count window must be full; a time window
	// must set it (a time window is never "full").
	MinimumCalls int
	// FailureRate in (0, 1]: the breaker opens when failures/calls >= it.
	// It may be 0 (no failure-rate rule) when SlowCallRate or
	// MaxConsecutiveFailures is set.
	FailureRate float64
	// OpenFor is how long the breaker stays open before it lets trials through.
	OpenFor time.Duration
	// HalfOpenTrials is how many trial calls half-open lets through; how they
	// are judged is HalfOpenRule's business.
	HalfOpenTrials int

	// Window is the kind of window: CountWindow (the zero value) or TimeWindow.
	Window WindowKind
	// WindowSpan is how far back a time window looks.
	WindowSpan time.Duration
	// WindowBuckets is how many equal buckets a time window's span is cut
	// into; the oldest bucket leaves whole. Zero means one bucket per second
	// (Resilience4j's way), which needs a span of whole seconds.
	WindowBuckets int

	// SlowCallDuration: a call that takes longer than this counts as slow.
	SlowCallDuration time.Duration
	// SlowCallRate in (0, 1]: the breaker opens when slow calls/calls >= it.
	// Zero turns the slow-call rule off (slow calls are still counted when
	// SlowCallDuration is set).
	SlowCallRate float64

	// MaxConsecutiveFailures is the longest run of failures tolerated: one
	// more opens the breaker, whatever the window says (gobreaker's default
	// trips on more than 5). Zero turns the rule off.
	MaxConsecutiveFailures int

	// JudgeOnFailure judges the rates only when a failure (or a slow call)
	// is recorded, as Polly and gobreaker do. The zero value judges after
	// every recorded call, as Resilience4j does, so a success that brings
	// the window up to MinimumCalls can open it.
	JudgeOnFailure bool

	// OpenJitter in [0, 1) spreads each open wait uniformly over
	// [wait×(1−j), wait×(1+j)), so that many clients do not probe together.
	// The randomness comes from Options.Rand.
	OpenJitter float64
	// OpenBackoff, when above 1, multiplies the open wait each time a
	// half-open round fails, until the breaker closes again: OpenFor,
	// OpenFor×b, OpenFor×b², ... Zero or 1 keeps every wait at OpenFor.
	OpenBackoff float64
	// OpenMax caps the grown wait; zero means no cap.
	OpenMax time.Duration

	// HalfOpenRule judges the trial calls: FirstFailureReopens (the zero
	// value) or TrialsAsWindow.
	HalfOpenRule HalfOpenRule
	// HalfOpenMax is the longest the breaker may stay half-open waiting for
	// its trials (Resilience4j's maxWaitDurationInHalfOpenState); when it
	// runs out the breaker opens again. Zero means no limit.
	HalfOpenMax time.Duration
}

// Validate reports the first field that is out of range, naming what is allowed.
func (c Config) Validate() error {
	rateRule := c.FailureRate != 0 || c.SlowCallRate != 0
	switch c.Window {
	case CountWindow:
		switch {
		case c.WindowSize == 0 && !rateRule && c.MinimumCalls == 0:
			// No rate is ever judged, so no window is kept.
		case c.WindowSize < 1 || c.WindowSize > MaxWindowSize:
			return fmt.Errorf("breaker window must be between 1 and %d calls, got %d", MaxWindowSize, c.WindowSize)
		case c.MinimumCalls < 0 || c.MinimumCalls > c.WindowSize:
			return fmt.Errorf("breaker minimum calls must be between 0 and the window size %d, got %d", c.WindowSize, c.MinimumCalls)
		}
		if c.WindowSpan != 0 || c.WindowBuckets != 0 {
			return fmt.Errorf("breaker window span and buckets belong to a time window; a count window must leave them 0, got %v and %d", c.WindowSpan, c.WindowBuckets)
		}
	case TimeWindow:
		switch {
		case c.WindowSize != 0:
			return fmt.Errorf("breaker window size counts calls in a count window; a time window is measured by its span and must leave the size 0, got %d", c.WindowSize)
		case c.WindowSpan <= 0:
			return fmt.Errorf("breaker window span must be positive for a time window, got %v", c.WindowSpan)
		case c.WindowBuckets < 0 || c.WindowBuckets > MaxWindowBuckets:
			return fmt.Errorf("breaker window buckets must be between 0 (one a second) and %d, got %d", MaxWindowBuckets, c.WindowBuckets)
		case c.WindowBuckets == 0 && c.WindowSpan%time.Second != 0:
			return fmt.Errorf("breaker window buckets 0 means one a second, which needs a span of whole seconds, got %v: set the buckets", c.WindowSpan)
		case c.WindowBuckets == 0 && c.WindowSpan/time.Second > MaxWindowBuckets:
			return fmt.Errorf("breaker window span at one bucket a second may be at most %d s, got %v: set fewer buckets", MaxWindowBuckets, c.WindowSpan)
		case c.WindowBuckets > 0 && c.WindowSpan%time.Duration(c.WindowBuckets) != 0:
			return fmt.Errorf("breaker window span %v must split evenly into %d buckets", c.WindowSpan, c.WindowBuckets)
		case c.MinimumCalls < 1:
			return fmt.Errorf("breaker minimum calls must be at least 1 for a time window (it is never full), got %d", c.MinimumCalls)
		}
	default:
		return fmt.Errorf("breaker window kind must be count or time, got %v", c.Window)
	}
	switch {
	case c.FailureRate == 0 && c.SlowCallRate == 0 && c.MaxConsecutiveFailures == 0:
		return fmt.Errorf("breaker failure rate must be above 0 and at most 1 (100%%), got 0; it may be 0 only when a slow-call rate or a consecutive-failure limit opens the breaker")
	case c.FailureRate != 0 && !(c.FailureRate > 0 && c.FailureRate <= 1):
		return fmt.Errorf("breaker failure rate must be above 0 and at most 1 (100%%), got %v", c.FailureRate)
	case c.OpenFor <= 0:
		return fmt.Errorf("breaker open duration must be positive, got %v", c.OpenFor)
	case c.HalfOpenTrials < 1:
		return fmt.Errorf("breaker half-open trials must be at least 1, got %d", c.HalfOpenTrials)
	case c.SlowCallRate != 0 && !(c.SlowCallRate > 0 && c.SlowCallRate <= 1):
		return fmt.Errorf("breaker slow-call rate must be 0 (off) or above 0 and at most 1 (100%%), got %v", c.SlowCallRate)
	case c.SlowCallDuration < 0:
		return fmt.Errorf("breaker slow-call duration must not be negative, got %v", c.SlowCallDuration)
	case c.SlowCallRate > 0 && c.SlowCallDuration == 0:
		return fmt.Errorf("breaker slow-call duration must be positive when a slow-call rate is set (every call would be slow), got 0")
	case c.MaxConsecutiveFailures < 0:
		return fmt.Errorf("breaker consecutive failures must be 0 (off) or more, got %d", c.MaxConsecutiveFailures)
	case !(c.OpenJitter >= 0 && c.OpenJitter < 1):
		return fmt.Errorf("breaker open jitter must be at least 0 and below 1, got %v", c.OpenJitter)
	case c.OpenBackoff != 0 && !(c.OpenBackoff >= 1 && c.OpenBackoff <= MaxOpenBackoff):
		return fmt.Errorf("breaker open backoff must be 0 (off) or between 1 and %d, got %v", MaxOpenBackoff, c.OpenBackoff)
	case c.OpenMax < 0 || (c.OpenMax > 0 && c.OpenMax < c.OpenFor):
		return fmt.Errorf("breaker open max must be 0 (no cap) or at least the open duration %v, got %v", c.OpenFor, c.OpenMax)
	case c.HalfOpenRule > TrialsAsWindow:
		return fmt.Errorf("breaker half-open rule must be first-failure or window, got %v", c.HalfOpenRule)
	case c.HalfOpenRule == TrialsAsWindow && !rateRule:
		return fmt.Errorf("breaker half-open rule window judges the trials by the failure or slow-call rate: set one of them")
	case c.HalfOpenMax < 0:
		return fmt.Errorf("breaker half-open max must be 0 (no limit) or positive, got %v", c.HalfOpenMax)
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

// buckets is the number of buckets of a time window.
func (c Config) buckets() int {
	if c.WindowBuckets == 0 {
		return int(c.WindowSpan / time.Second)
	}
	return c.WindowBuckets
}

// slowTracked says whether calls are timed at all.
func (c Config) slowTracked() bool { return c.SlowCallDuration > 0 }

// baseWait is the open wait before jitter after `rounds` failed half-open
// rounds since the breaker last closed.
func (c Config) baseWait(rounds int) time.Duration {
	if c.OpenBackoff <= 1 || rounds == 0 {
		return c.OpenFor
	}
	limit := float64(math.MaxInt64 / 2)
	if c.OpenMax > 0 {
		limit = float64(c.OpenMax)
	}
	w := float64(c.OpenFor) * math.Pow(c.OpenBackoff, float64(rounds))
	if !(w < limit) { // also catches +Inf
		w = limit
	}
	return time.Duration(w)
}
