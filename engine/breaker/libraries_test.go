package breaker

import (
	"testing"
	"time"
)

// These tests pin the small print where the libraries differ, each to the
// rule its source states. The files cited are:
//   - gobreaker: v2/gobreaker.go and v2/counter.go (sony/gobreaker v2.4.0);
//   - Resilience4j: resilience4j-circuitbreaker's
//     internal/CircuitBreakerStateMachine.java and CircuitBreakerMetrics.java;
//   - Hystrix: hystrix-core's HystrixCircuitBreaker.java,
//     HystrixCommandProperties.java and metric/consumer/HealthCountsStream.java;
//   - Polly v8: src/Polly.Core/CircuitBreaker/Controller/CircuitStateController.cs,
//     Controller/AdvancedCircuitBehavior.cs and Health/RollingHealthMetrics.cs;
//   - failsafe-go: circuitbreaker/circuitstates.go and circuitbreaker.go;
//   - opossum: lib/circuit.js (CircuitBreaker.constructor, _startTimer).

// The open wait ends strictly after its last instant for gobreaker
// (currentState: expiry.Before(now)), Resilience4j (OpenState
// .tryAcquirePermission: clock.instant().isAfter(retryAfterWaitDuration))
// and Hystrix (isAfterSleepWindow: currentTime > circuitOpenTime +
// sleepWindowTime); at it for Polly (PermitHalfOpenCircuitTest_NeedsLock:
// now >= _blockedUntil) and failsafe-go (openState.tryAcquirePermit:
// elapsed >= delay) and opossum (a setTimeout(resetTimeout) fires at the
// end of the wait).
func TestOpenWaitEndPerLibrary(t *testing.T) {
	strict := map[string]bool{"gobreaker": true, "resilience4j": true, "hystrix": true, "polly": false, "failsafe-go": false, "opossum": false}
	for _, p := range Presets() {
		want, ok := strict[p.Name]
		if !ok {
			t.Fatalf("no rule written down for %s", p.Name)
		}
		cfg := p.Config
		cfg.OpenJitter = 0
		b, err := New(cfg, nil)
		if err != nil {
			t.Fatal(err)
		}
		b.open(0, CauseOperator, 0, 0) // open at 0 whatever rule opens it
		end := cfg.OpenFor
		if at, _ := b.NextDeadline(); (at == end+1) != want {
			t.Errorf("%s: the wait's deadline is %v (strict %v)", p.Name, at, want)
		}
		if got := b.StateAt(end) == HalfOpen; got == want {
			t.Errorf("%s: at the wait's last instant StateAt says %v", p.Name, b.StateAt(end))
		}
		if rem := b.OpenRemaining(end); (rem == 1) != want {
			t.Errorf("%s: at the wait's end %v remains", p.Name, rem)
		}
		_, err = b.Allow(end)
		if (err != nil) != want {
			t.Errorf("%s: a call at exactly the end of the wait: %v, want refused %v", p.Name, err, want)
		}
		if _, err := b.Allow(end + 1); err != nil && b.State() != HalfOpen {
			t.Errorf("%s: a nanosecond later the breaker is %v", p.Name, b.State())
		}
	}
}

// Resilience4j's half-open state keeps its own count window of
// permittedNumberOfCallsInHalfOpenState calls whose minimum is
// min(minimumNumberOfCalls, that size) (CircuitBreakerMetrics.forHalfOpen
// and the constructor's Math.min), and HalfOpenState.checkIfThresholdsExceeded
// acts on the first verdict. With a window of 10, a minimum of 2 and 5
// trials, the second trial decides.
func TestResilience4jJudgesTrialsAtTheMinimum(t *testing.T) {
	cfg := Resilience4j()
	cfg.WindowSize, cfg.MinimumCalls, cfg.HalfOpenTrials, cfg.OpenFor = 10, 2, 5, s
	for _, tc := range []struct {
		results []Result
		want    State
	}{
		{[]Result{Failure, Failure}, Open},
		{[]Result{Success, Success}, Closed},
		{[]Result{Success, Failure}, Open}, // 1 of 2 is 50 %
	} {
		sc := newScript(t, cfg)
		sc.fail(0, 2).want(Open)
		ps := sc.trials(2*s, 5)
		for i, r := range tc.results {
			sc.b.Record(2*s, ps[i], r)
		}
		sc.want(tc.want)
		if tr := sc.last(); tr.Calls != 2 {
			t.Errorf("%v: judged %d trials, want 2", tc.results, tr.Calls)
		}
	}
	// TrialsAsWindow, kept for teaching, waits for all five.
	cfg.HalfOpenRule = TrialsAsWindow
	sc := newScript(t, cfg)
	sc.fail(0, 2).want(Open)
	ps := sc.trials(2*s, 5)
	sc.b.Record(2*s, ps[0], Failure)
	sc.b.Record(2*s, ps[1], Failure)
	sc.want(HalfOpen)
}

