package engine

import (
	"testing"
	"time"
	"unsafe"

	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// overloadedChain is a front that sends 200 calls a second to a service
// of 8 workers that each take 100 ms: twice what it can do.
func overloadedChain(sh *ShedPolicy, tenants bool) *Scenario {
	sys := System{Workers: 400, Queue: 0,
		Endpoints:    []Endpoint{{Name: "page", Rate: 200, Calls: "api", Class: shed.Default}},
		Dependencies: []Dependency{{Name: "api", Service: "api", Policy: Policy{Timeout: 5 * time.Second}}},
		Services:     []Service{{Name: "api", Workers: 8, Queue: 1000, Work: Latency{Kind: Constant, Value: 100 * time.Millisecond}, Shed: sh}},
	}
	if tenants {
		sys.Tenants = []string{"acme", "globex"}
		sys.Endpoints[0].Tenants = []TenantShare{{Tenant: "acme", Share: 0.5}, {Tenant: "globex", Share: 0.5}}
	}
	return &Scenario{Name: "overload", Duration: 20 * time.Second, MeasureTo: 20 * time.Second, Variants: []Variant{{Name: "v", System: sys}}}
}

// A service's own load shedding keeps its queue's wait near the bound,
// where without it the queue grows for the whole run; the refusals are
// counted per class in the service's snapshot.
func TestServiceShedsItsOwnQueue(t *testing.T) {
	p := &ShedPolicy{Signal: shed.OldestAge, MaxWait: [shed.NumClasses]time.Duration{time.Second, 200 * time.Millisecond, 200 * time.Millisecond}}
	for _, tc := range []struct {
		sh   *ShedPolicy
		name string
	}{{nil, "no shedding"}, {p, "shedding"}} {
		r, err := New(overloadedChain(tc.sh, false), 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		maxQueued := 0
		for r.Now() < 20*time.Second {
			r.Advance(10 * time.Millisecond)
			s := r.Snapshot()
			maxQueued = max(maxQueued, s.Services[0].Queued)
		}
		r.Run()
		s := r.Snapshot()
		api := s.Services[0]
		t.Logf("%s: queued at most %d, shed %v, answered %v", tc.name, maxQueued, api.Shed, api.Answered)
		if tc.sh == nil {
			// The front's 400 workers, each held up to its 5 s timeout, are
			// what bounds the queue.
			if api.Shed != [shed.NumClasses]uint64{} || maxQueued < 300 {
				t.Errorf("without shedding the queue should grow past 300 and nothing be shed: %d, %v", maxQueued, api.Shed)
			}
			continue
		}
		// The oldest-age signal takes calls while the oldest waiting one
		// has waited under 200 ms: at 200 arrivals a second, about 40.
		if maxQueued > 60 {
			t.Errorf("with a 200 ms bound the queue should stay near 40, got %d", maxQueued)
		}
		if api.Shed[shed.Default] == 0 || api.Shed[shed.Critical] != 0 {
			t.Errorf("default-class calls should be shed, critical ones not sent: %v", api.Shed)
		}
		if api.Answered[Rejected] != api.Shed[shed.Default] {
			t.Errorf("every shed call is answered rejected: %d rejected, %d shed", api.Answered[Rejected], api.Shed[shed.Default])
		}
	}
}

// A child carries its caller's tenant, so a per-tenant bulkhead on a
// service's own edge sees whose call it is.
func TestChildrenCarryTheTenant(t *testing.T) {
	sc := overloadedChain(nil, true)
	sys := &sc.Variants[0].System
	sys.Services[0].Work = Latency{}
	sys.Services[0].Calls = "db"
	sys.Services[0].Dependencies = []Dependency{{Name: "db", Latency: Latency{Kind: Constant, Value: 100 * time.Millisecond},
		Policy: Policy{TenantBulkhead: &TenantBulkhead{Own: []TenantSlots{{Tenant: "acme", Slots: 2}}, Default: 6}}}}
	r, err := New(sc, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	s := r.Snapshot()
	// acme's 100 calls a second need 10 slots and have 2; globex's need
	// 10 and have 6: both are limited, acme far more.
	var acme, globex TenantSnapshot
	for _, ts := range s.Tenants {
		switch ts.Name {
		case "acme":
			acme = ts
		case "globex":
			globex = ts
		}
	}
	edge := s.Services[0].Dependencies[0]
	t.Logf("edge: bulkhead full %d; acme ok %d, globex ok %d", edge.BulkheadFull, acme.Total[OK], globex.Total[OK])
	if acme.Total[OK] == 0 || globex.Total[OK] < 2*acme.Total[OK] {
		t.Errorf("acme has 2 slots and globex 6: globex should get about 3 times acme's answers, got %d and %d", globex.Total[OK], acme.Total[OK])
	}
}

// A restart gives an instance a fresh rate limiter, full, as a new
// process's would be.
func TestRestartRefillsTheLimiter(t *testing.T) {
	sc := overloadedChain(nil, false)
	sys := &sc.Variants[0].System
	sys.Services[0].Work = Latency{}
	sys.Services[0].Calls = "db"
	sys.Services[0].Faults = []ServiceFault{{Kind: InstanceRestart, Instance: AllInstances, From: 10 * time.Second, To: 10*time.Second + time.Millisecond}}
	sys.Services[0].Dependencies = []Dependency{{Name: "db", Latency: Latency{Kind: Constant, Value: time.Millisecond},
		Policy: Policy{RateLimiter: &RateLimiterPolicy{Kind: TokenBucketLimiter, Bucket: ratelimit.BucketConfig{Rate: 10, Per: time.Second, Burst: 50}}}}}
	count := func(restart bool) uint64 {
		sc := sc
		if !restart {
			c := *sc
			c.Variants = []Variant{{Name: "v", System: *sys}}
			c.Variants[0].System.Services = []Service{sys.Services[0]}
			c.Variants[0].System.Services[0].Faults = nil
			sc = &c
		}
		r, err := New(sc, 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		r.Run()
		s := r.Snapshot()
		return s.Services[0].Dependencies[0].Calls
	}
	with, without := count(true), count(false)
	// 20 s at 10 a second plus a burst of 50; the restart adds a second
	// burst of 50 (less the few calls lost in the millisecond it is down).
	if with < without+40 {
		t.Errorf("a restart should refill the bucket: %d calls with it, %d without", with, without)
	}
}

// The request record stays small: every arrival writes it whole.
func TestRequestStaysSmall(t *testing.T) {
	if n := unsafe.Sizeof(request{}); n > 120 {
		t.Errorf("request is %d bytes", n)
	}
}

// A child whose propagated deadline has passed by the time its own call
// enters the timeout layer (its work took longer than the deadline) times
// that call out at once. Found by TestPropertyServiceStepsEqualRun: with
// the timeout layer outside a retry layer, the timer was set in the past,
// which the timing wheel cannot hold, and runs stepped differently gave
// different answers (debugChecks now panics on such an event).
func TestDeadlinePassedBeforeTheTimeoutLayer(t *testing.T) {
	policy := Policy{Timeout: time.Second, PropagateDeadline: true,
		Order: []Layer{LayerTimeout, LayerBreaker, LayerRetry, LayerBulkhead},
		Retry: &RetryPolicy{Attempts: 3, Backoff: retry.Backoff{Base: 10 * time.Millisecond, Max: 20 * time.Millisecond}}}
	sc := &Scenario{Name: "late", Duration: 2 * time.Second, MeasureTo: 2 * time.Second, Variants: []Variant{{Name: "v", System: System{
		Workers: 10, Queue: -1,
		Endpoints:    []Endpoint{{Name: "page", Rate: 50, Calls: "api", Patience: 50 * time.Millisecond}},
		Dependencies: []Dependency{{Name: "api", Service: "api", Policy: Policy{PropagateDeadline: true}}},
		Services: []Service{{Name: "api", Workers: 100, Queue: -1, Work: Latency{Kind: Constant, Value: 80 * time.Millisecond}, Calls: "db",
			Dependencies: []Dependency{{Name: "db", Latency: Latency{Kind: Constant, Value: time.Millisecond}, Policy: policy}}}},
	}}}}
	whole, err := New(sc, 0, 3)
	if err != nil {
		t.Fatal(err)
	}
	whole.Run()
	stepped, _ := New(sc, 0, 3)
	for stepped.Now() < stepped.End() {
		stepped.Advance(7 * time.Millisecond)
	}
	a, b := whole.Snapshot(), stepped.Snapshot()
	if a.Services[0].Dependencies[0].DeadlineExceeded == 0 {
		t.Fatalf("the db call should find its deadline passed: %+v", a.Services[0].Dependencies[0])
	}
	if a.Services[0].Answered != b.Services[0].Answered || a.Endpoints[0].Total != b.Endpoints[0].Total {
		t.Errorf("stepped in 7 ms frames the run differs: %v vs %v", a.Services[0].Answered, b.Services[0].Answered)
	}
}

// A restarted instance's period limiter counts its refresh cycles from the
// new process's start, as Resilience4j's AtomicRateLimiter counts them
// from its constructor (nanoTimeStart = nanoTime() in
// AtomicRateLimiter.java), not from the run's start. Five permits every
// 4 s, none waited for, under far more traffic than that: cycles at 0, 4
// and 8 s before the restart (10 s to 11 s), then one from 11 s to 15 s,
// so 20 calls reach db by 14.5 s. Counted from the run's start, the
// restarted limiter would refill at 12 s and let 25 through.
func TestRestartedLimiterCountsCyclesFromItsStart(t *testing.T) {
	limiter := &RateLimiterPolicy{Kind: PeriodLimiter, Period: ratelimit.PeriodConfig{LimitForPeriod: 5, LimitRefreshPeriod: 4 * time.Second}}
	sc := &Scenario{Name: "restart", Duration: 14500 * time.Millisecond, MeasureTo: 14500 * time.Millisecond, Variants: []Variant{{Name: "v", System: System{
		Workers: 100, Queue: -1,
		Endpoints:    []Endpoint{{Name: "page", Rate: 100, Calls: "api"}},
		Dependencies: []Dependency{{Name: "api", Service: "api"}},
		Services: []Service{{Name: "api", Workers: 100, Queue: -1, Calls: "db",
			Faults:       []ServiceFault{{Kind: InstanceRestart, Instance: 0, From: 10 * time.Second, To: 11 * time.Second}},
			Dependencies: []Dependency{{Name: "db", Latency: Latency{Kind: Constant, Value: time.Millisecond}, Policy: Policy{RateLimiter: limiter}}}}},
	}}}}
	r, err := New(sc, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	if got := r.Snapshot().Services[0].Dependencies[0].Calls; got != 20 {
		t.Errorf("db got %d calls, want 20: 15 in the cycles at 0, 4 and 8 s, 5 in the restarted limiter's first cycle from 11 s", got)
	}
}
