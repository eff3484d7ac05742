package ratebreaker

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"
)

type clock struct{ t time.Time }

func newClock() *clock                   { return &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)} }
func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

func mustNew(t *testing.T, cfg Config, c *clock) *Breaker {
	t.Helper()
	b, err := New(cfg, c.now)
	if err != nil {
		t.Fatalf("New(%+v) failed: %s", cfg, said(err))
	}
	if b == nil {
		t.Fatalf("New(%+v) returned a nil breaker", cfg)
	}
	return b
}

// feed sends results through b: 'F' a failure, 'S' a success.
func feed(t *testing.T, b *Breaker, results string) {
	t.Helper()
	for i, r := range results {
		if !b.Allow() {
			t.Fatalf("call %d of %q was refused (state %v)", i+1, results, b.State())
		}
		if r == 'F' {
			b.OnFailure()
		} else {
			b.OnSuccess()
		}
	}
}

func wantState(t *testing.T, b *Breaker, want State, when string) {
	t.Helper()
	if got := b.State(); got != want {
		t.Fatalf("State() = %v, want %v: %s", got, want, when)
	}
}

var tenAtHalf = Config{WindowSize: 10, MinimumCalls: 10, FailureRateThreshold: 50, OpenDuration: time.Second}

// With a minimum of 10 calls, nine failures out of nine do not open the
// breaker: there is not yet enough evidence.
func TestMinimumCallsBeforeAVerdict(t *testing.T) {
	b := mustNew(t, tenAtHalf, newClock())
	feed(t, b, "FFFFFFFFF")
	wantState(t, b, Closed, "after 9 failures with a minimum of 10 calls")
	if r := b.FailureRate(); r != -1 {
		t.Errorf("FailureRate() = %v before the minimum number of calls, want -1", r)
	}
	feed(t, b, "F")
	wantState(t, b, Open, "after the 10th failure in 10 calls, with a minimum of 10 calls and a 50 % threshold: the window holds its minimum now, and a rate of 100 % is over the threshold")
}

func TestRateIsAPercentage(t *testing.T) {
	b := mustNew(t, tenAtHalf, newClock())
	feed(t, b, "SFSSSFSFSS")
	if r := b.FailureRate(); r != 30 {
		t.Errorf("FailureRate() = %v after 3 failures in 10 calls, want 30: %s", r, rateMistake(r, 3, 10, 10))
	}
	wantState(t, b, Closed, "at 30 % with a 50 % threshold")
}

func TestThresholdIsInclusive(t *testing.T) {
	b := mustNew(t, tenAtHalf, newClock())
	feed(t, b, "SSSSSFFFF")
	feed(t, b, "F")
	wantState(t, b, Open, "at exactly 50 % (5 of 10) with a 50 % threshold")
}

// Only the latest WindowSize calls count. Counting every call since the
// start would open this breaker too early.
func TestWindowSlides(t *testing.T) {
	b := mustNew(t, tenAtHalf, newClock())
	feed(t, b, "FFFFSSSSSS")
	if r := b.FailureRate(); r != 40 {
		t.Fatalf("FailureRate() = %v after 4 failures in 10 calls, want 40: %s", r, rateMistake(r, 4, 10, 10))
	}
	// Each new failure pushes an old failure out: the rate stays at 40 %.
	for i := range 4 {
		feed(t, b, "F")
		if r := b.FailureRate(); r != 40 {
			t.Fatalf("after failure %d of 4 more, FailureRate() = %v, want 40: each new result pushes the oldest out of the full window", i+1, r)
		}
		wantState(t, b, Closed, "while the window holds 4 failures in 10")
	}
	// Now a success leaves the window: 5 failures in 10.
	feed(t, b, "F")
	wantState(t, b, Open, "once the window holds 5 failures in 10")
}