// lateCase is a library's rule for the result of a call let through while
// closed that comes back once the breaker is half-open.
type lateCase struct {
	preset string
	// open drives the preset from closed to open at `at`.
	open func(sc *script, at time.Duration)
	// recorded: the late result counts (as a trial); closes: a late
	// success closes the breaker by itself.
	recorded, closes bool
}

func TestLateResultsPerLibrary(t *testing.T) {
	cases := []lateCase{
		// gobreaker's afterRequest returns early when the generation the
		// call was let through in is not the current one.
		{"gobreaker", func(sc *script, at time.Duration) { sc.fail(at, 6) }, false, false},
		// Resilience4j's HalfOpenState.onSuccess records into the trials'
		// window whatever the call's history; ten results decide.
		{"resilience4j", func(sc *script, at time.Duration) { sc.fail(at, 100) }, true, false},
		// Polly's OnUnhandledOutcomeAsync closes a half-open circuit on any
		// success.
		{"polly", func(sc *script, at time.Duration) { sc.fail(at, 100) }, true, true},
		// Hystrix's markSuccess closes a HALF_OPEN breaker for any command
		// that succeeds.
		{"hystrix", func(sc *script, at time.Duration) { sc.fail(at, 20) }, true, true},
		// failsafe-go records into the current state; its half-open state
		// closes on one success.
		{"failsafe-go", func(sc *script, at time.Duration) { sc.fail(at, 1) }, true, true},
	}
	for _, tc := range cases {
		p, err := PresetNamed(tc.preset)
		if err != nil {
			t.Fatal(err)
		}
		if p.Config.RecordLate != tc.recorded {
			t.Errorf("%s: RecordLate %v, its library records late results: %v", tc.preset, p.Config.RecordLate, tc.recorded)
		}
		cfg := p.Config
		if cfg.SlowCallDuration > 0 {
			// A call that spans Resilience4j's 60 s wait is slower than its
			// 60 s threshold, so it would count as a slow trial: lift the
			// threshold to see a plain success.
			cfg.SlowCallDuration = time.Hour
		}
		sc := newScript(t, cfg)
		early, err := sc.b.Allow(0) // let through while closed, slow to return
		if err != nil {
			t.Fatal(err)
		}
		tc.open(sc, 0)
		sc.want(Open)
		probe := sc.trials(p.Config.OpenFor+1, 1)[0]
		sc.b.Record(p.Config.OpenFor+2, early, Success)
		sent, passed := sc.b.Trials()
		switch {
		case tc.closes:
			sc.want(Closed)
			// The probe then comes back to a closed breaker and is counted
			// there, like any call.
			sc.b.Record(p.Config.OpenFor+3, probe, Failure)
			if c := sc.b.Counts(); c.Calls+c.ConsecutiveFailures == 0 {
				t.Errorf("%s: the probe's result was not recorded after closing: %+v", tc.preset, c)
			}
		case tc.recorded:
			sc.want(HalfOpen)
			if sent != 2 || passed != 1 {
				t.Errorf("%s: trials %d sent, %d passed; want the late success counted", tc.preset, sent, passed)
			}
		default:
			sc.want(HalfOpen)
			if sent != 1 || passed != 0 {
				t.Errorf("%s: trials %d sent, %d passed; want the late success dropped", tc.preset, sent, passed)
			}
		}
	}
	// Resilience4j: the late success is one of the ten trials that decide.
	sc := newScript(t, Resilience4j())
	early, _ := sc.b.Allow(0)
	sc.fail(0, 100).want(Open)
	ps := sc.trials(60*s+1, 9)
	sc.b.Record(60*s+2, early, Success)
	for _, p := range ps {
		sc.b.Record(60*s+2, p, Success)
	}
	sc.want(Closed)
	if tr := sc.last(); tr.Cause != CauseTrialsPassed || tr.Calls != 10 {
		t.Fatalf("closed by %+v", tr)
	}
	// A late result that says nothing (Ignored) gives back no trial slot:
	// it never held one.
	sc = newScript(t, Failsafe())
	early, _ = sc.b.Allow(0)
	sc.fail(0, 1)
	sc.trials(60*s, 1)
	sc.b.Record(60*s, early, Ignored)
	sc.refused(60 * s)
}

