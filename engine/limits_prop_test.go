package engine

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/shed"
	"github.com/breakerlab/breakerlab/internal/deepequal"
	"pgregory.net/rapid"
)

// Property tests of issue 14's limits, in run_test.go's style: random
// scenarios (genScenario's) given tenants, shares, bursts, classes, load
// shedding, rate limiters and per-tenant bulkheads.

// genLimitedScenario adds the limits to a genScenario scenario.
func genLimitedScenario(t *rapid.T) *Scenario {
	sc := genScenario(t)
	sys := &sc.Variants[0].System
	duration := sc.Duration
	nT := rapid.IntRange(0, 4).Draw(t, "tenants")
	for k := range nT {
		sys.Tenants = append(sys.Tenants, fmt.Sprintf("t%d", k))
	}
	for i := range sys.Endpoints {
		e := &sys.Endpoints[i]
		e.Class = shed.Class(rapid.IntRange(0, 2).Draw(t, "class"))
		if nT > 0 && rapid.Bool().Draw(t, "split") {
			k := rapid.IntRange(1, nT).Draw(t, "shares")
			left := 1.0
			for j := range k {
				share := left
				if j < k-1 {
					share = left * rapid.Float64Range(0, 1).Draw(t, "share")
				}
				left -= share
				e.Tenants = append(e.Tenants, TenantShare{Tenant: sys.Tenants[j], Share: share})
			}
		}
		if e.Interval == 0 && rapid.Bool().Draw(t, "bursty") {
			at := time.Duration(0)
			for range rapid.IntRange(1, 3).Draw(t, "bursts") {
				from := at + time.Duration(rapid.IntRange(0, 3000).Draw(t, "burstGap"))*ms
				to := from + time.Duration(rapid.IntRange(1, 5000).Draw(t, "burstLen"))*ms
				if to > duration {
					break
				}
				b := Burst{From: from, To: to, Rate: rapid.Float64Range(0, 600).Draw(t, "burstRate")}
				if nT > 0 && rapid.Bool().Draw(t, "tenantBurst") {
					b.Tenant = sys.Tenants[rapid.IntRange(0, nT-1).Draw(t, "burstTenant")]
					b.Rate = max(b.Rate, e.Rate)
				}
				e.Bursts = append(e.Bursts, b)
				at = to
			}
		}
	}
	if rapid.Bool().Draw(t, "shed") {
		c := time.Duration(rapid.IntRange(1, 2000).Draw(t, "critMs")) * ms
		d := time.Duration(rapid.Int64Range(1, int64(c)).Draw(t, "defaultNs"))
		s := time.Duration(rapid.Int64Range(1, int64(d)).Draw(t, "sheddableNs"))
		sys.Shed = &ShedPolicy{Signal: shed.Signal(rapid.IntRange(0, 1).Draw(t, "signal")), MaxWait: [shed.NumClasses]time.Duration{c, d, s},
			ServiceTime: time.Duration(rapid.IntRange(1, 500).Draw(t, "serviceMs")) * ms}
	}
	for i := range sys.Dependencies {
		p := &sys.Dependencies[i].Policy
		if rapid.Bool().Draw(t, "limiter") {
			if rapid.Bool().Draw(t, "bucket") {
				p.RateLimiter = &RateLimiterPolicy{Kind: TokenBucketLimiter, Bucket: ratelimit.BucketConfig{
					Rate:    rapid.IntRange(1, 100).Draw(t, "rlRate"),
					Per:     time.Duration(rapid.IntRange(1, 2000).Draw(t, "rlPerMs")) * ms,
					Burst:   rapid.IntRange(1, 20).Draw(t, "rlBurst"),
					MaxWait: time.Duration(rapid.IntRange(0, 2000).Draw(t, "rlMaxWaitMs")) * ms,
				}}
			} else {
				p.RateLimiter = &RateLimiterPolicy{Kind: PeriodLimiter, Period: ratelimit.PeriodConfig{
					LimitForPeriod:     rapid.IntRange(1, 50).Draw(t, "rlLimit"),
					LimitRefreshPeriod: time.Duration(rapid.IntRange(1, 2000).Draw(t, "rlPeriodMs")) * ms,
					TimeoutDuration:    time.Duration(rapid.IntRange(0, 2000).Draw(t, "rlTimeoutMs")) * ms,
				}}
			}
			if p.Order != nil && rapid.Bool().Draw(t, "placeLimiter") {
				at := rapid.IntRange(0, len(p.Order)).Draw(t, "limiterAt")
				order := append([]Layer(nil), p.Order[:at]...)
				p.Order = append(append(order, LayerRateLimiter), p.Order[at:]...)
			}
		}
		if nT > 0 && rapid.Bool().Draw(t, "tenantBulkhead") {
			tb := &TenantBulkhead{
				Default:         rapid.IntRange(0, 5).Draw(t, "tbDefault"),
				Shared:          rapid.IntRange(0, 5).Draw(t, "tbShared"),
				SharedPerTenant: rapid.IntRange(0, 3).Draw(t, "tbPerTenant"),
			}
			for k := range nT {
				if rapid.Bool().Draw(t, "tbOwn") {
					tb.Own = append(tb.Own, TenantSlots{Tenant: sys.Tenants[k], Slots: rapid.IntRange(0, 5).Draw(t, "tbSlots")})
				}
			}
			if tb.Default+tb.Shared == 0 {
				tb.Shared = 1
			}
			p.TenantBulkhead = tb
			p.Bulkhead, p.BulkheadWait, p.BulkheadQueue, p.BulkheadKind = 0, 0, 0, SemaphoreBulkhead
		}
	}
	return sc
}

