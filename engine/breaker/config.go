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
	// slow-call rate is set, the first slow one) and closes when
	// HalfOpenTrials trials have passed: the rule of gobreaker, Polly,
	// Hystrix and failsafe-go's defaults.
	FirstFailureReopens HalfOpenRule = iota
	// TrialsAsWindow waits until HalfOpenTrials trials have returned, then
	// judges them together: open again when their failure or slow-call rate
	// reaches the threshold, closed otherwise. No library waits this long
	// when MinimumCalls is below HalfOpenTrials (see
	// TrialsAsWindowAtMinimum); it is kept because it is the simplest
	// "judge the trials together" rule to teach.
	TrialsAsWindow
	// TrialsAsWindowAtMinimum judges the trials together as soon as
	// min(MinimumCalls, HalfOpenTrials) of them have returned: Resilience4j's
	// rule. Its half-open state keeps a count window of
	// permittedNumberOfCallsInHalfOpenState calls whose minimum is
	// min(minimumNumberOfCalls, that size) (CircuitBreakerMetrics.forHalfOpen
	// in resilience4j-circuitbreaker's CircuitBreakerMetrics.java), and
	// HalfOpenState.checkIfThresholdsExceeded (CircuitBreakerStateMachine.java)
	// opens or closes as soon as that window reports a verdict.
	TrialsAsWindowAtMinimum
)

var halfOpenRuleNames = [...]string{"first-failure", "window", "window-at-minimum"}

func (r HalfOpenRule) String() string {
	if int(r) < len(halfOpenRuleNames) {
		return halfOpenRuleNames[r]
	}
	return fmt.Sprintf("rule(%d)", uint8(r))
}

