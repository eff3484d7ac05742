package engine

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/internal/deepequal"
	"pgregory.net/rapid"
)

// genScenario draws a small random scenario that exercises every policy.
func genScenario(t *rapid.T) *Scenario {
	workers := rapid.IntRange(1, 40).Draw(t, "workers")
	nDeps := rapid.IntRange(0, 3).Draw(t, "deps")
	duration := time.Duration(rapid.IntRange(1, 20).Draw(t, "seconds")) * time.Second
	var deps []Dependency
	for i := range nDeps {
		d := Dependency{Name: fmt.Sprintf("dep%d", i)}
		switch rapid.IntRange(0, 2).Draw(t, "latencyKind") {
		case 0:
			d.Latency = Latency{Kind: Exponential, Mean: time.Duration(rapid.IntRange(1, 500).Draw(t, "mean")) * time.Millisecond}
		case 1:
			d.Latency = Latency{Kind: Constant, Value: time.Duration(rapid.IntRange(0, 500).Draw(t, "value")) * time.Millisecond}
		case 2:
			p50 := rapid.IntRange(1, 200).Draw(t, "p50")
			d.Latency = Latency{Kind: LogNormal, P50: time.Duration(p50) * time.Millisecond,
				P99: time.Duration(p50+rapid.IntRange(1, 2000).Draw(t, "spread")) * time.Millisecond}
		}
		at := time.Duration(0)
		for range rapid.IntRange(0, 3).Draw(t, "faults") {
			from := at + time.Duration(rapid.IntRange(0, 3000).Draw(t, "gap"))*time.Millisecond
			to := from + time.Duration(rapid.IntRange(1, 5000).Draw(t, "len"))*time.Millisecond
			if to >= duration {
				break
			}
			f := Fault{From: from, To: to}
			switch rapid.IntRange(0, 2).Draw(t, "faultKind") {
			case 0:
				f.Kind = Hang
			case 1:
				f.Kind, f.Latency = Slow, time.Duration(rapid.IntRange(1, 10000).Draw(t, "slow"))*time.Millisecond
			case 2:
				f.Kind, f.Probability = Error, rapid.Float64Range(0, 1).Draw(t, "p")
			}
			d.Faults = append(d.Faults, f)
			at = to
		}
		if rapid.Bool().Draw(t, "endlessHang") {
			d.Faults = append(d.Faults, Fault{Kind: Hang, From: at})
		}
		if rapid.Bool().Draw(t, "timeout") {
			d.Policy.Timeout = time.Duration(rapid.IntRange(1, 3000).Draw(t, "timeoutMs")) * time.Millisecond
		}
		d.Policy.Bulkhead = rapid.IntRange(0, workers).Draw(t, "bulkhead")
		if rapid.Bool().Draw(t, "threadPool") {
			d.Policy.BulkheadKind = ThreadPoolBulkhead
			d.Policy.BulkheadQueue = rapid.IntRange(0, 10).Draw(t, "bhQueue")
		} else {
			d.Policy.BulkheadWait = time.Duration(rapid.IntRange(0, 2000).Draw(t, "bhWaitMs")) * time.Millisecond
		}
		if rapid.Bool().Draw(t, "deadline") {
			d.Policy.Deadline = time.Duration(rapid.IntRange(1, 5000).Draw(t, "deadlineMs")) * time.Millisecond
		}
		if rapid.Bool().Draw(t, "retry") {
			d.Policy.Retry = &RetryPolicy{
				Attempts:          rapid.IntRange(1, 5).Draw(t, "attempts"),
				Backoff:           retry.Backoff{Base: 10 * time.Millisecond, Max: time.Duration(rapid.IntRange(10, 2000).Draw(t, "backoffMax")) * time.Millisecond},
				RetryBulkheadFull: rapid.Bool().Draw(t, "retryFull"),
				WaitForBreaker:    rapid.Bool().Draw(t, "waitBreaker"),
				Budget:            BudgetKind(rapid.IntRange(0, 2).Draw(t, "budget")),
			}
		}
		if rapid.Bool().Draw(t, "shuffleOrder") {
			order := append([]Layer(nil), DefaultOrder...)
			for i := len(order) - 1; i > 0; i-- {
				j := rapid.IntRange(0, i).Draw(t, "swap")
				order[i], order[j] = order[j], order[i]
			}
			d.Policy.Order = order
		}
		if rapid.Bool().Draw(t, "breaker") {
			window := rapid.IntRange(1, 20).Draw(t, "window")
			d.Policy.Breaker = &breaker.Config{
				WindowSize:     window,
				MinimumCalls:   rapid.IntRange(0, window).Draw(t, "minCalls"),
				FailureRate:    rapid.Float64Range(0.01, 1).Draw(t, "rate"),
				OpenFor:        time.Duration(rapid.IntRange(1, 5000).Draw(t, "openMs")) * time.Millisecond,
				HalfOpenTrials: rapid.IntRange(1, 5).Draw(t, "trials"),
			}
			b := d.Policy.Breaker
			if rapid.Bool().Draw(t, "timeWindow") {
				b.Window = breaker.TimeWindow
				b.WindowSpan = time.Duration(rapid.IntRange(1, 10).Draw(t, "spanS")) * time.Second
			}
			if rapid.Bool().Draw(t, "slowRule") {
				b.SlowCallDuration = time.Duration(rapid.IntRange(1, 1000).Draw(t, "slowMs")) * time.Millisecond
				b.SlowCallRate = rapid.Float64Range(0.01, 1).Draw(t, "slowRate")
			}
			b.MaxConsecutiveFailures = rapid.IntRange(0, 5).Draw(t, "consecutive")
			b.JudgeOnFailure = rapid.Bool().Draw(t, "judgeOnFailure")
			if rapid.Bool().Draw(t, "jitter") {
				b.OpenJitter = rapid.Float64Range(0, 0.5).Draw(t, "jitterShare")
			}
			if rapid.Bool().Draw(t, "backoff") {
				b.OpenBackoff = rapid.Float64Range(1, 3).Draw(t, "growth")
				b.OpenMax = b.OpenFor * 10
			}
			b.HalfOpenRule = breaker.HalfOpenRule(rapid.IntRange(0, 1).Draw(t, "halfOpenRule"))
			if rapid.Bool().Draw(t, "halfOpenMax") {
				b.HalfOpenMax = time.Duration(rapid.IntRange(1, 3000).Draw(t, "halfOpenMaxMs")) * time.Millisecond
			}
			if err := b.Validate(); err != nil {
				t.Skip("drew a breaker config the breaker rejects:", err)
			}
			d.Policy.Fallback = FallbackKind(rapid.IntRange(0, 4).Draw(t, "fallback"))
		}
		deps = append(deps, d)
	}
	var eps []Endpoint
	for i := range rapid.IntRange(1, 3).Draw(t, "endpoints") {
		e := Endpoint{Name: fmt.Sprintf("ep%d", i)}
		if rapid.Bool().Draw(t, "fixed") {
			e.Interval = time.Duration(rapid.IntRange(1, 1000).Draw(t, "intervalMs")) * time.Millisecond
		} else {
			e.Rate = rapid.Float64Range(0, 300).Draw(t, "rate")
		}
		if rapid.Bool().Draw(t, "patient") {
			e.Patience = time.Duration(rapid.IntRange(1, 5000).Draw(t, "patienceMs")) * time.Millisecond
		}
		if nDeps > 0 {
			if k := rapid.IntRange(-1, nDeps-1).Draw(t, "calls"); k >= 0 {
				e.Calls = deps[k].Name
			}
		}
		eps = append(eps, e)
	}
	from := time.Duration(rapid.Int64Range(0, int64(duration-1)).Draw(t, "from"))
	return &Scenario{
		Name: "random", Duration: duration, MeasureFrom: from, MeasureTo: duration,
		Variants: []Variant{{Name: "v", System: System{Workers: workers, Queue: rapid.IntRange(-1, 20).Draw(t, "queue"), Endpoints: eps, Dependencies: deps}}},
	}
}

