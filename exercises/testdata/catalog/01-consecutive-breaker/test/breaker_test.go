package breaker

import (
	"fmt"
	"testing"
	"time"
)

// clock is a fake clock: time moves only when a test says so.
type clock struct{ t time.Time }

func newClock() *clock                   { return &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)} }
func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

// trip sends n failures through b, checking that each call was allowed.
func trip(t *testing.T, b *Breaker, n int) {
	t.Helper()
	for i := range n {
		if !b.Allow() {
			t.Fatalf("call %d was refused, but the breaker should still be closed (State() = %s)", i+1, constName(b.State()))
		}
		b.OnFailure()
	}
}

// tripOpen sends n failures through b, n being its threshold, and stops
// the test unless they opened it: a test of what an open breaker does
// should fail on the breaker not opening, not on a cooldown it never
// started.
func tripOpen(t *testing.T, b *Breaker, n int) {
	t.Helper()
	trip(t, b, n)
	if got := b.State(); got != Open {
		failures := "failures"
		if n == 1 {
			failures = "failure"
		}
		t.Fatalf("the breaker never opened after %d %s in a row with threshold %d: State() = %s", n, failures, n, constName(got))
	}
}

func wantState(t *testing.T, b *Breaker, want State, when string) {
	t.Helper()
	if got := b.State(); got != want {
		t.Fatalf("%s: State() = %s, want %s", when, constName(got), constName(want))
	}
}

func TestStateNames(t *testing.T) {
	// A slice, not a map: the failures come out in the same order every run.
	for _, c := range []struct {
		s    State
		want string
	}{{Closed, "closed"}, {Open, "open"}, {HalfOpen, "half-open"}} {
		if got := c.s.String(); got != c.want {
			t.Errorf("%s.String() = %q, want %q, the name a log or a message shows", constName(c.s), got, c.want)
		}
	}
	if got := State(42).String(); got == "" || got == "closed" || got == "open" || got == "half-open" {
		t.Errorf("State(42).String() = %q, want something that is not one of the three state names", got)
	}
}

func TestStartsClosed(t *testing.T) {
	b := New(3, 10*time.Second, newClock().now)
	wantState(t, b, Closed, "a new breaker")
	for i := range 100 {
		if !b.Allow() {
			t.Fatalf("a new breaker refused call %d", i+1)
		}
		b.OnSuccess()
	}
	wantState(t, b, Closed, "after 100 successes")
}

// The breaker works from the clock it was given, not from the wall clock.
// A breaker that takes time only from now does the same whatever date its
// clock shows: the same calls on a clock set to 2000 and on one set to
// 2100 get the same answers. One that reads the wall clock (time.Now,
// time.Since, time.Until) finds its breaker opened decades ago or decades
// from now, and answers differently. This test comes before the others,
// which would fail too, each with a symptom of its own.
func TestUsesTheInjectedClock(t *testing.T) {
	if why := wallClockRead(); why != "" {
		t.Fatal(why)
	}
}

// cooldownRun is what a breaker with a cooldown of an hour answers on a
// fake clock that starts at start: the failures it took to open (3 at
// most, so that a breaker that never opens is run too), then Allow right
// after opening, 59 minutes on and past the hour.
type cooldownRun struct {
	failures               int
	atOnce, at59m, pastEnd bool
}

func runCooldown(start time.Time) cooldownRun {
	c := &clock{t: start}
	b := New(1, time.Hour, c.now)
	var r cooldownRun
	for r.failures < 3 && b.State() != Open {
		b.Allow()
		b.OnFailure()
		r.failures++
	}
	r.atOnce = b.Allow()
	if r.atOnce {
		return r // the trial is out: what comes after would say nothing more
	}
	c.advance(59 * time.Minute)
	r.at59m = b.Allow()
	if r.at59m {
		return r
	}
	c.advance(90 * time.Second) // past the end, not on it (TestCooldownBoundaryIsInclusive)
	r.pastEnd = b.Allow()
	return r
}

