package breaker

import (
	"time"
)

// FailsafeOption is one call on failsafe-go's circuitbreaker.Builder, for
// FailsafeWith. Each mirrors the builder method of the same name in
// circuitbreaker/circuitbreakerbuilder.go (v0.9.8): a later option
// overwrites what an earlier one set, as the builder's setters do.
type FailsafeOption func(*failsafeBuilder)

// failsafeBuilder is the part of failsafe-go's builder config the breaker
// reads, with NewBuilder's defaults.
type failsafeBuilder struct {
	failureThreshold            int
	failureRateThreshold        float64
	failureThresholdingCapacity int
	failureExecutionThreshold   int
	failureThresholdingPeriod   time.Duration
	successThreshold            int
	successThresholdingCapacity int
	delay                       time.Duration
}

// FailsafeFailureThreshold is WithFailureThreshold(n): open when the last
// n executions all failed.
func FailsafeFailureThreshold(n int) FailsafeOption {
	return FailsafeFailureThresholdRatio(n, n)
}

// FailsafeFailureThresholdRatio is WithFailureThresholdRatio(failures,
// executions): open when failures of the last executions failed.
func FailsafeFailureThresholdRatio(failures, executions int) FailsafeOption {
	return func(b *failsafeBuilder) {
		b.failureThreshold, b.failureThresholdingCapacity = failures, executions
	}
}

// FailsafeFailureThresholdPeriod is WithFailureThresholdPeriod(failures,
// period): open when failures failed within the period, once that many
// executions were recorded in it.
func FailsafeFailureThresholdPeriod(failures int, period time.Duration) FailsafeOption {
	return func(b *failsafeBuilder) {
		b.failureThreshold, b.failureThresholdingCapacity = failures, failures
		b.failureExecutionThreshold, b.failureThresholdingPeriod = failures, period
	}
}

// FailsafeFailureRateThreshold is WithFailureRateThreshold(rate,
// minExecutions, period): open when the failure rate, rounded to whole
// percent, reaches rate within the period, once minExecutions executions
// were recorded in it.
func FailsafeFailureRateThreshold(rate float64, minExecutions int, period time.Duration) FailsafeOption {
	return func(b *failsafeBuilder) {
		b.failureRateThreshold = rate
		b.failureExecutionThreshold, b.failureThresholdingPeriod = minExecutions, period
	}
}

// FailsafeSuccessThreshold is WithSuccessThreshold(n): half-open closes
// after n successes of n trials.
func FailsafeSuccessThreshold(n int) FailsafeOption {
	return FailsafeSuccessThresholdRatio(n, n)
}

// FailsafeSuccessThresholdRatio is WithSuccessThresholdRatio(successes,
// executions): half-open closes when successes of the last executions
// trials passed, and opens when too many failed for that to happen.
func FailsafeSuccessThresholdRatio(successes, executions int) FailsafeOption {
	return func(b *failsafeBuilder) {
		b.successThreshold, b.successThresholdingCapacity = successes, executions
	}
}

// FailsafeDelay is WithDelay(d): how long the breaker stays open.
func FailsafeDelay(d time.Duration) FailsafeOption {
	return func(b *failsafeBuilder) { b.delay = d }
}

