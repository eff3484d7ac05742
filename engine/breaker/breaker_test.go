package breaker

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

const s = time.Second

// script drives a breaker through calls at given times and checks the state.
type step struct {
	at      time.Duration
	result  Result // what the call returns if allowed
	allowed bool   // whether Allow should let it through
	after   State  // the state after the call
}

func run(t *testing.T, cfg Config, steps []step) []Transition {
	t.Helper()
	var got []Transition
	b, err := New(cfg, func(tr Transition) { got = append(got, tr) })
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range steps {
		p, err := b.Allow(st.at)
		if (err == nil) != st.allowed {
			t.Fatalf("step %d at %v: allowed=%v, want %v (state %v)", i, st.at, err == nil, st.allowed, b.State())
		}
		if err == nil {
			b.Record(st.at, p, st.result)
		} else if !errors.Is(err, ErrOpen) {
			t.Fatalf("step %d: unexpected error %v", i, err)
		}
		if b.State() != st.after {
			t.Fatalf("step %d at %v: state %v, want %v", i, st.at, b.State(), st.after)
		}
	}
	return got
}

// The reference's check: window 4, 50 %, 10 s open, one trial.
func TestOpensAtHalfOfFourAndClosesOnTrial(t *testing.T) {
	cfg := Config{WindowSize: 4, FailureRate: 0.5, OpenFor: 10 * s, HalfOpenTrials: 1}
	run(t, cfg, []step{
		{0, Success, true, Closed},
		{0, Success, true, Closed},
		{0, Failure, true, Closed},
		{0, Failure, true, Open},
		{9 * s, Success, false, Open},
		{10 * s, Success, true, Closed},
	})
}

func TestOneTrialAtATime(t *testing.T) {
	b, _ := New(Config{WindowSize: 2, FailureRate: 0.5, OpenFor: 10 * s, HalfOpenTrials: 1}, nil)
	for range 2 {
		p, _ := b.Allow(0)
		b.Record(0, p, Failure)
	}
	p, err := b.Allow(10 * s)
	if err != nil || b.State() != HalfOpen {
		t.Fatalf("after the wait: err %v, state %v; want a trial in half-open", err, b.State())
	}
	if _, err := b.Allow(10 * s); !errors.Is(err, ErrOpen) {
		t.Fatalf("a second call during the trial was allowed")
	}
	b.Record(10*s, p, Failure)
	if b.State() != Open || b.OpenRemaining(10*s) != 10*s {
		t.Fatalf("a failed trial must reopen with a fresh wait: state %v, remaining %v", b.State(), b.OpenRemaining(10*s))
	}
}

func TestWindowMustBeFullBeforeJudging(t *testing.T) {
	cfg := Config{WindowSize: 10, FailureRate: 0.5, OpenFor: s, HalfOpenTrials: 1}
	var steps []step
	for i := range 9 {
		steps = append(steps, step{time.Duration(i), Failure, true, Closed})
	}
	steps = append(steps, step{10, Failure, true, Open})
	run(t, cfg, steps)
}

func TestMinimumCallsJudgesEarly(t *testing.T) {
	cfg := Config{WindowSize: 10, MinimumCalls: 4, FailureRate: 0.5, OpenFor: s, HalfOpenTrials: 1}
	run(t, cfg, []step{
		{0, Failure, true, Closed},
		{1, Failure, true, Closed},
		{2, Success, true, Closed},
		{3, Success, true, Open}, // 2 of 4
	})
}

func TestThresholdComparesExactly(t *testing.T) {
	// 3 failures of 10 must meet a 30 % threshold, whatever float rounding does.
	cfg := Config{WindowSize: 10, FailureRate: 0.3, OpenFor: s, HalfOpenTrials: 1}
	var steps []step
	for i := range 7 {
		steps = append(steps, step{time.Duration(i), Success, true, Closed})
	}
	steps = append(steps, step{7, Failure, true, Closed}, step{8, Failure, true, Closed}, step{9, Failure, true, Open})
	run(t, cfg, steps)
}

func TestOldResultsSlideOut(t *testing.T) {
	cfg := Config{WindowSize: 4, FailureRate: 0.75, OpenFor: s, HalfOpenTrials: 1}
	run(t, cfg, []step{
		{0, Failure, true, Closed},
		{1, Failure, true, Closed},
		{2, Success, true, Closed}, // F F S
		{3, Success, true, Closed}, // F F S S: 50 %
		{4, Failure, true, Closed}, // F S S F: 50 %
		{5, Failure, true, Closed}, // S S F F
		{6, Failure, true, Open},   // S F F F: 75 %
	})
}

