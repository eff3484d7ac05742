package breaker

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine/report/exact"
)

// Preset is a library's circuit breaker with the defaults its documentation
// gives, expressed as a Config: what a developer gets by not configuring it.
type Preset struct {
	// Name is the short name a command line or a scenario uses.
	Name string
	// Library is the library and the version the defaults belong to.
	Library string
	// Source says in one line (at most 84 characters) which library's
	// documented defaults these are.
	Source string
	// Caveat is, in at most 140 characters, what is worth knowing about the
	// library's breaker beyond the table: mostly where this model differs
	// from what the table's column says the library does, and what that
	// changes. `breakerlab presets` wraps it under its column's name.
	Caveat string
	Config Config
}

// Resilience4j is Resilience4j 2.x's CircuitBreakerConfig.ofDefaults(): a
// count window of the last 100 calls, judged from 100 calls on, opening at
// 50 % failures or at 100 % of calls slower than 60 s, open for 60 s, then
// 10 trial calls judged together against the same thresholds as soon as
// min(minimum calls, trials) of them are in. Its OpenState lets calls
// through only when the clock isAfter the end of the wait, and every state
// records the results handed to it, whenever their calls began
// (CircuitBreakerStateMachine.java).
func Resilience4j() Config {
	return Config{
		WindowSize:       100,
		MinimumCalls:     100,
		FailureRate:      0.5,
		SlowCallDuration: 60 * time.Second,
		SlowCallRate:     1,
		OpenFor:          60 * time.Second,
		HalfOpenTrials:   10,
		HalfOpenRule:     TrialsAsWindowAtMinimum,
		StrictWaitEnd:    true,
		RecordLate:       true,

		// Issue 25 (refusals.go): every exception is recorded unless
		// ignoreExceptions lists it, and an ignored one releases a
		// permission of whatever state is current.
		RecordsRefusals:       AllRefusals,
		LateIgnoredFreesTrial: true,
	}
}

// Polly is Polly v8's CircuitBreakerStrategyOptions defaults: a 30 s
// sampling window cut into 10 windows that start at their first call
// (HealthMetrics.cs, RollingHealthMetrics.cs), judged from 100 calls on,
// when a call fails; it breaks at a failure ratio of 0.1 for 5 s, then one
// probe decides. It half-opens at now >= _blockedUntil, and a result that
// comes back while half-open decides, whichever call it ends
// (CircuitStateController.cs).
func Polly() Config {
	return Config{
		Window:          TimeWindow,
		WindowSpan:      30 * time.Second,
		WindowBuckets:   10,
		FloatingBuckets: true,
		MinimumCalls:    100,
		FailureRate:     0.1,
		JudgeOnFailure:  true,
		OpenFor:         5 * time.Second,
		HalfOpenTrials:  1,
		RecordLate:      true,

		// Issue 25: ShouldHandle handles every exception but cancellation.
		RecordsRefusals: AllRefusals,
	}
}

// Gobreaker is sony/gobreaker v2 with zero Settings (v2/gobreaker.go):
// ReadyToTrip opens after more than 5 consecutive failures, Timeout 60 s,
// MaxRequests 1 trial, and any failed trial reopens. It leaves open only
// when expiry.Before(now), and drops every result whose generation is not
// the current one. Interval 0 never clears the counts while closed; set
// Interval (and BucketPeriod) to model a breaker that does.
func Gobreaker() Config {
	return Config{
		MaxConsecutiveFailures: 5,
		JudgeOnFailure:         true,
		OpenFor:                60 * time.Second,
		HalfOpenTrials:         1,
		StrictWaitEnd:          true,

		// Issue 25: IsSuccessful is err == nil, IsExcluded excludes nothing.
		RecordsRefusals: AllRefusals,
	}
}

// Hystrix is Netflix Hystrix 1.5's default command properties
// (HystrixCommandProperties.java): at least 20 requests in the rolling
// 10 s, 50 % errors, a 5 s sleep window, then a single test request. The
// breaker judges HealthCountsStream's counts, whose buckets are
// metrics.healthSnapshot.intervalInMilliseconds (500 ms) wide: 20 of them,
// not the 10 one-second buckets of the published rolling statistics. It
// lets the test request through when currentTime > circuitOpenTime +
// sleepWindowTime, and any command's success closes a half-open breaker
// (markSuccess in HystrixCircuitBreaker.java).
func Hystrix() Config {
	return Config{
		Window:         TimeWindow,
		WindowSpan:     10 * time.Second,
		WindowBuckets:  20,
		MinimumCalls:   20,
		FailureRate:    0.5,
		OpenFor:        5 * time.Second,
		HalfOpenTrials: 1,
		StrictWaitEnd:  true,
		RecordLate:     true,

		// Issue 25: pool and semaphore rejections are errors.
		RecordsRefusals: AllRefusals,
	}
}

