package engine

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/retry"
)

const ms = time.Millisecond

// oneDep is a scenario with one endpoint calling one dependency.
func oneDep(workers int, rate float64, dep Dependency) *Scenario {
	dep.Name = "d"
	return &Scenario{Name: "t", Duration: 20 * time.Second, MeasureTo: 20 * time.Second, Variants: []Variant{{Name: "v", System: System{
		Workers:      workers,
		Endpoints:    []Endpoint{{Name: "e", Rate: rate, Calls: "d"}},
		Dependencies: []Dependency{dep},
	}}}}
}

func runToEnd(t *testing.T, sc *Scenario) Snapshot {
	t.Helper()
	r, err := New(sc, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	return r.Snapshot()
}

func failing(from, to time.Duration) []Fault {
	return []Fault{{Kind: Error, From: from, To: to, Probability: 1}}
}

func TestRetryOutsideMultipliesLoadOnASickDependency(t *testing.T) {
	base := Dependency{Latency: Latency{Kind: Constant, Value: 10 * ms}, Faults: failing(5*time.Second, 15*time.Second)}
	plain := runToEnd(t, oneDep(100, 50, base))
	base.Policy.Retry = &RetryPolicy{Attempts: 3, Backoff: retry.Backoff{Base: 10 * ms, Max: 100 * ms}}
	retried := runToEnd(t, oneDep(100, 50, base))
	extra := retried.Dependencies[0].Calls - plain.Dependencies[0].Calls
	// During the 10 s outage every request tries three times: about 500 × 2 extra calls.
	if extra < 900 || extra > 1100 {
		t.Fatalf("retries added %d calls; want about 1000 (500 failing requests × 2 retries)", extra)
	}
}

func TestRetryInsideTheBreakerHidesFailuresFromIt(t *testing.T) {
	dep := func(order []Layer) Dependency {
		return Dependency{
			Latency: Latency{Kind: Constant, Value: 10 * ms},
			Faults:  failing(5*time.Second, 15*time.Second),
			Policy: Policy{
				Order:    order,
				Retry:    &RetryPolicy{Attempts: 3, Backoff: retry.Backoff{Base: 10 * ms, Max: 20 * ms}},
				Breaker:  &breaker.Config{WindowSize: 20, FailureRate: 0.5, OpenFor: time.Second, HalfOpenTrials: 1},
				Fallback: CachedFallback,
			},
		}
	}
	outside := runToEnd(t, oneDep(100, 50, dep(nil)))
	inside := runToEnd(t, oneDep(100, 50, dep([]Layer{LayerBreaker, LayerRetry, LayerTimeout, LayerBulkhead})))
	// The breaker outside the retry sees one result per request, however many
	// attempts it hid, so the sick dependency gets three calls for each.
	co, ci := outside.Dependencies[0].Calls, inside.Dependencies[0].Calls
	if ci <= co {
		t.Fatalf("with the retry inside the breaker the dependency got %d calls, outside %d: hiding failures should cost more calls", ci, co)
	}
	if outside.Transitions[0].At > inside.Transitions[0].At {
		t.Fatalf("the breaker that sees every attempt opened later (%v) than the one that sees requests (%v)", outside.Transitions[0].At, inside.Transitions[0].At)
	}
}

func TestNeverRetriesTheBreakersRefusal(t *testing.T) {
	dep := Dependency{
		Latency: Latency{Kind: Constant, Value: 10 * ms},
		Faults:  failing(2*time.Second, 20*time.Second),
		Policy: Policy{
			Retry:   &RetryPolicy{Attempts: 5, Backoff: retry.Backoff{Base: ms, Max: 5 * ms}},
			Breaker: &breaker.Config{WindowSize: 10, FailureRate: 0.5, OpenFor: time.Minute, HalfOpenTrials: 1},
		},
	}
	s := runToEnd(t, oneDep(100, 50, dep))
	d := s.Dependencies[0]
	// Once open for the rest of the run, the breaker refuses everything, and
	// no refusal is retried: retries come only from the failures before it opened.
	if d.Retries > 20 {
		t.Fatalf("%d retries: refusals of an open breaker were retried", d.Retries)
	}
	if d.ShortCircuited == 0 || s.Endpoints[0].Window[Rejected] != d.ShortCircuited {
		t.Fatalf("each refusal should reject exactly one request: %d refused, %d rejected", d.ShortCircuited, s.Endpoints[0].Window[Rejected])
	}
}

func TestWaitForBreakerRetriesAfterTheOpenTime(t *testing.T) {
	dep := Dependency{
		Latency: Latency{Kind: Constant, Value: 10 * ms},
		Faults:  failing(0, 2*time.Second),
		Policy: Policy{
			Retry:   &RetryPolicy{Attempts: 2, Backoff: retry.Backoff{Base: ms, Max: ms}, WaitForBreaker: true},
			Breaker: &breaker.Config{WindowSize: 4, FailureRate: 0.5, OpenFor: 3 * time.Second, HalfOpenTrials: 100},
		},
	}
	s := runToEnd(t, oneDep(1000, 20, dep))
	e := s.Endpoints[0]
	if e.Window[OK] == 0 || e.P99 < 2*time.Second {
		t.Fatalf("requests refused by the open breaker should wait it out and succeed: %v, p99 %v", e.Window, e.P99)
	}
}

func TestQueuedRequestWhoseClientGaveUpIsDropped(t *testing.T) {
	sc := &Scenario{Name: "t", Duration: 3 * time.Second, MeasureTo: 3 * time.Second, Variants: []Variant{{Name: "v", System: System{
		Workers: 1,
		Queue:   QueueUnbounded,
		Endpoints: []Endpoint{
			{Name: "slow", Interval: 10 * time.Second, Calls: "d"},              // one request at 0 s, holds the worker 2 s
			{Name: "probe", Interval: 100 * ms, Patience: 450 * ms, Calls: "d"}, // queue behind it
		},
		Dependencies: []Dependency{{Name: "d", Latency: Latency{Kind: Constant, Value: 0},
			Faults: []Fault{{Kind: Slow, From: 0, To: 50 * ms, Latency: 2 * time.Second}}}},
	}}}}
	r, _ := New(sc, 0, 1)
	r.Run()
	s := r.Snapshot()
	probe, _ := s.Endpoint("probe")
	d := s.Dependencies[0]
	// Probes queued from 0 s to about 1.5 s gave up before the worker came
	// free at 2 s; they never reached the dependency.
	if probe.GaveUp < 14 {
		t.Fatalf("only %d probes gave up", probe.GaveUp)
	}
	if d.Calls != 1+probe.Arrived-probe.GaveUp {
		t.Fatalf("%d calls reached the dependency; want the slow one and the %d probes whose clients still waited", d.Calls, probe.Arrived-probe.GaveUp)
	}
	if probe.Total[Failed] != probe.GaveUp || probe.Total.Total() != probe.Arrived {
		t.Fatalf("probe outcomes %v for %d arrivals, %d gave up", probe.Total, probe.Arrived, probe.GaveUp)
	}
}

func TestBoundedAcceptQueueRejectsWhenFull(t *testing.T) {
	sc := oneDep(1, 100, Dependency{Latency: Latency{Kind: Constant, Value: time.Second}})
	sc.Variants[0].System.Queue = 5
	r, _ := New(sc, 0, 1)
	r.AdvanceTo(5 * time.Second)
	s := r.Snapshot()
	if s.Queued != 5 || s.Endpoints[0].Total[Rejected] == 0 {
		t.Fatalf("queue holds %d (cap 5), %d rejected", s.Queued, s.Endpoints[0].Total[Rejected])
	}
}

func TestThreadPoolBulkheadQueuesThenRejects(t *testing.T) {
	dep := Dependency{Latency: Latency{Kind: Constant, Value: time.Second},
		Policy: Policy{Bulkhead: 2, BulkheadKind: ThreadPoolBulkhead, BulkheadQueue: 3}}
	r, _ := New(oneDep(100, 20, dep), 0, 1)
	r.AdvanceTo(3 * time.Second)
	d := r.Snapshot().Dependencies[0]
	if d.Bulkhead != 2 || d.BulkheadWaiting != 3 || d.BulkheadFull == 0 {
		t.Fatalf("in %d, waiting %d, turned away %d; want 2 busy, 3 queued and the rest refused", d.Bulkhead, d.BulkheadWaiting, d.BulkheadFull)
	}
	dep.Policy.BulkheadQueue = 0 // hand-off: no queue at all
	r, _ = New(oneDep(100, 20, dep), 0, 1)
	r.AdvanceTo(3 * time.Second)
	if d := r.Snapshot().Dependencies[0]; d.BulkheadWaiting != 0 || d.BulkheadFull == 0 {
		t.Fatalf("a hand-off bulkhead queued %d calls", d.BulkheadWaiting)
	}
}

func TestSemaphoreBulkheadWaitsAtMostItsMaxWait(t *testing.T) {
	dep := Dependency{Latency: Latency{Kind: Constant, Value: time.Second},
		Policy: Policy{Bulkhead: 1, BulkheadWait: 300 * ms}}
	s := runToEnd(t, oneDep(100, 10, dep))
	e := s.Endpoints[0]
	if e.Window[Rejected] == 0 {
		t.Fatal("nothing was rejected by a one-slot bulkhead under 10 req/s of 1 s calls")
	}
	// Most calls are turned away, each after waiting the full 300 ms.
	if e.P50 < 290*ms || e.P50 > 310*ms {
		t.Fatalf("median latency %v; rejections should come after the 300 ms wait", e.P50)
	}
	dep.Policy.BulkheadWait = 0
	if e := runToEnd(t, oneDep(100, 10, dep)).Endpoints[0]; e.P50 != 0 {
		t.Fatalf("without a wait, rejections should be immediate; median %v", e.P50)
	}
}

func TestDeadlineBoundsTheWholeCall(t *testing.T) {
	dep := Dependency{Latency: Latency{Kind: Constant, Value: 10 * ms}, Faults: failing(0, 20*time.Second),
		Policy: Policy{Timeout: 100 * ms, Deadline: 250 * ms,
			Retry: &RetryPolicy{Attempts: 10, Backoff: retry.Backoff{Base: 100 * ms, Max: 100 * ms}}}}
	s := runToEnd(t, oneDep(100, 10, dep))
	if p := s.Endpoints[0].P99; p > 250*ms+time.Millisecond {
		t.Fatalf("p99 %v exceeds the 250 ms deadline", p)
	}
	if s.Dependencies[0].RetriesDenied == 0 {
		t.Fatal("the deadline never stopped a retry")
	}
}

func TestTokenBucketCapsRetriesInALongOutage(t *testing.T) {
	dep := Dependency{Latency: Latency{Kind: Constant, Value: 10 * ms}, Faults: failing(0, 20*time.Second),
		Policy: Policy{Retry: &RetryPolicy{Attempts: 3, Backoff: retry.Backoff{Base: ms, Max: ms}, Budget: TokenBucketBudget}}}
	s := runToEnd(t, oneDep(100, 50, dep))
	// 500 tokens at 5 a retry: 100 retries, and no success ever refills it.
	if d := s.Dependencies[0]; d.Retries != 100 || d.BudgetTokens != 0 {
		t.Fatalf("%d retries, %d tokens left; want exactly 100 and 0", d.Retries, d.BudgetTokens)
	}
}

func TestFailFastFallbackSendsRetryAfter(t *testing.T) {
	dep := Dependency{Latency: Latency{Kind: Constant, Value: 10 * ms}, Faults: failing(0, 20*time.Second),
		Policy: Policy{Breaker: &breaker.Config{WindowSize: 5, FailureRate: 0.5, OpenFor: 4 * time.Second, HalfOpenTrials: 1}, Fallback: FailFastFallback}}
	s := runToEnd(t, oneDep(100, 20, dep))
	d := s.Dependencies[0]
	if d.RetryAfter <= 0 || d.RetryAfter > 4*time.Second || d.FellBack != 0 {
		t.Fatalf("Retry-After %v (want within the 4 s open time), %d answered by fallback (want 0: fail-fast refuses)", d.RetryAfter, d.FellBack)
	}
	dep.Policy.Fallback = QueueFallback
	s = runToEnd(t, oneDep(100, 20, dep))
	if d := s.Dependencies[0]; d.QueuedForLater == 0 || s.Endpoints[0].Window[Fallback] != d.QueuedForLater {
		t.Fatalf("queue-for-later stored %d, fallback outcomes %d", d.QueuedForLater, s.Endpoints[0].Window[Fallback])
	}
}

// Once a run has warmed up (its slabs and queues grown), advancing it
// allocates nothing: the hot path is allocation-free.
func TestSteadyStateAdvanceDoesNotAllocate(t *testing.T) {
	for v := range cascadeLike().Variants {
		r, err := New(cascadeLike(), v, 5)
		if err != nil {
			t.Fatal(err)
		}
		r.AdvanceTo(21 * time.Second)
		allocs := testing.AllocsPerRun(5, func() { r.Advance(time.Second) })
		if allocs != 0 {
			t.Errorf("variant %d: %.0f allocations per simulated second", v, allocs)
		}
	}
}
