package budget

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

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

func mustNew(t *testing.T, cfg Config, c *clock) *Budget {
	t.Helper()
	b, err := New(cfg, c.now)
	if err != nil {
		t.Fatalf("New(%+v) failed: %s", cfg, said(err))
	}
	if b == nil {
		t.Fatalf("New(%+v) returned no budget and no error", cfg)
	}
	return b
}

// drain spends every whole token and returns how many there were.
func drain(b *Budget) int {
	n := 0
	for b.TryRetry() {
		n++
		if n > 1_000_000 {
			break
		}
	}
	return n
}

// The budget works from the clock New was given, not from the wall clock.
// One that reads the wall clock (time.Now, time.Since, time.Until) fails
// the refill tests below, each with a symptom of its own ("Tokens() = 0 a
// second after emptying"); this test comes first to name the cause.
func TestUsesTheInjectedClock(t *testing.T) {
	if why := wallClockRead(t); why != "" {
		t.Fatal(why)
	}
}

// wallClockRead says how the budget showed that it reads the wall clock,
// or "" when it did not: a token came back while the clock it was given
// stood still and only real time passed, or the same calls got other
// answers on clocks a century apart. Only the first can miss (a call that
// itself takes a millisecond of real time), never the other way round: a
// budget that takes time only from now answers alike every time.
func wallClockRead(t *testing.T) string {
	t.Helper()
	b := mustNew(t, Config{Capacity: 1, PerSecond: 1000}, newClock())
	b.TryRetry()
	if !b.TryRetry() { // refused at once: the bucket is empty
		time.Sleep(5 * time.Millisecond) // real time; the clock given stands still
		if b.TryRetry() {
			return "a token came back to the emptied bucket (PerSecond 1000) after 5 ms of real time while the clock New was given stood still: " +
				"the budget seems to read the wall clock (time.Now, time.Since or time.Until) instead of the clock passed to New, which the tests move by hand"
		}
	}
	century := func(start time.Time) [2]bool {
		c := &clock{t: start}
		b := mustNew(t, Config{Capacity: 1, PerSecond: 1}, c)
		b.TryRetry()
		c.advance(time.Second)
		return [2]bool{b.TryRetry(), b.TryRetry()}
	}
	in2000 := century(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC))
	in2100 := century(time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC))
	if in2000 != in2100 {
		return fmt.Sprintf("the emptied bucket (Capacity 1, PerSecond 1), a second later, answered TryRetry() = %v then %v on a clock set to 2000 and %v then %v on one set to 2100: "+
			"a budget that takes time only from the clock passed to New answers alike whatever date it shows; this one seems to read the wall clock (time.Now, time.Since or time.Until) somewhere, New included",
			in2000[0], in2000[1], in2100[0], in2100[1])
	}
	return ""
}

func TestStartsFull(t *testing.T) {
	b := mustNew(t, Config{Capacity: 3, PercentPerRequest: 10}, newClock())
	if got := b.Tokens(); got != 3 {
		t.Fatalf("Tokens() = %v for a new bucket of capacity 3, want 3", got)
	}
	if n := drain(b); n != 3 {
		t.Fatalf("a new bucket of 3 allowed %d retries, want 3", n)
	}
	if b.TryRetry() {
		t.Fatal("an empty bucket allowed a retry")
	}
}

// Ten requests at 10 % earn exactly one retry. In float64, 0.1 added ten
// times is 0.9999999999999999: not quite a token.
func TestTenRequestsAtTenPercentEarnOneRetry(t *testing.T) {
	b := mustNew(t, Config{Capacity: 5, PercentPerRequest: 10}, newClock())
	drain(b)
	for i := range 9 {
		b.OnRequest()
		if b.TryRetry() {
			t.Fatalf("a retry was allowed after only %d requests at 10 %%", i+1)
		}
	}
	b.OnRequest()
	if !b.TryRetry() {
		// Only a count a hair short of 1 is float64's doing; a count
		// far from it (the stub's 0) is a refill not written yet.
		why := ""
		if tok := b.Tokens(); tok > 0.99 && tok < 1 {
			why = "; count in thousandths of a token, not in float64"
		}
		t.Fatalf("no retry after 10 requests at 10 %% (Tokens() = %v)%s", b.Tokens(), why)
	}
	if b.TryRetry() {
		t.Fatal("two retries from ten requests at 10 %")
	}
}

func TestNeverAboveCapacity(t *testing.T) {
	b := mustNew(t, Config{Capacity: 2, PercentPerRequest: 50}, newClock())
	for range 100 {
		b.OnRequest()
	}
	if got := b.Tokens(); got != 2 {
		t.Fatalf("Tokens() = %v after many requests, want the capacity, 2", got)
	}
}