func TestOldFailuresAgeOut(t *testing.T) {
	b := mustNew(t, Config{WindowSize: 4, MinimumCalls: 4, FailureRateThreshold: 75, OpenDuration: time.Second}, newClock())
	feed(t, b, "FFSS")
	feed(t, b, "SSSS")
	if r := b.FailureRate(); r != 0 {
		t.Fatalf("FailureRate() = %v after the failures left a window of 4, want 0", r)
	}
	feed(t, b, "FF")
	wantState(t, b, Closed, "with 2 failures in the window of 4 (threshold 75 %)")
	feed(t, b, "F")
	wantState(t, b, Open, "with 3 failures in the window of 4")
}

// The rate is over the results the window holds, not over its size. With a
// minimum below the window size, a verdict comes before the window is full:
// 2 failures in the first 4 calls are 50 %, not 20 % of a window of 10.
// (Resilience4j divides the failed calls by the calls recorded, once there
// are at least minimumNumberOfCalls of them: getFailureRate in
// resilience4j-circuitbreaker/.../circuitbreaker/internal/CircuitBreakerMetrics.java
// and in resilience4j-core/.../core/metrics/SnapshotImpl.java.)
func TestRateIsOverTheCallsHeldNotTheWindowSize(t *testing.T) {
	b := mustNew(t, Config{WindowSize: 10, MinimumCalls: 5, FailureRateThreshold: 50, OpenDuration: time.Second}, newClock())
	feed(t, b, "SSSF")
	if r := b.FailureRate(); r != -1 {
		t.Fatalf("FailureRate() = %v after 4 calls with a minimum of 5, want -1", r)
	}
	feed(t, b, "S")
	if r := b.FailureRate(); r != 20 {
		t.Fatalf("FailureRate() = %v after 1 failure in 5 calls, want 20: %s", r, rateMistake(r, 1, 5, 10))
	}
	feed(t, b, "F")
	if r := b.FailureRate(); math.Abs(r-100.0/3) > 1e-9 {
		t.Fatalf("FailureRate() = %v after 2 failures in 6 calls, want 33.3...", r)
	}
	wantState(t, b, Closed, "at 2 failures in 6 calls (threshold 50 %)")
	feed(t, b, "F")
	wantState(t, b, Closed, "at 3 failures in 7 calls (42.9 %)")
	feed(t, b, "F")
	wantState(t, b, Open, "at 4 failures in 8 calls (50 %), with 2 slots of the window of 10 still empty")
}

// The same rule after a good trial: the window starts empty again, and the
// first verdict comes at the minimum, long before the window is full.
func TestVerdictAtTheMinimumAfterClosing(t *testing.T) {
	c := newClock()
	b := mustNew(t, Config{WindowSize: 100, MinimumCalls: 10, FailureRateThreshold: 50, OpenDuration: time.Second}, c)
	feed(t, b, "FFFFFFFFFF")
	if got := b.State(); got != Open {
		if why := wrongRate(b, 100, 10, 10, 100); why != "" {
			t.Fatalf("State() = %v, want open: after 10 failures in 10 calls (minimum 10) in a window of 100, %s", got, why)
		}
	}
	wantState(t, b, Open, "after 10 failures in 10 calls (minimum 10)")
	c.advance(time.Second)
	feed(t, b, "S")
	wantState(t, b, Closed, "after a good trial")
	feed(t, b, "SSSSSFFFF")
	wantState(t, b, Closed, "at 4 failures in 9 calls, below the minimum of 10")
	feed(t, b, "F")
	wantState(t, b, Open, "at 5 failures in 10 calls (50 %) in a window of 100")
}

