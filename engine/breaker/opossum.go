package breaker

import (
	"fmt"
	"math"
	"time"
)

// Opossum is opossum's defaults (Node.js; the rules below are read in
// opossum 9.0.0's lib/circuit.js and lib/status.js, whose lib/ is the same
// in 10.0.0): a rolling window of 10 s in 10 buckets, errorThresholdPercentage
// 50, volumeThreshold 0, resetTimeout 30 s, a single half-open trial,
// timeout 10 s, allowWarmUp off.
//
//   - The window sits on a grid: Status rotates its buckets with
//     setInterval(rotateBucket, rollingCountTimeout / rollingCountBuckets)
//     from when the breaker is built (lib/status.js). Hence a TimeWindow.
//   - A call is counted when it is fired: CircuitBreaker.call emits 'fire'
//     (Status counts fires) before it checks whether the breaker is open,
//     so refused calls count too, and a call in flight counts before its
//     result (lib/circuit.js). Hence CountAtStart.
//   - The rate is failures / fires × 100, judged in fail(), which runs only
//     on a failure (JudgeOnFailure), and it opens the breaker when
//     errorRate > errorThresholdPercentage: exceeded, not reached (hence
//     RateMustExceed).
//   - volumeThreshold is checked against the same fires: stats.fires <
//     volumeThreshold skips the judgement, so the default 0 judges from the
//     first failure, and one failure of one fire is 100 % (MinimumCalls 0).
//   - The counts are never cleared: open() and close() only mark the
//     current bucket (Status.open, Status.close), and 'fire' and 'failure'
//     are counted in every state (KeepCounts).
//   - open() starts a setTimeout(resetTimeout) that half-opens the breaker
//     when it fires (_startTimer, _halfOpen): at the end of the wait, not
//     after it, and without waiting for a call (HalfOpenOnTimer).
//   - Half-open lets one call through (PENDING_CLOSE is set on half-open
//     and cleared by the first call). Any 'success' while half-open closes
//     the breaker and any failure reopens it, whichever call it ends
//     (RecordLate): fail() opens when circuit.halfOpen whatever the rate.
//   - timeout (10 s) fails a call that has not settled, inside the breaker
//     (CallTimeout), and its result is dropped when it comes.
//   - allowWarmUp (off) would ignore failures for the first
//     rollingCountTimeout; it is not modelled.
func Opossum() Config {
	return Config{
		Window:          TimeWindow,
		WindowSpan:      10 * time.Second,
		WindowBuckets:   10,
		MinimumCalls:    0,
		FailureRate:     0.5,
		JudgeOnFailure:  true,
		OpenFor:         30 * time.Second,
		HalfOpenTrials:  1,
		RecordLate:      true,
		CountAtStart:    true,
		KeepCounts:      true,
		RateMustExceed:  true,
		HalfOpenOnTimer: true,
		CallTimeout:     10 * time.Second,
		// An inner layer's refusal rejects the wrapped promise, and fail()
		// counts every rejection unless errorFilter (none by default)
		// says to ignore it (lib/circuit.js: call and fail).
		RecordsRefusals: AllRefusals,
	}
}

