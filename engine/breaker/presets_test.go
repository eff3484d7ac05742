package breaker

import (
	"strings"
	"testing"
	"time"
)

// script drives a preset through scripted calls and clock moves and checks
// the state after each, so each test reads as the library's documented rule.
type script struct {
	t   *testing.T
	b   *Breaker
	trs []Transition
}

func newScript(t *testing.T, cfg Config) *script {
	t.Helper()
	sc := &script{t: t}
	b, err := New(cfg, func(tr Transition) { sc.trs = append(sc.trs, tr) })
	if err != nil {
		t.Fatal(err)
	}
	sc.b = b
	return sc
}

// calls makes n calls at `at`, one after the other, each taking `took`.
func (sc *script) calls(at time.Duration, n int, took time.Duration, r Result) *script {
	sc.t.Helper()
	for i := range n {
		p, err := sc.b.Allow(at)
		if err != nil {
			sc.t.Fatalf("call %d of %d at %v refused in state %v", i+1, n, at, sc.b.State())
		}
		sc.b.Record(at+took, p, r)
	}
	return sc
}

func (sc *script) fail(at time.Duration, n int) *script    { return sc.calls(at, n, 0, Failure) }
func (sc *script) succeed(at time.Duration, n int) *script { return sc.calls(at, n, 0, Success) }

func (sc *script) want(st State) *script {
	sc.t.Helper()
	if sc.b.State() != st {
		sc.t.Fatalf("state %v, want %v (counts %+v)", sc.b.State(), st, sc.b.Counts())
	}
	return sc
}

func (sc *script) refused(at time.Duration) *script {
	sc.t.Helper()
	if _, err := sc.b.Allow(at); err == nil {
		sc.t.Fatalf("a call at %v was let through in state %v", at, sc.b.State())
	}
	return sc
}

// trials takes n half-open permits at `at` and returns them.
func (sc *script) trials(at time.Duration, n int) []Permit {
	sc.t.Helper()
	var ps []Permit
	for range n {
		p, err := sc.b.Allow(at)
		if err != nil {
			sc.t.Fatalf("trial %d at %v refused (%v)", len(ps)+1, at, sc.b.State())
		}
		ps = append(ps, p)
	}
	if sc.b.State() != HalfOpen {
		sc.t.Fatalf("trials at %v in state %v", at, sc.b.State())
	}
	return ps
}

func (sc *script) last() Transition { return sc.trs[len(sc.trs)-1] }

// Resilience4j: nothing is judged before 100 calls; 50 % opens; slow calls
// (over 60 s) open at 100 %; 60 s open, over only once the clock isAfter
// its end; 10 trials judged together.
func TestPresetResilience4j(t *testing.T) {
	sc := newScript(t, Resilience4j())
	sc.fail(0, 99).want(Closed) // 99 failures of 99 calls: below the minimum
	sc.succeed(0, 1).want(Open) // the 100th call, a success, makes 99 of 100
	if tr := sc.last(); tr.Cause != CauseFailureRate || tr.Failures != 99 || tr.Calls != 100 {
		t.Fatalf("opened by %+v", tr)
	}
	sc.refused(60 * s) // OpenState: clock.instant().isAfter(retryAfterWaitDuration)
	ps := sc.trials(60*s+1, 10)
	sc.refused(60*s + 1) // an eleventh trial
	for i, p := range ps {
		r := Success
		if i < 5 {
			r = Failure
		}
		sc.b.Record(61*s, p, r)
		if i < 9 {
			sc.want(HalfOpen) // no verdict before all 10 are in, even at 5 failures
		}
	}
	sc.want(Open) // 5 of 10 = 50 %: open again
	ps = sc.trials(121*s+1, 10)
	for i, p := range ps {
		r := Success
		if i < 4 {
			r = Failure
		}
		sc.b.Record(122*s, p, r)
	}
	sc.want(Closed) // 4 of 10 is below 50 %

	slow := newScript(t, Resilience4j())
	slow.calls(0, 100, 60*s, Success).want(Closed) // exactly 60 s is not slower than 60 s
	slow.calls(0, 99, 61*s, Success).want(Closed)  // 99 slow of 100 is below 100 %
	slow.calls(0, 1, 61*s, Success).want(Open)     // 100 of 100
	if slow.last().Cause != CauseSlowCallRate {
		t.Fatalf("opened by %v", slow.last().Cause)
	}
}