// MarshalText writes the rule's name.
func (r HalfOpenRule) MarshalText() ([]byte, error) {
	if int(r) >= len(halfOpenRuleNames) {
		return nil, fmt.Errorf("unknown breaker half-open rule %d (allowed: %s)", uint8(r), halfOpenRuleList)
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
	return fmt.Errorf("unknown breaker half-open rule %q (allowed: %s)", text, halfOpenRuleList)
}

const halfOpenRuleList = "first-failure, window, window-at-minimum"

// judgesTogether says whether the rule judges the trials as a window.
func (r HalfOpenRule) judgesTogether() bool {
	return r == TrialsAsWindow || r == TrialsAsWindowAtMinimum
}

// Limits that keep a configuration from asking for absurd memory.
const (
	MaxWindowSize    = 1 << 20 // calls in a count window
	MaxWindowBuckets = 1 << 16 // buckets in a time window
	MaxOpenBackoff   = 100     // growth factor of the open wait per failed probe round
	MaxRollBuckets   = 1 << 12 // buckets of a rolling Interval (Interval / BucketPeriod)
	// MaxHalfOpenTrials bounds the trial calls of a half-open round: the
	// libraries' defaults are 1 to 10, and a round of more than a thousand
	// probes is no probe at all but the full load let back in.
	MaxHalfOpenTrials = 1000
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

	// StrictWaitEnd lets calls through only once the open wait is strictly
	// over: a call at exactly the instant the wait ends is still refused,
	// and the first one let through comes a nanosecond later. gobreaker
	// (expiry.Before(now) in v2/gobreaker.go's currentState), Resilience4j
	// (clock.instant().isAfter(retryAfterWaitDuration) in
	// CircuitBreakerStateMachine.java's OpenState) and Hystrix
	// (currentTime > circuitOpenTime + sleepWindowTime in
	// HystrixCircuitBreaker.java) do this. The zero value leaves open at the
	// instant the wait ends, as Polly (now >= _blockedUntil in
	// CircuitStateController.cs) and failsafe-go (elapsed >= delay in
	// circuitbreaker/circuitstates.go) do. The same boundary ends an Interval.
	StrictWaitEnd bool

	// RecordLate records a result whose call was let through in an earlier
	// state period in the state the breaker is in now: while half-open it
	// counts as a trial (a late success can close the breaker), while closed
	// it enters the window. Resilience4j, Polly, Hystrix and failsafe-go hand
	// every result to whatever state is current. The zero value drops such a
	// result, as gobreaker does: its afterRequest ignores a result whose
	// generation is not the current one (v2/gobreaker.go). While open, a
	// result changes nothing either way.
	RecordLate bool

	// FloatingBuckets makes a time window's buckets start where calls
	// start them, not on a fixed grid: a bucket begins at the first call
	// recorded once the previous bucket's width has passed, and leaves the
	// window when WindowSpan has passed since it began. Polly v8 keeps its
	// sampling windows this way (RollingHealthMetrics.cs's
	// UpdateCurrentWindow). The zero value cuts time into a fixed grid of
	// buckets counted from the clock's origin, as Resilience4j and Hystrix do.
	FloatingBuckets bool

	// Interval clears the closed state's counts (the window and the run of
	// failures) every Interval, counted from when the breaker closed;
	// gobreaker's Settings.Interval. The clear happens when the first call
	// after the end of the interval notices it (Allow, Record or Tick), and
	// the next interval starts then. It begins a new state period, so the
	// result of a call let through before it is dropped unless RecordLate
	// is set. Zero never clears them.
	Interval time.Duration
	// BucketPeriod, with Interval, rolls the counts instead of clearing
	// them at once, as gobreaker v2's BucketPeriod does: Interval is rounded
	// up to a whole number of periods, each call counts in the bucket of the
	// period it was let through in, and every period the oldest bucket
	// leaves (its failures leave the run of failures when the run covers
	// every failure still counted: rollingCounts.subtract in v2/counter.go).
	// It rolls only what gobreaker counts, so it needs a breaker that opens
	// on consecutive failures alone. Zero clears all at once.
	BucketPeriod time.Duration

	// Where the engine parted from the libraries (issue 25; refusals.go).

	// RecordsRefusals says which refusals of a layer inside the breaker
	// count as failures: a full bulkhead, a rate limiter saying no (see
	// Breaker.RefusalResult). The zero value ignores them all, as this
	// simulator always did; every library records them by default
	// (AllRefusals), since to its breaker they are exceptions or errors
	// like any other:
	//   - Resilience4j records every exception not in ignoreExceptions
	//     (CircuitBreakerConfig.java: the default record predicate accepts
	//     every throwable, the ignore predicate none; handleThrowable in
	//     CircuitBreakerStateMachine.java), so a BulkheadFullException or
	//     RequestNotPermitted thrown inside the breaker (the Spring aspects'
	//     order Retry(CircuitBreaker(RateLimiter(TimeLimiter(Bulkhead)))))
	//     is a failure;
	//   - Polly v8's default ShouldHandle handles every exception but an
	//     OperationCanceledException (DefaultPredicates.cs), so an inner
	//     rate limiter's RateLimiterRejectedException counts;
	//   - Hystrix counts thread-pool and semaphore rejections as errors
	//     (HealthCounts.plus in HystrixCommandMetrics.java);
	//   - gobreaker counts any non-nil error unless IsSuccessful or
	//     IsExcluded says otherwise (defaultIsSuccessful, defaultIsExcluded
	//     in v2/gobreaker.go);
	//   - failsafe-go's failure policy with no conditions treats every
	//     error as a failure (BaseFailurePolicy.IsFailure in
	//     policy/policy.go).
	RecordsRefusals Refusals
	// LateIgnoredFreesTrial lets an ignored result free a half-open trial
	// even when its call was let through in an earlier state period:
	// Resilience4j's handleThrowable calls releasePermission on whatever
	// state is current, and HalfOpenState.releasePermission adds a permit,
	// whichever call it ends (CircuitBreakerStateMachine.java). The zero
	// value frees a trial only for a trial's own ignored result.
	LateIgnoredFreesTrial bool

	// opossum's rules (Node.js; see Opossum in opossum.go, where each is
	// traced to lib/circuit.js and lib/status.js). Each is off at its zero
	// value.

	// CountAtStart counts a call in the window when it asks the breaker,
	// whether it is let through or refused; its result later adds only a
	// failure (or a slow call) to the bucket current then. The rate is
	// failures over calls asked, so calls in flight and refused calls
	// dilute it, and MinimumCalls counts calls asked (so it may be 0). It
	// needs a time window.
	CountAtStart bool
	// KeepCounts keeps the window through every change of state: it counts
	// in every state (a result recorded while open or half-open enters it
	// too) and closing does not clear it, so a breaker that closes still
	// remembers the failures that opened it until their buckets leave. An
	// operator's Reset still clears it.
	KeepCounts bool
	// RateMustExceed opens only when a rate is above its threshold, not at
	// it. The rate is then worked out in percent as opossum does,
	// failures / calls × 100 in floating point (failures over no calls is
	// +Inf), and compared with the threshold in percent, FailureRate × 100
	// rounded to a millionth of a percent.
	RateMustExceed bool
	// HalfOpenOnTimer moves an open breaker to half-open when its wait
	// ends, as a timer would, so a result recorded after the wait (a
	// timeout, a late result) finds it half-open even though no call has
	// asked since. The zero value moves lazily, on the next Allow or Tick.
	HalfOpenOnTimer bool
	// CallTimeout is how long the library lets a call run before it fails
	// it, as part of the breaker (opossum's timeout). The breaker keeps no
	// calls of its own: the caller records a Failure at the call's start
	// plus CallTimeout and drops the call's own result when it comes later.
	// Zero: the breaker has no timeout of its own.
	CallTimeout time.Duration

	// failsafe-go's rules (see FailsafeWith in failsafe.go, where each is
	// traced to its circuitbreaker package). Each is off at its zero value.

	// FailureCount, above 0, opens the breaker when the window holds at
	// least this many failures, once it holds MinimumCalls calls: a count
	// threshold, not a rate (failsafe-go's failureThreshold). FailureRate
	// and SlowCallRate must then be 0.
	FailureCount int
	// RoundRates rounds a failure or success rate to whole percent (half
	// away from zero) before comparing it with its threshold.
	RoundRates bool
	// RollingTrials judges half-open as failsafe-go does: HalfOpenTrials
	// is how many trials may be in flight at once (every result recorded
	// while half-open frees a permit, a late one too), the trials' results
	// fill a count window of HalfOpenTrials, and after each result the
	// breaker closes or opens as HalfOpenSuccesses, or else the closed
	// state's threshold mirrored, says; when neither says, it stays
	// half-open. HalfOpenRule must be left at its zero value.
	RollingTrials bool
	// HalfOpenSuccesses, with RollingTrials, closes the breaker when the
	// trial window holds this many successes and opens it when it holds
	// more than HalfOpenTrials minus this many failures. Zero: the mirrored
	// threshold judges.
	HalfOpenSuccesses int
}

// The values the two rates allow, as Validate and a scenario file's
// refusal (engine/scenariofile) both say them, so that a learner reads one
// rule wherever a rate is refused. A rate of 0 is its rule switched off,
// not "open at any failure": gobreaker's preset has no failure rate.
const (
	FailureRateAllowed  = "above 0 and at most 1, or 0 for no failure-rate rule"
	SlowCallRateAllowed = "above 0 and at most 1, or 0 for no slow-call rule"
)

// Validate reports the first field that is out of range, naming what is allowed.
func (c Config) Validate() error {
	rateRule := c.FailureRate != 0 || c.SlowCallRate != 0 || c.FailureCount != 0
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
		case c.MinimumCalls < 1 && !(c.CountAtStart && c.MinimumCalls == 0):
			return fmt.Errorf("breaker minimum calls must be at least 1 for a time window (it is never full), got %d", c.MinimumCalls)
		case c.MinimumCalls > MaxWindowSize:
			// A count window holds at most MaxWindowSize calls; a time
			// window asking for more before it judges is as unreal.
			return fmt.Errorf("breaker minimum calls must be between 1 and %d for a time window, got %d", MaxWindowSize, c.MinimumCalls)
		}
	default:
		return fmt.Errorf("breaker window kind must be count or time, got %v", c.Window)
	}
	switch {
	case c.FailureRate == 0 && c.SlowCallRate == 0 && c.MaxConsecutiveFailures == 0 && c.FailureCount == 0:
		return fmt.Errorf("breaker failure rate must be %s, got 0, and no other rule opens the breaker: set a failure rate, or a slow-call rate, a failure count or a consecutive-failure limit", FailureRateAllowed)
	case c.FailureRate != 0 && !(c.FailureRate > 0 && c.FailureRate <= 1):
		return fmt.Errorf("breaker failure rate must be %s, got %v", FailureRateAllowed, c.FailureRate)
	case c.OpenFor <= 0:
		return fmt.Errorf("breaker open duration must be positive, got %v", c.OpenFor)
	case c.HalfOpenTrials < 1 || c.HalfOpenTrials > MaxHalfOpenTrials:
		return fmt.Errorf("breaker half-open trials must be between 1 and %d, got %d", MaxHalfOpenTrials, c.HalfOpenTrials)
	case c.SlowCallRate != 0 && !(c.SlowCallRate > 0 && c.SlowCallRate <= 1):
		return fmt.Errorf("breaker slow-call rate must be %s, got %v", SlowCallRateAllowed, c.SlowCallRate)
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
	case c.HalfOpenRule > TrialsAsWindowAtMinimum:
		return fmt.Errorf("breaker half-open rule must be one of %s, got %v", halfOpenRuleList, c.HalfOpenRule)
	case c.HalfOpenRule.judgesTogether() && !rateRule:
		return fmt.Errorf("breaker half-open rule %v judges the trials by the failure or slow-call rate: set one of them", c.HalfOpenRule)
	case c.HalfOpenMax < 0:
		return fmt.Errorf("breaker half-open max must be 0 (no limit) or positive, got %v", c.HalfOpenMax)
	case c.FloatingBuckets && c.Window != TimeWindow:
		return fmt.Errorf("breaker floating buckets belong to a time window; a count window must leave them off")
	case c.Interval < 0:
		return fmt.Errorf("breaker interval must be 0 (never clear the counts) or positive, got %v", c.Interval)
	case c.BucketPeriod < 0:
		return fmt.Errorf("breaker bucket period must be 0 (clear the counts all at once) or positive, got %v", c.BucketPeriod)
	case c.BucketPeriod > 0 && c.Interval == 0:
		return fmt.Errorf("breaker bucket period %v rolls the counts of an interval: set the interval too", c.BucketPeriod)
	case c.rollBuckets() > MaxRollBuckets:
		return fmt.Errorf("breaker interval %v in bucket periods of %v makes more than %d buckets: set a longer period", c.Interval, c.BucketPeriod, MaxRollBuckets)
	case c.rolling() && (rateRule || c.MinimumCalls != 0 || c.WindowSize != 0 || c.Window != CountWindow):
		window := fmt.Sprintf("a count window of %d calls", c.WindowSize)
		if c.Window == TimeWindow {
			window = "a time window of " + c.WindowSpan.String()
		}
		return fmt.Errorf("breaker bucket period rolls gobreaker's counts, which only the consecutive-failure rule reads: it needs a breaker with no window, minimum calls or rates (a time window rolls rates by itself), got %s, minimum calls %d, failure rate %v, slow-call rate %v",
			window, c.MinimumCalls, c.FailureRate, c.SlowCallRate)
	}
	if err := c.validateLibraryGaps(); err != nil { // refusals.go
		return err
	}
	return c.validateLibraryRules()
}