// validateLibraryRules checks the fields of opossum's and failsafe-go's
// rules; Validate calls it last.
func (c Config) validateLibraryRules() error {
	switch {
	case c.CountAtStart && c.Window != TimeWindow:
		return fmt.Errorf("breaker count at start counts calls asked in a time window's buckets; it needs a time window")
	case c.CountAtStart && c.FloatingBuckets:
		return fmt.Errorf("breaker count at start needs buckets on a grid; floating buckets must be off")
	case c.CallTimeout < 0:
		return fmt.Errorf("breaker call timeout must be 0 (none) or positive, got %v", c.CallTimeout)
	case c.FailureCount < 0:
		return fmt.Errorf("breaker failure count must be 0 (off) or more, got %d", c.FailureCount)
	case c.FailureCount > 0 && (c.FailureRate != 0 || c.SlowCallRate != 0):
		return fmt.Errorf("breaker failure count %d is a threshold of its own: leave the failure rate and slow-call rate 0, got %v and %v", c.FailureCount, c.FailureRate, c.SlowCallRate)
	case c.FailureCount > 0 && c.Window == CountWindow && c.FailureCount > c.WindowSize:
		return fmt.Errorf("breaker failure count must be at most the window size %d, got %d", c.WindowSize, c.FailureCount)
	case c.RollingTrials && c.HalfOpenRule != FirstFailureReopens:
		return fmt.Errorf("breaker rolling trials judge half-open by their own rule: leave the half-open rule at first-failure, got %v", c.HalfOpenRule)
	case c.RollingTrials && c.SlowCallRate != 0:
		return fmt.Errorf("breaker rolling trials judge failures only: leave the slow-call rate 0, got %v", c.SlowCallRate)
	case c.HalfOpenSuccesses < 0 || c.HalfOpenSuccesses > c.HalfOpenTrials:
		return fmt.Errorf("breaker half-open successes must be between 0 (off) and the half-open trials %d, got %d", c.HalfOpenTrials, c.HalfOpenSuccesses)
	case c.HalfOpenSuccesses > 0 && !c.RollingTrials:
		return fmt.Errorf("breaker half-open successes judge a rolling window of trials: set rolling trials too")
	case c.RollingTrials && c.FailureCount > c.HalfOpenTrials && c.HalfOpenSuccesses == 0:
		return fmt.Errorf("breaker rolling trials mirror the failure count %d: it must be at most the half-open trials %d", c.FailureCount, c.HalfOpenTrials)
	}
	return nil
}

// rateReached says whether n of `of` calls reach (or, under RateMustExceed,
// exceed) the threshold rate.
func (c *Config) rateReached(n, of int, threshold float64) bool {
	switch {
	case c.RateMustExceed:
		// opossum: stats.failures / stats.fires * 100 > errorThresholdPercentage.
		return float64(n)/float64(of)*100 > thresholdPercent(threshold)
	case c.RoundRates:
		return roundRate(n, of) >= threshold
	}
	return float64(n)/float64(of) >= threshold
}

// thresholdPercent is a rate threshold in percent, as opossum's
// errorThresholdPercentage is written: rate × 100 rounded to a millionth,
// so that 0.29 is 29, not 28.999999999999996.
func thresholdPercent(rate float64) float64 { return math.Round(rate*1e8) / 1e6 }

// roundRate is n of `of` rounded to whole percent, as failsafe-go's
// util.Round does it: math.Round(rate*100) / 100.
func roundRate(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return math.Round(float64(n)/float64(of)*100) / 100
}

// countAsked counts a call that asks the breaker, under CountAtStart.
func (b *Breaker) countAsked(now time.Duration) {
	if b.cfg.CountAtStart {
		b.win.current(now).calls++
		b.win.calls++
	}
}

// addToWindow records a result in the window: a whole call, or under
// CountAtStart only its failure and slowness (the call was counted when it
// asked).
func (b *Breaker) addToWindow(now time.Duration, failed, slow bool) {
	if !b.cfg.CountAtStart {
		b.win.add(now, failed, slow)
		return
	}
	if !failed && !slow {
		return
	}
	bk := b.win.current(now)
	if failed {
		bk.failures++
		b.win.failures++
	}
	if slow {
		bk.slow++
		b.win.slow++
	}
}

// keepCount records a result that comes back while the breaker is open or
// half-open in the window, under KeepCounts.
func (b *Breaker) keepCount(now time.Duration, failed, slow bool) {
	if b.cfg.KeepCounts {
		b.addToWindow(now, failed, slow)
	}
}

