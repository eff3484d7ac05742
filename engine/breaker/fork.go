package breaker

// Forking a breaker with other settings (issue 28). The engine forks a run
// partway (engine's Run.ForkInto): a sweep runs a prefix once and hands a
// copy of it to each cell whose knobs have not mattered yet. A breaker's
// knobs have not mattered when a breaker built with the cell's settings,
// fed the same calls, would have made every decision this one made, and
// would be in this one's state now. Unused says when that holds, from
// evidence the breaker keeps as it judges (forkEvidence); Rebase then
// hands the copy its new settings.
//
// The evidence is cheap: a breaker that has never left closed has used
// none of the settings of its open and half-open states (the open wait,
// its jitter, backoff and cap, the trials and their rule and limit, how
// late results are treated). Its judging settings (the thresholds, the
// minimum number of calls, the window's size, the run of failures
// tolerated) have not mattered either when no failure or slow call was
// ever judged: every rate it judged was 0, which no threshold reaches.
// When some were judged, the thresholds alone may differ, and only when
// the worst judged rate and run (kept below) reach neither the old nor
// the new ones.

// forkEvidence is what the breaker notes, only when it judges a bad
// result or a window that holds one, for Unused.
type forkEvidence struct {
	bad bool // a failure or slow call was judged while closed
	// The judged window with the highest failure rate (failures over
	// calls, compared exactly), and the one with the highest slow-call
	// rate; calls 0 when none held a failure (a slow call).
	failures, failuresOf int
	slow, slowOf         int
	run                  int // the longest run of failures judged
}

// noteBad notes a failure or slow call about to be judged, with the run of
// failures it makes.
func (e *forkEvidence) noteBad(run int) {
	e.bad = true
	e.run = max(e.run, run)
}

// noteJudged notes a window judged by the rates that holds a failure or a
// slow call. Rates are compared as fractions (a/b > c/d iff a×d > c×b), so
// the worst is exact whatever the windows' sizes.
func (e *forkEvidence) noteJudged(w *window) {
	if w.failures > 0 && (e.failuresOf == 0 || w.failures*e.failuresOf > e.failures*w.calls) {
		e.failures, e.failuresOf = w.failures, w.calls
	}
	if w.slow > 0 && (e.slowOf == 0 || w.slow*e.slowOf > e.slow*w.calls) {
		e.slow, e.slowOf = w.slow, w.calls
	}
}

// Unused reports whether cfg's breaker, fed every call b was fed, would
// have decided everything as b did and would now be b but for its
// settings: then Rebase(cfg) makes b that breaker. What it reported on
// the way (Counts, CountsAt) was b's too, except that with a smaller
// count window its calls were capped at the new size. It is false when
// cfg is not valid.
func (b *Breaker) Unused(cfg Config) bool {
	old := b.cfg
	if cfg == old {
		return true
	}
	// generation 0: b has never changed state, nor cleared its counts.
	if b.generation != 0 || b.state != Closed || cfg.Validate() != nil || (cfg.OpenJitter > 0 && b.rand == nil) {
		return false
	}
	same := cfg
	// Read only once the breaker has opened; and with no state change,
	// no result is late. The wait's boundary also ends an Interval.
	same.OpenFor, same.OpenJitter, same.OpenBackoff, same.OpenMax = old.OpenFor, old.OpenJitter, old.OpenBackoff, old.OpenMax
	same.HalfOpenTrials, same.HalfOpenRule, same.HalfOpenMax, same.HalfOpenSuccesses = old.HalfOpenTrials, old.HalfOpenRule, old.HalfOpenMax, old.HalfOpenSuccesses
	same.HalfOpenOnTimer, same.RecordLate, same.LateIgnoredFreesTrial = old.HalfOpenOnTimer, old.RecordLate, old.LateIgnoredFreesTrial
	if cfg.Interval == 0 && old.Interval == 0 {
		same.StrictWaitEnd = old.StrictWaitEnd
	}
	// The judging settings. A count window of another size is rebuilt
	// (Rebase); a time window's buckets hold calls by time, which another
	// span or bucket width would have cut elsewhere: those stay.
	e := &b.fork
	switch {
	case !e.bad:
		// Every judged rate was 0 and every run of failures empty: no
		// threshold was reached, and none would be.
		same.FailureRate, same.SlowCallRate, same.FailureCount, same.MaxConsecutiveFailures = old.FailureRate, old.SlowCallRate, old.FailureCount, old.MaxConsecutiveFailures
		same.MinimumCalls, same.JudgeOnFailure, same.RateMustExceed, same.RoundRates = old.MinimumCalls, old.JudgeOnFailure, old.RateMustExceed, old.RoundRates
		// A window of no calls (a breaker with no rate rule) counts none,
		// so none could be put back in one. The calls the window held at
		// each moment (Counts) were min(calls so far, size): with a
		// smaller size they were what b reported, capped at it; with a
		// larger one they were what b reported only if b's never filled.
		if old.Window == CountWindow && cfg.Window == CountWindow && old.WindowSize > 0 && cfg.WindowSize > 0 &&
			(cfg.WindowSize <= old.WindowSize || b.win.added <= old.WindowSize) {
			same.WindowSize = old.WindowSize
		}
	case !old.CountAtStart:
		// The same windows were judged (same size, minimum and rule for
		// when): the thresholds alone may differ, if the worst judged
		// rate or run reaches none of them. The three ways of comparing
		// a rate (plain, rounded to a percent, strictly above) each grow
		// with the rate, so the worst window is the one to try.
		if e.failuresOf > 0 && cfg.FailureRate > 0 && cfg.rateReached(e.failures, e.failuresOf, cfg.FailureRate) {
			return false
		}
		if e.slowOf > 0 && cfg.SlowCallRate > 0 && cfg.rateReached(e.slow, e.slowOf, cfg.SlowCallRate) {
			return false
		}
		if cfg.MaxConsecutiveFailures > 0 && e.run > cfg.MaxConsecutiveFailures {
			return false
		}
		same.FailureRate, same.SlowCallRate, same.MaxConsecutiveFailures = old.FailureRate, old.SlowCallRate, old.MaxConsecutiveFailures
		same.RateMustExceed, same.RoundRates = old.RateMustExceed, old.RoundRates
	}
	return same == old
}

// Rebase gives b the settings cfg, for which Unused(cfg) is true: a count
// window of another size holds the calls the new size would hold (all of
// them successes: see Unused), in the places it would hold them.
func (b *Breaker) Rebase(cfg Config) {
	old := b.cfg
	b.cfg = cfg
	if w := &b.win; w.kind == CountWindow && cfg.WindowSize != old.WindowSize {
		n := cfg.WindowSize
		if cap(w.ring) >= n {
			w.ring = w.ring[:n]
			clear(w.ring)
		} else {
			w.ring = make([]mark, n)
		}
		// A ring fills from 0; once full, each call goes where head is
		// and moves it on one.
		w.n, w.head = min(w.added, n), 0
		if n > 0 && w.added >= n {
			w.head = w.added % n
		}
		w.calls, w.failures, w.slow = w.n, 0, 0
	}
	if cfg.RollingTrials && cfg.HalfOpenTrials != old.HalfOpenTrials {
		b.trialWin = newWindow(Config{WindowSize: cfg.HalfOpenTrials})
	}
	b.setLean()
}
