package breaker

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"
)

const ms = time.Millisecond

// call is one scripted call: allowed at `at`, answering `took` later.
type call struct {
	at, took time.Duration
	result   Result
}

// feed runs calls one after another (each returns before the next starts)
// and returns the states after each.
func feed(t *testing.T, b *Breaker, calls []call) []State {
	t.Helper()
	var states []State
	for _, c := range calls {
		if p, err := b.Allow(c.at); err == nil {
			b.Record(c.at+c.took, p, c.result)
		}
		states = append(states, b.State())
	}
	return states
}

func mustNew(t *testing.T, cfg Config, trs *[]Transition) *Breaker {
	t.Helper()
	b, err := New(cfg, func(tr Transition) {
		if trs != nil {
			*trs = append(*trs, tr)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestTimeWindowForgetsWholeBuckets(t *testing.T) {
	// 4 s in one-second buckets, judged from 4 calls at 50 %.
	cfg := Config{Window: TimeWindow, WindowSpan: 4 * s, MinimumCalls: 4, FailureRate: 0.5, OpenFor: s, HalfOpenTrials: 1}
	b := mustNew(t, cfg, nil)
	feed(t, b, []call{
		{at: 900 * ms, result: Failure},  // bucket 0
		{at: 1100 * ms, result: Failure}, // bucket 1
		{at: 2 * s, result: Success},
	})
	if c := b.CountsAt(3999 * ms); c.Calls != 3 || c.Failures != 2 {
		t.Fatalf("before bucket 0 ages out: %+v", c)
	}
	// At 4 s bucket 0 leaves whole, though its call is only 3.1 s old.
	if c := b.CountsAt(4 * s); c.Calls != 2 || c.Failures != 1 {
		t.Fatalf("after bucket 0 ages out: %+v", c)
	}
	if c := b.Counts(); c.Calls != 3 {
		t.Fatalf("CountsAt must not change the window: %+v", c)
	}
	// 1 of the 3 calls left in the window failed: 33 %, not yet opened ...
	if st := feed(t, b, []call{{at: 4 * s, result: Success}}); st[0] != Closed {
		t.Fatalf("opened on %+v", b.Counts())
	}
	// ... then 2 of 4: opened.
	if st := feed(t, b, []call{{at: 4500 * ms, result: Failure}}); st[0] != Open {
		t.Fatalf("did not open on %+v", b.Counts())
	}
	buckets := b.AppendBuckets(nil, 4500*ms)
	want := []Bucket{{1 * s, 1, 1, 0}, {2 * s, 1, 0, 0}, {3 * s, 0, 0, 0}, {4 * s, 2, 1, 0}}
	if fmt.Sprint(buckets) != fmt.Sprint(want) {
		t.Fatalf("buckets %v, want %v", buckets, want)
	}
	// A long silence empties the window.
	b.Tick(time.Hour)
	if c := b.Counts(); c.Calls != 0 {
		t.Fatalf("an hour later: %+v", c)
	}
}

func TestSlowCallsOpenTheBreaker(t *testing.T) {
	cfg := Config{WindowSize: 4, FailureRate: 0.5, SlowCallDuration: 100 * ms, SlowCallRate: 0.5, OpenFor: s, HalfOpenTrials: 1}
	var trs []Transition
	b := mustNew(t, cfg, &trs)
	states := feed(t, b, []call{
		{at: 0, took: 100 * ms, result: Success}, // exactly the limit: not slow
		{at: s, took: 101 * ms, result: Success}, // slow
		{at: 2 * s, took: 10 * ms, result: Success},
		{at: 3 * s, took: 5 * s, result: Success}, // slow: 2 of 4
	})
	if fmt.Sprint(states) != "[closed closed closed open]" {
		t.Fatalf("states %v", states)
	}
	if trs[0].Cause != CauseSlowCallRate || trs[0].Reason() != "2 of the last 4 calls were slow (50%)" {
		t.Fatalf("opened by %v: %q", trs[0].Cause, trs[0].Reason())
	}
	if c := b.Counts(); c.Slow != 2 || c.Failures != 0 {
		t.Fatalf("counts %+v", c)
	}
}

func TestSlowTrialReopensUnderFirstFailure(t *testing.T) {
	cfg := Config{WindowSize: 1, FailureRate: 1, SlowCallDuration: 100 * ms, SlowCallRate: 1, OpenFor: s, HalfOpenTrials: 2}
	var trs []Transition
	b := mustNew(t, cfg, &trs)
	states := feed(t, b, []call{
		{at: 0, result: Failure},
		{at: s, took: 50 * ms, result: Success}, // trial 1 passes
		{at: 2 * s, took: s, result: Success},   // trial 2 is slow: reopen at 3 s
		{at: 4 * s, took: 50 * ms, result: Success},
		{at: 5 * s, took: 50 * ms, result: Success}, // both trials pass
	})
	if fmt.Sprint(states) != "[open half-open open half-open closed]" {
		t.Fatalf("states %v", states)
	}
	if trs[2].Cause != CauseTrialSlow {
		t.Fatalf("reopened by %v", trs[2].Cause)
	}
}

func TestConsecutiveFailuresTripOnOneMoreThanAllowed(t *testing.T) {
	cfg := Config{MaxConsecutiveFailures: 2, OpenFor: s, HalfOpenTrials: 1}
	var trs []Transition
	b := mustNew(t, cfg, &trs)
	states := feed(t, b, []call{
		{at: 0, result: Failure}, {at: 1, result: Failure}, {at: 2, result: Ignored},
		{at: 3, result: Success}, // breaks the run
		{at: 4, result: Failure}, {at: 5, result: Failure}, {at: 6, result: Failure},
	})
	if fmt.Sprint(states) != "[closed closed closed closed closed closed open]" {
		t.Fatalf("states %v", states)
	}
	if trs[0].Reason() != "3 calls in a row failed" {
		t.Fatalf("reason %q", trs[0].Reason())
	}
	if c, f := b.WindowCounts(); c != 0 || f != 0 {
		t.Fatalf("a breaker with no rate rule keeps no window: %d %d", c, f)
	}
}

func TestJudgeOnFailureIgnoresTheSuccessThatFillsTheWindow(t *testing.T) {
	for _, onFailure := range []bool{false, true} {
		cfg := Config{WindowSize: 4, FailureRate: 0.5, JudgeOnFailure: onFailure, OpenFor: s, HalfOpenTrials: 1}
		b := mustNew(t, cfg, nil)
		states := feed(t, b, []call{
			{at: 0, result: Failure}, {at: 1, result: Failure}, {at: 2, result: Success},
			{at: 3, result: Success}, // 2 of 4 failed: the window is full now
			{at: 4, result: Failure},
		})
		want := "[closed closed closed open open]"
		if onFailure {
			want = "[closed closed closed closed open]"
		}
		if fmt.Sprint(states) != want {
			t.Errorf("JudgeOnFailure=%v: states %v, want %v", onFailure, states, want)
		}
	}
}

func TestTickAndNextDeadline(t *testing.T) {
	cfg := Config{WindowSize: 1, FailureRate: 1, OpenFor: 5 * s, HalfOpenTrials: 1, HalfOpenMax: 2 * s}
	var trs []Transition
	b := mustNew(t, cfg, &trs)
	if _, ok := b.NextDeadline(); ok {
		t.Fatal("a closed breaker has no deadline")
	}
	feed(t, b, []call{{at: s, result: Failure}})
	at, ok := b.NextDeadline()
	if !ok || at != 6*s {
		t.Fatalf("open deadline %v %v, want 6s", at, ok)
	}
	b.Tick(5999 * ms)
	if b.State() != Open {
		t.Fatal("ticked open too early")
	}
	b.Tick(at)
	if b.State() != HalfOpen || trs[1].At != 6*s {
		t.Fatalf("the timer did not half-open at 6s: %v %+v", b.State(), trs)
	}
	// The trial hangs; HalfOpenMax reopens at 8 s, whenever it is noticed.
	p, _ := b.Allow(7 * s)
	if at, _ := b.NextDeadline(); at != 8*s {
		t.Fatalf("half-open deadline %v", at)
	}
	if b.StateAt(8*s) != Open {
		t.Fatalf("StateAt past the half-open limit: %v", b.StateAt(8*s))
	}
	b.Record(9*s, p, Success) // too late: the breaker had reopened at 8 s
	if b.State() != Open || trs[2].At != 8*s || trs[2].Cause != CauseHalfOpenTimeout {
		t.Fatalf("state %v, transition %+v", b.State(), trs[2])
	}
	if got := b.OpenRemaining(9 * s); got != 4*s {
		t.Fatalf("open remaining %v, want 4s (opened at 8s for 5s)", got)
	}
	// Noticed lazily long after: the wait from 8 s has run out too, so the
	// call is let through as a trial.
	b2 := mustNew(t, cfg, nil)
	feed(t, b2, []call{{at: s, result: Failure}})
	b2.Allow(6 * s)
	if _, err := b2.Allow(30 * s); err != nil || b2.State() != HalfOpen {
		t.Fatalf("a late call: %v %v", err, b2.State())
	}
}

func TestJitterIsDrawnFromTheInjectedSource(t *testing.T) {
	cfg := Config{WindowSize: 1, FailureRate: 1, OpenFor: 10 * s, HalfOpenTrials: 1, OpenJitter: 0.2}
	if _, err := New(cfg, nil); err == nil || !strings.Contains(err.Error(), "Options.Rand") {
		t.Fatalf("jitter without a source: %v", err)
	}
	waits := func(seed uint64) []time.Duration {
		var got []time.Duration
		src := rand.New(rand.NewPCG(seed, 0))
		b, err := NewWithOptions(cfg, Options{Rand: src.Float64, OnTransition: func(tr Transition) {
			if tr.To == Open {
				got = append(got, tr.Wait)
			}
		}})
		if err != nil {
			t.Fatal(err)
		}
		now := time.Duration(0)
		for range 20 {
			feed(t, b, []call{{at: now, result: Failure}})
			now += b.OpenRemaining(now)
		}
		return got
	}
	a, again, other := waits(1), waits(1), waits(2)
	if fmt.Sprint(a) != fmt.Sprint(again) {
		t.Fatal("the same seed gave different waits")
	}
	if fmt.Sprint(a) == fmt.Sprint(other) {
		t.Fatal("another seed gave the same waits")
	}
	for _, w := range a {
		if w < 8*s || w >= 12*s {
			t.Fatalf("wait %v outside 10s ± 20%%", w)
		}
	}
	// The extremes of the source map to the edges of the band.
	for u, want := range map[float64]time.Duration{0: 8 * s, 0.5: 10 * s, 2: 10 * s} {
		b, _ := NewWithOptions(cfg, Options{Rand: func() float64 { return u }})
		feed(t, b, []call{{at: 0, result: Failure}})
		if got := b.OpenRemaining(0); got != want {
			t.Errorf("u=%v: wait %v, want %v", u, got, want)
		}
	}
}

func TestOpenWaitGrowsAfterFailedProbesAndResetsOnClose(t *testing.T) {
	cfg := Config{WindowSize: 1, FailureRate: 1, OpenFor: s, HalfOpenTrials: 1, OpenBackoff: 2, OpenMax: 5 * s}
	var trs []Transition
	b := mustNew(t, cfg, &trs)
	now := time.Duration(0)
	var waits []time.Duration
	for range 5 {
		feed(t, b, []call{{at: now, result: Failure}})
		waits = append(waits, b.OpenRemaining(now))
		now += b.OpenRemaining(now)
	}
	if fmt.Sprint(waits) != "[1s 2s 4s 5s 5s]" {
		t.Fatalf("waits %v", waits)
	}
	feed(t, b, []call{{at: now, result: Success}, {at: now + 1, result: Failure}})
	if b.OpenRemaining(now+1) != s {
		t.Fatalf("after closing, the wait starts again from OpenFor: %v", b.OpenRemaining(now+1))
	}
}

func TestTrialsJudgedAsAWindow(t *testing.T) {
	cfg := Config{WindowSize: 2, FailureRate: 0.5, OpenFor: s, HalfOpenTrials: 4, HalfOpenRule: TrialsAsWindow}
	var trs []Transition
	b := mustNew(t, cfg, &trs)
	open := func(at time.Duration) {
		feed(t, b, []call{{at: at, result: Failure}, {at: at, result: Failure}})
	}
	open(0)
	// Four trials out at once; a failure does not reopen before all are in.
	var ps []Permit
	for range 4 {
		p, err := b.Allow(s)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	if _, err := b.Allow(s); err == nil {
		t.Fatal("a fifth trial was let through")
	}
	for i, r := range []Result{Failure, Success, Success, Success} {
		b.Record(s, ps[i], r)
		if want := HalfOpen; i < 3 && b.State() != want {
			t.Fatalf("decided after %d trials: %v", i+1, b.State())
		}
	}
	if b.State() != Closed || trs[len(trs)-1].Reason() != "3 of 4 trial calls passed" {
		t.Fatalf("1 of 4 failed: %v %q", b.State(), trs[len(trs)-1].Reason())
	}
	open(2 * s)
	states := feed(t, b, []call{{at: 3 * s, result: Success}, {at: 3 * s, result: Failure}, {at: 3 * s, result: Success}, {at: 3 * s, result: Failure}})
	if fmt.Sprint(states) != "[half-open half-open half-open open]" {
		t.Fatalf("2 of 4 failed: %v", states)
	}
	if last := trs[len(trs)-1]; last.Cause != CauseTrialsFailureRate || last.Reason() != "2 of 4 trial calls failed (50%)" {
		t.Fatalf("reopened by %v %q", last.Cause, last.Reason())
	}
}

func TestExecuteClassifiesAndRecords(t *testing.T) {
	var clock time.Duration
	now := func() time.Duration { return clock }
	b := mustNew(t, Config{WindowSize: 2, FailureRate: 1, OpenFor: s, HalfOpenTrials: 1}, nil)
	errBad := errors.New("400 bad request")
	errDown := errors.New("connection refused")

	if err := b.Execute(now, func() error { return Ignore(errBad) }, nil); !errors.Is(err, errBad) {
		t.Fatalf("the call's own error must come back: %v", err)
	}
	if c, _ := b.WindowCounts(); c != 0 {
		t.Fatal("an ignored error was recorded")
	}
	for range 2 {
		b.Execute(now, func() error { return errDown }, nil)
	}
	ran := false
	if err := b.Execute(now, func() error { ran = true; return nil }, nil); !errors.Is(err, ErrOpen) || ran {
		t.Fatalf("an open breaker ran the call (%v) or said %v", ran, err)
	}
	clock = s
	func() {
		defer func() {
			if recover() == nil {
				t.Error("the panic was swallowed")
			}
		}()
		b.Execute(now, func() error { panic("boom") }, nil)
	}()
	if b.State() != Open {
		t.Fatalf("a panicking trial must count as a failure: %v", b.State())
	}
	clock = 2 * s
	status := 404
	classify := func(error) Result { return ClassifyHTTP(status) }
	b.Execute(now, func() error { return nil }, classify) // a 404 trial is ignored: its slot comes back
	status = 200
	if err := b.Execute(now, func() error { return nil }, classify); err != nil || b.State() != Closed {
		t.Fatalf("a 200 trial did not close it: %v %v", err, b.State())
	}
}

func TestClassifiers(t *testing.T) {
	for status, want := range map[int]Result{200: Success, 204: Success, 301: Success, 400: Ignored, 404: Ignored,
		408: Failure, 422: Ignored, 429: Failure, 500: Failure, 503: Failure} {
		if got := ClassifyHTTP(status); got != want {
			t.Errorf("ClassifyHTTP(%d) = %v, want %v", status, got, want)
		}
	}
	full := errors.New("bulkhead full")
	wrapped := fmt.Errorf("checkout: %w", Ignore(full))
	if Classify(nil) != Success || Classify(full) != Failure || Classify(wrapped) != Ignored {
		t.Error("Classify")
	}
	if !errors.Is(wrapped, full) || wrapped.Error() != "checkout: bulkhead full" || Ignore(nil) != nil {
		t.Error("Ignore must stay transparent")
	}
}

// Many goroutines share one breaker; the race detector watches, and half-open
// never has more calls out than it permits.
func TestConcurrentNeverExceedsTrials(t *testing.T) {
	const trials = 3
	c, err := NewConcurrent(Config{WindowSize: 10, FailureRate: 0.5, OpenFor: 10 * ms, HalfOpenTrials: trials}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	now := func() time.Duration { return time.Since(start) }
	var mu sync.Mutex
	out, most := 0, 0
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 300 {
				c.Execute(now, func() error {
					var half bool
					c.Do(func(b *Breaker) { half = b.State() == HalfOpen })
					mu.Lock()
					if half {
						out++
						most = max(most, out)
					}
					mu.Unlock()
					time.Sleep(time.Duration(i%3) * 100 * time.Microsecond)
					mu.Lock()
					if half {
						out--
					}
					mu.Unlock()
					if (i+g)%2 == 0 {
						return errors.New("flaky")
					}
					return nil
				}, nil)
			}
		}()
	}
	wg.Wait()
	if most > trials {
		t.Fatalf("%d trial calls out at once, %d permitted", most, trials)
	}
	if c.StateAt(now()) > HalfOpen || c.OpenRemaining(now()) > 10*ms {
		t.Fatal("odd final state")
	}
}

func TestValidateNamesTheNewFields(t *testing.T) {
	good := Config{WindowSize: 10, FailureRate: 0.5, OpenFor: s, HalfOpenTrials: 1}
	timed := Config{Window: TimeWindow, WindowSpan: 10 * s, MinimumCalls: 5, FailureRate: 0.5, OpenFor: s, HalfOpenTrials: 1}
	for _, c := range []struct {
		name string
		base Config
		edit func(*Config)
	}{
		{"window kind", good, func(c *Config) { c.Window = 7 }},
		{"window span", good, func(c *Config) { c.WindowSpan = s }},
		{"window must be between 1", good, func(c *Config) { c.WindowSize = MaxWindowSize + 1 }},
		{"window size", timed, func(c *Config) { c.WindowSize = 10 }},
		{"window span", timed, func(c *Config) { c.WindowSpan = 0 }},
		{"whole seconds", timed, func(c *Config) { c.WindowSpan = 2500 * ms }},
		{"split evenly", timed, func(c *Config) { c.WindowBuckets = 3 }},
		{"window buckets", timed, func(c *Config) { c.WindowBuckets = -1 }},
		{"minimum calls", timed, func(c *Config) { c.MinimumCalls = 0 }},
		{"minimum calls must be between 1 and 1048576", timed, func(c *Config) { c.MinimumCalls = MaxWindowSize + 1 }},
		{"half-open trials must be between 1 and 1000, got 0", good, func(c *Config) { c.HalfOpenTrials = 0 }},
		{"half-open trials must be between 1 and 1000, got 1001", good, func(c *Config) { c.HalfOpenTrials = MaxHalfOpenTrials + 1 }},
		{"failure rate", good, func(c *Config) { c.FailureRate = 0 }},
		{"slow-call rate", good, func(c *Config) { c.SlowCallRate = 2 }},
		{"slow-call duration", good, func(c *Config) { c.SlowCallRate = 0.5 }},
		{"slow-call duration", good, func(c *Config) { c.SlowCallDuration = -s }},
		{"consecutive failures", good, func(c *Config) { c.MaxConsecutiveFailures = -1 }},
		{"open jitter", good, func(c *Config) { c.OpenJitter = 1 }},
		{"open backoff", good, func(c *Config) { c.OpenBackoff = 0.5 }},
		{"open max", good, func(c *Config) { c.OpenMax = s / 2 }},
		{"half-open rule", good, func(c *Config) { c.HalfOpenRule = 9 }},
		{"half-open rule window", Config{MaxConsecutiveFailures: 3, OpenFor: s, HalfOpenTrials: 1}, func(c *Config) { c.HalfOpenRule = TrialsAsWindow }},
		{"half-open max", good, func(c *Config) { c.HalfOpenMax = -1 }},
		{"half-open rule window-at-minimum", Config{MaxConsecutiveFailures: 3, OpenFor: s, HalfOpenTrials: 1}, func(c *Config) { c.HalfOpenRule = TrialsAsWindowAtMinimum }},
		{"floating buckets belong to a time window", good, func(c *Config) { c.FloatingBuckets = true }},
		{"interval must be 0", good, func(c *Config) { c.Interval = -1 }},
		{"bucket period must be 0", good, func(c *Config) { c.Interval, c.BucketPeriod = s, -1 }},
		{"set the interval too", good, func(c *Config) { c.BucketPeriod = s }},
		{"more than 4096 buckets", Config{MaxConsecutiveFailures: 3, OpenFor: s, HalfOpenTrials: 1}, func(c *Config) { c.Interval, c.BucketPeriod = time.Hour, ms }},
		{"got a count window of 10 calls, minimum calls 0, failure rate 0.5", good, func(c *Config) { c.Interval, c.BucketPeriod = 10*s, s }},
		{"got a time window of 10s", timed, func(c *Config) { c.Interval, c.BucketPeriod = 10*s, s }},
	} {
		cfg := c.base
		c.edit(&cfg)
		err := cfg.Validate()
		if err == nil || !strings.Contains(err.Error(), c.name) {
			t.Errorf("%s: got %v", c.name, err)
		}
	}
	if err := (Config{MaxConsecutiveFailures: 5, OpenFor: s, HalfOpenTrials: MaxHalfOpenTrials}).Validate(); err != nil {
		t.Errorf("the most half-open trials are refused: %v", err)
	}
	if err := (Config{MaxConsecutiveFailures: 5, OpenFor: s, HalfOpenTrials: 1}).Validate(); err != nil {
		t.Errorf("a consecutive-failure breaker needs no window: %v", err)
	}
	// An interval of a single bucket period clears at once (gobreaker rounds
	// it up to the period), and a plain interval goes with any window.
	for _, c := range []Config{
		{MaxConsecutiveFailures: 5, OpenFor: s, HalfOpenTrials: 1, Interval: s, BucketPeriod: 3 * s},
		{WindowSize: 10, FailureRate: 0.5, OpenFor: s, HalfOpenTrials: 1, Interval: 10 * s},
		{Window: TimeWindow, WindowSpan: 10 * s, MinimumCalls: 5, FailureRate: 0.5, OpenFor: s, HalfOpenTrials: 1, FloatingBuckets: true},
	} {
		if err := c.Validate(); err != nil {
			t.Errorf("%+v: %v", c, err)
		}
	}
	if c := (Config{Interval: s, BucketPeriod: 3 * s}); c.interval() != 3*s || c.rolling() {
		t.Errorf("a one-bucket interval of %v, rolling %v", c.interval(), c.rolling())
	}
}

func TestNamesRoundTrip(t *testing.T) {
	for _, k := range []WindowKind{CountWindow, TimeWindow} {
		text, err := k.MarshalText()
		var back WindowKind
		if err != nil || back.UnmarshalText(text) != nil || back != k {
			t.Errorf("window kind %v: %s %v", k, text, err)
		}
	}
	for _, r := range []HalfOpenRule{FirstFailureReopens, TrialsAsWindow, TrialsAsWindowAtMinimum} {
		text, err := r.MarshalText()
		var back HalfOpenRule
		if err != nil || back.UnmarshalText(text) != nil || back != r {
			t.Errorf("rule %v: %s %v", r, text, err)
		}
	}
	var k WindowKind
	if err := k.UnmarshalText([]byte("sliding")); err == nil || !strings.Contains(err.Error(), "count, time") {
		t.Errorf("bad kind: %v", err)
	}
	if _, err := WindowKind(5).MarshalText(); err == nil {
		t.Error("marshalled an unknown kind")
	}
	for c := CauseFailureRate; c <= CauseHalfOpenTimeout; c++ {
		if strings.HasPrefix(c.String(), "cause(") || (Transition{Cause: c}).Reason() == "" {
			t.Errorf("cause %d has no name or reason", c)
		}
	}
}

// Allow and Record allocate nothing, whatever the window.
func TestAllowRecordAllocateNothing(t *testing.T) {
	for name, cfg := range benchConfigs {
		src := rand.New(rand.NewPCG(1, 2))
		b, err := NewWithOptions(cfg, Options{Rand: src.Float64, OnTransition: func(Transition) {}})
		if err != nil {
			t.Fatal(err)
		}
		var now time.Duration
		i := 0
		allocs := testing.AllocsPerRun(2000, func() {
			now += 7 * ms
			i++
			if p, err := b.Allow(now); err == nil {
				b.Record(now+time.Duration(i%5)*ms, p, Result(i%3%2))
			}
			b.Tick(now)
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per Allow/Record", name, allocs)
		}
	}
}
