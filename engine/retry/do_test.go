package retry

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"
)

var errFlaky = errors.New("flaky")
var errOpen = errors.New("breaker open")

func policy(attempts int, slept *[]time.Duration) Policy {
	return Policy{
		Attempts: attempts,
		Backoff:  Backoff{Base: 100 * time.Millisecond, Max: time.Second},
		Rand:     func() float64 { return 0.5 },
		Sleep: func(_ context.Context, d time.Duration) error {
			*slept = append(*slept, d)
			return nil
		},
	}
}

func TestDoRetriesWithBackoffUntilSuccess(t *testing.T) {
	var slept []time.Duration
	calls := 0
	err := Do(context.Background(), policy(5, &slept), func(context.Context) error {
		calls++
		if calls < 3 {
			return errFlaky
		}
		return nil
	})
	if err != nil || calls != 3 {
		t.Fatalf("err %v after %d calls", err, calls)
	}
	if len(slept) != 2 || slept[0] != 50*time.Millisecond || slept[1] != 100*time.Millisecond {
		t.Fatalf("slept %v; want half of 100 ms then half of 200 ms", slept)
	}
}

func TestDoNeverRetriesABreakerRefusal(t *testing.T) {
	old := IsBreakerOpen
	IsBreakerOpen = func(err error) bool { return errors.Is(err, errOpen) }
	defer func() { IsBreakerOpen = old }()
	var slept []time.Duration
	calls := 0
	err := Do(context.Background(), policy(5, &slept), func(context.Context) error { calls++; return errOpen })
	if !errors.Is(err, errOpen) || calls != 1 || len(slept) != 0 {
		t.Fatalf("a breaker refusal was retried: %d calls, err %v", calls, err)
	}
}

func TestDoStopsWhenTheBudgetRefuses(t *testing.T) {
	var slept []time.Duration
	p := policy(10, &slept)
	p.Budget = NewTokenBucket(10, 5, 10, 1) // pays for two retries
	calls := 0
	err := Do(context.Background(), p, func(context.Context) error { calls++; return errFlaky })
	if !errors.Is(err, ErrBudgetExhausted) || calls != 3 {
		t.Fatalf("%d calls, err %v; want 3 calls and an exhausted budget", calls, err)
	}
}

func TestDoGivesUpAfterTheAttempts(t *testing.T) {
	var slept []time.Duration
	calls := 0
	err := Do(context.Background(), policy(3, &slept), func(context.Context) error { calls++; return errFlaky })
	if !errors.Is(err, errFlaky) || calls != 3 {
		t.Fatalf("%d calls, err %v", calls, err)
	}
	if err := Do(context.Background(), Policy{Attempts: 0}, nil); err == nil {
		t.Fatal("a policy without attempts was accepted")
	}
}

// An attempt's own timeout is retried (the caller's context is still alive),
// and the bucket charges it the timeout price, then refunds it when the
// retry succeeds (the AWS rule, see TokenBucket).
func TestDoRetriesAnAttemptTimeoutAndRefundsIt(t *testing.T) {
	var slept []time.Duration
	p := policy(3, &slept)
	tb := NewTokenBucket(20, 5, 10, 1)
	p.Budget = tb
	calls, low := 0, 0
	err := Do(context.Background(), p, func(context.Context) error {
		calls++
		if calls == 1 {
			return fmt.Errorf("attempt 1: %w", context.DeadlineExceeded)
		}
		low = tb.Tokens() // what the bucket held while the retry ran
		return nil
	})
	if err != nil || calls != 2 {
		t.Fatalf("%d calls, err %v; want the timeout retried once", calls, err)
	}
	if low != 10 || tb.Tokens() != 20 {
		t.Fatalf("the retry held the bucket at %d and left %d; want 10 (a timeout costs 10) and 20 (refunded)", low, tb.Tokens())
	}
	// A first-try success adds just 1.
	tb = NewTokenBucket(20, 5, 10, 1)
	tb.TryRetry(false) // 15 left
	p.Budget = tb
	if err := Do(context.Background(), p, func(context.Context) error { return nil }); err != nil || tb.Tokens() != 16 {
		t.Fatalf("a first-try success left %d tokens, want 16 (err %v)", tb.Tokens(), err)
	}
}

// A cancelled context is not retried, and neither is anything once the
// caller's own context is done.
func TestDoStopsWhenTheCallerIsDone(t *testing.T) {
	var slept []time.Duration
	calls := 0
	err := Do(context.Background(), policy(5, &slept), func(context.Context) error { calls++; return context.Canceled })
	if !errors.Is(err, context.Canceled) || calls != 1 {
		t.Fatalf("a cancellation was retried: %d calls", calls)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	calls = 0
	err = Do(ctx, policy(5, &slept), func(context.Context) error { calls++; return context.DeadlineExceeded })
	if calls != 1 || err == nil {
		t.Fatalf("retried after the caller's context ended: %d calls", calls)
	}
}

// Envoy's budget lends a retrying request one slot; Do gives it back when
// the request ends, however many retries it made, so slots never leak.
func TestDoGivesBackEnvoySlots(t *testing.T) {
	var slept []time.Duration
	p := policy(4, &slept)
	c := NewEnvoyBudget()
	p.Budget = c
	for i := range 10 {
		calls := 0
		err := Do(context.Background(), p, func(context.Context) error {
			calls++
			if c.Retrying() > 1 {
				t.Fatalf("one request holds %d retry slots", c.Retrying())
			}
			if calls < 3 {
				return errFlaky
			}
			return nil
		})
		if err != nil || calls != 3 {
			t.Fatalf("request %d: %d calls, err %v", i, calls, err)
		}
		if c.Retrying() != 0 {
			t.Fatalf("after request %d, %d retry slots are still held", i, c.Retrying())
		}
	}
}
