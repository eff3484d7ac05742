package breaker

import (
	"strings"
	"testing"
)

// Each library records an inner layer's refusal as a failure unless told
// otherwise; the rule and the file it is read from:
//   - Resilience4j: CircuitBreakerConfig.java's default record-exception
//     predicate accepts every throwable and its ignore predicate none, and
//     CircuitBreakerStateMachine.java's handleThrowable records what is
//     not ignored; a BulkheadFullException or RequestNotPermitted from
//     inside the breaker is one more exception.
//   - Polly v8: src/Polly.Core/Utils/DefaultPredicates.cs, ShouldHandle's
//     default, handles every exception but OperationCanceledException, so
//     a RateLimiterRejectedException from an inner rate limiter counts.
//   - gobreaker: v2/gobreaker.go's defaultIsSuccessful is err == nil and
//     defaultIsExcluded excludes nothing.
//   - Hystrix: HystrixCommandMetrics.java's HealthCounts.plus adds
//     THREAD_POOL_REJECTED and SEMAPHORE_REJECTED to the error count.
//   - failsafe-go: policy/policy.go's BaseFailurePolicy.IsFailure is
//     err != nil when no Handle condition is set.
func TestPresetsRecordInnerRefusals(t *testing.T) {
	rule := map[string]Refusals{
		"resilience4j": AllRefusals, "polly": AllRefusals, "gobreaker": AllRefusals,
		"hystrix": AllRefusals, "failsafe-go": AllRefusals, "opossum": AllRefusals,
	}
	for _, p := range Presets() {
		want, ok := rule[p.Name]
		if !ok {
			t.Errorf("no rule written down for %s's inner refusals", p.Name)
			continue
		}
		if p.Config.RecordsRefusals != want {
			t.Errorf("%s records %v inner refusals, want %v", p.Name, p.Config.RecordsRefusals, want)
		}
		b, err := New(p.Config, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range []Refusals{BulkheadRefusals, RateLimiterRefusals} {
			if got := b.RefusalResult(k); got != Failure {
				t.Errorf("%s: a %v refusal is recorded as %v, want failure", p.Name, k, got)
			}
		}
	}
}

// The zero value keeps the simulator's old rule: refusals are ignored. A
// set that names one kind records that kind only.
func TestRefusalResult(t *testing.T) {
	base := Config{WindowSize: 4, FailureRate: 0.5, OpenFor: s, HalfOpenTrials: 1}
	for _, tc := range []struct {
		set                Refusals
		bulkhead, ratelimt Result
		describe           string
	}{
		{0, Ignored, Ignored, "ignored"},
		{BulkheadRefusals, Failure, Ignored, "bulkhead's"},
		{RateLimiterRefusals, Ignored, Failure, "limiter's"},
		{AllRefusals, Failure, Failure, "failure"},
	} {
		cfg := base
		cfg.RecordsRefusals = tc.set
		b := mustNew(t, cfg, nil)
		if got := b.RefusalResult(BulkheadRefusals); got != tc.bulkhead {
			t.Errorf("%v: bulkhead refusal %v, want %v", tc.set, got, tc.bulkhead)
		}
		if got := b.RefusalResult(RateLimiterRefusals); got != tc.ratelimt {
			t.Errorf("%v: rate limiter refusal %v, want %v", tc.set, got, tc.ratelimt)
		}
		if got := describeRow(cfg, "inner refusal"); got != tc.describe {
			t.Errorf("%v: described as %q, want %q", tc.set, got, tc.describe)
		}
		text, err := tc.set.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Refusals
		if err := back.UnmarshalText(text); err != nil || back != tc.set {
			t.Errorf("%v: read back %q as %v, %v", tc.set, text, back, err)
		}
	}
	var r Refusals
	if err := r.UnmarshalText([]byte("bulkheads")); err == nil || !strings.Contains(err.Error(), "allowed: none, bulkhead, ratelimiter, all") {
		t.Errorf("an unknown name: %v", err)
	}
	bad := base
	bad.RecordsRefusals = AllRefusals + 1
	if err := bad.Validate(); err == nil || !strings.Contains(err.Error(), "records refusals") {
		t.Errorf("an unknown set validates: %v", err)
	}
}

func describeRow(c Config, name string) string {
	for _, s := range c.Describe() {
		if s.Name == name {
			return s.Value
		}
	}
	return "(no row " + name + ")"
}

// Resilience4j: a call let through while closed that comes back with an
// ignored error while half-open releases a permission of the half-open
// state (handleThrowable → releasePermission on the current state;
// HalfOpenState.releasePermission is permittedNumberOfCalls.incrementAndGet,
// in CircuitBreakerStateMachine.java), so half-open lets one more trial
// through than it was given. The other libraries' presets give nothing
// back for a call that held no trial.
func TestResilience4jLateIgnoredFreesATrial(t *testing.T) {
	for _, frees := range []bool{true, false} {
		cfg := Resilience4j()
		cfg.WindowSize, cfg.MinimumCalls, cfg.HalfOpenTrials = 4, 4, 2
		cfg.LateIgnoredFreesTrial = frees
		sc := newScript(t, cfg)
		early, _ := sc.b.Allow(0) // a slow call, let through while closed
		sc.fail(s, 4).want(Open)
		sc.trials(61*s+1, 2)
		sc.refused(61*s + 1)
		sc.b.Record(61*s+2, early, Ignored) // e.g. its bulkhead turned it away late
		_, err := sc.b.Allow(61*s + 3)
		if frees && err != nil {
			t.Fatalf("Resilience4j: the late ignored result freed no trial: %v", err)
		}
		if !frees && err == nil {
			t.Fatal("without the rule a late ignored result freed a trial")
		}
		if got := describeRow(cfg, "late ignored") == "frees trial"; got != frees {
			t.Errorf("late ignored row with the rule %v: %q", frees, describeRow(cfg, "late ignored"))
		}
	}
	// A late ignored result while closed or open frees nothing, and a new
	// half-open period starts with none freed.
	cfg := Resilience4j()
	cfg.WindowSize, cfg.MinimumCalls, cfg.HalfOpenTrials = 4, 4, 1
	sc := newScript(t, cfg)
	a, _ := sc.b.Allow(0)
	sc.fail(s, 4).want(Open)
	sc.b.Record(2*s, a, Ignored)
	sc.trials(61*s+1, 1)
	sc.refused(61*s + 1)
}

// Resilience4j's automatic transition: the timer scheduled in OpenState's
// constructor for the wait half-opens at exactly its end, while a call at
// that instant that came before the timer is refused (isAfter). AutoHalfOpen
// is that timer; Tick, a lazy library's timer, half-opens a nanosecond
// later under StrictWaitEnd, when a call would first find the wait over.
func TestResilience4jAutomaticTransitionAtTheWaitsEnd(t *testing.T) {
	cfg := Resilience4j()
	cfg.WindowSize, cfg.MinimumCalls = 4, 4
	var trs []Transition
	b := mustNew(t, cfg, &trs)
	feed(t, b, []call{{at: s, result: Failure}, {at: s, result: Failure}, {at: s, result: Failure}, {at: s, result: Failure}})
	end, ok := b.OpenUntil()
	if !ok || end != 61*s {
		t.Fatalf("open until %v %v, want 61s", end, ok)
	}
	if at, _ := b.NextDeadline(); at != end+1 {
		t.Fatalf("the lazy deadline is %v, want a nanosecond after %v", at, end)
	}
	if b.AutoHalfOpen(end - 1) {
		t.Fatal("the timer fired before the wait's end")
	}
	b.Tick(end)
	if b.State() != Open {
		t.Fatal("Tick half-opened at the wait's last instant, which no call would")
	}
	if _, err := b.Allow(end); err == nil {
		t.Fatal("a call at the wait's end, before the timer, was let through")
	}
	if !b.AutoHalfOpen(end) || b.State() != HalfOpen || trs[len(trs)-1].At != end {
		t.Fatalf("the timer at %v: state %v, transitions %+v", end, b.State(), trs)
	}
	if _, err := b.Allow(end); err != nil {
		t.Fatalf("a call at the same instant, after the timer: %v", err)
	}
	if _, ok := b.OpenUntil(); ok || b.AutoHalfOpen(end) {
		t.Fatal("a half-open breaker has no open wait to end")
	}
}