// FailsafeWith is failsafe-go's circuit breaker built with the given
// options; with none it is Failsafe(), the defaults. Every rule is read in
// failsafe-go v0.9.8:
//
//   - The closed state keeps a count window of failureExecutionThreshold
//     executions, or else failureThresholdingCapacity; with a period it keeps
//     10 time buckets of period/10 each instead, on a grid of the wall
//     clock (newStats in circuitbreaker/circuitstates.go, NewTimedStats and
//     BucketedWindow.ExpireBuckets in internal/util).
//   - After every result (a success too) closedState.checkThresholdAndReleasePermit
//     opens the breaker when the window holds failureExecutionThreshold
//     executions and either the failure rate reaches failureRateThreshold or,
//     with no rate, the failures reach failureThreshold (FailureCount).
//   - Rates are rounded to whole percent first: FailureRate and SuccessRate
//     return util.Round(n / executions), math.Round(v*100)/100 (RoundRates).
//   - Half-open keeps a count window of successThresholdingCapacity, or
//     else failureExecutionThreshold, or else failureThresholdingCapacity,
//     and as many permits, each given back when a result is recorded
//     (halfOpenState). After each result it closes when successes reach
//     successThreshold, or opens when failures exceed capacity minus it;
//     with no success threshold it mirrors the closed threshold: a rate
//     closes when the success rate exceeds 1 − rate and opens when the
//     failure rate reaches rate, once failureExecutionThreshold trials are
//     in; a count closes when successes exceed capacity − failureThreshold
//     and opens when failures reach failureThreshold (RollingTrials,
//     HalfOpenSuccesses).
//   - Open half-opens when the elapsed time >= the delay (openState), and
//     every state records whatever result is handed to it (RecordLate).
//
// Give at most one failure-threshold option: failsafe-go's builder keeps
// what a second one does not overwrite (a ratio after a period keeps the
// period's execution threshold), and that mix is not modelled. Delay
// functions, random delays and jitter are not modelled either.
func FailsafeWith(opts ...FailsafeOption) Config {
	if len(opts) == 0 {
		return Failsafe()
	}
	b := failsafeBuilder{failureThreshold: 1, failureThresholdingCapacity: 1, delay: time.Minute}
	for _, o := range opts {
		o(&b)
	}
	c := Config{
		MinimumCalls:      max(1, b.failureExecutionThreshold),
		OpenFor:           b.delay,
		RecordLate:        true,
		RoundRates:        true,
		RollingTrials:     true,
		HalfOpenSuccesses: b.successThreshold,
	}
	if b.failureThresholdingPeriod != 0 {
		c.Window, c.WindowBuckets = TimeWindow, 10
		c.WindowSpan = 10 * (b.failureThresholdingPeriod / 10)
	} else {
		c.WindowSize = b.failureThresholdingCapacity
		if b.failureExecutionThreshold != 0 {
			c.WindowSize = b.failureExecutionThreshold
		}
	}
	if b.failureRateThreshold != 0 {
		c.FailureRate = b.failureRateThreshold
	} else {
		c.FailureCount = b.failureThreshold
	}
	switch {
	case b.successThresholdingCapacity != 0:
		c.HalfOpenTrials = b.successThresholdingCapacity
	case b.failureExecutionThreshold != 0:
		c.HalfOpenTrials = b.failureExecutionThreshold
	default:
		c.HalfOpenTrials = b.failureThresholdingCapacity
	}
	return c
}

// rollingTrial judges half-open after a trial result under RollingTrials,
// as failsafe-go's halfOpenState.checkThresholdAndReleasePermit does.
func (b *Breaker) rollingTrial(now time.Duration, failed bool) {
	c := &b.cfg
	b.trialsSent-- // the permit is given back, whichever call the result ends
	b.trialWin.add(now, failed, false)
	n, f := b.trialWin.calls, b.trialWin.failures
	s := n - f
	var pass, fail bool
	switch {
	case c.HalfOpenSuccesses > 0:
		pass = s >= c.HalfOpenSuccesses
		fail = f > c.HalfOpenTrials-c.HalfOpenSuccesses
	case c.FailureRate > 0:
		enough := n >= c.minimumCalls()
		pass = enough && roundRate(s, n) > 1-c.FailureRate
		fail = enough && roundRate(f, n) >= c.FailureRate
	default:
		pass = s > c.HalfOpenTrials-c.FailureCount
		fail = f >= c.FailureCount
	}
	switch {
	case pass:
		b.close(now, CauseTrialsPassed, f, n)
	case fail:
		b.open(now, CauseTrialsFailureRate, f, n)
	}
}