var legalEdges = map[[2]breaker.State]bool{
	{breaker.Closed, breaker.Open}:     true,
	{breaker.Open, breaker.HalfOpen}:   true,
	{breaker.HalfOpen, breaker.Open}:   true,
	{breaker.HalfOpen, breaker.Closed}: true,
}

// checkInvariants looks inside the run for what must always hold.
func checkInvariants(t *rapid.T, r *Run) {
	if r.busy > r.sys.Workers || r.busy < 0 {
		t.Fatalf("at %v: %d busy workers in a pool of %d", r.now, r.busy, r.sys.Workers)
	}
	if r.busy+len(r.freeWorkers) != r.sys.Workers {
		t.Fatalf("at %v: %d busy + %d free != %d workers", r.now, r.busy, len(r.freeWorkers), r.sys.Workers)
	}
	owned := 0
	for _, o := range r.workerOwner {
		if o != noWorker {
			owned++
		}
	}
	if owned != r.busy {
		t.Fatalf("at %v: %d workers have owners but %d are busy", r.now, owned, r.busy)
	}
	for i := range r.dependencies {
		ds := &r.dependencies[i]
		if cap := ds.cfg.Policy.Bulkhead; cap > 0 && ds.bulkhead > cap {
			t.Fatalf("at %v: %d calls inside a bulkhead of %d", r.now, ds.bulkhead, cap)
		}
		if ds.abandoned < 0 || ds.abandoned > ds.inFlight {
			t.Fatalf("at %v: %d abandoned of %d in flight", r.now, ds.abandoned, ds.inFlight)
		}
		if ds.inFlight < 0 || ds.inFlight > ds.inFlightMax {
			t.Fatalf("at %v: in flight %d, max %d", r.now, ds.inFlight, ds.inFlightMax)
		}
		live := 0
		for k := range r.requests {
			q := &r.requests[k]
			if q.ep >= 0 && q.waitingBH && r.endpoints[q.ep].dep == i {
				live++
			}
		}
		if live != ds.waiting {
			t.Fatalf("at %v: %d calls wait for the bulkhead, counted %d", r.now, live, ds.waiting)
		}
		if p := ds.cfg.Policy; p.BulkheadKind == ThreadPoolBulkhead && ds.waiting > p.BulkheadQueue {
			t.Fatalf("at %v: %d calls queued in a thread-pool bulkhead of queue %d", r.now, ds.waiting, p.BulkheadQueue)
		}
		if tb, ok := ds.budget.(*retry.TokenBucket); ok {
			// Every retry pays at least 5; a success earns back at most 10
			// (a timeout retry's refund), and the bucket never tops 500.
			successes := ds.succeeded
			if tb.Tokens() < 0 || tb.Tokens() > 500 || ds.retries*5 > 500+10*successes {
				t.Fatalf("at %v: %d retries with %d successes overspend the token bucket", r.now, ds.retries, successes)
			}
		}
	}
	for i := range r.endpoints {
		es := &r.endpoints[i]
		open := uint64(0)
		for k := range r.requests {
			if q := &r.requests[k]; int(q.ep) == i && !q.clientDone {
				open++
			}
		}
		if es.total.Total()+open != es.arrived {
			t.Fatalf("at %v: endpoint %d: %d outcomes + %d waiting clients != %d arrivals", r.now, i, es.total.Total(), open, es.arrived)
		}
	}
}