// Failsafe is failsafe-go's defaults, circuitbreaker.NewWithDefaults() or
// an unconfigured circuitbreaker.NewBuilder() (the factory names since
// v0.7.0; circuitbreaker/circuitbreakerbuilder.go): count based, one
// failure of the last one execution opens it, a 1 minute delay, then one
// trial execution whose success closes it. The open state half-opens when
// the elapsed time >= the delay, and every result goes to the state that
// is current when it is recorded (circuitbreaker/circuitstates.go and
// circuitbreaker.go's recordSuccess and recordFailure).
func Failsafe() Config {
	return Config{
		WindowSize:     1,
		MinimumCalls:   1,
		FailureRate:    1,
		OpenFor:        time.Minute,
		HalfOpenTrials: 1,
		RecordLate:     true,

		// Issue 25: with no Handle conditions every error is a failure.
		RecordsRefusals: AllRefusals,
	}
}

// PollyMinDuration is the shortest break and sampling duration Polly v8
// accepts: the [Range] on CircuitBreakerStrategyOptions' BreakDuration and
// SamplingDuration (src/Polly.Core/CircuitBreaker/CircuitBreakerStrategyOptions.cs).
const PollyMinDuration = 500 * time.Millisecond

// hystrixSnapshot is Hystrix's metrics.healthSnapshot.intervalInMilliseconds
// default: how often the breaker's counts are taken (Hystrix's window
// buckets are as wide).
const hystrixSnapshot = 500 * time.Millisecond

// Presets lists the libraries' defaults, in the order the playground shows
// them.
func Presets() []Preset {
	gobreaker, hystrix, failsafe := Gobreaker(), Hystrix(), Failsafe()
	return []Preset{
		{
			Name: "resilience4j", Library: "Resilience4j 2.x",
			Source: "Resilience4j 2.x CircuitBreakerConfig.ofDefaults() (resilience4j.readme.io)",
			// CircuitBreakerConfig.java: automaticTransitionFromOpenToHalfOpenEnabled
			// is false by default, and then "the transition to HALF_OPEN only
			// happens if a call is made" after the wait (HalfOpenOnTimer off).
			Caveat: "turns half-open only at a call unless automatic transition is on",
			Config: Resilience4j(),
		},
		{
			Name: "polly", Library: "Polly v8",
			Source: "Polly v8 CircuitBreakerStrategyOptions defaults (pollydocs.org)",
			// CircuitBreakerStrategyOptions.cs: [Range(typeof(TimeSpan),
			// "00:00:00.500", "1.00:00:00")] on BreakDuration and
			// SamplingDuration (PollyMinDuration).
			Caveat: "a break or a sampling duration cannot be set under " + Words(PollyMinDuration),
			Config: Polly(),
		},
		{
			Name: "gobreaker", Library: "sony/gobreaker v2",
			Source: fmt.Sprintf("sony/gobreaker v2 zero Settings; default ReadyToTrip: ConsecutiveFailures > %d", gobreaker.MaxConsecutiveFailures),
			// gobreaker.go, Settings.Interval: "If Interval is less than or
			// equal to 0, the CircuitBreaker doesn't clear internal Counts
			// during the closed state." The table's "counts reset" row is
			// "-"; a scenario's interval key is gobreaker's Interval.
			Caveat: "Interval 0 never clears its counts while closed; set a scenario's interval to clear them",
			Config: gobreaker,
		},
		{
			Name: "hystrix", Library: "Netflix Hystrix 1.5",
			Source: "Netflix Hystrix 1.5 circuitBreaker.* and metrics.* defaults",
			// The table's "judged after" row says what Hystrix does; the
			// caveat, what the model does instead (hystrixCaveat). Pool
			// rejections: HealthCounts counts THREAD_POOL_REJECTED and
			// SEMAPHORE_REJECTED as errors (HystrixCommandProperties.java,
			// HealthCounts in HystrixCommandMetrics.java).
			Caveat: hystrixCaveat(hystrix),
			Config: hystrix,
		},
		{
			Name: "failsafe-go", Library: "failsafe-go",
			// The open time in the table's words: "1 min" here read against
			// the table's "60 s".
			Source: fmt.Sprintf("failsafe-go circuitbreaker.NewWithDefaults() (v0.7.0 on): %s, %s",
				failsafeThreshold(failsafe), Words(failsafe.OpenFor)),
			// circuitbreaker/circuitstates.go, halfOpenState: with no
			// success threshold the half-open state judges its trials by
			// the failure threshold (FailsafeWith's comment); at 1 failure
			// of 1 that is the table's "1st failure".
			Caveat: "with no success threshold, half-open judges by the failure threshold (" + failsafeThreshold(failsafe) + ")",
			Config: failsafe,
		},
		{
			Name: "opossum", Library: "opossum 9",
			Source: "opossum 9 CircuitBreaker options defaults (lib/circuit.js, nodeshift.dev/opossum)",
			// lib/circuit.js: call() emits 'fire' (counted) before it checks
			// whether the breaker is open, and open() sets a timer that
			// half-opens it (engine/breaker/opossum.go).
			Caveat: "counts refused calls as fired; half-opens on a timer, not a call",
			Config: Opossum(),
		},
	}
}