// wallClockRead runs the same calls on clocks a century apart and says
// how the breaker answered differently, which only reading the wall clock
// explains; "" when it answered alike.
func wallClockRead() string {
	in2000 := runCooldown(time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC))
	in2100 := runCooldown(time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC))
	if in2000 == in2100 {
		return ""
	}
	var when string
	var a, b bool
	switch {
	case in2000.failures != in2100.failures:
		return fmt.Sprintf("the breaker (threshold 1) opened after %d failure(s) on a clock set to 2000 and after %d on one set to 2100: "+
			"it seems to read the wall clock (time.Now, time.Since or time.Until); take every time from now", in2000.failures, in2100.failures)
	case in2000.atOnce != in2100.atOnce:
		when, a, b = "right after it opened", in2000.atOnce, in2100.atOnce
	case in2000.at59m != in2100.at59m:
		when, a, b = "59 minutes into its hour-long cooldown", in2000.at59m, in2100.at59m
	default:
		when, a, b = "past the end of its hour-long cooldown", in2000.pastEnd, in2100.pastEnd
	}
	return fmt.Sprintf("%s, Allow() = %v with the clock it was given set to 2000, but %v with it set to 2100. "+
		"A breaker that takes time only from now answers alike whatever date its clock shows: "+
		"this one seems to read the wall clock (time.Now, time.Since or time.Until) instead of now",
		when, a, b)
}

// wallClockNote is a sentence to add to a failure that reading the wall
// clock would explain, when it does explain it; "" otherwise.
func wallClockNote() string {
	if wallClockRead() == "" {
		return ""
	}
	return ". The breaker answers differently on a clock set to another date (TestUsesTheInjectedClock): " +
		"it seems to read the wall clock (time.Now, time.Since or time.Until) instead of now"
}

// Three failures in a row open the breaker, and an open breaker fails fast.
func TestOpensAfterThreshold(t *testing.T) {
	b := New(3, 10*time.Second, newClock().now)
	trip(t, b, 2)
	wantState(t, b, Closed, "after 2 failures with threshold 3")
	trip(t, b, 1)
	wantState(t, b, Open, "after 3 failures in a row with threshold 3")
	if b.Allow() {
		t.Fatal("an open breaker allowed a call; it should fail fast" + wallClockNote())
	}
}

// A success between failures starts the count again.
func TestSuccessResetsTheCount(t *testing.T) {
	b := New(3, 10*time.Second, newClock().now)
	for i, ok := range []bool{false, false, true, false, false} {
		if !b.Allow() {
			t.Fatalf("call %d of fail, fail, success, fail, fail with threshold 3 was refused (State() = %s); want it let through: "+
				"a success resets the count, so no 3 failures are in a row", i+1, constName(b.State()))
		}
		if ok {
			b.OnSuccess()
		} else {
			b.OnFailure()
		}
	}
	wantState(t, b, Closed, "after fail, fail, success, fail, fail with threshold 3 (a success resets the count: only the last 2 failures are in a row)")
	b.OnFailure()
	wantState(t, b, Open, "after a third failure in a row")
}

// An open breaker refuses calls until the cooldown passes.
func TestStaysOpenDuringCooldown(t *testing.T) {
	c := newClock()
	b := New(2, 10*time.Second, c.now)
	tripOpen(t, b, 2)
	c.advance(9900 * time.Millisecond)
	if b.Allow() {
		t.Fatal("allowed a call 9.9 s into a 10 s cooldown" + wallClockNote())
	}
	wantState(t, b, Open, "9.9 s into a 10 s cooldown")
}

// After the cooldown one trial call goes through, and only one at a time.
func TestOneTrialAfterCooldown(t *testing.T) {
	c := newClock()
	b := New(2, 10*time.Second, c.now)
	tripOpen(t, b, 2)
	c.advance(10 * time.Second)
	if !b.Allow() {
		t.Fatal("refused the trial call once the 10 s cooldown had passed" + wallClockNote())
	}
	wantState(t, b, HalfOpen, "after letting the trial call through")
	for i := range 5 {
		if b.Allow() {
			t.Fatalf("allowed a second call (attempt %d) while the trial call was still out", i+1)
		}
	}
	wantState(t, b, HalfOpen, "while the trial call is out")
}

// A successful trial closes the breaker, with the count back at zero.
func TestTrialSuccessCloses(t *testing.T) {
	c := newClock()
	b := New(2, 10*time.Second, c.now)
	tripOpen(t, b, 2)
	c.advance(12 * time.Second)
	if !b.Allow() {
		t.Fatal("refused the trial call after the cooldown")
	}
	b.OnSuccess()
	wantState(t, b, Closed, "after the trial call succeeded")
	trip(t, b, 1)
	wantState(t, b, Closed, "after one failure following the close (threshold 2): the count must start at zero")
	trip(t, b, 1)
	wantState(t, b, Open, "after two failures following the close")
}