func TestAllTrialsMustPassAndWindowIsCleared(t *testing.T) {
	cfg := Config{WindowSize: 2, FailureRate: 0.5, OpenFor: 5 * s, HalfOpenTrials: 2}
	got := run(t, cfg, []step{
		{0, Failure, true, Closed},
		{1, Failure, true, Open},
		{6 * s, Success, true, HalfOpen},
		{6 * s, Success, true, Closed},
		{7 * s, Failure, true, Closed}, // the window was cleared: one failure is not a full window
	})
	want := []struct{ from, to State }{{Closed, Open}, {Open, HalfOpen}, {HalfOpen, Closed}}
	if len(got) != len(want) {
		t.Fatalf("got %d transitions, want %d", len(got), len(want))
	}
	for i, w := range want {
		if got[i].From != w.from || got[i].To != w.to {
			t.Errorf("transition %d: %v -> %v, want %v -> %v", i, got[i].From, got[i].To, w.from, w.to)
		}
	}
	if got[0].Failures != 2 || got[0].Calls != 2 || got[0].Reason() != "2 of the last 2 calls failed (100%)" {
		t.Errorf("opening transition explains itself badly: %+v %q", got[0], got[0].Reason())
	}
}

// A call allowed while closed that returns after the breaker opened and moved
// to half-open must not count as a trial.
func TestLateResultFromEarlierStateIsDropped(t *testing.T) {
	b, _ := New(Config{WindowSize: 1, FailureRate: 1, OpenFor: s, HalfOpenTrials: 1}, nil)
	slow, _ := b.Allow(0)
	p, _ := b.Allow(0)
	b.Record(0, p, Failure) // opens
	trial, err := b.Allow(s)
	if err != nil {
		t.Fatal(err)
	}
	b.Record(s, slow, Success) // the slow call returns during half-open
	if b.State() != HalfOpen {
		t.Fatalf("a stale success closed the breaker: %v", b.State())
	}
	b.Record(s, trial, Success)
	if b.State() != Closed {
		t.Fatalf("the real trial did not close it: %v", b.State())
	}
}

func TestIgnoredTrialGivesItsSlotBack(t *testing.T) {
	b, _ := New(Config{WindowSize: 1, FailureRate: 1, OpenFor: s, HalfOpenTrials: 1}, nil)
	p, _ := b.Allow(0)
	b.Record(0, p, Failure)
	trial, _ := b.Allow(s)
	b.Record(s, trial, Ignored)
	if _, err := b.Allow(s); err != nil {
		t.Fatalf("an ignored trial kept its slot: %v", err)
	}
}

func TestOperatorStates(t *testing.T) {
	b, _ := New(Config{WindowSize: 1, FailureRate: 1, OpenFor: s, HalfOpenTrials: 1}, nil)
	b.ForceOpen(0)
	if _, err := b.Allow(time.Hour); err == nil {
		t.Fatal("forced-open let a call through")
	}
	b.Disable(0)
	p, err := b.Allow(0)
	if err != nil {
		t.Fatal("disabled refused a call")
	}
	b.Record(0, p, Failure)
	if b.State() != Disabled {
		t.Fatalf("disabled changed state to %v", b.State())
	}
	b.SetMetricsOnly(0)
	p, _ = b.Allow(0)
	b.Record(0, p, Failure)
	if b.State() != MetricsOnly {
		t.Fatalf("metrics-only opened: %v", b.State())
	}
	if c, f := b.WindowCounts(); c != 1 || f != 1 {
		t.Fatalf("metrics-only did not record: %d calls %d failures", c, f)
	}
	b.Reset(0)
	if b.State() != Closed {
		t.Fatal("reset did not close")
	}
}

func TestValidateNamesTheField(t *testing.T) {
	good := Config{WindowSize: 10, FailureRate: 0.5, OpenFor: s, HalfOpenTrials: 1}
	for _, c := range []struct {
		name string
		edit func(*Config)
	}{
		{"window", func(c *Config) { c.WindowSize = 0 }},
		{"minimum calls", func(c *Config) { c.MinimumCalls = 11 }},
		{"failure rate", func(c *Config) { c.FailureRate = 1.5 }},
		{"open duration", func(c *Config) { c.OpenFor = 0 }},
		{"half-open trials", func(c *Config) { c.HalfOpenTrials = 0 }},
	} {
		cfg := good
		c.edit(&cfg)
		_, err := New(cfg, nil)
		if err == nil || !strings.Contains(err.Error(), c.name) {
			t.Errorf("%s: got %v", c.name, err)
		}
	}
}

func TestStateNamesRoundTrip(t *testing.T) {
	for st := Closed; st <= MetricsOnly; st++ {
		got, err := ParseState(st.String())
		if err != nil || got != st {
			t.Errorf("%v: %v %v", st, got, err)
		}
	}
	if _, err := ParseState("ajar"); err == nil {
		t.Error("ParseState accepted nonsense")
	}
}

