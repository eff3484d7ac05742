package ratelimit

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

const ms = time.Millisecond

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

// configArgs writes a Config the way these tests name New's arguments:
// "Rate 1, Per 1s, Burst 3". Printing the Limiter itself would show its
// insides and a function's address.
func configArgs(cfg Config) string {
	return fmt.Sprintf("Rate %d, Per %v, Burst %d", cfg.Rate, cfg.Per, cfg.Burst)
}

func mustNew(t *testing.T, cfg Config, c *clock) *Limiter {
	t.Helper()
	l, err := New(cfg, c.now)
	if err != nil {
		t.Fatalf("New(%s) failed: %s", configArgs(cfg), said(err))
	}
	if l == nil {
		t.Fatalf("New(%s) returned no limiter and no error", configArgs(cfg))
	}
	return l
}

// The limiter works from the clock New was given, not from the wall clock.
// One that reads the wall clock (time.Now, time.Since, time.Until) fails
// most tests below, each with a symptom of its own that speaks of the
// clock standing still or moving; this test comes first to name the cause.
func TestUsesTheInjectedClock(t *testing.T) {
	if why := wallClockRead(t); why != "" {
		t.Fatal(why)
	}
}

// wallClockRead says how the limiter showed that it reads the wall clock,
// or "" when it did not: a token came back while the clock it was given
// stood still and only real time passed, or the same calls got other
// answers on clocks a century apart. Only the first can miss (a call that
// itself takes a millisecond of real time), never the other way round: a
// limiter that takes time only from now answers alike every time.
func wallClockRead(t *testing.T) string {
	t.Helper()
	c := newClock()
	l := mustNew(t, Config{Rate: 1, Per: ms, Burst: 1}, c)
	l.Allow()
	if !l.Allow() { // refused at once: tokens do not come from calls alone
		time.Sleep(5 * ms) // real time; the clock given stands still
		if l.Allow() {
			return "a token came back to the emptied bucket (Rate 1, Per 1ms) after 5 ms of real time while the clock New was given stood still: " +
				"the limiter seems to read the wall clock (time.Now, time.Since or time.Until) instead of the clock passed to New, which the tests move by hand"
		}
	}
	century := func(start time.Time) [2]bool {
		c := &clock{t: start}
		l := mustNew(t, Config{Rate: 1, Per: time.Second, Burst: 1}, c)
		l.Allow()
		c.advance(time.Second)
		return [2]bool{l.Allow(), l.Allow()}
	}
	in2000 := century(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC))
	in2100 := century(time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC))
	if in2000 != in2100 {
		return fmt.Sprintf("the emptied bucket (Rate 1, Per 1s, Burst 1), a second later, answered Allow() = %v then %v on a clock set to 2000 and %v then %v on one set to 2100: "+
			"a limiter that takes time only from the clock passed to New answers alike whatever date it shows; this one seems to read the wall clock (time.Now, time.Since or time.Until) somewhere, New included",
			in2000[0], in2000[1], in2100[0], in2100[1])
	}
	return ""
}

func TestStartsFullThenRefuses(t *testing.T) {
	l := mustNew(t, Config{Rate: 1, Per: time.Second, Burst: 3}, newClock())
	if got := l.Tokens(); got != 3 {
		t.Fatalf("Tokens() = %v for a new bucket of burst 3, want 3: a bucket starts full, with Burst tokens", got)
	}
	for i := range 3 {
		if !l.Allow() {
			t.Fatalf("call %d of a full bucket of 3 was refused", i+1)
		}
	}
	// The clock stands still: calls alone must earn nothing, however many
	// come. A bucket topped up by its callers limits nothing.
	for i := range 10 {
		if l.Allow() {
			t.Fatalf("call %d to the emptied bucket was allowed with the clock standing still: tokens come from time passing (Rate every Per), never from calls", i+1)
		}
	}
	if got := l.Tokens(); got != 0 {
		t.Fatalf("Tokens() = %v after 10 refused calls with the clock standing still, want 0: tokens come from time passing, never from calls", got)
	}
}

func TestRefillIsExact(t *testing.T) {
	c := newClock()
	l := mustNew(t, Config{Rate: 3, Per: time.Second, Burst: 1}, c)
	l.Allow()
	c.advance(333_333_333)
	if l.Allow() {
		t.Fatal("a token after 333333333 ns at 3 a second (it takes 333333333.3)")
	}
	c.advance(1)
	if !l.Allow() {
		t.Fatalf("no token after 333333334 ns at 3 a second (Tokens() = %v)", l.Tokens())
	}
}

func TestSmallStepsAddUp(t *testing.T) {
	c := newClock()
	l := mustNew(t, Config{Rate: 7, Per: time.Second, Burst: 10}, c)
	for range 10 {
		l.Allow()
	}
	for range 1000 {
		c.advance(ms)
		l.Tokens()
	}
	if got := l.Tokens(); got != 7 {
		t.Fatalf("Tokens() = %v after 1000 steps of 1 ms at 7 a second, want exactly 7", got)
	}
}

