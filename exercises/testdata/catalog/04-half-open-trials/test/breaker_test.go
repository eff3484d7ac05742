package halfopen

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// clock is a fake clock that many goroutines may read.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)} }

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func allow(t *testing.T, b *Breaker) *Permit {
	t.Helper()
	p, err := b.Allow()
	switch {
	case err != nil:
		t.Fatalf("Allow() returned %s while %v; want a permit", said(err), b.State())
	case p == nil:
		t.Fatalf("Allow() returned no permit and no error while %v; want a permit", b.State())
	}
	return p
}

func refused(t *testing.T, b *Breaker, when string) {
	t.Helper()
	p, err := b.Allow()
	switch {
	case err == nil && p != nil:
		t.Fatalf("%s: Allow() returned a permit; want ErrOpen", when)
	case err == nil:
		t.Fatalf("%s: Allow() returned neither a permit nor an error; want ErrOpen", when)
	case !errors.Is(err, ErrOpen):
		t.Fatalf("%s: Allow() returned %s; want ErrOpen", when, said(err))
	}
}

func wantState(t *testing.T, b *Breaker, want State, when string) {
	t.Helper()
	if got := b.State(); got != want {
		t.Fatalf("State() = %v, want %v: %s", got, want, when)
	}
}

// tripped returns a breaker that has just opened, and its clock.
func tripped(t *testing.T, trials int) (*Breaker, *clock) {
	t.Helper()
	c := newClock()
	b := New(Config{FailureThreshold: 2, OpenDuration: 10 * time.Second, TrialCalls: trials}, c.now)
	allow(t, b).Done(false)
	allow(t, b).Done(false)
	wantState(t, b, Open, "after 2 failures in a row with threshold 2")
	return b, c
}

func TestClosedCountsFailuresInARow(t *testing.T) {
	b := New(Config{FailureThreshold: 3, OpenDuration: time.Second, TrialCalls: 1}, newClock().now)
	allow(t, b).Done(false)
	allow(t, b).Done(false)
	allow(t, b).Done(true)
	allow(t, b).Done(false)
	allow(t, b).Done(false)
	wantState(t, b, Closed, "after F F S F F with threshold 3 (a success resets the count: only the last 2 failures are in a row)")
	allow(t, b).Done(false)
	wantState(t, b, Open, "after F F S F F F with threshold 3: the success reset the count, and the last three failures in a row reach the threshold")
	refused(t, b, "right after opening")
}

func TestLetsExactlyNTrialsThrough(t *testing.T) {
	b, c := tripped(t, 3)
	c.advance(10 * time.Second)
	for range 3 {
		allow(t, b)
	}
	wantState(t, b, HalfOpen, "with 3 trials out")
	refused(t, b, "a 4th call while 3 trials are out")
}

// gobreaker's rule: close once MaxRequests trials succeeded in a row, open
// again on any failed trial (onSuccess and onFailure in sony/gobreaker
// v2/gobreaker.go). Resilience4j judges its trials as a window instead; see
// the README.
func TestAllTrialsMustSucceed(t *testing.T) {
	b, c := tripped(t, 3)
	c.advance(10 * time.Second)
	p1, p2, p3 := allow(t, b), allow(t, b), allow(t, b)
	p2.Done(true)
	p1.Done(true)
	wantState(t, b, HalfOpen, "after 2 of 3 trials succeeded")
	refused(t, b, "while the last trial is out: finished trials do not free a slot")
	p3.Done(true)
	wantState(t, b, Closed, "after all 3 trials succeeded")
	for range 5 {
		allow(t, b).Done(true)
	}
}

func TestOneFailedTrialReopens(t *testing.T) {
	b, c := tripped(t, 3)
	c.advance(10 * time.Second)
	p1, p2, p3 := allow(t, b), allow(t, b), allow(t, b)
	p1.Done(true)
	p2.Done(false)
	wantState(t, b, Open, "after a failed trial")
	p3.Done(true) // stale: the breaker already reopened
	wantState(t, b, Open, "after a late success from the old half-open period")
	c.advance(9 * time.Second)
	refused(t, b, "9 s after the failed trial (10 s open)")
	c.advance(time.Second)
	allow(t, b)
	wantState(t, b, HalfOpen, "10 s after the failed trial")
}

// A call let through while closed may finish after the breaker has opened
// and turned half-open. Its success says nothing about the recovery and must
// not count as a trial.
func TestStalePermitsAreIgnored(t *testing.T) {
	// What a breaker that moved here got wrong: it took a result without
	// asking which state issued the permit.
	const stale = " (its permit was issued before the breaker opened, so its result must not count: " +
		"a permit remembers the spell of the state that issued it, and Done ignores it once the state has changed)"
	c := newClock()
	b := New(Config{FailureThreshold: 2, OpenDuration: 10 * time.Second, TrialCalls: 1}, c.now)
	old := allow(t, b) // a slow call, let through while closed
	allow(t, b).Done(false)
	allow(t, b).Done(false)
	wantState(t, b, Open, "after 2 failures")
	c.advance(10 * time.Second)
	trial := allow(t, b)
	old.Done(true)
	wantState(t, b, HalfOpen, "after a success of a call let through while closed"+stale)
	old.Done(false)
	wantState(t, b, HalfOpen, "after a failure of a call let through while closed"+stale)
	trial.Done(true)
	wantState(t, b, Closed, "after the real trial succeeded")
}

