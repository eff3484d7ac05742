package permits

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
)

// These tests run inside synctest bubbles: time.Sleep and timers use a fake
// clock that jumps ahead whenever every goroutine in the bubble is blocked,
// so a test can check that a wait lasted exactly 250 ms without waiting. A
// bubble also fails the test if a goroutine is left blocked when it ends.
// synctest.Wait() returns once every other goroutine of the bubble is
// blocked: the moment to read Stats.

// after runs f in a goroutine of the bubble once d has passed, and returns
// the function that waits for it: `defer after(d, f)()` lets it finish even
// when the test fails.
func after(d time.Duration, f func()) (wait func()) {
	var wg sync.WaitGroup
	wg.Go(func() {
		time.Sleep(d)
		f()
	})
	return wg.Wait
}

// wantStats fails the test if got differs from want, naming the fields.
func wantStats(t *testing.T, when string, got, want Stats) {
	t.Helper()
	if got != want {
		t.Fatalf("%s: Stats() = %s\nwant %s", when, showStats(got), showStats(want))
	}
}

// showStats writes s as a test writes it, the fields that are not zero
// and no others: Stats{Permits: 1, InUse: 1, Acquired: 2}. Printed with
// %+v, every field came in Go's own way, "{Permits:1 InUse:0 Waiting:0
// ...}", unlike the wants the tests write.
func showStats(s Stats) string {
	var fields []string
	for _, f := range []struct {
		name string
		v    int64
	}{
		{"Permits", int64(s.Permits)}, {"InUse", int64(s.InUse)}, {"Waiting", int64(s.Waiting)},
		{"Acquired", s.Acquired}, {"RejectedTimeout", s.RejectedTimeout}, {"RejectedCanceled", s.RejectedCanceled},
	} {
		if f.v != 0 {
			fields = append(fields, fmt.Sprintf("%s: %d", f.name, f.v))
		}
	}
	return "Stats{" + strings.Join(fields, ", ") + "}"
}

func TestAdmitsUpToThePermits(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(2, 0)
		ctx := context.Background()
		var release func()
		for i := range 2 {
			r, err := b.Acquire(ctx)
			if err != nil {
				t.Fatalf("Acquire %d of 2 returned %s, want a permit", i+1, said(err))
			}
			release = r
		}
		waited, err := acquireOrStuck(t, b, 0, "a third Acquire on a bulkhead of 2 permits, both held, with a queue timeout of 0,", release)
		if !errors.Is(err, ErrQueueTimeout) {
			t.Fatalf("a third Acquire on a bulkhead of 2 permits, both held, with a queue timeout of 0 returned %s; want ErrQueueTimeout at once: no permit is free and the caller may not wait", said(err))
		}
		if waited != 0 {
			t.Fatalf("waited %v with a queue timeout of 0, want no wait", waited)
		}
		wantStats(t, "two permits held, one caller turned away", b.Stats(),
			Stats{Permits: 2, InUse: 2, Acquired: 2, RejectedTimeout: 1})
	})
}

func TestQueueTimeout(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(1, 250*time.Millisecond)
		release, _ := b.Acquire(context.Background())
		waited, err := acquireOrStuck(t, b, 250*time.Millisecond, "Acquire on a full bulkhead with a queue timeout of 250 ms", release)
		if !errors.Is(err, ErrQueueTimeout) {
			t.Fatalf("Acquire on a full bulkhead returned %s, want ErrQueueTimeout", said(err))
		}
		if waited != 250*time.Millisecond {
			t.Fatalf("gave up after %v, want exactly the 250 ms queue timeout", waited)
		}
		wantStats(t, "after the queue timeout", b.Stats(),
			Stats{Permits: 1, InUse: 1, Acquired: 1, RejectedTimeout: 1})
	})
}

func TestWaiterGetsAFreedPermit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(1, time.Second)
		release, _ := b.Acquire(context.Background())
		defer after(300*time.Millisecond, release)()
		start := time.Now()
		if _, err := b.Acquire(context.Background()); err != nil {
			t.Fatalf("Acquire returned %s; a permit came free after 300 ms of a 1 s queue timeout", said(err))
		}
		if waited := time.Since(start); waited != 300*time.Millisecond {
			t.Fatalf("got the permit after %v, want as soon as it came free (300 ms)", waited)
		}
		wantStats(t, "after the hand-over", b.Stats(), Stats{Permits: 1, InUse: 1, Acquired: 2})
	})
}