// The rate is judged after every result, a success as well as a failure.
// A success can be the call that brings the window up to the minimum, with
// the rate already at the threshold: Resilience4j opens then, and so must
// this breaker. Judging only when a failure comes in (as Polly, gobreaker
// and opossum do) would leave it closed until the next failure.
func TestASuccessCanBeTheCallThatOpens(t *testing.T) {
	for _, tc := range []struct {
		cfg     Config
		results string  // the last one is the success that must open the breaker
		rate    float64 // the failure rate, percent, once the last result is in
		what    string
		why     string
	}{
		{tenAtHalf, "FFFFFSSSSS", 50,
			"5 failures then 5 successes in a window of 10 (minimum 10, threshold 50 %)",
			"The 10th result, a success, brings the window to its minimum of 10 calls with 5 failures in 10: 50 %, the threshold"},
		{Config{WindowSize: 10, MinimumCalls: 5, FailureRateThreshold: 50, OpenDuration: time.Second}, "FFFSS", 60,
			"3 failures then 2 successes in a window of 10 (minimum 5, threshold 50 %)",
			"The 5th result, a success, brings the window to its minimum of 5 calls with 3 failures in 5: 60 %, above the threshold"},
	} {
		b := mustNew(t, tc.cfg, newClock())
		last := len(tc.results) - 1
		feed(t, b, tc.results[:last])
		wantState(t, b, Closed, fmt.Sprintf("after the first %d of %s (below the minimum)", last, tc.what))
		feed(t, b, tc.results[last:])
		got := b.State()
		if got == Open {
			continue
		}
		// A breaker left closed may judge after every result and still
		// miss the threshold through a wrong rate: name the rate first.
		if why := wrongRate(b, tc.rate, strings.Count(tc.results, "F"), len(tc.results), tc.cfg.WindowSize); why != "" {
			t.Errorf("State() = %v, want open: after %s, %s", got, tc.what, why)
			continue
		}
		t.Errorf("State() = %v, want open: after %s. %s. "+
			"Judge the rate after every result recorded while closed, a success too, not only after a failure",
			got, tc.what, tc.why)
	}
}

// wrongRate says what is wrong with b's failure rate when it is not want
// (percent), and "" when it is right: a breaker that stayed closed on a
// wrong rate is told about the rate, not about when it judges. failures
// and held are what the window holds, size is WindowSize.
func wrongRate(b *Breaker, want float64, failures, held, size int) string {
	switch rate := b.FailureRate(); {
	case rate == -1:
		return "FailureRate() = -1 (no verdict yet), though the window holds its minimum of results"
	case math.Abs(rate-want) > 1e-9:
		return fmt.Sprintf("the failure rate is %s %%, want %s %%: %s",
			percent(rate), percent(want), rateMistake(rate, failures, held, size))
	}
	return ""
}

// rateMistake names the mistake a wrong rate comes from, when the rate
// gives it away, for a window that holds failures in held results and
// has room for size: the learner is told what they did, not a rule they
// kept (a rate over the window's size is not why a rate of 0 is wrong).
func rateMistake(rate float64, failures, held, size int) string {
	near := func(x float64) bool { return math.Abs(rate-x) < 1e-9 }
	switch {
	case held != size && near(float64(failures)*100/float64(size)):
		return "a rate is of the calls the window holds, not of its size"
	case failures > 0 && near(0):
		return "a success does not wipe out the failures before it (that is counting failures in a row, as in exercise 01)"
	case near(float64(failures) / float64(held)):
		return "FailureRate is a percentage, from 0 to 100, not a fraction from 0 to 1"
	}
	return "the rate is 100 times the failures the window holds, divided by the calls it holds"
}

// percent writes a failure rate the way these tests say one: "30", "42.9".
func percent(rate float64) string {
	return strconv.FormatFloat(math.Round(rate*10)/10, 'f', -1, 64)
}

func TestMinimumAboveWindowCountsAsWindow(t *testing.T) {
	b := mustNew(t, Config{WindowSize: 4, MinimumCalls: 10, FailureRateThreshold: 50, OpenDuration: time.Second}, newClock())
	feed(t, b, "SSFF")
	wantState(t, b, Open, "with a full window of 4 at 50 %, MinimumCalls 10 counting as 4")
}

func TestOneTrialAfterOpenDuration(t *testing.T) {
	c := newClock()
	b := mustNew(t, tenAtHalf, c)
	feed(t, b, "FFFFFFFFFF")
	if b.Allow() {
		t.Fatal("an open breaker allowed a call")
	}
	c.advance(999 * time.Millisecond)
	if b.Allow() {
		t.Fatal("allowed a call before OpenDuration had passed")
	}
	c.advance(time.Millisecond)
	if !b.Allow() {
		t.Fatal("refused the trial call once OpenDuration had passed")
	}
	wantState(t, b, HalfOpen, "with the trial call out")
	if b.Allow() {
		t.Fatal("allowed a second call while the trial was out")
	}
}

