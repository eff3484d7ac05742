package bulkhead

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

// These tests run inside synctest bubbles: time.Sleep and timers use a fake
// clock that jumps ahead whenever every goroutine in the bubble is blocked,
// so no test waits on the wall clock. A bubble also fails the test if a
// goroutine is left blocked when it ends: that is how leaks are caught.

func TestAdmitsUpToTheLimit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(2, 0)
		ctx := context.Background()
		for i := range 2 {
			if err := b.Acquire(ctx); err != nil {
				t.Fatalf("Acquire %d of 2 returned %s, want no error", i+1, said(err))
			}
		}
		if n := b.InUse(); n != 2 {
			t.Fatalf("InUse() = %d after 2 Acquires of a bulkhead of 2, want 2: each Acquire that returns no error holds a slot until its Release", n)
		}
		if _, err := acquireOrStuck(t, b, 0, "a third Acquire with no wait"); !errors.Is(err, ErrFull) {
			t.Fatalf("a third Acquire with no wait returned %s, want ErrFull at once", said(err))
		}
		b.Release()
		if err := b.Acquire(ctx); err != nil {
			t.Fatalf("Acquire after a Release returned %s, want no error", said(err))
		}
	})
}

func TestZeroWaitRejectsAtOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(1, 0)
		_ = b.Acquire(context.Background())
		waited, err := acquireOrStuck(t, b, 0, "Acquire on a full bulkhead with a maximum wait of 0")
		if !errors.Is(err, ErrFull) {
			t.Fatalf("Acquire on a full bulkhead returned %s, want ErrFull", said(err))
		}
		if waited != 0 {
			t.Fatalf("waited %v with a maximum wait of 0, want no wait", waited)
		}
	})
}

func TestWaitsAtMostMaxWait(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(1, 250*time.Millisecond)
		_ = b.Acquire(context.Background())
		waited, err := acquireOrStuck(t, b, 250*time.Millisecond, "Acquire on a full bulkhead with a maximum wait of 250 ms")
		if !errors.Is(err, ErrFull) {
			t.Fatalf("Acquire on a full bulkhead returned %s, want ErrFull", said(err))
		}
		if waited != 250*time.Millisecond {
			t.Fatalf("gave up after %v, want exactly the 250 ms maximum wait", waited)
		}
	})
}

func TestWaiterGetsAFreedPermit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(1, time.Second)
		_ = b.Acquire(context.Background())
		var wg sync.WaitGroup
		defer wg.Wait() // even when the test fails, let the helper finish
		wg.Go(func() {
			time.Sleep(300 * time.Millisecond)
			b.Release()
		})
		start := time.Now()
		if err := b.Acquire(context.Background()); err != nil {
			t.Fatalf("Acquire returned %s; a permit came free after 300 ms of a 1 s wait", said(err))
		}
		if waited := time.Since(start); waited != 300*time.Millisecond {
			t.Fatalf("got the permit after %v, want as soon as it was freed (300 ms)", waited)
		}
	})
}

func TestHonoursCancellation(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(1, time.Minute)
		_ = b.Acquire(context.Background())
		ctx, cancel := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		defer wg.Wait()
		wg.Go(func() {
			time.Sleep(100 * time.Millisecond)
			cancel()
		})
		start := time.Now()
		err := b.Acquire(ctx)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Acquire with a context canceled after 100 ms returned %s, want context.Canceled", said(err))
		}
		if waited := time.Since(start); waited != 100*time.Millisecond {
			t.Fatalf("returned after %v, want right when the context was canceled (100 ms)", waited)
		}
		if n := b.InUse(); n != 1 {
			t.Fatalf("InUse() = %d after a canceled Acquire, want 1: a canceled waiter must not keep a permit", n)
		}
	})
}

func TestHonoursDeadline(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(1, time.Minute)
		_ = b.Acquire(context.Background())
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if err := b.Acquire(ctx); !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Acquire with a 2 s deadline and a 1 min wait returned %s, want context.DeadlineExceeded", said(err))
		}
	})
}

func TestAlreadyCanceledTakesNothing(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(3, time.Second)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if err := b.Acquire(ctx); !errors.Is(err, context.Canceled) {
			t.Fatalf("Acquire with a canceled context returned %s, want context.Canceled, even with permits free", said(err))
		}
		if n := b.InUse(); n != 0 {
			t.Fatalf("InUse() = %d, want 0", n)
		}
	})
}

func TestDoReleasesEvenOnPanic(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(1, 0)
		func() {
			defer func() { _ = recover() }()
			_ = b.Do(context.Background(), func(context.Context) error { panic("dependency client bug") })
		}()
		if n := b.InUse(); n != 0 {
			t.Fatalf("InUse() = %d after fn panicked, want 0", n)
		}
		want := errors.New("from fn")
		if err := b.Do(context.Background(), func(context.Context) error { return want }); err != want {
			t.Fatalf("Do returned %s, want fn's error", said(err))
		}
		_ = b.Acquire(context.Background())
		var ran atomic.Bool // set by fn, on the goroutine returnsOrStuck runs Do on
		do := func() error {
			return b.Do(context.Background(), func(context.Context) error { ran.Store(true); return nil })
		}
		if _, err := returnsOrStuck(t, b, 0, "Do on a full bulkhead with no wait", do); !errors.Is(err, ErrFull) || ran.Load() {
			t.Fatalf("Do on a full bulkhead returned %s (fn ran: %v), want ErrFull without running fn", said(err), ran.Load())
		}
	})
}