// Step event by event through random scenarios and check every invariant.
func TestPropertyInvariants(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genScenario(t)
		r, err := New(sc, 0, rapid.Uint64().Draw(t, "seed"))
		if err != nil {
			t.Fatalf("generated an invalid scenario: %v", err)
		}
		for r.queue.len() > 0 && r.now < r.end {
			r.AdvanceTo(r.queue.peek().at)
			checkInvariants(t, r)
		}
		r.Run()
		checkInvariants(t, r)
		if r.open != 0 || !r.Done() {
			t.Fatalf("run ended with %d open requests", r.open)
		}
		snap := r.Snapshot()
		for _, e := range snap.Endpoints {
			if e.Total.Total() != e.Arrived {
				t.Fatalf("endpoint %s: %d arrivals but %d outcomes", e.Name, e.Arrived, e.Total.Total())
			}
			if e.Window.Total() > e.Total.Total() {
				t.Fatalf("endpoint %s: window holds more than the run", e.Name)
			}
			var series uint64
			for _, s := range e.Series {
				series += uint64(s.Arrivals)
			}
			if series > e.Arrived {
				t.Fatalf("endpoint %s: series counts %d arrivals of %d", e.Name, series, e.Arrived)
			}
		}
		for _, tr := range snap.Transitions {
			if !legalEdges[[2]breaker.State{tr.From, tr.To}] {
				t.Fatalf("illegal transition %v -> %v at %v", tr.From, tr.To, tr.At)
			}
		}
	})
}

