package breaker

import (
	"fmt"
	"time"
)

// maxVerdictTrials bounds how many trials TrialVerdict feeds a half-open
// breaker: no preset asks for more than a few dozen, and a rule that has
// not decided by then never will on trials of one kind.
const maxVerdictTrials = 1000

// TrialVerdict says how many trials, one after another, decide a half-open
// breaker with this configuration: toClose passing trials close it (with
// no failure among them), toReopen failing ones open it again (with no
// success among them). Zero means trials of that kind alone never decide.
//
// It is read off the state machine itself, not worked out from the
// fields, so that a text quoting it (the drill's half-open card, the cheat
// sheet) says what the simulation does under every rule: gobreaker's
// MaxRequests successes in a row, Polly's and Hystrix's single probe,
// Resilience4j's trials judged together as a window, failsafe-go's
// rolling trial window.
func (c Config) TrialVerdict() (toClose, toReopen int, err error) {
	if toClose, err = c.trialsUntil(Success, Closed); err != nil {
		return 0, 0, err
	}
	toReopen, err = c.trialsUntil(Failure, Open)
	return toClose, toReopen, err
}

// trialsUntil opens a fresh breaker, lets its wait run out, and feeds it
// trials that all end with r, one at a time, until it moves to want: the
// count of trials that took, or 0 when it never did.
func (c Config) trialsUntil(r Result, want State) (int, error) {
	c.OpenJitter = 0 // a verdict does not depend on when the wait ends
	b, err := New(c, nil)
	if err != nil {
		return 0, fmt.Errorf("breaker: judging trials: %w", err)
	}
	now := time.Duration(0)
	b.open(now, CauseOperator, 0, 0)
	now += b.openWait + time.Second
	for n := 1; n <= maxVerdictTrials; n++ {
		p, err := b.Allow(now)
		if err != nil {
			return 0, nil // refused while deciding: trials alone do not decide
		}
		b.Record(now, p, r)
		if s := b.StateAt(now); s == want {
			return n, nil
		} else if s != HalfOpen {
			return 0, nil
		}
		now += time.Millisecond
	}
	return 0, nil
}
