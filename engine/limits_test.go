package engine

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/engine/shed"
	"github.com/breakerlab/breakerlab/internal/deepequal"
)

// Tests of issue 14's limits at the front service: the rate limiter layer,
// load shedding, tenants, bursts and per-tenant bulkheads.

func mustNew(t testing.TB, sc *Scenario, seed uint64) *Run {
	t.Helper()
	r, err := New(sc, 0, seed)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// stepEvents advances r one event time at a time (arrivals included) to
// its end, calling f after each: whatever changed in a step happened at
// r.Now() exactly.
func stepEvents(r *Run, f func()) {
	for !r.Done() && r.now < r.end {
		next := r.queue.headAt
		if r.firstArr >= 0 {
			next = min(next, r.arrAt)
		}
		if next >= r.end || next == noArrival {
			break
		}
		r.AdvanceTo(next)
		f()
	}
	r.Run()
	f()
}

// permitTimes runs sc and returns the times at which calls passed the
// dependency's rate limiter, which sits innermost: each call sent is one
// permit used, at the moment it is sent.
func permitTimes(t *testing.T, sc *Scenario) ([]time.Duration, *Run) {
	t.Helper()
	r := mustNew(t, sc, 3)
	var used []time.Duration
	var seen uint64
	stepEvents(r, func() {
		for c := r.dependencies[0].calls; seen < c; seen++ {
			used = append(used, r.now)
		}
	})
	return used, r
}

// A token bucket never lets more than Burst + W × Rate / Per permits be
// used in any window of length W, counted end to end through a run whose
// offered load is four times the rate; the refusals are the client's
// rejections, one for one.
func TestRateLimiterBucketBoundsPermitsThroughARun(t *testing.T) {
	cfg := ratelimit.BucketConfig{Rate: 50, Per: time.Second, Burst: 10, MaxWait: 100 * ms}
	sc := oneDep(200, 200, Dependency{Latency: Latency{Kind: Constant, Value: 5 * ms},
		Policy: Policy{RateLimiter: &RateLimiterPolicy{Kind: TokenBucketLimiter, Bucket: cfg}}})
	used, r := permitTimes(t, sc)
	if len(used) < 900 {
		t.Fatalf("only %d permits in 20 s at 50 a second", len(used))
	}
	for i := range used {
		for j := i; j < len(used); j++ {
			n := int64(j - i + 1)
			span := int64(used[j]-used[i]) + 1 // waits are rounded up to the ns
			if (n-int64(cfg.Burst))*int64(cfg.Per) > span*int64(cfg.Rate) {
				t.Fatalf("%d permits used from %v to %v; a bucket of %d per %v, burst %d, allows fewer", n, used[i], used[j], cfg.Rate, cfg.Per, cfg.Burst)
			}
		}
	}
	s := r.Snapshot()
	d, e := s.Dependencies[0], s.Endpoints[0]
	if d.RateLimited == 0 || d.RateLimited != e.Total[Rejected] {
		t.Fatalf("rate limited %d, rejected %d: every refusal must be a rejection (the pool never fills)", d.RateLimited, e.Total[Rejected])
	}
	if d.Calls+d.RateLimited != e.Arrived {
		t.Fatalf("%d calls + %d refusals != %d arrivals", d.Calls, d.RateLimited, e.Arrived)
	}
	if !slices.Equal(d.Order, []Layer{LayerRateLimiter}) {
		t.Fatalf("order %v, want the rate limiter alone", d.Order)
	}
}

// A period limiter (Resilience4j's) uses no more than limitForPeriod
// permits in any cycle, and holds a refused caller for its whole
// timeoutDuration before the rejection.
func TestRateLimiterPeriodBoundsPermitsPerCycle(t *testing.T) {
	cfg := ratelimit.PeriodConfig{LimitForPeriod: 10, LimitRefreshPeriod: 200 * ms, TimeoutDuration: 150 * ms}
	sc := oneDep(500, 100, Dependency{Latency: Latency{Kind: Constant, Value: 5 * ms},
		Policy: Policy{RateLimiter: &RateLimiterPolicy{Kind: PeriodLimiter, Period: cfg}}})
	used, r := permitTimes(t, sc)
	perCycle := map[int64]int{}
	for _, at := range used {
		c := int64(at / cfg.LimitRefreshPeriod)
		if perCycle[c]++; perCycle[c] > cfg.LimitForPeriod {
			t.Fatalf("cycle %d used %d permits, limit %d", c, perCycle[c], cfg.LimitForPeriod)
		}
	}
	s := r.Snapshot()
	e := s.Endpoints[0]
	if s.Dependencies[0].RateLimited == 0 || e.Total[Rejected] != s.Dependencies[0].RateLimited {
		t.Fatalf("rate limited %d, rejected %d", s.Dependencies[0].RateLimited, e.Total[Rejected])
	}
	// Every answer took 5 ms (sent), up to a cycle and 5 ms (waited) or
	// exactly the 150 ms hold (refused): nothing in between is refused.
	held := 0
	for _, us := range e.Latencies {
		if time.Duration(us)*time.Microsecond == cfg.TimeoutDuration {
			held++
		}
	}
	if uint64(held) != e.Total[Rejected] {
		t.Fatalf("%d answers took exactly the 150 ms hold; want all %d refusals", held, e.Total[Rejected])
	}
}

// A timeout outside the limiter counts the wait for a permit; inside, it
// does not start before the permit. A parked call its timeout abandons
// leaves the limiter cleanly: the count of parked calls always matches.
func TestRateLimiterParkedWaitersUnderATimeout(t *testing.T) {
	run := func(order []Layer) (Snapshot, *Run) {
		sc := &Scenario{Name: "t", Duration: 10 * time.Second, MeasureTo: 10 * time.Second, Variants: []Variant{{Name: "v", System: System{
			Workers:   1000,
			Endpoints: []Endpoint{{Name: "e", Interval: 20 * ms, Calls: "d"}},
			Dependencies: []Dependency{{Name: "d", Latency: Latency{Kind: Constant, Value: ms}, Policy: Policy{
				Order:       order,
				Timeout:     300 * ms,
				RateLimiter: &RateLimiterPolicy{Kind: TokenBucketLimiter, Bucket: ratelimit.BucketConfig{Rate: 10, Per: time.Second, Burst: 1, MaxWait: 2 * time.Second}},
			}}},
		}}}}
		r := mustNew(t, sc, 1)
		stepEvents(r, func() {
			parked := 0
			for k := range r.requests {
				if q := &r.requests[k]; q.ep >= 0 && q.waitingRL {
					parked++
				}
			}
			if ds := &r.dependencies[0]; parked != ds.rateWaiting {
				t.Fatalf("at %v: %d calls parked at the limiter, counted %d", r.now, parked, ds.rateWaiting)
			}
		})
		return r.Snapshot(), r
	}
	outside, r := run([]Layer{LayerRetry, LayerBreaker, LayerTimeout, LayerRateLimiter, LayerBulkhead})
	if r.dependencies[0].rateWaiting != 0 {
		t.Fatalf("%d calls still parked after the run", r.dependencies[0].rateWaiting)
	}
	e := outside.Endpoints[0]
	if e.Total[Failed] == 0 {
		t.Fatalf("timeout outside the limiter: no call timed out waiting for a permit (%v)", e.Total)
	}
	for _, us := range e.Latencies {
		if time.Duration(us)*time.Microsecond > 300*ms {
			t.Fatalf("timeout outside: an answer took %v, past the 300 ms timeout", time.Duration(us)*time.Microsecond)
		}
	}
	mid, _ := New(r.scenario, 0, 1)
	mid.AdvanceTo(5 * time.Second)
	if w := mid.Snapshot().Dependencies[0].RateWaiting; w == 0 {
		t.Fatal("the snapshot shows no call parked at the limiter mid-run")
	}
	inside, _ := run(nil) // default order: the limiter outside the timeout
	e = inside.Endpoints[0]
	if e.Total[Failed] != 0 || e.Total[OK] == 0 {
		t.Fatalf("timeout inside the limiter: %v; want no timeouts, the wait is not the timeout's", e.Total)
	}
	if e.P99 < time.Second {
		t.Fatalf("timeout inside: p99 %v, want waits of up to 2 s to show", e.P99)
	}
	if got := inside.Dependencies[0].Order; !slices.Equal(got, []Layer{LayerRateLimiter, LayerTimeout}) {
		t.Fatalf("default order with a limiter: %v, want ratelimiter then timeout", got)
	}
}

// The caller's own rate limit says nothing about the dependency's health:
// a breaker outside the limiter ignores its refusals, and a retry layer
// does not retry them unless told to (like a full bulkhead).
func TestRateLimitedIsIgnoredByTheBreakerAndNotRetried(t *testing.T) {
	dep := Dependency{Latency: Latency{Kind: Constant, Value: ms}, Policy: Policy{
		Breaker:     &breaker.Config{WindowSize: 10, FailureRate: 0.5, OpenFor: time.Second, HalfOpenTrials: 1},
		Retry:       &RetryPolicy{Attempts: 3, Backoff: retry.Backoff{Base: ms, Max: ms}},
		RateLimiter: &RateLimiterPolicy{Kind: TokenBucketLimiter, Bucket: ratelimit.BucketConfig{Rate: 10, Per: time.Second, Burst: 1}},
	}}
	s := runToEnd(t, oneDep(100, 100, dep))
	if d := s.Dependencies[0]; d.RateLimited < 1000 {
		t.Fatalf("only %d calls rate limited; the test needs most of them refused", d.RateLimited)
	}
	if len(s.Transitions) != 0 {
		t.Fatalf("the breaker moved (%v) though the dependency never failed: rate limiting counted against it", s.Transitions[0])
	}
	if d := s.Dependencies[0]; d.Retries != 0 {
		t.Fatalf("%d retries of rate-limited calls without RetryBulkheadFull", d.Retries)
	}
	dep.Policy.Retry.RetryBulkheadFull = true
	if d := runToEnd(t, oneDep(100, 100, dep)).Dependencies[0]; d.Retries == 0 {
		t.Fatal("no retries of rate-limited calls with RetryBulkheadFull")
	}
}

// A dependency behind a rate limiter never takes the fast path.
func TestRateLimitedCallsTakeThePipeline(t *testing.T) {
	r := mustNew(t, oneDep(10, 10, Dependency{Latency: Latency{Kind: Constant, Value: ms}, Policy: Policy{Timeout: time.Second,
		RateLimiter: &RateLimiterPolicy{Kind: TokenBucketLimiter, Bucket: ratelimit.BucketConfig{Rate: 1, Per: time.Second, Burst: 1}}}}), 1)
	if r.dependencies[0].fast {
		t.Fatal("a rate-limited dependency takes the fast path, which skips the limiter")
	}
}

// overloaded is a front service at twice its capacity: 10 workers, calls
// of a constant 10 ms, 2000 requests a second, an unbounded queue.
func overloaded(sh *ShedPolicy, eps ...Endpoint) *Scenario {
	if len(eps) == 0 {
		eps = []Endpoint{{Name: "e", Rate: 2000, Calls: "d"}}
	}
	return &Scenario{Name: "t", Duration: 10 * time.Second, MeasureTo: 10 * time.Second, Variants: []Variant{{Name: "v", System: System{
		Workers: 10, Queue: QueueUnbounded, Shed: sh, Endpoints: eps,
		Dependencies: []Dependency{{Name: "d", Latency: Latency{Kind: Constant, Value: 10 * ms}}},
	}}}}
}

func maxLatency(e *EndpointSnapshot) time.Duration {
	var m uint32
	for _, us := range e.Latencies {
		m = max(m, us)
	}
	return time.Duration(m) * time.Microsecond
}

func allClasses(d time.Duration) [shed.NumClasses]time.Duration {
	return [shed.NumClasses]time.Duration{d, d, d}
}

// Under a steady overload, shedding keeps the wait of the requests the
// server takes near its bound, where without it the queue grows for ever.
func TestSheddingBoundsTheQueueWait(t *testing.T) {
	plain := runToEnd(t, overloaded(nil))
	if m := maxLatency(&plain.Endpoints[0]); m < 3*time.Second {
		t.Fatalf("without shedding the slowest answer took %v; the test needs a growing queue", m)
	}
	// Estimated wait: exact here (constant service time), so an admitted
	// request waits at most the bound plus the service in progress.
	est := runToEnd(t, overloaded(&ShedPolicy{Signal: shed.Estimated, MaxWait: allClasses(100 * ms), ServiceTime: 10 * ms}))
	e := &est.Endpoints[0]
	if m := maxLatency(e); m > 120*ms {
		t.Fatalf("estimated signal, bound 100 ms: an answer took %v (want at most 100 ms queued + 10 ms busy worker + 10 ms call)", m)
	}
	if est.Shed[shed.Critical] == 0 || est.Shed[shed.Critical] != e.Total[Rejected] {
		t.Fatalf("shed %v, rejected %d: shed requests must be answered as rejected", est.Shed, e.Total[Rejected])
	}
	if e.Total[OK] < 9000 {
		t.Fatalf("only %d answered in 10 s at a capacity of 1000 a second: shedding must keep the workers busy", e.Total[OK])
	}
	// Oldest age: the oldest live request waits at most the bound when a
	// request is taken; the one taken waits for those ahead of it, which
	// arrived within the bound, at twice the rate the server works.
	old := runToEnd(t, overloaded(&ShedPolicy{Signal: shed.OldestAge, MaxWait: allClasses(100 * ms)}))
	// Those arrived within 100 ms at 2000 a second: about 200 of them, at
	// 1000 a second, plus Poisson's spread.
	if m := maxLatency(&old.Endpoints[0]); m > 260*ms {
		t.Fatalf("oldest-age signal, bound 100 ms: an answer took %v", m)
	}
}

// Sheddable work goes first: with one bound per class, the sheddable
// endpoint is refused far more often than the critical one.
func TestSheddableIsShedBeforeCritical(t *testing.T) {
	sh := &ShedPolicy{Signal: shed.OldestAge, MaxWait: [shed.NumClasses]time.Duration{400 * ms, 200 * ms, 20 * ms}}
	s := runToEnd(t, overloaded(sh,
		Endpoint{Name: "page", Rate: 1000, Calls: "d"}, // Class zero: critical
		Endpoint{Name: "prefetch", Rate: 1000, Calls: "d", Class: shed.Sheddable}))
	page, _ := s.Endpoint("page")
	prefetch, _ := s.Endpoint("prefetch")
	if s.Shed[shed.Sheddable] == 0 || s.Shed[shed.Default] != 0 {
		t.Fatalf("shed %v: want sheddable requests shed, no default ones (there are none)", s.Shed)
	}
	if s.Shed[shed.Critical] != page.Total[Rejected] || s.Shed[shed.Sheddable] != prefetch.Total[Rejected] {
		t.Fatalf("shed %v, rejected page %d prefetch %d", s.Shed, page.Total[Rejected], prefetch.Total[Rejected])
	}
	if page.Window.Share(Rejected) > 0.05 || prefetch.Window.Share(Rejected) < 0.9 {
		t.Fatalf("rejected shares: page %.3f, prefetch %.3f; want the critical page nearly always served", page.Window.Share(Rejected), prefetch.Window.Share(Rejected))
	}
}

// Requests whose clients gave up in the queue are not what the signal
// sees. One slow call holds the only worker for 2 s while probes queue
// behind it and give up after 100 ms: no worker comes to drop them, so
// they fill the accept ring. Counted, they would look 2 s old (oldest
// age), or, behind a few patient requests that keep the head live, a
// queue of 100 (estimated), and probes would be shed.
func TestSheddingIgnoresGivenUpRequests(t *testing.T) {
	for _, c := range []struct {
		sh      *ShedPolicy
		patient bool
	}{
		{&ShedPolicy{Signal: shed.OldestAge, MaxWait: allClasses(300 * ms)}, false},
		{&ShedPolicy{Signal: shed.Estimated, MaxWait: allClasses(2 * time.Second), ServiceTime: 100 * ms}, true},
	} {
		eps := []Endpoint{
			{Name: "slow", Interval: 10 * time.Second, Calls: "d"},
			{Name: "probe", Interval: 20 * ms, Patience: 100 * ms, Calls: "d"},
		}
		if c.patient {
			// 10 requests in 2 s that wait for ever: at most 10 + 5
			// probes are live, 15 × 100 ms is under the bound.
			eps = append(eps, Endpoint{Name: "patient", Interval: 200 * ms, Calls: "d"})
		}
		sc := &Scenario{Name: "t", Duration: 2 * time.Second, MeasureTo: 2 * time.Second, Variants: []Variant{{Name: "v", System: System{
			Workers: 1, Queue: QueueUnbounded, Shed: c.sh, Endpoints: eps,
			Dependencies: []Dependency{{Name: "d", Latency: Latency{Kind: Constant, Value: 0},
				Faults: []Fault{{Kind: Slow, From: 0, To: 10 * ms, Latency: 2 * time.Second}}}},
		}}}}
		r := mustNew(t, sc, 2)
		stepEvents(r, func() {
			stale := 0
			for k := 0; k < r.accept.len(); k++ {
				at := (r.accept.head + k) % len(r.accept.ids)
				q := &r.requests[r.accept.ids[at]]
				if uint64(q.gen) == r.accept.stamps[at] && q.clientDone {
					stale++
				}
			}
			if stale != r.frontShed.gaveUp {
				t.Fatalf("%v at %v: %d given-up requests in the accept ring, counted %d", c.sh.Signal, r.now, stale, r.frontShed.gaveUp)
			}
		})
		s := r.Snapshot()
		probe, _ := s.Endpoint("probe")
		if s.Shed != [shed.NumClasses]uint64{} || probe.GaveUp < 90 {
			t.Fatalf("%v: shed %v with %d probes given up: the live queue never passes the bound", c.sh.Signal, s.Shed, probe.GaveUp)
		}
	}
}

// Tenants are drawn by their shares, from a stream of their own: the
// endpoint's traffic and outcomes are those of the same scenario without
// tenants, bit for bit.
func TestTenantSharesAndUnchangedTraffic(t *testing.T) {
	sys := func(tenants bool) System {
		s := cascadeLike().Variants[1].System
		if tenants {
			s.Tenants = []string{"acme", "globex", "initech"}
			s.Endpoints[0].Tenants = []TenantShare{{"acme", 0.7}, {"globex", 0.2}, {"initech", 0.1}}
		}
		return s
	}
	sc := &Scenario{Name: "t", Duration: 30 * time.Second, MeasureFrom: 10 * time.Second, MeasureTo: 30 * time.Second,
		Variants: []Variant{{Name: "plain", System: sys(false)}, {Name: "tenants", System: sys(true)}}}
	snaps, err := RunAll(sc, 4) // replaying shared traffic
	if err != nil {
		t.Fatal(err)
	}
	plain, split := snaps[0], snaps[1]
	if !deepequal.Equal(plain.Endpoints, split.Endpoints) || !deepequal.Equal(plain.Dependencies, split.Dependencies) {
		t.Fatal("adding tenants changed the endpoints' or dependencies' results")
	}
	// Each run drawing its own traffic: the tenant draws must not take
	// numbers from the arrival or traffic streams.
	own := func(v int) Snapshot {
		r, err := New(sc, v, 4)
		if err != nil {
			t.Fatal(err)
		}
		r.Run()
		return r.Snapshot()
	}
	if a, b := own(0), own(1); !deepequal.Equal(a.Endpoints, b.Endpoints) || !deepequal.Equal(a.Endpoints, plain.Endpoints) {
		t.Fatal("adding tenants changed the results of runs that draw their own traffic")
	}
	var arrived uint64
	var total Counts
	for k, want := range []float64{0.7, 0.2, 0.1} {
		ts := split.Tenants[k]
		got := float64(ts.Arrived) / float64(split.Endpoints[0].Arrived)
		if got < want-0.01 || got > want+0.01 {
			t.Errorf("tenant %s drew %.4f of the arrivals, share %.1f", ts.Name, got, want)
		}
		arrived += ts.Arrived
		for o := range total {
			total[o] += ts.Total[o]
		}
	}
	if arrived != split.Endpoints[0].Arrived || total != split.Endpoints[0].Total {
		t.Fatalf("tenants add up to %d arrivals %v, the endpoint has %d %v", arrived, total, split.Endpoints[0].Arrived, split.Endpoints[0].Total)
	}
}

// noisy is three tenants sharing one endpoint, with acme sending a burst
// of 600 extra requests a second from 5 s to 15 s, and a bulkhead on the
// dependency: per tenant (tb), or one shared cap.
func noisy(tb *TenantBulkhead, cap int) *Scenario {
	return &Scenario{Name: "noisy", Duration: 20 * time.Second, MeasureTo: 20 * time.Second, Variants: []Variant{{Name: "v", System: System{
		Workers: 300, Tenants: []string{"acme", "globex", "initech"},
		Endpoints: []Endpoint{{Name: "api", Rate: 90, Calls: "db",
			Tenants: []TenantShare{{"acme", 1.0 / 3}, {"globex", 1.0 / 3}, {"initech", 1.0 / 3}},
			Bursts:  []Burst{{From: 5 * time.Second, To: 15 * time.Second, Rate: 690, Tenant: "acme"}}}},
		Dependencies: []Dependency{{Name: "db", Latency: Latency{Kind: Constant, Value: 50 * ms},
			Policy: Policy{Bulkhead: cap, TenantBulkhead: tb}}},
	}}}}
}

// A noisy tenant's burst is held to its own slots and its part of the
// overflow; the others keep theirs. With one shared cap of the same size,
// the burst takes the slots and the others are refused with it.
func TestNoisyTenantIsLimitedByItsOwnSlots(t *testing.T) {
	tb := &TenantBulkhead{Default: 10, Shared: 4, SharedPerTenant: 2}
	r := mustNew(t, noisy(tb, 0), 6)
	stepEvents(r, func() {
		b := r.dependencies[0].tenantBH
		if b.own[0] > 10 || b.shared[0] > 2 || b.sharedUsed > 4 {
			t.Fatalf("at %v: acme holds %d own and %d shared slots (caps 10 and 2), overflow %d of 4", r.now, b.own[0], b.shared[0], b.sharedUsed)
		}
		// Each slot goes back to the part it came from.
		held := b.sharedUsed
		for k := range 3 {
			if b.own[k] < 0 || b.shared[k] < 0 {
				t.Fatalf("at %v: tenant %d holds %d own and %d shared slots", r.now, k, b.own[k], b.shared[k])
			}
			held += b.own[k]
		}
		if int(held) != r.dependencies[0].bulkhead || b.shared[0]+b.shared[1]+b.shared[2] != b.sharedUsed {
			t.Fatalf("at %v: own and overflow slots add up to %d, %d calls inside", r.now, held, r.dependencies[0].bulkhead)
		}
	})
	s := r.Snapshot()
	acme, globex, initech := s.Tenants[0], s.Tenants[1], s.Tenants[2]
	// About 6000 burst requests at 12 slots of 50 ms (240 a second).
	if acme.Limited < 3000 {
		t.Fatalf("acme was limited %d times; its burst of ~6000 at 240 a second should be about 3600", acme.Limited)
	}
	if globex.Limited != 0 || initech.Limited != 0 || globex.Total[Rejected] != 0 || initech.Total[Rejected] != 0 {
		t.Fatalf("the quiet tenants were refused: globex %d (%v), initech %d (%v)", globex.Limited, globex.Total, initech.Limited, initech.Total)
	}
	if d := s.Dependencies[0]; d.BulkheadFull != acme.Limited || acme.Total[Rejected] != acme.Limited || d.BulkheadCap != 34 {
		t.Fatalf("bulkhead full %d, acme limited %d, rejected %d, cap %d (want 3×10+4)", d.BulkheadFull, acme.Limited, acme.Total[Rejected], d.BulkheadCap)
	}
	shared := runToEnd(t, noisy(nil, 34))
	if shared.Tenants[1].Total[Rejected] == 0 || shared.Tenants[2].Total[Rejected] == 0 {
		t.Fatalf("one shared cap of 34: globex rejected %d, initech %d; the burst should crowd them out",
			shared.Tenants[1].Total[Rejected], shared.Tenants[2].Total[Rejected])
	}
	if shared.Tenants[0].Limited != 0 {
		t.Fatal("Limited counts a plain bulkhead's refusals; it is for a tenant's own share")
	}
}

// A burst raises the arrival rate for its stretch only, and its extra
// traffic is the burst tenant's.
func TestBurstChangesTheRateForItsStretch(t *testing.T) {
	s := runToEnd(t, noisy(nil, 0))
	e := s.Endpoints[0]
	in, out := 0.0, 0.0
	for k, b := range e.Series {
		at := time.Duration(k) * s.SampleEvery
		if at >= 5*time.Second && at < 15*time.Second {
			in += float64(b.Arrivals)
		} else {
			out += float64(b.Arrivals)
		}
	}
	if rate := in / 10; rate < 650 || rate > 730 {
		t.Errorf("%.0f arrivals a second during the burst, want about 690", rate)
	}
	if rate := out / 10; rate < 80 || rate > 100 {
		t.Errorf("%.0f arrivals a second outside the burst, want about 90", rate)
	}
	acme, globex := s.Tenants[0].Arrived, s.Tenants[1].Arrived
	if want := 600.0*10 + 30*20; float64(acme) < want*0.95 || float64(acme) > want*1.05 {
		t.Errorf("acme sent %d, want about %.0f (its share plus the burst)", acme, want)
	}
	if want := 30.0 * 20; float64(globex) < want*0.85 || float64(globex) > want*1.15 {
		t.Errorf("globex sent %d, want about %.0f", globex, want)
	}
}

// An endpoint whose traffic starts with a burst (a rate of zero outside)
// sends only during it.
func TestBurstFromSilence(t *testing.T) {
	sc := oneDep(10, 0, Dependency{Latency: Latency{Kind: Constant, Value: ms}})
	sc.Variants[0].System.Endpoints[0].Bursts = []Burst{{From: 2 * time.Second, To: 4 * time.Second, Rate: 100}}
	r := mustNew(t, sc, 9)
	first := time.Duration(-1)
	stepEvents(r, func() {
		if first < 0 && r.endpoints[0].arrived > 0 {
			first = r.now
		}
	})
	if n := r.endpoints[0].arrived; n < 150 || n > 250 || first < 2*time.Second {
		t.Fatalf("%d arrivals, first at %v; want about 200, from 2 s", n, first)
	}
}

// A run with every new limit allocates nothing once warmed up.
func TestLimitsHotPathDoesNotAllocate(t *testing.T) {
	sc := limitedScenario()
	r := mustNew(t, sc, 5)
	r.AdvanceTo(12 * time.Second)
	if allocs := testing.AllocsPerRun(5, func() { r.Advance(time.Second) }); allocs != 0 {
		t.Fatalf("%.0f allocations per simulated second", allocs)
	}
	s := r.Snapshot()
	if s.Dependencies[0].RateLimited == 0 || s.Shed == [shed.NumClasses]uint64{} || s.Tenants[0].Limited == 0 {
		t.Fatalf("the scenario must use every limit: rate limited %d, shed %v, limited %d", s.Dependencies[0].RateLimited, s.Shed, s.Tenants[0].Limited)
	}
}

// limitedScenario uses a rate limiter, load shedding, tenants, a burst and
// a per-tenant bulkhead at once.
func limitedScenario() *Scenario {
	sc := noisy(&TenantBulkhead{Default: 10, Shared: 4, SharedPerTenant: 2}, 0)
	sys := &sc.Variants[0].System
	sys.Workers, sys.Queue = 20, QueueUnbounded
	sys.Shed = &ShedPolicy{Signal: shed.Estimated, MaxWait: [shed.NumClasses]time.Duration{time.Second, 200 * ms, 50 * ms}, ServiceTime: 50 * ms}
	sys.Endpoints[0].Class = shed.Default
	sys.Endpoints = append(sys.Endpoints, Endpoint{Name: "search", Rate: 400, Calls: "index", Class: shed.Sheddable, Patience: 300 * ms})
	sys.Dependencies = append(sys.Dependencies, Dependency{Name: "index", Latency: Latency{Kind: Exponential, Mean: 40 * ms},
		Policy: Policy{Timeout: 200 * ms, RateLimiter: &RateLimiterPolicy{Kind: PeriodLimiter,
			Period: ratelimit.PeriodConfig{LimitForPeriod: 30, LimitRefreshPeriod: 100 * ms, TimeoutDuration: 20 * ms}}}})
	// The rate-limited dependency first, for the test's convenience.
	sys.Dependencies[0], sys.Dependencies[1] = sys.Dependencies[1], sys.Dependencies[0]
	return sc
}

func BenchmarkLimits(b *testing.B) {
	sc := limitedScenario()
	b.ReportAllocs()
	var n uint64
	for b.Loop() {
		r, err := New(sc, 0, 5)
		if err != nil {
			b.Fatal(err)
		}
		r.Run()
		for i := range r.endpoints {
			n += r.endpoints[i].arrived
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "requests/s")
}

// Calls without a tenant share one group of the per-tenant bulkhead, with
// the Default slots (exercise 15: any tenant not named gets Default).
func TestTenantBulkheadCallsWithoutATenant(t *testing.T) {
	sc := oneDep(50, 0, Dependency{Latency: Latency{Kind: Constant, Value: time.Second},
		Policy: Policy{TenantBulkhead: &TenantBulkhead{Own: []TenantSlots{{"acme", 5}}, Default: 2}}})
	sys := &sc.Variants[0].System
	sys.Tenants = []string{"acme"}
	sys.Endpoints[0].Interval = 100 * ms
	r := mustNew(t, sc, 1)
	stepEvents(r, func() {
		if b := r.dependencies[0].tenantBH; b.own[anonTenant] > 2 || r.dependencies[0].bulkhead > 2 {
			t.Fatalf("at %v: %d calls without a tenant inside, default 2", r.now, b.own[anonTenant])
		}
	})
	s := r.Snapshot()
	if e := s.Endpoints[0]; e.Total[OK] < 35 || e.Total[OK] > 42 || e.Total[Rejected] < 150 {
		t.Fatalf("outcomes %v: want about 2 calls a second through (20 s), the rest refused", e.Total)
	}
	if s.Tenants[0].Arrived != 0 || s.Dependencies[0].BulkheadCap != 7 {
		t.Fatalf("acme arrived %d (none sent), cap %d (want 5 + 2)", s.Tenants[0].Arrived, s.Dependencies[0].BulkheadCap)
	}
}

// Reset gives what New gives for a run with every limit.
func TestResetWithLimits(t *testing.T) {
	var r Run
	if err := r.Reset(cascadeLike(), 2, 1); err != nil {
		t.Fatal(err)
	}
	r.Run()
	sc := limitedScenario()
	if err := r.Reset(sc, 0, 7); err != nil {
		t.Fatal(err)
	}
	r.Run()
	fresh := mustNew(t, sc, 7)
	fresh.Run()
	a, b := r.Snapshot(), fresh.Snapshot()
	if len(a.Transitions) != 0 || len(b.Transitions) != 0 {
		t.Fatalf("transitions %v and %v in a scenario without a breaker", a.Transitions, b.Transitions)
	}
	// A reset run's empty transitions keep the earlier run's array.
	a.Transitions, b.Transitions = nil, nil
	if !deepequal.Equal(a, b) {
		t.Fatal("a reset run with limits differs from a new one")
	}
}

func TestValidateLimits(t *testing.T) {
	for _, c := range []struct {
		want string
		edit func(*System)
	}{
		{"class must be critical, default or sheddable", func(s *System) { s.Endpoints[0].Class = 7 }},
		{"a per-tenant bulkhead never makes calls wait", func(s *System) { s.Dependencies[1].Policy.BulkheadWait = time.Second }},
		{"has no slots at all", func(s *System) {
			s.Dependencies[1].Policy.TenantBulkhead = &TenantBulkhead{Own: []TenantSlots{{"acme", 0}}}
		}},
		{"rate limiter kind must be bucket or period", func(s *System) {
			s.Dependencies[0].Policy.RateLimiter = &RateLimiterPolicy{}
		}},
		{"expects about", func(s *System) { s.Endpoints[0].Bursts[0].Rate = MaxRate }},
		{"shedding bound for sheddable", func(s *System) { s.Shed.MaxWait[shed.Sheddable] = time.Hour }},
	} {
		sc := limitedScenario()
		sc.Duration, sc.MeasureTo = 20*time.Minute, 20*time.Minute
		sc.Variants[0].System.Endpoints[0].Bursts[0].To = 20 * time.Minute
		if err := sc.Validate(); err != nil {
			t.Fatalf("the base scenario is invalid: %v", err)
		}
		c.edit(&sc.Variants[0].System)
		err := sc.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("want an error containing %q, got %v", c.want, err)
		}
	}
}