func TestFractionsAreKept(t *testing.T) {
	b := mustNew(t, Config{Capacity: 10, PercentPerRequest: 25}, newClock())
	drain(b)
	b.OnRequest()
	b.OnRequest()
	if got := b.Tokens(); got != 0.5 {
		t.Fatalf("Tokens() = %v after two requests at 25 %%, want 0.5", got)
	}
	if b.TryRetry() {
		t.Fatal("a retry was allowed with half a token")
	}
	if got := b.Tokens(); got != 0.5 {
		t.Fatalf("Tokens() = %v after a refused retry, want 0.5: refusing must not spend anything", got)
	}
}

func TestRefillsOverTime(t *testing.T) {
	c := newClock()
	b := mustNew(t, Config{Capacity: 5, PerSecond: 1}, c)
	drain(b)
	c.advance(999 * time.Millisecond)
	if b.TryRetry() {
		t.Fatal("a retry was allowed 999 ms after emptying, at 1 token a second")
	}
	c.advance(time.Millisecond)
	if !b.TryRetry() {
		t.Fatalf("no retry a second after emptying at 1 token a second (Tokens() = %v)", b.Tokens())
	}
}

// Time in small steps earns as much as the same time in one step: nothing
// is lost to rounding.
func TestSmallStepsAddUp(t *testing.T) {
	c := newClock()
	b := mustNew(t, Config{Capacity: 5, PerSecond: 2}, c)
	drain(b)
	for range 4 {
		c.advance(250 * time.Millisecond)
		b.Tokens()
	}
	if got := b.Tokens(); got != 2 {
		t.Fatalf("Tokens() = %v after 4 × 250 ms at 2 a second, want 2", got)
	}
	drain(b)
	for range 1000 {
		c.advance(time.Millisecond)
		_ = b.TryRetry()
	}
	// 1000 × 1 ms at 2 tokens a second earns 2 tokens, each spent at once.
	if got := b.Tokens(); got != 0 {
		t.Fatalf("Tokens() = %v after 1000 × 1 ms at 2 a second, each token retried as soon as earned, want exactly 0: "+
			"float64 sums of small steps drift (0.002 added 500 times is 1.0000000000000007); count in thousandths of a token, in an integer", got)
	}
}

// Time too short to earn a thousandth is not lost: it counts toward the
// next one. At 1 token a second a thousandth takes 1 ms, so a step of
// 600 µs earns none on its own, yet ten of them span 6 ms and earn 6.
// A refill that moves last to now at every call throws those 600 µs away
// each time and never earns anything.
func TestLeftoverTimeCarriesOver(t *testing.T) {
	c := newClock()
	b := mustNew(t, Config{Capacity: 5, PerSecond: 1}, c)
	drain(b)
	c.advance(time.Second)
	if got := b.Tokens(); got != 1 {
		t.Fatalf("Tokens() = %v a second after emptying, at 1 token a second, want 1", got)
	}
	drain(b)
	for range 10 {
		c.advance(600 * time.Microsecond)
		b.Tokens()
	}
	if got := b.Tokens(); got != 0.006 {
		t.Fatalf("Tokens() = %v after 10 steps of 600 µs at 1 token a second, want 0.006 (6 ms earn 6 thousandths): "+
			"the time a step leaves over, short of a whole thousandth, must count toward the next; "+
			"move last forward only by the time the earned thousandths took (earned × step), not to now", got)
	}
}

func TestIdleRefillStopsAtCapacity(t *testing.T) {
	c := newClock()
	b := mustNew(t, Config{Capacity: 3, PerSecond: 10}, c)
	drain(b)
	c.advance(24 * time.Hour)
	if got := b.Tokens(); got != 3 {
		t.Fatalf("Tokens() = %v after a day idle, want the capacity, 3", got)
	}
	// A full bucket banks no time: after spending, refill starts from now.
	drain(b)
	c.advance(50 * time.Millisecond)
	if got := b.Tokens(); got != 0.5 {
		t.Fatalf("Tokens() = %v 50 ms after emptying a full bucket at 10 a second, want 0.5", got)
	}
}

// A bucket that is full from the start banks no time either. It idles for
// an hour, then a burst spends every token: the hour must not come back as
// a refill the moment the bucket drops below full.
func TestFullFromCreationBanksNoIdleTime(t *testing.T) {
	c := newClock()
	b := mustNew(t, Config{Capacity: 3, PerSecond: 10}, c)
	c.advance(time.Hour)
	if n := drain(b); n < 3 {
		t.Fatalf("a new bucket of 3 allowed %d retries after idling for an hour, want 3: a new bucket starts full", n)
	} else if n > 3 {
		t.Fatalf("a new bucket of 3 allowed %d retries after idling for an hour, want 3: a full bucket banks no idle time", n)
	}
	c.advance(50 * time.Millisecond)
	if got := b.Tokens(); got != 0.5 {
		t.Fatalf("Tokens() = %v 50 ms after draining, at 10 a second, want 0.5: the refill counts from the moment the bucket stopped being full", got)
	}
}