// hystrixCaveat says, for Hystrix's preset c, what Hystrix judges, what
// the model judges instead and what that changes, the snapshot's interval
// taken from c's buckets. Hystrix 1.5's HystrixCircuitBreakerImpl opens
// only in its subscriber to HealthCountsStream (subscribeToStream's
// onNext), a BucketedRollingCounterStream that emits the counts of its
// last complete buckets once per metrics.healthSnapshot.intervalInMilliseconds,
// each bucket that wide. The model's buckets are as wide and its window the
// same at each bucket's end, but it judges after every call (JudgeOnFailure
// off): it opens at the call that crosses the threshold, Hystrix at the end
// of that call's bucket, if the share still holds then.
func hystrixCaveat(c Config) string {
	snapshot := Words(c.WindowSpan / time.Duration(c.WindowBuckets))
	return "Hystrix judges a health snapshot every " + snapshot + "; the model judges after each call, so it opens up to " + snapshot + " sooner; pool rejections are errors"
}

// failsafeThreshold is a count window's failure threshold as failsafe-go
// writes it, "1 failure of 1": the failures of the last so many executions
// that open it.
func failsafeThreshold(c Config) string {
	failures := int(math.Ceil(c.FailureRate * float64(c.WindowSize)))
	return fmt.Sprintf("%s of %d", plural(failures, "failure"), c.WindowSize)
}

// PresetNamed finds a preset by its name.
func PresetNamed(name string) (Preset, error) {
	ps := Presets()
	names := make([]string, len(ps))
	for i, p := range ps {
		if p.Name == name {
			return p, nil
		}
		names[i] = p.Name
	}
	for _, p := range ps {
		if presetSpelling(name, p.Name) {
			return Preset{}, fmt.Errorf("unknown breaker preset %q (allowed: %s); did you mean %q?", name, strings.Join(names, ", "), p.Name)
		}
	}
	return Preset{}, fmt.Errorf("unknown breaker preset %q (allowed: %s)", name, strings.Join(names, ", "))
}

// presetSpelling says whether name is preset as an author may spell it
// from the library's own name or docs: "Resilience4J", "failsafe",
// "failsafe_go", "Hystrix 1.5". The name must still be written as the
// list has it, so that a file reads one way; the refusal names the one
// meant.
func presetSpelling(name, preset string) bool {
	fold := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch {
			case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
				return r
			case r >= 'A' && r <= 'Z':
				return r + 'a' - 'A'
			}
			return -1
		}, s)
	}
	n, p := fold(name), fold(preset)
	return len(n) >= 4 && (strings.HasPrefix(n, p) || strings.HasPrefix(p, n))
}

// Setting is one parameter of a Config in words, for tables and panes.
type Setting struct {
	Name, Value string
}

// none is what Describe writes for a rule that is off.
const none = "-"

// Widths Describe keeps to, so that a label and five columns two spaces
// apart fit in 80.
const (
	MaxSettingName  = 13
	MaxSettingValue = 11
)

