package slowcall

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

type clock struct{ t time.Time }

func newClock() *clock                   { return &clock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)} }
func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

var errBoom = errors.New("boom")

// The payment demo's settings: a window of 10, slow above 400 ms, 50 % of
// either failures or slow calls opens it for a second.
var demo = Config{
	WindowSize: 10, MinimumCalls: 10,
	FailureRateThreshold: 50, SlowCallDuration: 400 * time.Millisecond, SlowCallRateThreshold: 50,
	OpenDuration: time.Second,
}

func mustNew(t *testing.T, cfg Config, c *clock) *Breaker {
	t.Helper()
	b, err := New(cfg, c.now)
	if err != nil {
		t.Fatalf("New(%+v) failed: %s", cfg, said(err))
	}
	if b == nil {
		t.Fatalf("New(%+v) returned no breaker and no error", cfg)
	}
	return b
}

// call makes one call that takes d on the fake clock and returns err.
func call(t *testing.T, b *Breaker, c *clock, d time.Duration, err error) {
	t.Helper()
	ran := false
	got := b.Call(func() error {
		ran = true
		c.advance(d)
		return err
	})
	if !ran {
		t.Fatalf("the call was refused (%v) while the breaker was %v", got, b.State())
	}
	if got != err {
		t.Fatalf("Call returned %v, want the function's own result %s", got, said(err))
	}
}

func wantState(t *testing.T, b *Breaker, want State, when string) {
	t.Helper()
	if got := b.State(); got != want {
		t.Fatalf("%s: State() = %v, want %v", when, got, want)
	}
}

// A provider that answers "OK" after ten seconds never errors. Counting
// only errors, the breaker would never open.
func TestSlowSuccessesOpenTheBreaker(t *testing.T) {
	c := newClock()
	b := mustNew(t, demo, c)
	for range 4 {
		call(t, b, c, 10*time.Second, nil)
	}
	for range 5 {
		call(t, b, c, 100*time.Millisecond, nil)
	}
	wantState(t, b, Closed, "after 9 calls (minimum 10)")
	if _, slow := b.Rates(); slow != -1 {
		t.Fatalf("slow-call rate = %v after 9 calls, want -1 (minimum 10)", slow)
	}
	call(t, b, c, 10*time.Second, nil)
	if got := b.State(); got != Open {
		why := "counting only errors, the breaker never opens"
		if _, slow := b.Rates(); slow == 0 {
			why = "slow calls are not being counted: the slow-call rate is 0 % after 5 calls of 10 s, over the 400 ms SlowCallDuration; " + why
		}
		t.Fatalf("with 5 slow calls in 10 and a 50 %% slow-call threshold: State() = %v, want open (%s)", got, why)
	}
}

// Both rates are judged after every call, a fast success too. A fast
// success can be the call that brings the window up to the minimum, with a
// rate already at its threshold: Resilience4j opens then. Judging only
// after a failed or slow call would leave the breaker closed.
func TestAFastSuccessCanBeTheCallThatOpens(t *testing.T) {
	for _, tc := range []struct {
		bad  time.Duration // how long each of the first 5 calls takes
		err  error         // and what it returns
		what string
	}{
		{time.Millisecond, errBoom, "5 failures then 5 fast successes"},
		{10 * time.Second, nil, "5 slow calls then 5 fast successes"},
	} {
		c := newClock()
		b := mustNew(t, demo, c)
		for range 5 {
			call(t, b, c, tc.bad, tc.err)
		}
		for range 4 {
			call(t, b, c, 100*time.Millisecond, nil)
		}
		wantState(t, b, Closed, "after the first 9 calls of "+tc.what+" (minimum 10)")
		call(t, b, c, 100*time.Millisecond, nil)
		got := b.State()
		// A breaker that never records slowness fails here too, though it
		// may judge after every call: name that cause, not the judging.
		if _, slow := b.Rates(); got != Open && tc.err == nil && slow == 0 {
			t.Errorf("after %s in a window of 10: State() = %v, want open, and the slow-call rate is 0 %%: "+
				"slow calls are not being counted. A call longer than SlowCallDuration (400 ms) is slow even when it succeeds",
				tc.what, got)
			continue
		}
		if got != Open {
			t.Errorf("after %s in a window of 10 (minimum 10, thresholds 50 %%): State() = %v, want open. "+
				"The 10th call, a fast success, brings the window to its minimum with a rate at 50 %%, the threshold. "+
				"Judge both rates after every call recorded while closed, not only after a failed or slow one",
				tc.what, got)
		}
	}
}

func TestSlowMeansLongerThanTheThreshold(t *testing.T) {
	c := newClock()
	b := mustNew(t, Config{WindowSize: 1, MinimumCalls: 1, FailureRateThreshold: 100,
		SlowCallDuration: 400 * time.Millisecond, SlowCallRateThreshold: 100, OpenDuration: time.Second}, c)
	call(t, b, c, 400*time.Millisecond, nil)
	wantState(t, b, Closed, "after a call of exactly 400 ms (slow means longer than 400 ms)")
	call(t, b, c, 400*time.Millisecond+time.Nanosecond, nil)
	wantState(t, b, Open, "after a call of 400 ms + 1 ns")
}

func TestFailuresStillCount(t *testing.T) {
	c := newClock()
	b := mustNew(t, demo, c)
	for range 5 {
		call(t, b, c, time.Millisecond, nil)
	}
	for range 4 {
		call(t, b, c, time.Millisecond, errBoom)
	}
	wantState(t, b, Closed, "after 9 calls")
	if failure, slow := b.Rates(); failure != -1 || slow != -1 {
		t.Fatalf("Rates() = %v, %v after 9 calls, want -1, -1", failure, slow)
	}
	call(t, b, c, time.Millisecond, errBoom)
	wantState(t, b, Open, "at 5 failures in 10")
}