// Polly: within 30 s, at least 100 calls, a failure ratio of 0.1, judged
// when a call fails; 5 s broken; one probe.
func TestPresetPolly(t *testing.T) {
	sc := newScript(t, Polly())
	sc.succeed(0, 90).fail(s, 9).want(Closed) // 99 calls: below the minimum throughput
	sc.fail(2*s, 1).want(Open)                // the 100th, a failure: 10 of 100
	sc.refused(7*s - 1)
	ps := sc.trials(7*s, 1)
	sc.refused(7 * s) // one probe at a time
	sc.b.Record(7*s, ps[0], Failure)
	sc.want(Open).refused(12*s - 1)
	sc.succeed(12*s, 1).want(Closed)

	// Judged on failures only: a success that fills the window does not open it.
	sc = newScript(t, Polly())
	sc.fail(0, 10).succeed(s, 90).want(Closed)
	sc.fail(2*s, 1).want(Open) // 11 of 101

	// Calls older than the sampling duration are forgotten, bucket by bucket
	// (10 buckets of 3 s).
	sc = newScript(t, Polly())
	sc.fail(0, 50).want(Closed)
	sc.succeed(29*s, 50).want(Closed) // at 29 s all 100 are in the window, judged only on a failure
	if c := sc.b.CountsAt(30 * s); c.Calls != 50 {
		t.Fatalf("at 30 s the first bucket has gone: %+v", c)
	}
	sc.fail(30*s, 1).want(Closed) // 51 calls in the window: below 100
	sc.fail(31*s, 49).want(Open)  // 100 calls, 50 failures
}

// gobreaker: more than 5 consecutive failures, not 5; a success resets the
// run; 60 s open; one trial; any failed trial reopens.
func TestPresetGobreaker(t *testing.T) {
	sc := newScript(t, Gobreaker())
	sc.fail(0, 5).succeed(s, 1).fail(2*s, 5).want(Closed) // two runs of 5
	sc.fail(3*s, 1).want(Open)                            // the 6th in a row
	if tr := sc.last(); tr.Cause != CauseConsecutiveFailures || tr.Failures != 6 {
		t.Fatalf("opened by %+v", tr)
	}
	sc.refused(63 * s)         // currentState: expiry.Before(now), strictly after the timeout
	ps := sc.trials(63*s+1, 1) // a nanosecond later
	sc.refused(63*s + 1)       // gobreaker's ErrTooManyRequests
	sc.b.Record(64*s, ps[0], Failure)
	sc.want(Open)
	sc.succeed(125*s, 1).want(Closed)
	sc.fail(126*s, 5).want(Closed) // the run started again from 0
}

// Hystrix: at least 20 requests in the rolling 10 s, 50 % errors; 5 s sleep,
// over only when currentTime > circuitOpenTime + sleepWindowTime; a single
// test request.
func TestPresetHystrix(t *testing.T) {
	sc := newScript(t, Hystrix())
	sc.fail(0, 19).want(Closed) // 19 requests: below the volume threshold
	sc.fail(s, 1).want(Open)    // 20 of 20
	sc.refused(6 * s)
	sc.succeed(6*s+1, 1).want(Closed)

	sc = newScript(t, Hystrix())
	sc.succeed(0, 11).fail(s, 9).want(Closed) // 20 requests, 45 % errors
	sc.fail(2*s, 1).want(Closed)              // 10 of 21: 47.6 %
	sc.fail(2*s, 1).want(Open)                // 11 of 22: 50 %
	if tr := sc.last(); tr.Failures != 11 || tr.Calls != 22 {
		t.Fatalf("opened by %+v", tr)
	}

	// Requests older than 10 s leave the window a bucket (500 ms) at a time.
	sc = newScript(t, Hystrix())
	sc.fail(500*time.Millisecond, 10)
	sc.fail(10500*time.Millisecond, 10).want(Closed) // the first 10 are gone: 10 requests
	sc.fail(11*s, 10).want(Open)
}