// Waiters are counted while they wait, and served oldest first.
func TestWaitingOldestFirst(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(1, time.Second)
		release, _ := b.Acquire(context.Background())
		var mu sync.Mutex
		var order []int
		var wg sync.WaitGroup
		defer wg.Wait() // even when the test fails: the waiters give up after 1 s
		for i := range 3 {
			time.Sleep(10 * time.Millisecond)
			wg.Go(func() {
				r, err := b.Acquire(context.Background())
				if err != nil {
					t.Errorf("waiter %d: Acquire returned %s, want a permit", i, said(err))
					return
				}
				mu.Lock()
				order = append(order, i)
				mu.Unlock()
				time.Sleep(100 * time.Millisecond)
				r()
			})
		}
		synctest.Wait()
		wantStats(t, "one permit held, three callers waiting", b.Stats(), Stats{Permits: 1, InUse: 1, Waiting: 3, Acquired: 1})
		release()
		wg.Wait()
		if len(order) != 3 || order[0] != 0 || order[1] != 1 || order[2] != 2 {
			t.Fatalf("waiters were served in the order %v, want [0 1 2]: the one that waited longest first", order)
		}
		wantStats(t, "at the end", b.Stats(), Stats{Permits: 1, Acquired: 4})
	})
}

func TestCanceledWhileWaiting(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(1, time.Second)
		_, _ = b.Acquire(context.Background())
		ctx, cancel := context.WithCancel(context.Background())
		defer after(100*time.Millisecond, cancel)()
		start := time.Now()
		if _, err := b.Acquire(ctx); !errors.Is(err, context.Canceled) {
			t.Fatalf("Acquire with a context canceled after 100 ms returned %s, want context.Canceled", said(err))
		}
		if waited := time.Since(start); waited != 100*time.Millisecond {
			t.Fatalf("returned after %v, want when the context was canceled (100 ms), not at the queue timeout", waited)
		}
		wantStats(t, "after a canceled wait", b.Stats(), Stats{Permits: 1, InUse: 1, Acquired: 1, RejectedCanceled: 1})
	})
}

// Whichever ends first, the caller's deadline or the queue timeout, ends
// the wait, and says which it was.
func TestDeadlineAgainstQueueTimeout(t *testing.T) {
	for _, tc := range []struct {
		name     string
		deadline time.Duration
		want     error
		wantName string
		waited   time.Duration
		stats    Stats
	}{
		{"the caller's deadline first", 50 * time.Millisecond, context.DeadlineExceeded, "context.DeadlineExceeded", 50 * time.Millisecond,
			Stats{Permits: 1, InUse: 1, Acquired: 1, RejectedCanceled: 1}},
		{"the queue timeout first", time.Second, ErrQueueTimeout, "ErrQueueTimeout", 250 * time.Millisecond,
			Stats{Permits: 1, InUse: 1, Acquired: 1, RejectedTimeout: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				b := New(1, 250*time.Millisecond)
				_, _ = b.Acquire(context.Background())
				ctx, cancel := context.WithTimeout(context.Background(), tc.deadline)
				defer cancel()
				start := time.Now()
				if _, err := b.Acquire(ctx); !errors.Is(err, tc.want) {
					t.Fatalf("Acquire with a deadline in %v and a queue timeout of 250ms returned %s, want %s", tc.deadline, said(err), tc.wantName)
				}
				if waited := time.Since(start); waited != tc.waited {
					t.Fatalf("returned after %v, want %v", waited, tc.waited)
				}
				wantStats(t, "after the wait", b.Stats(), tc.stats)
			})
		})
	}
}

func TestAlreadyDoneTakesNothing(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(3, time.Second)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := b.Acquire(ctx); !errors.Is(err, context.Canceled) {
			t.Fatalf("Acquire with a canceled context returned %s, want context.Canceled, even with permits free", said(err))
		}
		ran := false
		if err := b.Do(ctx, func(context.Context) error { ran = true; return nil }); !errors.Is(err, context.Canceled) || ran {
			t.Fatalf("Do with a canceled context returned %s (call ran: %v), want context.Canceled without running the call", said(err), ran)
		}
		wantStats(t, "after two callers whose context had ended", b.Stats(), Stats{Permits: 3, RejectedCanceled: 2})
	})
}

func TestReleaseTwiceGivesBackOne(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(2, 0)
		first, _ := b.Acquire(context.Background())
		second, _ := b.Acquire(context.Background())
		first()
		first() // a deferred release and an early one: harmless
		wantStats(t, "after one permit released twice", b.Stats(), Stats{Permits: 2, InUse: 1, Acquired: 2})
		if _, err := b.Acquire(context.Background()); err != nil {
			t.Fatalf("Acquire after a release returned %s, want a permit", said(err))
		}
		if _, err := acquireOrStuck(t, b, 0, "a third Acquire on two permits, both held, with a queue timeout of 0,", second); !errors.Is(err, ErrQueueTimeout) {
			t.Fatalf("a third Acquire on two permits returned %s, want ErrQueueTimeout: the second release must not free a permit", said(err))
		}
	})
}

