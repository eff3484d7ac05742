package attempt

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// All tests run in synctest bubbles: timers and time.Sleep use a fake clock
// that jumps ahead when every goroutine is blocked, so a "10 s" wait takes
// no real time, and time.Since measures fake time exactly.

var errDependency = errors.New("dependency said no")

// hang waits for its context to end, like a well-behaved client, but gives
// up after an hour of fake time so that a missing timeout fails the test
// instead of blocking it.
func hang(ctx context.Context) error {
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-time.After(time.Hour):
		return errors.New("hung for an hour: nothing ended the attempt's context")
	}
}

func TestFastCallReturnsItsResult(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		err := Call(context.Background(), time.Second, func(context.Context) error {
			time.Sleep(200 * time.Millisecond)
			return errDependency
		})
		if err != errDependency {
			t.Fatalf("Call returned %s, want fn's own error", said(err))
		}
		if err := Call(context.Background(), time.Second, func(context.Context) error { return nil }); err != nil {
			t.Fatalf("Call returned %s, want no error, as fn returned none", said(err))
		}
	})
}

func TestAttemptTimesOut(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		err := Call(context.Background(), 500*time.Millisecond, hang)
		if took := time.Since(start); took != 500*time.Millisecond {
			t.Fatalf("Call with a 500 ms limit, of an fn that never returns, came back after %v; want 500 ms: the attempt ends when its own limit runs out, whatever fn does", took)
		}
		if !errors.Is(err, ErrAttemptTimeout) {
			t.Fatalf("Call returned %s, want an error matching ErrAttemptTimeout", said(err))
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Call returned %s, want it to match context.DeadlineExceeded too, as every timeout does", said(err))
		}
	})
}

// The attempt's context ends at the earlier deadline: a caller with 300 ms
// left does not get a 1 s attempt.
func TestCallersDeadlineComesFirst(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		start := time.Now()
		deadlines := make(chan time.Time, 1)
		err := Call(ctx, time.Second, func(actx context.Context) error {
			d, _ := actx.Deadline()
			deadlines <- d
			return hang(actx)
		})
		deadline := <-deadlines
		if took := time.Since(start); took != 300*time.Millisecond {
			t.Fatalf("Call returned after %v, want 300 ms (the caller's deadline)", took)
		}
		if !deadline.Equal(start.Add(300 * time.Millisecond)) {
			t.Fatalf("fn's context had deadline %v, want the caller's (%v)", deadline, start.Add(300*time.Millisecond))
		}
		if errors.Is(err, ErrAttemptTimeout) {
			t.Fatalf("Call returned %s; the caller's deadline ran out, not the attempt's, so it must not match ErrAttemptTimeout", said(err))
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Call returned %s, want context.DeadlineExceeded", said(err))
		}
	})
}

func TestAttemptDeadlineInsideCallers(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		start := time.Now()
		deadlines := make(chan time.Time, 1)
		_ = Call(ctx, time.Second, func(actx context.Context) error {
			d, _ := actx.Deadline()
			deadlines <- d
			return nil
		})
		// A context that is only canceled on time does not do: a client
		// reads Deadline() to tell the server how long it has.
		deadline := <-deadlines
		if !deadline.Equal(start.Add(time.Second)) {
			t.Fatalf("fn's context says (Deadline()) it ends %v after start, want 1 s: the attempt's limit must be its context's deadline, which a client reads to tell the server how long it has, not only a timer that cancels it", deadline.Sub(start))
		}
	})
}

func TestCallerCancels(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		defer wg.Wait() // even when the test fails, let the helper finish
		wg.Go(func() {
			time.Sleep(100 * time.Millisecond)
			cancel()
		})
		start := time.Now()
		err := Call(ctx, time.Second, hang)
		if !errors.Is(err, context.Canceled) || errors.Is(err, ErrAttemptTimeout) {
			t.Fatalf("Call returned %s, want context.Canceled (and not ErrAttemptTimeout)", said(err))
		}
		if took := time.Since(start); took != 100*time.Millisecond {
			t.Fatalf("Call returned after %v, want 100 ms", took)
		}
	})
}

func TestAlreadyDoneDoesNotCall(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		// fn may run on a goroutine Call starts and does not wait for: the
		// flag is atomic, and synctest.Wait lets that goroutine finish
		// first, so that a Call that started fn fails here, saying so,
		// not as a data race on the flag.
		var called atomic.Bool
		err := Call(ctx, time.Second, func(context.Context) error { called.Store(true); return nil })
		synctest.Wait()
		if called.Load() {
			t.Fatalf("Call started fn although the caller's context had already ended (and returned %s): check ctx.Err() before starting anything; a caller that gave up wants no call made", said(err))
		}
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Call returned %s, want context.Canceled", said(err))
		}
	})
}