func TestGoodTrialClosesWithAnEmptyWindow(t *testing.T) {
	c := newClock()
	b := mustNew(t, tenAtHalf, c)
	feed(t, b, "FFFFFFFFFF")
	c.advance(time.Second)
	feed(t, b, "S")
	wantState(t, b, Closed, "after a good trial")
	if r := b.FailureRate(); r != -1 {
		t.Fatalf("FailureRate() = %v right after closing, want -1: the window must start empty", r)
	}
	feed(t, b, "FFFFFFFFF")
	wantState(t, b, Closed, "after 9 failures since closing (minimum 10)")
}

func TestBadTrialReopens(t *testing.T) {
	c := newClock()
	b := mustNew(t, tenAtHalf, c)
	feed(t, b, "FFFFFFFFFF")
	c.advance(time.Second)
	feed(t, b, "F")
	wantState(t, b, Open, "after a failed trial")
	c.advance(999 * time.Millisecond)
	if b.Allow() {
		t.Fatal("allowed a call before OpenDuration had passed since the failed trial")
	}
	c.advance(time.Millisecond)
	if !b.Allow() {
		t.Fatal("refused the next trial")
	}
}

func TestLateResultsWhileOpenAreIgnored(t *testing.T) {
	c := newClock()
	b := mustNew(t, tenAtHalf, c)
	feed(t, b, "FFFFFFFFFF")
	b.OnSuccess()
	b.OnFailure()
	wantState(t, b, Open, "after late results while open")
	c.advance(time.Second)
	if !b.Allow() {
		t.Fatal("refused the trial; a late failure while open must not restart the timer")
	}
}

// Resilience4j's defaults: 100 calls, at least 100, 50 %.
func TestLibraryDefaults(t *testing.T) {
	b := mustNew(t, Config{WindowSize: 100, MinimumCalls: 100, FailureRateThreshold: 50, OpenDuration: time.Minute}, newClock())
	feed(t, b, strings.Repeat("F", 49)+strings.Repeat("S", 50))
	wantState(t, b, Closed, "after 99 calls")
	feed(t, b, "S")
	wantState(t, b, Closed, "at 49 failures in 100")
	feed(t, b, "F") // the first failure leaves, a failure enters: still 49
	wantState(t, b, Closed, "at 49 failures in the latest 100")
	feed(t, b, "F") // a failure leaves again... still 49
	feed(t, b, strings.Repeat("F", 47))
	wantState(t, b, Closed, "while failures only replace failures")
	feed(t, b, "F") // now a success leaves: 50 of 100
	wantState(t, b, Open, "at 50 failures in the latest 100")
}

func TestBadConfig(t *testing.T) {
	good := tenAtHalf
	for _, tc := range []struct {
		name  string
		edit  func(*Config)
		field string
	}{
		{"window of zero", func(c *Config) { c.WindowSize = 0 }, "WindowSize"},
		{"negative minimum", func(c *Config) { c.MinimumCalls = -1 }, "MinimumCalls"},
		{"zero threshold", func(c *Config) { c.FailureRateThreshold = 0 }, "FailureRateThreshold"},
		{"threshold above 100", func(c *Config) { c.FailureRateThreshold = 150 }, "FailureRateThreshold"},
		{"negative open duration", func(c *Config) { c.OpenDuration = -time.Second }, "OpenDuration"},
	} {
		cfg := good
		tc.edit(&cfg)
		_, err := New(cfg, newClock().now)
		if err == nil {
			t.Errorf("%s: New accepted %+v", tc.name, cfg)
			continue
		}
		if !strings.Contains(err.Error(), tc.field) {
			t.Errorf("%s: the error %s does not name the field %s", tc.name, said(err), tc.field)
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
