package retry

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Policy is what Do needs to retry a real call.
type Policy struct {
	// Attempts is the most attempts, the first included.
	Attempts int
	Backoff  Backoff
	// Budget, if not nil, must pay for every retry.
	Budget Budget
	// Retryable says whether a failed attempt may be tried again. A nil
	// Retryable retries every error except a circuit breaker's refusal
	// (anything for which IsBreakerOpen is true) and a cancellation. An
	// attempt's own timeout (context.DeadlineExceeded while ctx itself is
	// still alive) is retried: it is the commonest transient failure, and
	// the budget charges it the timeout price. Do stops anyway once ctx is
	// done, whatever Retryable says.
	Retryable func(error) bool
	// Rand returns numbers uniform in [0, 1) for the jitter.
	Rand func() float64
	// Sleep waits d or until ctx is done. It is injected so that tests and
	// the simulation never wait on a wall clock.
	Sleep func(ctx context.Context, d time.Duration) error
}

// IsBreakerOpen reports errors that mean "the breaker refused the call": it
// is not a transient fault, so retrying at once only hammers the breaker.
// It is set by the caller (for example errors.Is(err, breaker.ErrOpen)).
var IsBreakerOpen = func(error) bool { return false }

// slotLender is a budget that lends a retrying request a slot until the
// request ends, as Concurrency does.
type slotLender interface{ EndRetry() }

// ErrBudgetExhausted wraps the last error when the budget refused a retry.
var ErrBudgetExhausted = errors.New("retry budget exhausted")

// Do calls call until it succeeds, the attempts run out, an error is not
// retryable, the budget refuses, or ctx ends. It returns the last error.
func Do(ctx context.Context, p Policy, call func(context.Context) error) error {
	if p.Attempts < 1 || p.Sleep == nil || p.Rand == nil {
		return fmt.Errorf("retry policy needs at least 1 attempt, a Sleep and a Rand (got %d attempts)", p.Attempts)
	}
	if p.Budget != nil {
		p.Budget.Begin()
		defer p.Budget.End()
	}
	retryable := p.Retryable
	if retryable == nil {
		retryable = func(err error) bool {
			return !IsBreakerOpen(err) && !errors.Is(err, context.Canceled)
		}
	}
	var err error
	cost := 0          // what the budget charged for the attempt being made
	holdsSlot := false // the request holds a slot of a slot-lending budget
	for attempt := 1; ; attempt++ {
		if err = call(ctx); err == nil {
			if p.Budget != nil {
				p.Budget.OnSuccess(attempt > 1, cost)
			}
			return nil
		}
		if attempt >= p.Attempts || !retryable(err) || ctx.Err() != nil {
			return err
		}
		if p.Budget != nil && !holdsSlot {
			var ok bool
			if cost, ok = p.Budget.TryRetry(errors.Is(err, context.DeadlineExceeded)); !ok {
				return fmt.Errorf("%w: %w", ErrBudgetExhausted, err)
			}
			// A budget that lends slots (Envoy's) lends one per retrying
			// request, as the engine counts it, and gets it back when the
			// request ends; otherwise the slots would leak.
			if s, ok := p.Budget.(slotLender); ok {
				holdsSlot = true
				defer s.EndRetry()
			}
		}
		if serr := p.Sleep(ctx, p.Backoff.Delay(attempt, p.Rand())); serr != nil {
			return err
		}
	}
}