func TestReleaseWithoutAcquirePanics(t *testing.T) {
	b := New(2, 0)
	defer func() {
		if recover() == nil {
			t.Fatal("Release on an empty bulkhead did not panic; a release without a matching acquire is a caller's bug")
		}
	}()
	b.Release()
}

// Many goroutines, a limit of 4: never more than 4 inside at once, every
// waiter either gets in or gives up after the maximum wait, and when it is
// all over no goroutine is left behind (the bubble checks that). Another
// goroutine reads InUse all along, while permits are taken and given back:
// it must stay within the limit, and reading it must be safe (the race
// detector checks that).
func TestNeverMoreThanTheLimit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(4, 50*time.Millisecond)
		var inside, most, admitted, rejected atomic.Int32
		stop := make(chan struct{})
		var watcher sync.WaitGroup
		watcher.Go(func() {
			for {
				if n := b.InUse(); n < 0 || n > 4 {
					t.Errorf("InUse() = %d while calls come and go, want 0 to 4", n)
				}
				select {
				case <-stop:
					return
				case <-time.After(time.Millisecond):
				}
			}
		})
		var wg sync.WaitGroup
		for i := range 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				time.Sleep(time.Duration(i%10) * 10 * time.Millisecond)
				err := b.Do(context.Background(), func(context.Context) error {
					n := inside.Add(1)
					for {
						m := most.Load()
						if n <= m || most.CompareAndSwap(m, n) {
							break
						}
					}
					time.Sleep(20 * time.Millisecond)
					inside.Add(-1)
					return nil
				})
				switch {
				case err == nil:
					admitted.Add(1)
				case errors.Is(err, ErrFull):
					rejected.Add(1)
				default:
					t.Errorf("Do returned %s, want no error or ErrFull", said(err))
				}
			}()
		}
		wg.Wait()
		close(stop)
		watcher.Wait()
		if m := most.Load(); m > 4 {
			t.Fatalf("%d calls were inside at once, limit 4", m)
		}
		if admitted.Load()+rejected.Load() != 100 || admitted.Load() < 4 {
			t.Fatalf("%d admitted and %d rejected of 100", admitted.Load(), rejected.Load())
		}
		if n := b.InUse(); n != 0 {
			t.Fatalf("InUse() = %d at the end, want 0", n)
		}
	})
}

// The limit is at least 1, and a negative wait means no wait.
func TestOddArguments(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(0, -time.Second)
		if err := b.Acquire(context.Background()); err != nil {
			t.Fatalf("New(0, ...) admitted nobody: %s; the limit should count as 1", said(err))
		}
		took, err := acquireOrStuck(t, b, 0, "a second Acquire of New(0, -1 s), whose negative wait means no wait,")
		if !errors.Is(err, ErrFull) || took != 0 {
			t.Fatalf("second Acquire returned %s after %v, want ErrFull at once", said(err), took)
		}
	})
}

// acquireOrStuck calls Acquire on a full bulkhead whose maximum wait is
// wait, and returns how long it took and its error. If Acquire is still
// waiting once wait is over, the test fails naming the mistake, instead of
// the bubble's deadlock, which would only say that everything is blocked:
// a bulkhead that keeps its caller waiting for a free permit is the very
// blocking it is there to prevent.
func acquireOrStuck(t *testing.T, b *Bulkhead, wait time.Duration, what string) (time.Duration, error) {
	t.Helper()
	return returnsOrStuck(t, b, wait, what, func() error { return b.Acquire(context.Background()) })
}

// returnsOrStuck is acquireOrStuck for any call that takes a permit of a
// full bulkhead: Acquire, or Do.
func returnsOrStuck(t *testing.T, b *Bulkhead, wait time.Duration, what string, call func() error) (time.Duration, error) {
	t.Helper()
	start := time.Now()
	var err error
	var took time.Duration
	done := make(chan struct{})
	go func() {
		defer close(done)
		err = call()
		took = time.Since(start)
	}()
	time.Sleep(wait)
	synctest.Wait() // the call has returned, or it is blocked for good
	select {
	case <-done:
		return took, err
	default:
	}
	// Give a permit back so that the waiting call can end and the bubble
	// with it; a Release that panics changes nothing here.
	func() {
		defer func() { _ = recover() }()
		b.Release()
	}()
	synctest.Wait()
	when := "at once"
	if wait > 0 {
		when = fmt.Sprintf("once its maximum wait of %v is over", wait)
	}
	t.Fatalf("%s was still waiting for a permit: a full bulkhead must return ErrFull %s, not keep its caller waiting until a permit comes free", what, when)
	return 0, nil
}

// said is what a call returned, in words: "no error", or the error's text
// in quotes.
func said(err error) string {
	if err == nil {
		return "no error"
	}
	return fmt.Sprintf("%q", err.Error())
}