// checkLimitInvariants looks inside the run for what the limits must keep.
func checkLimitInvariants(t *rapid.T, r *Run) {
	checkInvariants(t, r)
	for i := range r.dependencies {
		ds := &r.dependencies[i]
		parked, inBH := 0, 0
		var own, shared [MaxTenants + 1]int32
		for k := range r.requests {
			q := &r.requests[k]
			if q.ep < 0 || int(q.dep) != i {
				continue
			}
			if q.waitingRL {
				parked++
			}
			if q.inBH {
				inBH++
				tn := int(q.tenant)
				if tn < 0 {
					tn = anonTenant
				}
				if q.inShared {
					shared[tn]++
				} else {
					own[tn]++
				}
			}
		}
		if parked != ds.rateWaiting {
			t.Fatalf("at %v: %d calls parked at the rate limiter, counted %d", r.now, parked, ds.rateWaiting)
		}
		if b := ds.tenantBH; b != nil {
			if inBH != ds.bulkhead {
				t.Fatalf("at %v: %d calls hold a tenant slot, counted %d", r.now, inBH, ds.bulkhead)
			}
			var sharedSum int32
			for tn := range own {
				if own[tn] != b.own[tn] || shared[tn] != b.shared[tn] {
					t.Fatalf("at %v: tenant %d holds %d own and %d shared slots, counted %d and %d", r.now, tn, own[tn], shared[tn], b.own[tn], b.shared[tn])
				}
				if b.own[tn] > b.ownCap[tn] || (b.sharedPerTenant > 0 && b.shared[tn] > b.sharedPerTenant) {
					t.Fatalf("at %v: tenant %d holds %d of its %d slots and %d of the overflow (at most %d)", r.now, tn, b.own[tn], b.ownCap[tn], b.shared[tn], b.sharedPerTenant)
				}
				sharedSum += b.shared[tn]
			}
			if sharedSum != b.sharedUsed || b.sharedUsed > b.sharedCap {
				t.Fatalf("at %v: overflow %d used (sum %d) of %d", r.now, b.sharedUsed, sharedSum, b.sharedCap)
			}
		}
	}
	if s := r.frontShed; s != nil {
		stale := 0
		for k := 0; k < r.accept.len(); k++ {
			at := (r.accept.head + k) % len(r.accept.ids)
			q := &r.requests[r.accept.ids[at]]
			if uint64(q.gen) == r.accept.stamps[at] && q.clientDone {
				stale++
			}
		}
		if stale != s.gaveUp {
			t.Fatalf("at %v: %d given-up requests in the accept ring, counted %d", r.now, stale, s.gaveUp)
		}
	}
	for k := range r.tenants {
		ts := &r.tenants[k]
		open := uint64(0)
		for j := range r.requests {
			if q := &r.requests[j]; q.ep >= 0 && int(q.tenant) == k && !q.clientDone {
				open++
			}
		}
		if ts.total.Total()+open != ts.arrived {
			t.Fatalf("at %v: tenant %d: %d outcomes + %d waiting != %d arrivals", r.now, k, ts.total.Total(), open, ts.arrived)
		}
	}
}