func TestFullBucketBanksNothing(t *testing.T) {
	c := newClock()
	l := mustNew(t, Config{Rate: 10, Per: time.Second, Burst: 2}, c)
	c.advance(time.Hour)
	if got := l.Tokens(); got != 2 {
		t.Fatalf("Tokens() = %v after an hour idle, want the burst, 2", got)
	}
	l.Allow()
	l.Allow()
	if l.Allow() {
		t.Fatal("three calls through a bucket of burst 2")
	}
	// Emptied, then idle for an hour: full again, and no fuller.
	c.advance(time.Hour)
	if got := l.Tokens(); got != 2 {
		t.Fatalf("Tokens() = %v an hour after emptying, want the burst, 2", got)
	}
}

func TestClockGoingBackStandsStill(t *testing.T) {
	c := newClock()
	l := mustNew(t, Config{Rate: 1, Per: time.Second, Burst: 1}, c)
	c.advance(10 * time.Second)
	l.Allow()
	c.advance(-5 * time.Second)
	if l.Allow() {
		t.Fatal("a clock going back earned a token")
	}
	c.advance(5*time.Second + time.Second)
	if !l.Allow() {
		t.Fatal("no token a second after the last reading")
	}
}

// A clock that goes back and then forward again earns the span it walks
// twice only once: the bucket counts from its latest reading. (A burst of
// 1 would hide the mistake: the cap swallows the extra tokens.)
func TestClockGoingBackThenForwardEarnsOnce(t *testing.T) {
	c := newClock()
	l := mustNew(t, Config{Rate: 1, Per: time.Second, Burst: 10}, c)
	for range 10 {
		l.Allow()
	}
	c.advance(-5 * time.Second)
	if got := l.Tokens(); got != 0 {
		t.Fatalf("Tokens() = %v after the clock went back 5 s, want 0", got)
	}
	c.advance(5*time.Second + 2*time.Second)
	if got := l.Tokens(); got != 2 {
		t.Fatalf("Tokens() = %v two seconds past the latest reading (the clock went back 5 s, then forward 7 s); want 2: the 5 s walked twice earn nothing the second time", got)
	}
}

// A clock that goes back takes nothing away either. The two tests above
// start from an empty bucket, where a refill that adds the negative span
// (going into debt, then earning it back as the clock returns) looks the
// same as standing still; a bucket with tokens in it shows the difference.
func TestClockGoingBackKeepsTheTokens(t *testing.T) {
	for _, tc := range []struct {
		what  string
		spent int // calls taken before the clock goes back
	}{
		{"a full bucket of 5", 0},
		{"a bucket of 5 with 2 tokens spent", 2},
	} {
		c := newClock()
		l := mustNew(t, Config{Rate: 1, Per: time.Second, Burst: 5}, c)
		for range tc.spent {
			l.Allow()
		}
		left := 5 - tc.spent
		c.advance(-10 * time.Second)
		if got := l.Tokens(); got != float64(left) {
			t.Fatalf("%s: Tokens() = %v after the clock went back 10 s, want %d: "+
				"a clock that goes back is treated as standing still, and takes no tokens away", tc.what, got, left)
		}
		for i := range left {
			if !l.Allow() {
				t.Fatalf("%s: call %d was refused after the clock went back 10 s; want %d calls allowed: "+
					"a clock that goes back takes no tokens away", tc.what, i+1, left)
			}
		}
		if l.Allow() {
			t.Fatalf("%s: call %d was allowed after the clock went back 10 s; want only %d: "+
				"a clock that goes back earns nothing either", tc.what, left+1, left)
		}
	}
}

// A fast limiter idle for a day is full, not broken: 200 000 tokens a
// second for 24 h is 1.7e19 units of level, more than an int64 holds.
func TestLongIdleDoesNotOverflow(t *testing.T) {
	c := newClock()
	l := mustNew(t, Config{Rate: 200_000, Per: time.Second, Burst: 50}, c)
	for range 50 {
		l.Allow()
	}
	c.advance(24 * time.Hour)
	if got := l.Tokens(); got != 50 {
		t.Fatalf("Tokens() = %v after a day idle at 200000 a second, want the burst, 50", got)
	}
	for i := range 50 {
		if !l.Allow() {
			t.Fatalf("call %d of 50 refused after a day idle", i+1)
		}
	}
}