// A failed trial opens the breaker again, and the cooldown starts from that
// moment.
func TestTrialFailureReopens(t *testing.T) {
	c := newClock()
	b := New(2, 10*time.Second, c.now)
	tripOpen(t, b, 2)
	c.advance(10 * time.Second)
	if !b.Allow() {
		t.Fatal("refused the trial call after the cooldown")
	}
	b.OnFailure()
	wantState(t, b, Open, "after the trial call failed")
	c.advance(9 * time.Second)
	if b.Allow() {
		t.Fatal("allowed a call 9 s after the failed trial; the 10 s cooldown must restart when the trial fails")
	}
	c.advance(time.Second)
	if !b.Allow() {
		t.Fatal("refused the next trial 10 s after the failed one")
	}
	wantState(t, b, HalfOpen, "10 s after the failed trial")
}

// Libraries count differently. gobreaker's default trips on more than 5
// failures in a row (ConsecutiveFailures > 5, defaultReadyToTrip in
// sony/gobreaker v2/gobreaker.go), so the same breaker here has a threshold
// of 6: five failures leave it closed, the sixth opens it.
func TestMoreThanFiveIsAThresholdOfSix(t *testing.T) {
	b := New(6, time.Minute, newClock().now)
	trip(t, b, 5)
	wantState(t, b, Closed, "after 5 failures with threshold 6")
	trip(t, b, 1)
	wantState(t, b, Open, "after the 6th failure in a row with threshold 6")
}

func TestThresholdOfOne(t *testing.T) {
	b := New(1, time.Second, newClock().now)
	trip(t, b, 1)
	wantState(t, b, Open, "after one failure with threshold 1")
}

func TestThresholdBelowOneCountsAsOne(t *testing.T) {
	for _, th := range []int{0, -5} {
		b := New(th, time.Second, newClock().now)
		trip(t, b, 1)
		wantState(t, b, Open, "after one failure with a threshold below 1")
	}
}

func TestCooldownBoundaryIsInclusive(t *testing.T) {
	c := newClock()
	b := New(1, 5*time.Second, c.now)
	tripOpen(t, b, 1)
	c.advance(5*time.Second - time.Nanosecond)
	if b.Allow() {
		t.Fatal("allowed a call 1 ns before the cooldown ended")
	}
	c.advance(time.Nanosecond)
	if !b.Allow() {
		t.Fatal("refused the trial exactly when the cooldown ended")
	}
}

// Refused calls must not push the end of the cooldown further away.
func TestRefusedCallsDoNotExtendTheCooldown(t *testing.T) {
	c := newClock()
	b := New(1, 10*time.Second, c.now)
	tripOpen(t, b, 1)
	for i := range 9 {
		c.advance(time.Second)
		if b.Allow() {
			t.Fatalf("allowed a call %d s into a 10 s cooldown", i+1)
		}
	}
	// Half a second past the end, so that where the cooldown ends exactly
	// (TestCooldownBoundaryIsInclusive) does not fail this test too.
	c.advance(1500 * time.Millisecond)
	if !b.Allow() {
		t.Fatal("refused the trial 10.5 s after opening; refused calls must not restart the cooldown")
	}
}

// Results can arrive late: calls let through just before the breaker opened
// finish while it is open. They must change nothing.
func TestLateResultsWhileOpenAreIgnored(t *testing.T) {
	c := newClock()
	b := New(2, 10*time.Second, c.now)
	tripOpen(t, b, 2)
	c.advance(6 * time.Second)
	b.OnSuccess()
	wantState(t, b, Open, "after a late success while open")
	b.OnFailure()
	wantState(t, b, Open, "after a late failure while open")
	c.advance(4500 * time.Millisecond) // past the end, not on it (as above)
	if !b.Allow() {
		t.Fatal("refused the trial 10.5 s after opening; a late failure while open must not restart the cooldown")
	}
}

func TestManyCycles(t *testing.T) {
	c := newClock()
	b := New(3, time.Minute, c.now)
	for cycle := range 5 {
		tripOpen(t, b, 3)
		c.advance(time.Minute)
		if !b.Allow() {
			t.Fatalf("cycle %d: refused the trial after the cooldown", cycle)
		}
		if cycle%2 == 0 {
			b.OnFailure()
			wantState(t, b, Open, "after a failed trial")
			c.advance(time.Minute)
			if !b.Allow() {
				t.Fatalf("cycle %d: refused the second trial", cycle)
			}
		}
		b.OnSuccess()
		wantState(t, b, Closed, "after a good trial")
	}
}

// constName names a state by its constant, Closed, Open or HalfOpen, as
// the code writes it: the messages must read right before String does.
func constName(s State) string {
	switch s {
	case Closed:
		return "Closed"
	case Open:
		return "Open"
	case HalfOpen:
		return "HalfOpen"
	}
	return fmt.Sprintf("State(%d)", int(s))
}