// benchConfigs are the shapes of breaker whose Allow/Record cost is measured.
var benchConfigs = map[string]Config{
	"count": {WindowSize: 100, FailureRate: 0.5, OpenFor: s, HalfOpenTrials: 10},
	"time":  {Window: TimeWindow, WindowSpan: 10 * s, WindowBuckets: 10, MinimumCalls: 20, FailureRate: 0.5, OpenFor: s, HalfOpenTrials: 10},
	"slow-consecutive": {WindowSize: 100, MinimumCalls: 10, FailureRate: 0.5, SlowCallDuration: 3 * time.Millisecond,
		SlowCallRate: 0.8, MaxConsecutiveFailures: 5, OpenFor: s, HalfOpenTrials: 10},
	"trials-window-jitter": {Window: TimeWindow, WindowSpan: 5 * s, MinimumCalls: 10, FailureRate: 0.3, OpenFor: 200 * time.Millisecond,
		HalfOpenTrials: 5, HalfOpenRule: TrialsAsWindow, OpenJitter: 0.2, OpenBackoff: 2, OpenMax: 5 * s, HalfOpenMax: s},
	"floating-late-strict": {Window: TimeWindow, WindowSpan: 10 * s, WindowBuckets: 10, FloatingBuckets: true, MinimumCalls: 20,
		FailureRate: 0.5, OpenFor: s, HalfOpenTrials: 3, HalfOpenRule: TrialsAsWindowAtMinimum, StrictWaitEnd: true, RecordLate: true, Interval: 4 * s},
	"gobreaker-rolling": {MaxConsecutiveFailures: 5, OpenFor: s, HalfOpenTrials: 1, StrictWaitEnd: true, Interval: 10 * s, BucketPeriod: s},
}

// BenchmarkAllowRecord measures one Allow and one Record (b.ReportAllocs
// shows they allocate nothing) for each shape of window and rule.
func BenchmarkAllowRecord(b *testing.B) {
	for _, name := range []string{"count", "time", "slow-consecutive", "trials-window-jitter", "floating-late-strict", "gobreaker-rolling"} {
		b.Run(name, func(b *testing.B) {
			src := rand.New(rand.NewPCG(1, 2))
			br, err := NewWithOptions(benchConfigs[name], Options{Rand: src.Float64})
			if err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			var now time.Duration
			for i := 0; b.Loop(); i++ {
				now += time.Millisecond
				p, err := br.Allow(now)
				if err == nil {
					r := Success
					if i%3 == 0 {
						r = Failure
					}
					br.Record(now+time.Duration(i%5)*time.Millisecond, p, r)
				}
			}
		})
	}
	b.Run("concurrent", func(b *testing.B) {
		c, _ := NewConcurrent(benchConfigs["count"], Options{})
		b.ReportAllocs()
		var now time.Duration
		for i := 0; b.Loop(); i++ {
			now += time.Millisecond
			if p, err := c.Allow(now); err == nil {
				c.Record(now, p, Result(i%3%2))
			}
		}
	})
}

// A reason's noun follows the count beside it: a half-open breaker with one
// trial said "1 of 1 trial calls passed", a window of one "the last 1 calls".
func TestReasonSaysOneInTheSingular(t *testing.T) {
	for _, c := range []struct {
		tr   Transition
		want string
	}{
		{Transition{Cause: CauseTrialsPassed, Calls: 1}, "1 of 1 trial call passed"},
		{Transition{Cause: CauseTrialsPassed, Calls: 2}, "2 of 2 trial calls passed"},
		{Transition{Cause: CauseTrialsFailureRate, Failures: 1, Calls: 1}, "1 of 1 trial call failed (100%)"},
		{Transition{Cause: CauseTrialsSlowRate, Failures: 1, Calls: 1}, "1 of 1 trial call was slow (100%)"},
		{Transition{Cause: CauseTrialsSlowRate, Failures: 1, Calls: 2}, "1 of 2 trial calls was slow (50%)"},
		{Transition{Cause: CauseFailureRate, Failures: 1, Calls: 1}, "1 of the last 1 call failed (100%)"},
		{Transition{Cause: CauseSlowCallRate, Failures: 1, Calls: 1}, "1 of the last 1 call was slow (100%)"},
		{Transition{Cause: CauseConsecutiveFailures, Failures: 1}, "1 call in a row failed"},
		{Transition{Cause: CauseSlowCallRate, Failures: 2, Calls: 4}, "2 of the last 4 calls were slow (50%)"},
		{Transition{Cause: CauseConsecutiveFailures, Failures: 3}, "3 calls in a row failed"},
	} {
		if got := c.tr.Reason(); got != c.want {
			t.Errorf("%v with %d of %d: %q, want %q", c.tr.Cause, c.tr.Failures, c.tr.Calls, got, c.want)
		}
	}
}