// Do gives the permit back on every way out of the call.
func TestDoReleasesOnEveryPath(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(1, 0)
		if err := b.Do(context.Background(), func(context.Context) error { return nil }); err != nil {
			t.Fatalf("Do with a call that succeeds returned %s", said(err))
		}
		wantStats(t, "after a call that succeeded", b.Stats(), Stats{Permits: 1, Acquired: 1})

		failed := errors.New("connection reset")
		if err := b.Do(context.Background(), func(context.Context) error { return failed }); err != failed {
			t.Fatalf("Do returned %s, want the call's own error", said(err))
		}
		wantStats(t, "after a call that failed", b.Stats(), Stats{Permits: 1, Acquired: 2})

		func() {
			defer func() {
				if p := recover(); p != "client bug" {
					t.Fatalf("recovered %v, want the call's panic to go on up", p)
				}
			}()
			_ = b.Do(context.Background(), func(context.Context) error { panic("client bug") })
		}()
		wantStats(t, "after a call that panicked", b.Stats(), Stats{Permits: 1, Acquired: 3})

		ctx, cancel := context.WithCancel(context.Background())
		defer after(100*time.Millisecond, cancel)()
		err := b.Do(ctx, func(ctx context.Context) error {
			<-ctx.Done()
			return ctx.Err()
		})
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Do with a call canceled while it ran returned %s, want the call's context.Canceled", said(err))
		}
		wantStats(t, "after a call whose context was canceled while it ran", b.Stats(), Stats{Permits: 1, Acquired: 4})
	})
}

// A call that goes on after its context ended still holds what it uses, so
// it keeps its permit until it returns.
func TestACallKeepsItsPermitUntilItReturns(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(1, 0)
		ctx, cancel := context.WithCancel(context.Background())
		unblock := make(chan struct{})
		var wg sync.WaitGroup
		defer wg.Wait()
		var once sync.Once
		unblockCall := func() { once.Do(func() { close(unblock) }) }
		defer unblockCall() // even when the test fails, before waiting for the call
		wg.Go(func() {
			_ = b.Do(ctx, func(context.Context) error {
				<-unblock // a client that does not watch its context
				return nil
			})
		})
		time.Sleep(100 * time.Millisecond)
		cancel()
		time.Sleep(100 * time.Millisecond)
		wantStats(t, "while a call whose context was canceled still runs", b.Stats(), Stats{Permits: 1, InUse: 1, Acquired: 1})
		if _, err := acquireOrStuck(t, b, 0, "Acquire while the only permit's call still runs, with a queue timeout of 0,", unblockCall); !errors.Is(err, ErrQueueTimeout) {
			t.Fatalf("Acquire while the only permit's call still runs returned %s, want ErrQueueTimeout", said(err))
		}
		unblockCall()
		wg.Wait()
		wantStats(t, "once the call returned", b.Stats(), Stats{Permits: 1, Acquired: 1, RejectedTimeout: 1})
	})
}

// A permit handed to a waiter at the instant its context ends: the waiter
// may take it or leave without it, but a permit it leaves must not stay
// taken. The two happen at once, so the test tries many times.
func TestHandOverRacingCancellation(t *testing.T) {
	for range 64 {
		synctest.Test(t, func(t *testing.T) {
			b := New(1, time.Second)
			release, _ := b.Acquire(context.Background())
			ctx, cancel := context.WithCancel(context.Background())
			wait := after(100*time.Millisecond, func() {
				cancel() // first, so that the waiter is woken by its context
				release()
			})
			defer wait()
			r, err := b.Acquire(ctx)
			switch {
			case err == nil:
				r()
			case !errors.Is(err, context.Canceled):
				t.Fatalf("Acquire returned %s, want a permit or context.Canceled", said(err))
			}
			wait()
			s := b.Stats()
			if s.InUse != 0 || s.Waiting != 0 || s.Acquired+s.RejectedCanceled != 2 || s.RejectedTimeout != 0 {
				t.Fatalf("Stats() = %s once everyone has left, want nothing in use and 2 acquires ended (acquired or canceled): a permit handed to a caller that left must go back", showStats(s))
			}
		})
	}
}