// rollBuckets is how many buckets a rolling Interval keeps, as gobreaker
// v2's NewCircuitBreaker works it out: the interval rounded up to whole
// bucket periods. It is 0 or 1 when the counts are cleared all at once.
func (c *Config) rollBuckets() int {
	if c.Interval <= 0 || c.BucketPeriod <= 0 {
		return 0
	}
	n := c.Interval / c.BucketPeriod
	if c.Interval%c.BucketPeriod != 0 {
		n++
	}
	return int(min(n, MaxRollBuckets+1))
}

// rolling says whether the closed state's counts roll bucket by bucket.
func (c *Config) rolling() bool { return c.rollBuckets() >= 2 }

// interval is the cyclic period after which the counts are cleared all at
// once: gobreaker rounds Interval up to a whole BucketPeriod even when that
// leaves a single bucket. Zero when the counts are never cleared at once.
func (c *Config) interval() time.Duration {
	switch n := c.rollBuckets(); {
	case c.Interval <= 0:
		return 0
	case n == 0:
		return c.Interval
	case n == 1:
		return c.BucketPeriod
	}
	return 0 // rolling
}

// minimumCalls is the number of calls needed before a rate is judged.
func (c *Config) minimumCalls() int {
	if c.MinimumCalls == 0 {
		return c.WindowSize
	}
	return c.MinimumCalls
}

// buckets is the number of buckets of a time window.
func (c *Config) buckets() int {
	if c.WindowBuckets == 0 {
		return int(c.WindowSpan / time.Second)
	}
	return c.WindowBuckets
}

// slowTracked says whether calls are timed at all.
func (c *Config) slowTracked() bool { return c.SlowCallDuration > 0 }

// baseWait is the open wait before jitter after `rounds` failed half-open
// rounds since the breaker last closed.
func (c *Config) baseWait(rounds int) time.Duration {
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