// Describe lists the configuration's parameters in words, always the same
// parameters in the same order, so that configurations can be set side by
// side. Every name is at most MaxSettingName characters; every value of a
// preset, and of most configurations, at most MaxSettingValue (a grown
// wait with an odd factor and cap may run longer). The rows of opossum's
// and failsafe-go's rules come last (describeLibraryRules).
//
// The presets' table claims to show each library's documented defaults, so
// a configuration equal to a preset whose library does something the model
// simplifies says what the library does: Hystrix's preset is "judged
// after" each health snapshot, as often as its buckets are wide, where the
// model judges after every call (its Caveat says so, and what it changes).
func (c Config) Describe() []Setting {
	rows := c.describeLibraryRules(c.describeCore())
	if c == Hystrix() {
		for i := range rows {
			if rows[i].Name == judgedAfter {
				rows[i].Value = hystrixJudged(c)
			}
		}
	}
	return rows
}

// judgedAfter is the row of Describe that says when the rates are judged.
const judgedAfter = "judged after"

// hystrixJudged is when Hystrix 1.5's breaker judges, for Hystrix's preset
// c: its HystrixCircuitBreaker reads HealthCountsStream, which emits a
// snapshot every metrics.healthSnapshot.intervalInMilliseconds, the width
// of its buckets (hystrixCaveat).
func hystrixJudged(c Config) string {
	return "each " + Words(c.WindowSpan/time.Duration(c.WindowBuckets))
}

// describeCore lists the parameters every library has.
func (c Config) describeCore() []Setting {
	rates := c.FailureRate > 0 || c.SlowCallRate > 0
	window, buckets, starts, minimum := none, none, none, none
	switch {
	case c.Window == TimeWindow:
		window = Words(c.WindowSpan)
		n := c.buckets()
		buckets = fmt.Sprintf("%d x %s", n, Words(c.WindowSpan/time.Duration(n)))
		starts = "on a grid"
		if c.FloatingBuckets {
			starts = "at a call"
		}
		minimum = strconv.Itoa(c.MinimumCalls)
	case c.WindowSize > 0:
		window = plural(c.WindowSize, "call")
		minimum = strconv.Itoa(c.minimumCalls())
	}
	if !rates {
		minimum = none
	}
	rate := func(r float64) string {
		if r == 0 {
			return none
		}
		return ">= " + percent(r)
	}
	slowOver := none
	if c.SlowCallRate > 0 {
		slowOver = "> " + Words(c.SlowCallDuration)
	}
	inARow := none
	if c.MaxConsecutiveFailures > 0 {
		inARow = "> " + strconv.Itoa(c.MaxConsecutiveFailures) + " fails"
	}
	judged := "every call"
	if c.JudgeOnFailure {
		judged = "a failure"
	}
	reset := none
	switch {
	case c.rolling():
		reset = fmt.Sprintf("roll %dx%s", c.rollBuckets(), strings.ReplaceAll(Words(c.BucketPeriod), " ", ""))
	case c.interval() > 0:
		reset = "every " + Words(c.interval())
	}
	leaves := ">= open for"
	if c.StrictWaitEnd {
		leaves = "> open for"
	}
	grows := none
	if c.OpenBackoff > 1 {
		grows = "x" + strconv.FormatFloat(c.OpenBackoff, 'g', 3, 64)
		if c.OpenMax > 0 {
			grows += " to " + Words(c.OpenMax)
		}
	}
	jitter := none
	if c.OpenJitter > 0 {
		jitter = "+/- " + percent(c.OpenJitter)
	}
	rule := "1st failure"
	switch c.HalfOpenRule {
	case TrialsAsWindow:
		rule = "rate of all"
	case TrialsAsWindowAtMinimum:
		rule = "rate at " + strconv.Itoa(min(c.HalfOpenTrials, c.minimumCalls()))
	}
	limit := none
	if c.HalfOpenMax > 0 {
		limit = Words(c.HalfOpenMax)
	}
	late := "dropped"
	if c.RecordLate {
		late = "recorded"
	}
	lateIgnored := none
	if c.LateIgnoredFreesTrial {
		lateIgnored = "frees trial"
	}
	return []Setting{
		{"window", window},
		{"buckets", buckets},
		{"buckets start", starts},
		{"minimum calls", minimum},
		{"failure rate", rate(c.FailureRate)},
		{"slow call", slowOver},
		{"slow rate", rate(c.SlowCallRate)},
		{"consecutive", inARow},
		{judgedAfter, judged},
		{"counts reset", reset},
		{"open for", Words(c.OpenFor)},
		{"leaves open", leaves},
		{"wait grows", grows},
		{"wait jitter", jitter},
		{"trial calls", strconv.Itoa(c.HalfOpenTrials)},
		{"trials judged", rule},
		{"half-open max", limit},
		{"late results", late},
		// Issue 25 (refusals.go).
		{"inner refusal", c.RecordsRefusals.describe()},
		{"late ignored", lateIgnored},
	}
}