// failsafe-go: a single failure opens it, for a minute; one trial; a single
// success closes it.
func TestPresetFailsafe(t *testing.T) {
	sc := newScript(t, Failsafe())
	sc.succeed(0, 100).want(Closed)
	sc.fail(s, 1).want(Open)
	sc.refused(61*s - 1)
	ps := sc.trials(61*s, 1)
	sc.refused(61 * s)
	sc.b.Record(61*s, ps[0], Success)
	sc.want(Closed)
	sc.fail(62*s, 1).want(Open)
	sc.fail(122*s, 1).want(Open) // a failed trial reopens
}

func TestPresetsAreValidAndDescribed(t *testing.T) {
	names := map[string]bool{}
	var rows []string
	for _, p := range Presets() {
		if err := p.Config.Validate(); err != nil {
			t.Errorf("%s: %v", p.Name, err)
		}
		if names[p.Name] || p.Name == "" || p.Library == "" || p.Source == "" || p.Caveat == "" {
			t.Errorf("%s: duplicate or missing name, library, source or caveat", p.Name)
		}
		if len(p.Source) > 84 || len(p.Caveat) > 140 {
			t.Errorf("%s: source or caveat longer than a line", p.Name)
		}
		names[p.Name] = true
		if got, err := PresetNamed(p.Name); err != nil || got.Name != p.Name {
			t.Errorf("PresetNamed(%q): %v", p.Name, err)
		}
		var these []string
		for _, st := range p.Config.Describe() {
			these = append(these, st.Name)
			if st.Value == "" || len(st.Value) > MaxSettingValue || len(st.Name) > MaxSettingName {
				t.Errorf("%s: %s = %q is empty or too wide", p.Name, st.Name, st.Value)
			}
		}
		if rows == nil {
			rows = these
		} else if strings.Join(rows, ",") != strings.Join(these, ",") {
			t.Errorf("%s describes other parameters: %v", p.Name, these)
		}
	}
	if _, err := PresetNamed("finagle"); err == nil || !strings.Contains(err.Error(), "resilience4j, polly") {
		t.Errorf("unknown preset: %v", err)
	}
}

// TestPresetTableSaysWhenHystrixJudges: `breakerlab presets` and the cheat
// sheet print Describe under the claim that each column is what the
// library documents. Hystrix's breaker judges a health snapshot taken
// every metrics.healthSnapshot.intervalInMilliseconds (500 ms), not each
// call, so its preset's row says so; the same configuration changed in any
// way is no longer Hystrix's and describes the model's rule, every call,
// which the preset's caveat gives with what it changes
// (TestHystrixRowAndNoteAgree).
func TestPresetTableSaysWhenHystrixJudges(t *testing.T) {
	judged := func(c Config) string {
		for _, s := range c.Describe() {
			if s.Name == judgedAfter {
				return s.Value
			}
		}
		t.Fatalf("Describe has no %q row", judgedAfter)
		return ""
	}
	if got, want := judged(Hystrix()), "each "+Words(500*time.Millisecond); got != want {
		t.Errorf("Hystrix's preset is judged after %q, want %q (its health snapshot)", got, want)
	}
	if hystrixSnapshot != Hystrix().WindowSpan/time.Duration(Hystrix().WindowBuckets) {
		t.Errorf("the snapshot interval %v is not the width of Hystrix's buckets", hystrixSnapshot)
	}
	changed := Hystrix()
	changed.OpenFor = 6 * time.Second
	if got := judged(changed); got != "every call" {
		t.Errorf("a configuration that is not Hystrix's preset is judged after %q, want the model's rule, every call", got)
	}
	for _, name := range []string{"resilience4j", "failsafe-go"} {
		p, _ := PresetNamed(name)
		if got := judged(p.Config); got != "every call" {
			t.Errorf("%s is judged after %q, want every call", name, got)
		}
	}
	for _, name := range []string{"polly", "gobreaker"} {
		p, _ := PresetNamed(name)
		if got := judged(p.Config); got != "a failure" {
			t.Errorf("%s is judged after %q, want a failure", name, got)
		}
	}
}

func TestWords(t *testing.T) {
	for d, want := range map[time.Duration]string{
		500 * time.Millisecond: "500 ms", 1500 * time.Millisecond: "1.5 s", 60 * s: "60 s",
		2 * time.Minute: "120 s", 5 * time.Minute: "5 min", 3 * time.Hour: "3 h", 10 * s / 3: "3.333 s",
	} {
		if got := Words(d); got != want {
			t.Errorf("Words(%v) = %q, want %q", d, got, want)
		}
	}
}