// The same when requests filled the bucket: once full, the clock that
// counts the refill stays at the present.
func TestFullFromRequestsBanksNoIdleTime(t *testing.T) {
	c := newClock()
	b := mustNew(t, Config{Capacity: 2, PercentPerRequest: 50, PerSecond: 1}, c)
	drain(b)
	for range 4 {
		b.OnRequest()
	}
	if got := b.Tokens(); got != 2 {
		t.Fatalf("Tokens() = %v after 4 requests at 50 %%, want 2", got)
	}
	c.advance(10 * time.Minute)
	if n := drain(b); n != 2 {
		t.Fatalf("a full bucket of 2 allowed %d retries after idling for 10 minutes, want 2", n)
	}
	c.advance(500 * time.Millisecond)
	if got := b.Tokens(); got != 0.5 {
		t.Fatalf("Tokens() = %v 500 ms after draining, at 1 a second, want 0.5", got)
	}
}

// The AWS SDKs' retry quota is this bucket counted in fifths: 500 tokens,
// a retry costs 5 and a first-try success adds 1 (DefaultRetryRateTokens,
// DefaultRetryCost and DefaultNoRetryIncrement in aws-sdk-go-v2
// aws/retry/standard.go). That is 100 retries, and a fifth of a retry per
// success: Capacity 100 and PercentPerRequest 20 here, the same share as
// the default percentCanRetry of 0.2 in Finagle's RetryBudget
// (finagle-core/.../finagle/service/RetryBudget.scala).
func TestTheAWSQuotaInFifths(t *testing.T) {
	b := mustNew(t, Config{Capacity: 100, PercentPerRequest: 20}, newClock())
	if n := drain(b); n != 100 {
		t.Fatalf("a full bucket of 100 allowed %d retries, want 100 (500 tokens at 5 a retry)", n)
	}
	for i := range 4 {
		b.OnRequest()
		if b.TryRetry() {
			t.Fatalf("a retry was allowed after %d requests at 20 %%; it takes 5", i+1)
		}
	}
	b.OnRequest()
	if !b.TryRetry() {
		t.Fatalf("no retry after 5 requests at 20 %% (Tokens() = %v): five successes at 1 token pay for one retry at 5", b.Tokens())
	}
}

// The point of a budget: while a dependency is down and every call fails,
// retries add at most PercentPerRequest on top of the load (plus the
// starting capacity), instead of multiplying it by the attempt count.
func TestBoundsLoadWhileTheDependencyIsDown(t *testing.T) {
	b := mustNew(t, Config{Capacity: 10, PercentPerRequest: 10}, newClock())
	sent := 0
	for range 1000 {
		b.OnRequest()
		sent++        // the first attempt, which fails
		for range 3 { // a client that would retry 3 times
			if !b.TryRetry() {
				break
			}
			sent++
		}
	}
	if sent > 1000+100+10 {
		t.Fatalf("%d attempts for 1000 requests; the budget should cap retries at 10 %% plus the capacity of 10", sent)
	}
	if sent < 1100 {
		t.Fatalf("only %d attempts for 1000 requests; the budget allows about 110 retries", sent)
	}
}

func TestConcurrentRetriesNeverOverspend(t *testing.T) {
	for range 10 {
		b := mustNew(t, Config{Capacity: 100, PercentPerRequest: 0}, newClock())
		var granted atomic.Int32
		var wg sync.WaitGroup
		for range 50 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 10 {
					if b.TryRetry() {
						granted.Add(1)
					}
					b.OnRequest()
					_ = b.Tokens()
				}
			}()
		}
		wg.Wait()
		if n := granted.Load(); n != 100 {
			t.Fatalf("%d retries granted from a bucket of 100 by 50 goroutines, want exactly 100", n)
		}
	}
}

func TestBadConfig(t *testing.T) {
	for _, tc := range []struct {
		cfg   Config
		field string
	}{
		{Config{Capacity: 0}, "Capacity"},
		{Config{Capacity: 1, PercentPerRequest: -1}, "PercentPerRequest"},
		{Config{Capacity: 1, PercentPerRequest: 101}, "PercentPerRequest"},
		{Config{Capacity: 1, PerSecond: -1}, "PerSecond"},
	} {
		_, err := New(tc.cfg, newClock().now)
		if err == nil || !strings.Contains(err.Error(), tc.field) {
			t.Errorf("New(%+v) returned %s, want an error naming %s", tc.cfg, said(err), tc.field)
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