// Advancing in random steps gives exactly what one run to the end gives.
func TestPropertyAdvanceStepsEqualRun(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genScenario(t)
		seed := rapid.Uint64().Draw(t, "seed")
		whole, _ := New(sc, 0, seed)
		whole.Run()
		stepped, _ := New(sc, 0, seed)
		for stepped.Now() < stepped.End() {
			stepped.Advance(time.Duration(rapid.Int64Range(1, int64(3*time.Second)).Draw(t, "dt")))
		}
		if a, b := whole.Snapshot(), stepped.Snapshot(); !deepequal.Equal(a, b) {
			t.Fatalf("stepped run differs from one run:\n%+v\n%+v", a.Endpoints, b.Endpoints)
		}
	})
}

func TestSameSeedSameResult(t *testing.T) {
	sc := cascadeLike()
	a, _ := RunAll(sc, 7)
	b, _ := RunAll(sc, 7)
	if !deepequal.Equal(a, b) {
		t.Fatal("two runs with the same seed differ")
	}
	c, _ := RunAll(sc, 8)
	if deepequal.Equal(a[0].Endpoints[0].Window, c[0].Endpoints[0].Window) {
		t.Fatal("a different seed gave identical traffic")
	}
}

// A snapshot must not change when the run goes on.
func TestSnapshotIsImmutable(t *testing.T) {
	r, _ := New(cascadeLike(), 2, 1)
	r.AdvanceTo(16 * time.Second)
	snap := r.Snapshot()
	frozen := deepCopy(snap)
	r.Run()
	if !deepequal.Equal(snap, frozen) {
		t.Fatal("a snapshot changed after the run advanced")
	}
}

// Variants run on the same traffic: every endpoint sees the same arrivals.
func TestVariantsShareTraffic(t *testing.T) {
	snaps, _ := RunAll(cascadeLike(), 3)
	for i := range snaps[0].Endpoints {
		for v := 1; v < len(snaps); v++ {
			if snaps[v].Endpoints[i].Arrived != snaps[0].Endpoints[i].Arrived {
				t.Fatalf("variant %d saw %d arrivals at %s, variant 0 saw %d", v, snaps[v].Endpoints[i].Arrived, snaps[v].Endpoints[i].Name, snaps[0].Endpoints[i].Arrived)
			}
		}
	}
}

func TestTimeoutFreesCallerButNotDependency(t *testing.T) {
	sc := &Scenario{Name: "t", Duration: 10 * time.Second, MeasureTo: 10 * time.Second, Variants: []Variant{{Name: "v", System: System{
		Workers:   100,
		Endpoints: []Endpoint{{Name: "e", Interval: 100 * time.Millisecond, Calls: "d"}},
		Dependencies: []Dependency{{Name: "d", Latency: Latency{Kind: Constant, Value: 2 * time.Second},
			Policy: Policy{Timeout: 500 * time.Millisecond}}},
	}}}}
	r, _ := New(sc, 0, 1)
	r.AdvanceTo(5 * time.Second)
	snap := r.Snapshot()
	// Calls take 2 s; callers give up after 0.5 s: about 5 workers held, about 20 calls at the dependency.
	if snap.Busy != 5 {
		t.Errorf("busy workers %d, want 5 (10 req/s × 0.5 s)", snap.Busy)
	}
	if d := snap.Dependencies[0]; d.InFlight != 20 || d.Abandoned != 15 {
		t.Errorf("dependency in flight %d (%d abandoned), want 20 (10 req/s × 2 s) of which 15 abandoned", d.InFlight, d.Abandoned)
	}
	r.Run()
	if e := r.Snapshot().Endpoints[0]; e.Window[Failed] != 100 {
		t.Errorf("failed %d of %d, want every call to time out", e.Window[Failed], e.Window.Total())
	}
}

