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
	// (anything for which IsBreakerOpen is true) and context errors.
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
			return !IsBreakerOpen(err) && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
		}
	}
	var err error
	for attempt := 1; ; attempt++ {
		if err = call(ctx); err == nil {
			if p.Budget != nil {
				p.Budget.OnSuccess()
			}
			return nil
		}
		if attempt >= p.Attempts || !retryable(err) || ctx.Err() != nil {
			return err
		}
		if p.Budget != nil && !p.Budget.TryRetry(errors.Is(err, context.DeadlineExceeded)) {
			return fmt.Errorf("%w: %w", ErrBudgetExhausted, err)
		}
		if serr := p.Sleep(ctx, p.Backoff.Delay(attempt, p.Rand())); serr != nil {
			return err
		}
	}
}
