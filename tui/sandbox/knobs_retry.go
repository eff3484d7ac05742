package sandbox

import (
	"strconv"

	"github.com/breakerlab/breakerlab/engine"
)

// A call's retries: how many attempts, how far apart and under which
// budget, as the engine's retry layer takes them (engine.RetryPolicy). A
// call without retries shows them too, at one attempt, so a learner can
// turn them on and watch a retry storm multiply the calls to a dependency
// that is already failing; the retry layer takes its place in the call's
// order (Resilience4j's: outermost), which names it whether or not it is
// there. Each field is written through lessons.SetKnob at the [set] path a
// lesson uses, which adds the retry when the call has none.

// addRetry appends the retry fields of the call whose knobs start with
// prefix; r is its retry policy, nil for none.
func (f *form) addRetry(prefix string, r *engine.RetryPolicy, match string) {
	attempts, base, most, budget := 1, "0", "0", engine.NoBudget.String()
	if r != nil {
		attempts, base, most, budget = r.Attempts, durText(r.Backoff.Base), durText(r.Backoff.Max), r.Budget.String()
	}
	f.addPath("retry attempts", "the first too; 1: none", kindInt, strconv.Itoa(attempts), prefix+"retry.attempts", false, match)
	f.limitLast(1, engine.MaxAttempts)
	f.noRetryYet(r, func(v value) bool { return v.n == 1 })
	f.addPath("retry backoff", "doubling, jittered; 0: at once", kindDuration, base, prefix+"retry.base", false, match)
	f.noRetryYet(r, func(v value) bool { return v.d == 0 })
	f.limitTime(engine.MaxDuration)
	f.addPath("  backoff max", "where the doubling stops", kindDuration, most, prefix+"retry.max", false, match)
	f.noRetryYet(r, func(v value) bool { return v.d == 0 })
	f.limitTime(engine.MaxDuration)
	f.addPath("retry budget", "none, token-bucket, concurrency", kindBudget, budget, prefix+"retry.budget", false, match)
	f.noRetryYet(r, func(v value) bool { return engine.BudgetKind(v.n) == engine.NoBudget })
}

// noRetryYet keeps the field just added from giving a call without
// retries (r nil) a retry layer of one attempt when its value is the one
// that means none (isNone): such a field, written back, would add a retry
// table to the written file and to the run that changes nothing.
func (f *form) noRetryYet(r *engine.RetryPolicy, isNone func(value) bool) {
	if r != nil {
		return
	}
	k := &f.knobs[len(f.knobs)-1]
	k.absent = "retry"
	set := k.set
	k.set = func(sc *engine.Scenario, v value) {
		if !isNone(v) {
			set(sc, v)
		}
	}
}