// Many callers at once, some of them giving up early, while another reads
// the stats: never more calls inside than permits, every Acquire counted
// once, and the counters safe to read at any time (the race detector checks
// that).
func TestManyCallers(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const permits, callers = 4, 100
		b := New(permits, 50*time.Millisecond)
		var inside gauge
		var ok, timedOut, canceled atomic.Int64
		stop := make(chan struct{})
		var watcher sync.WaitGroup
		watcher.Go(func() {
			for {
				select {
				case <-stop:
					return
				case <-time.After(time.Millisecond):
				}
				if s := b.Stats(); s.InUse > permits || s.InUse < 0 || s.Waiting < 0 {
					t.Errorf("Stats() = %s: in use out of [0, %d]", showStats(s), permits)
				}
			}
		})
		var wg sync.WaitGroup
		for i := range callers {
			wg.Go(func() {
				time.Sleep(time.Duration(i%10) * 10 * time.Millisecond)
				ctx, cancel := context.WithTimeout(context.Background(), time.Duration(20+i%7*10)*time.Millisecond)
				defer cancel()
				err := b.Do(ctx, func(context.Context) error {
					defer inside.enter()()
					time.Sleep(20 * time.Millisecond)
					return nil
				})
				switch {
				case err == nil:
					ok.Add(1)
				case errors.Is(err, ErrQueueTimeout):
					timedOut.Add(1)
				case errors.Is(err, context.DeadlineExceeded):
					canceled.Add(1)
				default:
					t.Errorf("Do returned %s, want no error, ErrQueueTimeout or context.DeadlineExceeded", said(err))
				}
			})
		}
		wg.Wait()
		close(stop)
		watcher.Wait()
		if m := inside.highest(); m > permits {
			t.Fatalf("%d calls were inside at once with %d permits", m, permits)
		}
		wantStats(t, "at the end", b.Stats(), Stats{Permits: permits,
			Acquired: ok.Load(), RejectedTimeout: timedOut.Load(), RejectedCanceled: canceled.Load()})
		if ok.Load() < permits || timedOut.Load() == 0 || canceled.Load() == 0 {
			t.Fatalf("%d acquired, %d timed out, %d canceled: the test should see all three", ok.Load(), timedOut.Load(), canceled.Load())
		}
	})
}

// At least one permit, and a negative queue timeout means no wait.
func TestOddArguments(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := New(0, -time.Second)
		release, err := b.Acquire(context.Background())
		if err != nil {
			t.Fatalf("New(0, ...) admitted nobody: %s; the bulkhead has at least one permit", said(err))
		}
		took, err := acquireOrStuck(t, b, 0, "a second Acquire of New(0, -1 s), whose negative queue timeout means no wait,", release)
		if !errors.Is(err, ErrQueueTimeout) || took != 0 {
			t.Fatalf("second Acquire returned %s after %v, want ErrQueueTimeout at once", said(err), took)
		}
		wantStats(t, "New(0, -1s)", b.Stats(), Stats{Permits: 1, InUse: 1, Acquired: 1, RejectedTimeout: 1})
	})
}

// acquireOrStuck calls Acquire on a full bulkhead whose queue timeout is
// wait, and returns how long it took and its error. If Acquire is still
// waiting once wait is over, the test fails naming the mistake, instead of
// the bubble's deadlock, which would only say that everything is blocked:
// a bulkhead that keeps its caller waiting past its queue timeout is the
// blocking it is there to prevent. free gives back a held permit, so that
// the waiting Acquire can end, and the bubble with it.
func acquireOrStuck(t *testing.T, b *Bulkhead, wait time.Duration, what string, free func()) (time.Duration, error) {
	t.Helper()
	start := time.Now()
	var err error
	var took time.Duration
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, err = b.Acquire(context.Background())
		took = time.Since(start)
	}()
	time.Sleep(wait)
	synctest.Wait() // the Acquire has returned, or it is blocked for good
	select {
	case <-done:
		return took, err
	default:
	}
	func() {
		defer func() { _ = recover() }() // a release that panics changes nothing here
		free()
	}()
	synctest.Wait()
	when := "at once"
	if wait > 0 {
		when = fmt.Sprintf("once its queue timeout of %v is over", wait)
	}
	t.Fatalf("%s was still waiting for a permit: a full bulkhead must return ErrQueueTimeout %s, not keep its caller waiting until a permit comes free", what, when)
	return 0, nil
}

// gauge counts the calls inside and remembers the highest count.
type gauge struct {
	mu        sync.Mutex
	now, most int
}

// enter counts one more call inside and returns the function that counts
// it out.
func (g *gauge) enter() (leave func()) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.now++
	g.most = max(g.most, g.now)
	return func() {
		g.mu.Lock()
		defer g.mu.Unlock()
		g.now--
	}
}

func (g *gauge) highest() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.most
}

// said is what a call returned, in words: "no error", or the error's text
// in quotes.
func said(err error) string {
	if err == nil {
		return "no error"
	}
	return fmt.Sprintf("%q", err.Error())
}