func TestDoneCountsOnce(t *testing.T) {
	b, c := tripped(t, 2)
	c.advance(10 * time.Second)
	p := allow(t, b)
	p.Done(true)
	p.Done(true)
	wantState(t, b, HalfOpen, "after one trial reported success twice (2 trials needed)")
	q := New(Config{FailureThreshold: 2, OpenDuration: time.Second}, newClock().now)
	f := allow(t, q)
	f.Done(false)
	f.Done(false)
	wantState(t, q, Closed, "after one call reported failure twice (threshold 2)")
}

func TestZeroConfigCountsAsOne(t *testing.T) {
	c := newClock()
	b := New(Config{}, c.now)
	allow(t, b).Done(false)
	wantState(t, b, Open, "after 1 failure with FailureThreshold 0 (counts as 1)")
	p := allow(t, b) // OpenDuration 0: the trial may go at once
	refused(t, b, "with the single trial out (TrialCalls 0 counts as 1)")
	p.Done(true)
	wantState(t, b, Closed, "after the trial")
}

// Hundreds of goroutines ask at the same moment once the breaker may
// half-open: exactly TrialCalls of them may get through.
func TestConcurrentCallersGetExactlyNTrials(t *testing.T) {
	for round := range 20 {
		b, c := tripped(t, 5)
		c.advance(10 * time.Second)
		var granted atomic.Int32
		var permits sync.Map
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range 200 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				if p, err := b.Allow(); err == nil {
					granted.Add(1)
					permits.Store(i, p)
				} else if !errors.Is(err, ErrOpen) {
					t.Errorf("Allow returned %s, want a permit or ErrOpen", said(err))
				}
			}()
		}
		close(start)
		wg.Wait()
		if n := granted.Load(); n != 5 {
			t.Fatalf("round %d: %d of 200 concurrent callers got a permit, want exactly 5", round, n)
		}
		permits.Range(func(_, p any) bool {
			wg.Add(1)
			go func() { defer wg.Done(); p.(*Permit).Done(true) }()
			return true
		})
		wg.Wait()
		wantState(t, b, Closed, "after all 5 concurrent trials succeeded")
	}
}

// Many goroutines calling through the breaker while others read its
// state: no data race (run with -race), and every state is one of the
// three. Failures come often enough to open it (two in a row) and the clock
// moves on, so it goes round closed, open and half-open while the callers
// and readers run.
func TestConcurrentUse(t *testing.T) {
	c := newClock()
	b := New(Config{FailureThreshold: 2, OpenDuration: time.Millisecond, TrialCalls: 3}, c.now)
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Go(func() {
			for i := range 500 {
				if p, err := b.Allow(); err == nil {
					p.Done((g+i)%3 != 0)
				}
				if i%10 == 0 {
					c.advance(time.Millisecond)
				}
				if s := b.State(); s != Closed && s != Open && s != HalfOpen {
					t.Errorf("State() = %v", s)
					return
				}
			}
		})
	}
	wg.Wait()
}

// Goroutines read State while the breaker goes round closed, open,
// half-open and closed again, many times. A State that reads the state
// without holding the mutex the changes hold is a data race, which the
// race detector reports (the tests run with -race) even when every value
// read happened to be right.
func TestStateReadWhileTheStateChanges(t *testing.T) {
	c := newClock()
	b := New(Config{FailureThreshold: 1, OpenDuration: time.Second, TrialCalls: 1}, c.now)
	stop := make(chan struct{})
	var readers, reading sync.WaitGroup
	for range 2 {
		reading.Add(1)
		readers.Go(func() {
			for n := 0; ; n++ {
				if s := b.State(); s != Closed && s != Open && s != HalfOpen {
					t.Errorf("State() = %v", s)
				}
				if n == 0 {
					reading.Done() // the cycles start once every reader reads
				}
				select {
				case <-stop:
					return
				default:
				}
			}
		})
	}
	defer readers.Wait()
	defer close(stop)
	reading.Wait()
	for round := range 200 {
		allow(t, b).Done(false)
		wantState(t, b, Open, fmt.Sprintf("round %d: after a failure with threshold 1", round))
		c.advance(time.Second)
		trial := allow(t, b)
		wantState(t, b, HalfOpen, fmt.Sprintf("round %d: with the trial out", round))
		trial.Done(true)
		wantState(t, b, Closed, fmt.Sprintf("round %d: after the trial succeeded", round))
	}
}

// A storm of concurrent failures opens the breaker once, and it stays open.
func TestConcurrentFailuresOpen(t *testing.T) {
	c := newClock()
	b := New(Config{FailureThreshold: 10, OpenDuration: time.Minute, TrialCalls: 2}, c.now)
	var wg sync.WaitGroup
	var refusedCalls atomic.Int32
	for range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if p, err := b.Allow(); err == nil {
				p.Done(false)
			} else {
				refusedCalls.Add(1)
			}
		}()
	}
	wg.Wait()
	wantState(t, b, Open, "after a storm of failures")
	refused(t, b, "after the storm")
}

// said is what a call returned, in words: "no error", or the error's text
// in quotes.
func said(err error) string {
	if err == nil {
		return "no error"
	}
	return fmt.Sprintf("%q", err.Error())
}