// halfOpenOnTimer makes the move opossum's reset timer makes: an open
// breaker whose wait is over is half-open, dated when the wait ended. A
// call's timeout that fires at the very instant the wait ends fires first
// (timerFirst): its timer was set when the call started, before the breaker
// opened, and Node runs the timers due at one instant in the order they
// were set.
func (b *Breaker) halfOpenOnTimer(now time.Duration, timerFirst bool) {
	if b.cfg.HalfOpenOnTimer { // inlined: only opossum's breakers have the timer
		b.halfOpenOnTimerNow(now, timerFirst)
	}
}

// halfOpenOnTimerNow is halfOpenOnTimer's work, for a breaker with the
// timer.
func (b *Breaker) halfOpenOnTimerNow(now time.Duration, timerFirst bool) {
	if b.state != Open || !b.waitOver(now) {
		return
	}
	end := addSat(addSat(b.openedAt, b.openWait), b.strictNs())
	if timerFirst && now == end {
		return
	}
	b.halfOpen(end)
}

// timeoutCountedAt is when the window counts a CallTimeout's failure that
// comes at now. When now is exactly the end of a time bucket, and the
// call's timer was set before the bucket's: the timeout fires first (Node
// runs the timers due at one instant in the order they were set, and
// opossum's setInterval is set again each time it rotates a bucket), so the
// failure lands in the bucket that is ending, and is judged with the window
// as it stood then: a nanosecond earlier. The call's timer was set first
// when CallTimeout is longer than a bucket.
func (b *Breaker) timeoutCountedAt(now time.Duration) time.Duration {
	w := &b.win
	if !b.cfg.CountAtStart || w.width == 0 || w.floating || b.cfg.CallTimeout <= w.width ||
		now%w.width != 0 || w.newest >= w.epoch(now) {
		return now
	}
	return now - 1
}

// TimedOut records that a call let through with p ran out of
// Config.CallTimeout at now: a failure, as opossum's timeout handler
// reports it. The caller times its calls (the breaker keeps none), calls
// TimedOut at start + CallTimeout, and does not Record the call's own
// result when it comes later.
func (b *Breaker) TimedOut(now time.Duration, p Permit) { b.record(now, p, Failure, true) }

// describeLibraryRules amends the core rows for opossum's and failsafe-go's
// rules and adds theirs after them.
func (c Config) describeLibraryRules(core []Setting) []Setting {
	for i := range core {
		s := &core[i]
		switch s.Name {
		case "failure rate", "slow rate":
			if c.RateMustExceed && s.Value != none {
				s.Value = "> " + s.Value[len(">= "):]
			}
		case "minimum calls":
			if c.FailureCount > 0 && c.Window == TimeWindow {
				s.Value = fmt.Sprint(c.MinimumCalls)
			}
		case "trial calls":
			if c.RollingTrials {
				s.Value = fmt.Sprintf("%d at once", c.HalfOpenTrials)
			}
		case "trials judged":
			switch {
			case c.RollingTrials && c.HalfOpenSuccesses > 0:
				s.Value = fmt.Sprintf("%d ok of %d", c.HalfOpenSuccesses, c.HalfOpenTrials)
			case c.RollingTrials:
				s.Value = "mirrored"
			}
		}
	}
	counted, kept, halfOpens, timeout, count, rounding := "at result", "per state", "next call", none, none, none
	if c.CountAtStart {
		counted = "when asked"
	}
	if c.KeepCounts {
		kept = "always"
	}
	if c.HalfOpenOnTimer {
		halfOpens = "a timer"
	}
	if c.CallTimeout > 0 {
		timeout = Words(c.CallTimeout)
	}
	if c.FailureCount > 0 {
		count = fmt.Sprintf(">= %d", c.FailureCount)
	}
	if c.RoundRates {
		rounding = "whole %"
	}
	return append(core,
		Setting{"calls counted", counted},
		Setting{"window kept", kept},
		Setting{"half-opens on", halfOpens},
		Setting{"call timeout", timeout},
		Setting{"failure count", count},
		Setting{"rate rounding", rounding},
	)
}