func TestHangAnswersAfterItEnds(t *testing.T) {
	sc := &Scenario{Name: "t", Duration: 10 * time.Second, MeasureTo: 10 * time.Second, Variants: []Variant{{Name: "v", System: System{
		Workers:   10,
		Endpoints: []Endpoint{{Name: "e", Interval: time.Second, Calls: "d"}},
		Dependencies: []Dependency{{Name: "d", Latency: Latency{Kind: Constant, Value: 10 * time.Millisecond},
			Faults: []Fault{{Kind: Hang, From: 2 * time.Second, To: 4 * time.Second}}}},
	}}}}
	r, _ := New(sc, 0, 1)
	r.Run()
	e := r.Snapshot().Endpoints[0]
	if e.Window[OK] != 10 {
		t.Fatalf("ok %d of 10: calls during a hang must be answered once it ends", e.Window[OK])
	}
	if e.P99 < 1900*time.Millisecond {
		t.Fatalf("p99 %v: the call at 2 s waited until 4 s", e.P99)
	}
}

func TestEndlessHangWithoutTimeoutFailsAtDrainLimit(t *testing.T) {
	sc := &Scenario{Name: "t", Duration: 5 * time.Second, MeasureTo: 5 * time.Second, Variants: []Variant{{Name: "v", System: System{
		Workers:      2,
		Endpoints:    []Endpoint{{Name: "e", Interval: time.Second, Calls: "d"}},
		Dependencies: []Dependency{{Name: "d", Latency: Latency{Kind: Constant}, Faults: []Fault{{Kind: Hang, From: 0}}}},
	}}}}
	r, _ := New(sc, 0, 1)
	r.Run()
	e := r.Snapshot().Endpoints[0]
	if e.Window[Failed] != 2 || e.Window[Rejected] != 3 {
		t.Fatalf("got %v; want 2 stuck (failed at the drain limit) and 3 rejected for want of a worker", e.Window)
	}
}

func TestErrorFaultProbability(t *testing.T) {
	sc := &Scenario{Name: "t", Duration: 100 * time.Second, MeasureTo: 100 * time.Second, Variants: []Variant{{Name: "v", System: System{
		Workers:   100,
		Endpoints: []Endpoint{{Name: "e", Rate: 100, Calls: "d"}},
		Dependencies: []Dependency{{Name: "d", Latency: Latency{Kind: Constant, Value: time.Millisecond},
			Faults: []Fault{{Kind: Error, From: 0, Probability: 0.25}}}},
	}}}}
	r, _ := New(sc, 0, 1)
	r.Run()
	share := r.Snapshot().Endpoints[0].Window.Share(Failed)
	if share < 0.23 || share > 0.27 {
		t.Fatalf("failed share %.3f with p = 0.25", share)
	}
}

func TestValidateNamesTheProblem(t *testing.T) {
	for _, c := range []struct {
		want string
		edit func(*Scenario)
	}{
		{"workers must be between 1", func(s *Scenario) { s.Variants[0].System.Workers = 0 }},
		{"rate must be between 0", func(s *Scenario) { s.Variants[0].System.Endpoints[0].Rate = -1 }},
		{"bulkhead must be between 0 (none) and the pool's 200", func(s *Scenario) { s.Variants[0].System.Dependencies[2].Policy.Bulkhead = 300 }},
		{"must start before it ends", func(s *Scenario) {
			s.Variants[0].System.Dependencies[2].Faults = []Fault{{Kind: Hang, From: 5 * time.Second, To: 2 * time.Second}}
		}},
		{"fault 1 (hang) must start before it ends: it starts at 30s and, with no end given, lasts to the run's end at 30s", func(s *Scenario) {
			s.Variants[0].System.Dependencies[2].Faults = []Fault{{Kind: Hang, From: 30 * time.Second}}
		}},
		{`calls "nowhere", which is not a dependency`, func(s *Scenario) { s.Variants[0].System.Endpoints[0].Calls = "nowhere" }},
		{"measurement window", func(s *Scenario) { s.MeasureTo = time.Hour }},
		{"breaker failure rate", func(s *Scenario) {
			s.Variants[2].System.Dependencies[2].Policy.Breaker = &breaker.Config{WindowSize: 5, FailureRate: 2, OpenFor: time.Second, HalfOpenTrials: 1}
		}},
		{"needs a breaker", func(s *Scenario) { s.Variants[0].System.Dependencies[0].Policy.Fallback = CachedFallback }},
		{"one variant may simulate at most 50,000,000", func(s *Scenario) { s.Duration, s.Variants[0].System.Endpoints[0].Rate = 24*time.Hour, MaxRate }},
	} {
		sc := cascadeLike()
		c.edit(sc)
		err := sc.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("want an error containing %q, got %v", c.want, err)
		}
	}
}