// Waiters take tokens that have not arrived yet and queue behind each
// other; a call that would wait too long is refused and takes nothing.
func TestReserveQueuesAndRefusalsTakeNothing(t *testing.T) {
	c := newClock()
	l := mustNew(t, Config{Rate: 1, Per: 100 * ms, Burst: 1}, c)
	for i, want := range []time.Duration{0, 100 * ms, 200 * ms} {
		if got, ok := l.Reserve(250 * ms); !ok || got != want {
			t.Fatalf("reservation %d: wait %v ok %v, want %v true", i+1, got, ok, want)
		}
	}
	for range 3 {
		if got, ok := l.Reserve(250 * ms); ok {
			t.Fatalf("a reservation that would wait 300 ms was granted with wait %v (max 250 ms)", got)
		}
	}
	c.advance(50 * ms)
	if got, ok := l.Reserve(250 * ms); !ok || got != 250*ms {
		t.Fatalf("at 50 ms: wait %v ok %v, want 250ms true: refused reservations must take nothing", got, ok)
	}
	if l.Allow() {
		t.Fatal("Allow let a call through a bucket in debt")
	}
	if got := l.Tokens(); got != 0 {
		t.Fatalf("Tokens() = %v in debt, want 0", got)
	}
}

func TestReserveRoundsUp(t *testing.T) {
	c := newClock()
	l := mustNew(t, Config{Rate: 3, Per: time.Second, Burst: 1}, c)
	l.Allow()
	if got, ok := l.Reserve(time.Second); !ok || got != 333_333_334 {
		t.Fatalf("wait %v ok %v, want 333.333334ms: a wait rounded down ends before the token is there", got, ok)
	}
	if got, ok := l.Reserve(time.Second); !ok || got != 666_666_667 {
		t.Fatalf("second wait %v ok %v, want 666.666667ms", got, ok)
	}
}

// Twenty goroutines take tokens at once while they read how many are left:
// exactly the burst gets through, Tokens stays between 0 and the burst,
// and reading it while others take tokens is safe (the race detector
// checks that).
func TestConcurrentCallersGetExactlyTheBurst(t *testing.T) {
	l := mustNew(t, Config{Rate: 1, Per: time.Hour, Burst: 100}, newClock())
	var wg sync.WaitGroup
	var mu sync.Mutex
	n := 0
	start := make(chan struct{})
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for range 20 {
				if l.Allow() {
					mu.Lock()
					n++
					mu.Unlock()
				}
				if got := l.Tokens(); got < 0 || got > 100 {
					t.Errorf("Tokens() = %v while others take tokens, want 0 to 100", got)
				}
			}
		}()
	}
	close(start)
	wg.Wait()
	if n != 100 {
		t.Fatalf("%d calls through a bucket of 100 from 20 goroutines", n)
	}
}

// Goroutines read Tokens while another takes tokens, reserves them and
// moves the clock on, so the bucket empties, fills and goes into debt all
// along. A Tokens that reads the bucket without holding the mutex the
// others change it under is a data race, which the race detector reports
// (the tests run with -race) even when every value read looked right.
func TestTokensReadWhileTheBucketChanges(t *testing.T) {
	c := newClock()
	l := mustNew(t, Config{Rate: 1, Per: ms, Burst: 5}, c)
	stop := make(chan struct{})
	var readers, reading sync.WaitGroup
	for range 2 {
		reading.Add(1)
		readers.Add(1)
		go func() {
			defer readers.Done()
			for n := 0; ; n++ {
				if got := l.Tokens(); got < 0 || got > 5 {
					t.Errorf("Tokens() = %v, want 0 to 5", got)
				}
				if n == 0 {
					reading.Done() // the changes start once every reader reads
				}
				select {
				case <-stop:
					return
				default:
				}
			}
		}()
	}
	defer readers.Wait()
	defer close(stop)
	reading.Wait()
	for i := range 500 {
		l.Allow()
		if i%3 == 0 {
			l.Reserve(2 * ms)
		}
		c.advance(ms / 2)
	}
}

// A bad config is refused with an error that says which field is wrong:
// one naming every field ("bad config: Rate 0, Per 1s, Burst 1") leaves
// the caller to guess.
func TestBadConfig(t *testing.T) {
	fields := []string{"Rate", "Per", "Burst"}
	for _, c := range []struct {
		cfg   Config
		wrong string
	}{
		{Config{Rate: 0, Per: time.Second, Burst: 1}, "Rate"},
		{Config{Rate: 1, Per: 0, Burst: 1}, "Per"},
		{Config{Rate: 1, Per: time.Second, Burst: 0}, "Burst"},
	} {
		l, err := New(c.cfg, newClock().now)
		switch {
		case err == nil && l != nil:
			t.Errorf("New(%s) returned a limiter and no error; want an error", configArgs(c.cfg))
			continue
		case err == nil:
			t.Errorf("New(%s) returned no limiter and no error; want an error", configArgs(c.cfg))
			continue
		}
		var others []string
		for _, f := range fields {
			if f != c.wrong && strings.Contains(err.Error(), f) {
				others = append(others, f)
			}
		}
		if !strings.Contains(err.Error(), c.wrong) || len(others) > 0 {
			t.Errorf("New(%s) failed with %s; want an error that names %s alone, the field that is wrong, and what it allows", configArgs(c.cfg), said(err), c.wrong)
		}
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