// Step event by event through random scenarios with limits: every arrival
// gets one outcome, per endpoint and per tenant; no bulkhead, per-tenant
// part or overflow holds more than its size; every parked or given-up
// request is counted where it is.
func TestPropertyLimitsInvariants(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genLimitedScenario(t)
		r, err := New(sc, 0, rapid.Uint64().Draw(t, "seed"))
		if err != nil {
			t.Fatalf("generated an invalid scenario: %v", err)
		}
		for r.queue.len() > 0 && r.now < r.end {
			r.AdvanceTo(r.queue.peek().at)
			checkLimitInvariants(t, r)
		}
		r.Run()
		checkLimitInvariants(t, r)
		if r.open != 0 || !r.Done() {
			t.Fatalf("run ended with %d open requests", r.open)
		}
		snap := r.Snapshot()
		var arrived, rejected, shedTotal uint64
		for _, e := range snap.Endpoints {
			if e.Total.Total() != e.Arrived {
				t.Fatalf("endpoint %s: %d arrivals but %d outcomes", e.Name, e.Arrived, e.Total.Total())
			}
			arrived += e.Arrived
			rejected += e.Total[Rejected]
		}
		var tenantArrived, limited, full uint64
		for _, ts := range snap.Tenants {
			if ts.Total.Total() != ts.Arrived || ts.Window.Total() > ts.Total.Total() {
				t.Fatalf("tenant %s: %d arrivals, outcomes %v, window %v", ts.Name, ts.Arrived, ts.Total, ts.Window)
			}
			tenantArrived += ts.Arrived
			limited += ts.Limited
		}
		for _, d := range snap.Dependencies {
			full += d.BulkheadFull
		}
		// Limited counts refused calls (a retry may be refused again),
		// each one a full bulkhead too.
		if limited > full {
			t.Fatalf("tenants limited %d times, bulkheads full %d", limited, full)
		}
		for _, n := range snap.Shed {
			shedTotal += n
		}
		if tenantArrived > arrived || shedTotal > rejected {
			t.Fatalf("tenants' arrivals %d of %d; shed %d of %d rejected", tenantArrived, arrived, shedTotal, rejected)
		}
	})
}

// The same scenario and seed give the same result, run to the end or
// stepped in any sizes (the tenant and burst draws included).
func TestPropertyLimitsDeterministic(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genLimitedScenario(t)
		seed := rapid.Uint64().Draw(t, "seed")
		whole, err := New(sc, 0, seed)
		if err != nil {
			t.Fatalf("generated an invalid scenario: %v", err)
		}
		whole.Run()
		stepped, _ := New(sc, 0, seed)
		for stepped.Now() < stepped.End() {
			stepped.Advance(time.Duration(rapid.Int64Range(1, int64(3*time.Second)).Draw(t, "dt")))
		}
		if a, b := whole.Snapshot(), stepped.Snapshot(); !deepequal.Equal(a, b) {
			t.Fatalf("stepped run differs from one run:\n%+v\n%+v", a.Endpoints, b.Endpoints)
		}
		// Shared traffic (RunAll's way) gives what a run drawing its own does.
		tr, err := NewTraffic(sc, seed)
		if err != nil {
			t.Fatal(err)
		}
		shared, _ := NewShared(sc, 0, tr)
		shared.Run()
		if a, b := whole.Snapshot(), shared.Snapshot(); !deepequal.Equal(a, b) {
			t.Fatalf("a run replaying shared traffic differs:\n%+v\n%+v", a.Endpoints, b.Endpoints)
		}
	})
}

// No window of a run sees more permits of a rate limiter than its rule
// allows (package ratelimit's own property, re-checked end to end through
// random scenarios, whatever the layers around the limiter do): a token
// bucket lets at most Burst + W × Rate / Per through in any window of
// length W, a period limiter at most limitForPeriod in a cycle.
func TestPropertyRateLimiterBoundEndToEnd(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genLimitedScenario(t)
		r, err := New(sc, 0, rapid.Uint64().Draw(t, "seed"))
		if err != nil {
			t.Fatalf("generated an invalid scenario: %v", err)
		}
		passed := make([][]time.Duration, len(r.dependencies))
		seen := make([]uint64, len(r.dependencies))
		stepEvents(r, func() {
			for i := range r.dependencies {
				for n := r.dependencies[i].ratePassed; seen[i] < n; seen[i]++ {
					passed[i] = append(passed[i], r.now)
				}
			}
		})
		for i := range r.dependencies {
			rl := r.dependencies[i].cfg.Policy.RateLimiter
			if rl == nil {
				if len(passed[i]) > 0 {
					t.Fatalf("dependency %d has no limiter but passed %d calls through one", i, len(passed[i]))
				}
				continue
			}
			used := passed[i]
			switch rl.Kind {
			case TokenBucketLimiter:
				// For all i <= j: (j-i+1-Burst)·Per <= (t_j - t_i + 1)·Rate,
				// that is f(j) <= g(i) with the terms of each side apart,
				// checked against the smallest g so far.
				c := rl.Bucket
				per, rate := int64(c.Per), int64(c.Rate)
				minG := int64(0)
				for j, at := range used {
					if g := int64(j)*per - int64(at)*rate; j == 0 || g < minG {
						minG = g
					}
					if f := int64(j+1-c.Burst)*per - (int64(at)+1)*rate; f > minG {
						t.Fatalf("dependency %d: %d permits by %v break a bucket of %d per %v, burst %d", i, j+1, at, c.Rate, c.Per, c.Burst)
					}
				}
			case PeriodLimiter:
				c := rl.Period
				perCycle := map[int64]int{}
				for _, at := range used {
					k := int64(at / c.LimitRefreshPeriod)
					if perCycle[k]++; perCycle[k] > c.LimitForPeriod {
						t.Fatalf("dependency %d: cycle %d let %d permits through, limit %d", i, k, perCycle[k], c.LimitForPeriod)
					}
				}
			}
		}
	})
}