// Meaning says what a row of Describe means, in words a learner can say
// in an interview, and what its values stand for where they are terms of
// art ("recorded", "at a call"). The presets table and the cheat sheet
// print one under the table for each row they show; "" for a name that is
// no row.
func Meaning(row string) string { return meanings[row] }

var meanings = map[string]string{
	"window":        "how much recent history the failure rate is worked out over: the last so many calls, or the last so many seconds",
	"buckets":       "a time window is kept in buckets, and the oldest bucket's calls leave the window all at once",
	"buckets start": "on a grid: the clock cuts the buckets; at a call: a bucket starts with the first call after the last one ended",
	"minimum calls": "no rate is judged until the window holds this many calls, so a few early failures cannot open the breaker",
	"failure rate":  "the share of failed calls in the window that opens the breaker",
	"slow call":     "a call slower than this counts as slow, even when it succeeds",
	"slow rate":     "the share of slow calls in the window that opens the breaker",
	"consecutive":   "failures in a row that open the breaker, whatever the window says",
	judgedAfter:     "when the rates are checked: after every call, only after a failure, or on a timer",
	"counts reset":  "the closed breaker forgets its counts on a schedule, so old failures stop counting",
	"open for":      "how long an open breaker refuses every call before it lets a trial through",
	"leaves open":   "a call that comes the instant the wait ends: > still refuses it, >= lets it through as a trial",
	"wait grows":    "each failed trial makes the next wait longer by this factor, up to a cap",
	"wait jitter":   "each wait is made longer or shorter at random, so a fleet of breakers does not probe at once",
	"trial calls":   "how many calls a half-open breaker lets through to test the dependency",
	"trials judged": "1st failure: a failed trial opens it again, and it closes once every trial has passed; rate at N (rate of all): once N (all) have answered, it opens again if their failure rate reaches the threshold, else it closes",
	"half-open max": "the longest a half-open breaker waits for its trials before it opens again",
	"late results":  "a call let through before the breaker changed state that answers after: recorded counts it in the new state, dropped ignores it",
	"inner refusal": "a call an inner bulkhead or rate limiter refused: failure counts it against the dependency, ignored does not, bulkhead's or limiter's counts only that one's",
	"late ignored":  "frees trial: a result the breaker is told to ignore, from a call let through before half-open, still gives a trial back",
	"calls counted": "at result: a call enters the window when it answers; when asked: when it asks, so calls in flight and refused ones dilute the rate",
	"window kept":   "per state: the counts start again at each change of state; always: a breaker that closes remembers the failures that opened it",
	"half-opens on": "next call: the first call after the wait finds it half-open; a timer: it turns half-open on its own when the wait ends",
	"call timeout":  "the breaker times the call out itself, and counts it as a failure",
	"failure count": "opens at this many failures in the window: a count, not a rate",
	"rate rounding": "the rate is rounded to a whole percent before it is compared with the threshold",
}

// Words writes a duration the way a person reads it: 500 ms, 1.5 s, 60 s,
// 5 min, 2 h.
func Words(d time.Duration) string {
	switch {
	case d < time.Second:
		return num(float64(d)/float64(time.Millisecond)) + " ms"
	case d <= 2*time.Minute:
		return num(d.Seconds()) + " s"
	case d <= 2*time.Hour:
		return num(d.Minutes()) + " min"
	}
	return num(d.Hours()) + " h"
}

// num writes f with at most three decimals and no trailing zeros.
func num(f float64) string { return strconv.FormatFloat(math.Round(f*1000)/1000, 'f', -1, 64) }

// percent writes a rate as report.PercentExact does (0.07 is "7%", where
// 100*0.07 printed "7.000000000000001%"); report imports this package, so
// the rule is called from engine/report/exact.
func percent(r float64) string { return exact.Percent(r) }

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return strconv.Itoa(n) + " " + unit + "s"
}
