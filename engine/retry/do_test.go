package retry

import (
	"context"
	"errors"
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