// Hystrix's breaker subscribes to HealthCountsStream, built with buckets of
// metrics.healthSnapshot.intervalInMilliseconds (500 ms by default) and
// rollingStats.timeInMilliseconds / that many of them: 20, not the 10
// one-second buckets of the published rolling statistics. 19 failures at
// 0.6 s are still in the window at 10.2 s.
func TestHystrixHealthCountsIn500msBuckets(t *testing.T) {
	sc := newScript(t, Hystrix())
	sc.fail(600*ms, 19).want(Closed)
	sc.fail(10200*ms, 1).want(Open)

	tenBuckets := Hystrix()
	tenBuckets.WindowBuckets = 10
	sc = newScript(t, tenBuckets)
	sc.fail(600*ms, 19).fail(10200*ms, 1).want(Closed) // the first second has left

	sc = newScript(t, Hystrix())
	sc.fail(400*ms, 19).fail(10200*ms, 1).want(Closed) // the bucket from 0 to 0.5 s has left
}

// Polly v8's RollingHealthMetrics starts a window at the first call once
// the current one is a window's width old, and drops a window only when
// now - StartedAt >= SamplingDuration: a failure at 0.5 s still counts at
// 10.2 s with a 10 s sampling duration, and leaves at 10.5 s.
func TestPollyWindowsStartAtTheirFirstCall(t *testing.T) {
	cfg := Polly()
	cfg.WindowSpan, cfg.MinimumCalls = 10*s, 2
	sc := newScript(t, cfg)
	sc.fail(500*ms, 1).want(Closed)
	sc.fail(10200*ms, 1).want(Open)
	if c := sc.b.CountsAt(10200 * ms); c.Calls != 2 {
		t.Fatalf("at 10.2 s the window holds %+v", c)
	}

	grid := cfg
	grid.FloatingBuckets = false
	sc = newScript(t, grid)
	sc.fail(500*ms, 1).fail(10200*ms, 1).want(Closed) // the grid's bucket [0, 1 s) has left

	sc = newScript(t, cfg)
	sc.fail(500*ms, 1).fail(10500*ms, 1).want(Closed) // 10.5 - 0.5 >= 10: gone

	// Windows start at calls: 0.5 s, then 1.6 s (0.5 + 1 was passed by
	// then), so the window starting at 1.6 s holds the call at 2.5 s too.
	sc = newScript(t, cfg)
	sc.succeed(500*ms, 1).succeed(1600*ms, 1).succeed(2500*ms, 1)
	var starts []time.Duration
	for _, bk := range sc.b.AppendBuckets(nil, 2500*ms) {
		if bk.Calls > 0 {
			starts = append(starts, bk.Start)
		}
	}
	if len(starts) != 2 || starts[0] != 500*ms || starts[1] != 1600*ms {
		t.Fatalf("buckets start at %v, want [500ms 1.6s]", starts)
	}
	if got := len(sc.b.AppendBuckets(nil, 2500*ms)); got != 10 {
		t.Fatalf("%d buckets listed, want 10", got)
	}
	if c := sc.b.CountsAt(11599 * ms); c.Calls != 2 {
		t.Fatalf("at 11.599 s only the window from 0.5 s has left: %+v", c)
	}
	// A call exactly a width after the current window began starts a new
	// one (now - StartedAt >= _windowDuration).
	sc = newScript(t, cfg)
	sc.succeed(500*ms, 1).succeed(1500*ms, 1)
	if c := sc.b.CountsAt(10500 * ms); c.Calls != 1 {
		t.Fatalf("at 10.5 s the call at 1.5 s is in a window of its own: %+v", c)
	}
}