// A client that ignores its context must not hold the caller past the
// deadline. Call returns on time; the abandoned call finishes on its own
// later and leaves nothing behind (the bubble checks that no goroutine is
// left blocked).
func TestIgnoresAContextDeafCall(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		err := Call(context.Background(), 200*time.Millisecond, func(context.Context) error {
			time.Sleep(5 * time.Second) // deaf to its context
			return nil
		})
		if took := time.Since(start); took != 200*time.Millisecond {
			t.Fatalf("Call returned after %v, want 200 ms even though fn ignored its context", took)
		}
		if !errors.Is(err, ErrAttemptTimeout) {
			t.Errorf("Call returned %s, want ErrAttemptTimeout", said(err))
		}
		// Let the abandoned call finish. If its goroutine is still blocked
		// after this (say, sending its result on a channel nobody reads),
		// the bubble reports it as a leak.
		time.Sleep(10 * time.Second)
	})
}

// perAttempt 0 or below means no limit of the attempt's own: fn gets a
// context with no deadline (the caller's has none here) and may take an
// hour. context.WithTimeout(ctx, 0) would instead end every attempt at once.
//
// fn runs on a goroutine Call starts, which may outlive Call, so it only
// reports what it saw, on a buffered channel; the test judges it, once fn
// has had its hour. (A test may not fail from a goroutine after it ends.)
func TestNoAttemptLimit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		for _, d := range []time.Duration{0, -time.Second} {
			sawDeadline := make(chan bool, 1)
			start := time.Now()
			err := Call(context.Background(), d, func(actx context.Context) error {
				_, ok := actx.Deadline()
				sawDeadline <- ok
				time.Sleep(time.Hour)
				return nil
			})
			took := time.Since(start)
			if took < time.Hour {
				// Call gave up early: let fn finish its hour inside the
				// bubble before judging, so that what fails is this test,
				// not a goroutine left asleep.
				time.Sleep(time.Hour)
			}
			var hadDeadline, ran bool
			select {
			case hadDeadline = <-sawDeadline:
				ran = true
			default:
			}
			switch {
			case hadDeadline:
				t.Fatalf("perAttempt %v must mean no limit of the attempt's own, but fn's context had a deadline (Call returned %s after %v): set a timeout only when perAttempt > 0", d, said(err), took)
			case !ran:
				t.Fatalf("perAttempt %v: Call returned %s without running fn, want fn run with no limit of its own", d, said(err))
			case err != nil || took != time.Hour:
				t.Fatalf("perAttempt %v: Call returned %s after %v, want no error after fn's hour: with no limit of its own, the attempt takes as long as fn", d, said(err), took)
			}
		}
	})
}

type key struct{}

func TestKeepsTheCallersValues(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx := context.WithValue(context.Background(), key{}, "request-42")
		got := make(chan any, 1)
		err := Call(ctx, time.Second, func(actx context.Context) error {
			got <- actx.Value(key{})
			return nil
		})
		time.Sleep(time.Second) // for a Call that returned before fn ran
		select {
		case v := <-got:
			if v != "request-42" {
				t.Errorf("fn's context lost the caller's value: got %v, want request-42", v)
			}
		default:
			t.Errorf("Call returned %s without running fn, want fn run with the caller's values", said(err))
		}
	})
}

// Call cleans up after itself: once it returns, fn's context is done, so a
// client holding on to it stops working. That holds with no limit of the
// attempt's own too (perAttempt 0), where handing fn the caller's ctx
// itself would leave it live.
func TestAttemptContextEndsWithTheCall(t *testing.T) {
	for _, d := range []time.Duration{time.Minute, 0} {
		synctest.Test(t, func(t *testing.T) {
			kept := make(chan context.Context, 1)
			_ = Call(context.Background(), d, func(actx context.Context) error {
				kept <- actx
				return nil
			})
			if actx := <-kept; actx.Err() == nil {
				t.Fatalf("perAttempt %v: fn's context is still live after Call returned; cancel it before returning: with no limit of its own, fn still needs a context of the attempt's own, not the caller's ctx itself, which Call cannot end", d)
			}
		})
	}
}

// said is what a call returned, in words: "no error", or the error's text
// in quotes.
func said(err error) string {
	if err == nil {
		return "no error"
	}
	return fmt.Sprintf("%q", err.Error())
}