func TestSlowFailureCountsAsBoth(t *testing.T) {
	c := newClock()
	b := mustNew(t, Config{WindowSize: 4, MinimumCalls: 4, FailureRateThreshold: 100,
		SlowCallDuration: time.Second, SlowCallRateThreshold: 100, OpenDuration: time.Second}, c)
	call(t, b, c, 2*time.Second, errBoom)
	call(t, b, c, time.Millisecond, nil)
	call(t, b, c, 2*time.Second, nil)
	call(t, b, c, time.Millisecond, errBoom)
	failure, slow := b.Rates()
	if failure != 50 || slow != 50 {
		t.Fatalf("Rates() = %v, %v; want 50, 50 (a slow failure counts in both)", failure, slow)
	}
}

// Rates are percentages with their fractions: 1 in 3 is 33.33…, not the
// 33 of an integer division.
func TestRatesKeepTheirFractions(t *testing.T) {
	c := newClock()
	b := mustNew(t, Config{WindowSize: 3, MinimumCalls: 3, FailureRateThreshold: 100,
		SlowCallDuration: time.Second, SlowCallRateThreshold: 100, OpenDuration: time.Second}, c)
	call(t, b, c, time.Millisecond, errBoom)
	call(t, b, c, 2*time.Second, nil)
	call(t, b, c, 2*time.Second, nil)
	failure, slow := b.Rates()
	if math.Abs(failure-100.0/3) > 1e-9 || math.Abs(slow-200.0/3) > 1e-9 {
		t.Fatalf("Rates() = %v, %v after 1 failure and 2 slow calls in 3; want 33.33…, 66.66… (percentages with their fractions)", failure, slow)
	}
}

func TestRatesBeforeMinimum(t *testing.T) {
	c := newClock()
	b := mustNew(t, demo, c)
	call(t, b, c, 10*time.Second, errBoom)
	if failure, slow := b.Rates(); failure != -1 || slow != -1 {
		t.Fatalf("Rates() = %v, %v before the minimum number of calls, want -1, -1", failure, slow)
	}
}

func TestOpenRefusesWithoutCalling(t *testing.T) {
	c := newClock()
	b := mustNew(t, demo, c)
	for range 10 {
		call(t, b, c, 0, errBoom)
	}
	ran := false
	err := b.Call(func() error { ran = true; return nil })
	if ran {
		t.Fatal("an open breaker called the function")
	}
	if !errors.Is(err, ErrOpen) {
		t.Fatalf("an open breaker returned %s, want ErrOpen", said(err))
	}
}

func TestSlowTrialReopens(t *testing.T) {
	c := newClock()
	b := mustNew(t, demo, c)
	for range 10 {
		call(t, b, c, 0, errBoom)
	}
	c.advance(time.Second)
	call(t, b, c, 500*time.Millisecond, nil)
	wantState(t, b, Open, "after a trial that succeeded but took 500 ms (slow above 400 ms)")
	c.advance(999 * time.Millisecond)
	if err := b.Call(func() error { return nil }); !errors.Is(err, ErrOpen) {
		t.Fatalf("allowed a call %v after the slow trial, want ErrOpen until OpenDuration has passed since it ended", 999*time.Millisecond)
	}
}

func TestFastTrialCloses(t *testing.T) {
	c := newClock()
	b := mustNew(t, demo, c)
	for range 10 {
		call(t, b, c, 0, errBoom)
	}
	c.advance(time.Second)
	call(t, b, c, 100*time.Millisecond, nil)
	wantState(t, b, Closed, "after a fast, successful trial")
	if failure, slow := b.Rates(); failure != -1 || slow != -1 {
		t.Fatalf("Rates() = %v, %v right after closing; want -1, -1 (an empty window)", failure, slow)
	}
}

func TestOnlyOneTrialAtATime(t *testing.T) {
	c := newClock()
	b := mustNew(t, demo, c)
	for range 10 {
		call(t, b, c, 0, errBoom)
	}
	c.advance(time.Second)
	inner := errors.New("unset")
	call(t, b, c, 0, nil) // closes
	for range 10 {
		call(t, b, c, 0, errBoom)
	}
	c.advance(time.Second)
	err := b.Call(func() error {
		inner = b.Call(func() error { return nil })
		return nil
	})
	if err != nil {
		t.Fatalf("the trial returned %s", said(err))
	}
	if !errors.Is(inner, ErrOpen) {
		t.Fatalf("a second call while the trial was out returned %s, want ErrOpen", said(inner))
	}
}

func TestBadConfig(t *testing.T) {
	for _, tc := range []struct {
		edit  func(*Config)
		field string
	}{
		{func(c *Config) { c.SlowCallDuration = 0 }, "SlowCallDuration"},
		{func(c *Config) { c.SlowCallRateThreshold = 0 }, "SlowCallRateThreshold"},
		{func(c *Config) { c.SlowCallRateThreshold = 101 }, "SlowCallRateThreshold"},
		{func(c *Config) { c.WindowSize = 0 }, "WindowSize"},
	} {
		cfg := demo
		tc.edit(&cfg)
		_, err := New(cfg, newClock().now)
		if err == nil || !strings.Contains(err.Error(), tc.field) {
			t.Errorf("New(%+v) returned %s, want an error naming %s", cfg, said(err), tc.field)
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