// gobreaker's Interval: while closed, currentState starts a new generation
// once expiry.Before(now), which clears the counts and drops the results
// of calls let through before (afterRequest's generation check); the next
// interval counts from that moment.
func TestGobreakerInterval(t *testing.T) {
	cfg := Gobreaker()
	cfg.Interval = 10 * s
	sc := newScript(t, cfg)
	sc.fail(s, 5).want(Closed)
	sc.fail(10*s, 1).want(Open) // at exactly 10 s the interval is not over: 6 in a row

	sc = newScript(t, cfg)
	sc.fail(s, 5)
	inFlight, _ := sc.b.Allow(9 * s)
	if c := sc.b.CountsAt(10*s + 1); c.ConsecutiveFailures != 0 {
		t.Fatalf("counts due to be cleared still read %+v", c)
	}
	sc.b.Record(11*s, inFlight, Failure) // noticed at 11 s: cleared, and this call is from before
	if c := sc.b.Counts(); c.ConsecutiveFailures != 0 {
		t.Fatalf("the in-flight failure counted: %+v", c)
	}
	sc.fail(12*s, 5).want(Closed)
	sc.fail(20*s, 1).want(Open) // the interval began at 11 s: 20 s is inside it

	// With RecordLate the call in flight across the boundary counts in the
	// new interval.
	cfg.RecordLate = true
	sc = newScript(t, cfg)
	sc.fail(s, 5)
	inFlight, _ = sc.b.Allow(9 * s)
	sc.b.Record(11*s, inFlight, Failure)
	if c := sc.b.Counts(); c.ConsecutiveFailures != 1 {
		t.Fatalf("a late failure under RecordLate: %+v", c)
	}
}

// gobreaker's BucketPeriod: Interval is rounded up to whole periods; a
// result counts in the bucket of the period its call was let through in;
// when the oldest bucket leaves, rollingCounts.subtract takes its closing
// run out of ConsecutiveFailures if that run and the other buckets'
// failures make up the whole run.
func TestGobreakerBucketPeriod(t *testing.T) {
	cfg := Gobreaker()
	cfg.Interval, cfg.BucketPeriod = 2500*ms, s // rounded up to 3 buckets of 1 s
	if cfg.rollBuckets() != 3 {
		t.Fatalf("%d buckets", cfg.rollBuckets())
	}
	sc := newScript(t, cfg)
	sc.fail(500*ms, 3).fail(1500*ms, 2).want(Closed) // a run of 5 over buckets 0 and 1
	if c := sc.b.CountsAt(3200 * ms); c.ConsecutiveFailures != 2 {
		t.Fatalf("at 3.2 s bucket 0 has left: run %d, want 2", c.ConsecutiveFailures)
	}
	sc.fail(3200*ms, 3).want(Closed) // 2 + 3
	sc.fail(3200*ms, 1).want(Open)   // 6

	// Without the interval the run never shrinks.
	sc = newScript(t, Gobreaker())
	sc.fail(500*ms, 3).fail(1500*ms, 2).fail(3200*ms, 1).want(Open)

	// A call let through in a bucket that has left by the time it returns
	// is not counted at all.
	sc = newScript(t, cfg)
	old, _ := sc.b.Allow(100 * ms)
	sc.fail(3500*ms, 5)
	sc.b.Record(3600*ms, old, Failure)
	sc.want(Closed)
	if c := sc.b.Counts(); c.ConsecutiveFailures != 5 {
		t.Fatalf("run %d, want 5", c.ConsecutiveFailures)
	}

	// A jump of a whole interval clears everything.
	sc = newScript(t, cfg)
	sc.fail(500*ms, 5).fail(3500*ms, 1).want(Closed)
}
