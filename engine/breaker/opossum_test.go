package breaker

import (
	"strings"
	"testing"
	"time"
)

// opossum's rules, one example each (lib/circuit.js's call and fail,
// lib/status.js); TestOpossumDifferential checks them against opossum
// itself.
func TestOpossumRules(t *testing.T) {
	ms := time.Millisecond
	allow := func(b *Breaker, now time.Duration) Permit {
		t.Helper()
		p, err := b.Allow(now)
		if err != nil {
			t.Fatalf("at %v: refused while %v", now, b.State())
		}
		return p
	}

	// Exceeded, not reached: 1 failure of 2 calls fired is 50 %, not above.
	b, _ := New(Opossum(), nil)
	p1, _ := allow(b, 0), allow(b, 0)
	b.Record(ms, p1, Failure)
	if b.State() != Closed {
		t.Errorf("1 of 2 (50 %%) opened the breaker: %v", b.State())
	}

	// A call counts when it is fired: with volumeThreshold 0 the first
	// failure of the only call fired is 100 %.
	b, _ = New(Opossum(), nil)
	b.Record(ms, allow(b, 0), Failure)
	if b.State() != Open {
		t.Fatalf("1 failure of 1 fired: %v", b.State())
	}
	// Refused calls count too: 3 calls refused while open join the window.
	for range 3 {
		if _, err := b.Allow(2 * ms); err == nil {
			t.Fatal("let through while open")
		}
	}
	if c := b.Counts(); c.Calls != 4 || c.Failures != 1 {
		t.Errorf("1 call and 3 refused, 1 failure: %+v", c)
	}
	// The reset timer half-opens it at the end of the wait, without a call.
	end := ms + 30*time.Second // opened at 1 ms
	if got := b.StateAt(end); got != HalfOpen {
		t.Fatalf("at the end of the wait: %v", got)
	}
	b.Record(end-5*time.Second, Permit{}, Success) // a result while open changes nothing
	trial := allow(b, end)
	b.Record(end+ms, trial, Success)
	if b.State() != Closed {
		t.Fatalf("the trial passed: %v", b.State())
	}
	if c := b.CountsAt(end + ms); c.Calls != 1 || c.Failures != 0 {
		// The first calls' bucket left the 10 s window long ago; the
		// trial's fire is what remains.
		t.Errorf("window after closing: %+v", c)
	}

	// Counts kept through a close: open it with 2 of 3, close it at once
	// with a short wait, and one more failure reopens it.
	cfg := Opossum()
	cfg.OpenFor = 100 * ms
	b, _ = New(cfg, nil)
	ps := []Permit{allow(b, 0), allow(b, 0), allow(b, 0)}
	b.Record(ms, ps[0], Failure)
	b.Record(ms, ps[1], Failure) // 2 of 3 > 50 %
	if b.State() != Open {
		t.Fatalf("2 of 3: %v", b.State())
	}
	b.Record(101*ms, allow(b, 101*ms), Success) // the trial closes it
	if c := b.Counts(); b.State() != Closed || c.Calls != 4 || c.Failures != 2 {
		t.Fatalf("after the trial: %v, %+v (the counts are kept)", b.State(), b.Counts())
	}
	b.Record(102*ms, allow(b, 102*ms), Failure) // 3 of 5
	if b.State() != Open {
		t.Errorf("the kept counts should reopen it at once: %v", b.State())
	}
}

func TestLibraryRuleFieldsAreValidated(t *testing.T) {
	for _, c := range []struct {
		edit func(*Config)
		want string
	}{
		{func(c *Config) { *c = Resilience4j(); c.CountAtStart = true }, "needs a time window"},
		{func(c *Config) { c.CallTimeout = -1 }, "call timeout"},
		{func(c *Config) { *c = Failsafe(); c.FailureCount = 1 }, "leave the failure rate"},
		{func(c *Config) { *c = Failsafe(); c.FailureRate, c.FailureCount = 0, 2 }, "at most the window size"},
		{func(c *Config) { c.HalfOpenSuccesses = 1 }, "set rolling trials"},
		{func(c *Config) { *c = FailsafeWith(FailsafeSuccessThreshold(2)); c.HalfOpenSuccesses = 3 }, "between 0 (off) and the half-open trials"},
		{func(c *Config) { *c = FailsafeWith(FailsafeDelay(time.Second)); c.HalfOpenRule = TrialsAsWindow }, "rolling trials judge half-open"},
	} {
		cfg := Opossum()
		c.edit(&cfg)
		if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", cfg, err, c.want)
		}
	}
	for _, cfg := range []Config{Opossum(), FailsafeWith(FailsafeFailureThresholdRatio(3, 5), FailsafeSuccessThreshold(2)),
		FailsafeWith(FailsafeFailureRateThreshold(0.5, 10, time.Minute))} {
		if err := cfg.Validate(); err != nil {
			t.Errorf("%v", err)
		}
	}
}

// FailsafeWith maps failsafe-go's builder options onto the fields.
func TestFailsafeWith(t *testing.T) {
	if FailsafeWith() != Failsafe() {
		t.Error("no options are the defaults")
	}
	c := FailsafeWith(FailsafeFailureThresholdRatio(3, 5), FailsafeSuccessThreshold(2), FailsafeDelay(10*time.Second))
	if c.WindowSize != 5 || c.FailureCount != 3 || c.MinimumCalls != 1 || c.HalfOpenTrials != 2 || c.HalfOpenSuccesses != 2 ||
		c.OpenFor != 10*time.Second || !c.RollingTrials || !c.RoundRates {
		t.Errorf("ratio 3 of 5, success 2: %+v", c)
	}
	c = FailsafeWith(FailsafeFailureRateThreshold(0.5, 20, time.Minute))
	if c.Window != TimeWindow || c.WindowSpan != time.Minute || c.WindowBuckets != 10 || c.MinimumCalls != 20 ||
		c.FailureRate != 0.5 || c.HalfOpenTrials != 20 {
		t.Errorf("rate 50 %% of 20 in 1 min: %+v", c)
	}
	// Rounded to whole percent: 2 of 3 is 67 %, which reaches 0.67.
	c = FailsafeWith(FailsafeFailureRateThreshold(0.67, 3, time.Minute))
	b, _ := New(c, nil)
	for _, r := range []Result{Success, Failure, Failure} {
		p, _ := b.Allow(0)
		b.Record(0, p, r)
	}
	if b.State() != Open {
		t.Errorf("2 of 3 rounds to 0.67: %v", b.State())
	}
}