// cascadeLike is the cascade scenario, rebuilt here because the built-ins
// live in a package that imports this one.
func cascadeLike() *Scenario {
	sys := func(bulkhead int, withBreaker bool) System {
		dep := func(name string, mean time.Duration) Dependency {
			return Dependency{Name: name, Latency: Latency{Kind: Exponential, Mean: mean}, Policy: Policy{Timeout: 5 * time.Second}}
		}
		recs := dep("recommendations", 40*time.Millisecond)
		recs.Faults = []Fault{{Kind: Hang, From: 10 * time.Second}}
		recs.Policy.Bulkhead = bulkhead
		if withBreaker {
			recs.Policy.Breaker = &breaker.Config{WindowSize: 20, FailureRate: 0.5, OpenFor: 5 * time.Second, HalfOpenTrials: 3}
			recs.Policy.Fallback = CachedFallback
		}
		return System{Workers: 200,
			Endpoints: []Endpoint{{Name: "search", Rate: 300, Calls: "search-index"}, {Name: "profile", Rate: 200, Calls: "profile-db"},
				{Name: "recommendations", Rate: 100, Calls: "recommendations"}},
			Dependencies: []Dependency{dep("search-index", 20*time.Millisecond), dep("profile-db", 30*time.Millisecond), recs}}
	}
	return &Scenario{Name: "cascade", Duration: 30 * time.Second, MeasureFrom: 10 * time.Second, MeasureTo: 30 * time.Second,
		Variants: []Variant{{Name: "shared", System: sys(0, false)}, {Name: "bulkhead", System: sys(20, false)}, {Name: "breaker", System: sys(20, true)}}}
}

// deepCopy copies a snapshot's slices so a later change to shared arrays shows.
func deepCopy(s Snapshot) Snapshot {
	c := s
	c.WorkerOwner = append([]int16(nil), s.WorkerOwner...)
	c.Transitions = append([]Transition(nil), s.Transitions...)
	c.Endpoints = append([]EndpointSnapshot(nil), s.Endpoints...)
	for i := range c.Endpoints {
		c.Endpoints[i].Series = append([]EndpointSample(nil), s.Endpoints[i].Series...)
	}
	c.Dependencies = append([]DependencySnapshot(nil), s.Dependencies...)
	for i := range c.Dependencies {
		d := &c.Dependencies[i]
		d.Series = append([]DependencySample(nil), s.Dependencies[i].Series...)
		if s.Dependencies[i].Breaker != nil {
			b := *s.Dependencies[i].Breaker
			b.Window = append([]breaker.Result(nil), b.Window...)
			d.Breaker = &b
		}
	}
	return c
}

// BenchmarkCascade runs the cascade's three variants as RunAll does: their
// traffic drawn once (NewTraffic), each variant replaying it.
func BenchmarkCascade(b *testing.B) {
	sc := cascadeLike()
	b.ReportAllocs()
	var requests uint64
	for b.Loop() {
		tr, err := NewTraffic(sc, 5)
		if err != nil {
			b.Fatal(err)
		}
		for v := range sc.Variants {
			r, err := NewShared(sc, v, tr)
			if err != nil {
				b.Fatal(err)
			}
			r.Run()
			for i := range r.endpoints {
				requests += r.endpoints[i].arrived
			}
		}
	}
	b.ReportMetric(float64(requests)/float64(b.N), "requests/op")
	b.ReportMetric(float64(requests)/b.Elapsed().Seconds(), "requests/s")
}

// BenchmarkCascadeUnshared runs the three variants each on its own, every
// run drawing its traffic (New): what BenchmarkCascade measured before
// traffic was shared.
func BenchmarkCascadeUnshared(b *testing.B) {
	sc := cascadeLike()
	b.ReportAllocs()
	var requests uint64
	for b.Loop() {
		for v := range sc.Variants {
			r, err := New(sc, v, 5)
			if err != nil {
				b.Fatal(err)
			}
			r.Run()
			for i := range r.endpoints {
				requests += r.endpoints[i].arrived
			}
		}
	}
	b.ReportMetric(float64(requests)/float64(b.N), "requests/op")
	b.ReportMetric(float64(requests)/b.Elapsed().Seconds(), "requests/s")
}
