package lessons

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// The knobs of services, their edges, shedding, rate limiters and tenants
// set the fields they name, and the engine accepts the result.
func TestSetKnobServices(t *testing.T) {
	sc := scenarios.MultiHop()
	sys := &sc.Variants[1].System
	orders, inventory := &sys.Services[0], &sys.Services[1]
	set := func(path string, val any) {
		t.Helper()
		if err := SetKnob(sc, 1, path, val); err != nil {
			t.Fatalf("%s = %v: %v", path, val, err)
		}
	}
	set("orders.workers", int64(50))
	set("orders.queue", int64(7))
	set("orders.instances", int64(3))
	set("orders.balancer", "least-outstanding")
	set("orders.work.value", "8ms")
	set("orders/inventory.timeout", "250ms")
	set("orders/inventory.breaker.preset", "resilience4j")
	set("orders/inventory.breaker.failure_rate", 0.5)
	set("orders/inventory.cancel", "propagate")
	set("inventory/database.latency.p50", "20ms")
	set("inventory/database.fault.from", "25s")
	set("orders.propagate_deadline", true)
	set("orders.deadline_margin", "5ms")
	set("orders.ratelimiter.rate", int64(40))
	set("inventory.shed.max_wait", "300ms")
	set("inventory.shed.max_wait.sheddable", "100ms")
	set("shed.max_wait", "1s")
	set("order-page.class", "sheddable")
	if orders.Workers != 50 || orders.Queue != 7 || orders.Instances != 3 || orders.Balancer != engine.LeastOutstanding {
		t.Errorf("orders is %d workers, queue %d, %d instances, %v", orders.Workers, orders.Queue, orders.Instances, orders.Balancer)
	}
	if orders.Work != (engine.Latency{Kind: engine.Constant, Value: 8 * time.Millisecond}) {
		t.Errorf("orders' work %+v", orders.Work)
	}
	if p := orders.Dependencies[0].Policy; p.Timeout != 250*time.Millisecond || p.Breaker == nil || p.Breaker.FailureRate != 0.5 || p.Cancel != engine.CancelPropagate {
		t.Errorf("orders/inventory's policy %+v", p)
	}
	if d := inventory.Dependencies[0]; d.Latency.P50 != 20*time.Millisecond || d.Faults[0].From != 25*time.Second {
		t.Errorf("inventory/database %+v", d)
	}
	front := sys.Dependencies[0].Policy
	if !front.PropagateDeadline || front.DeadlineMargin != 5*time.Millisecond {
		t.Errorf("the front's edge %+v", front)
	}
	// A rate limiter set from nothing is a token bucket as a file's table
	// with only a rate would make: a second's span, a burst of the rate.
	if rl := front.RateLimiter; rl == nil || rl.Kind != engine.TokenBucketLimiter || rl.Bucket != (ratelimit.BucketConfig{Rate: 40, Per: time.Second, Burst: 40}) {
		t.Errorf("rate limiter %+v", rl)
	}
	ms := time.Millisecond
	if s := inventory.Shed; s == nil || s.MaxWait != [shed.NumClasses]time.Duration{300 * ms, 300 * ms, 100 * ms} {
		t.Errorf("inventory's shedding %+v", s)
	}
	if s := sys.Shed; s == nil || s.MaxWait != [shed.NumClasses]time.Duration{time.Second, time.Second, time.Second} {
		t.Errorf("the front's shedding %+v", s)
	}
	if sys.Endpoints[1].Class != shed.Sheddable {
		t.Errorf("order-page's class %v", sys.Endpoints[1].Class)
	}
	if err := sc.Validate(); err != nil {
		t.Errorf("the engine refuses the knobs: %v", err)
	}
	// Only variant 2 changed.
	if other := scenarios.MultiHop(); sc.Variants[2].System.Services[0].Workers != other.Variants[2].System.Services[0].Workers {
		t.Error("a knob of variant 2 changed variant 3")
	}

	for _, c := range []struct {
		path string
		val  any
		want string
	}{
		{"orders.ratelimiter.limit_for_period", int64(5), "bucket limiter"},
		{"orders.workerz", int64(5), `no knob "orders.workerz"`},
		{"orders.latency.mean", "5ms", `no knob "orders.latency.mean"`}, // an edge to a service has no latency of its own
		{"orders/database.timeout", "1s", `no knob`},                    // orders calls inventory, not the database
		{"orders.per_tenant_bulkhead.own.acme", int64(3), `no knob`},    // no tenants here
		{"orders.balancer", "fastest", "unknown balancer"},
		{"orders/inventory.cancel", "sometimes", "unknown cancel mode"},
		{"orders.ratelimiter", true, "ratelimiter.rate"},
		{"shed", true, "shed.max_wait"},
		{"orders.fault.from", "1s", "no fault"},
	} {
		err := SetKnob(sc, 1, c.path, c.val)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s = %v: error %v, want one saying %q", c.path, c.val, err, c.want)
		}
	}
	// The engine judges what the parser cannot: a bound for critical work
	// shorter than for sheddable work.
	set("inventory.shed.max_wait.critical", "50ms")
	if err := sc.Validate(); err == nil || !strings.Contains(err.Error(), "shed") {
		t.Errorf("the engine accepted critical work shed first: %v", err)
	}
}

// A knob of a pointer-held setting copies it before changing it: built-in
// constructors may hand two variants the same table.
func TestSetKnobDoesNotAliasVariants(t *testing.T) {
	sc := scenarios.MultiHop()
	rl := &engine.RateLimiterPolicy{Kind: engine.TokenBucketLimiter, Bucket: ratelimit.BucketConfig{Rate: 10, Per: time.Second, Burst: 10}}
	sd := &engine.ShedPolicy{MaxWait: [shed.NumClasses]time.Duration{time.Second, time.Second, time.Second}}
	tb := &engine.TenantBulkhead{Own: []engine.TenantSlots{{Tenant: "acme", Slots: 2}}, Default: 1}
	for v := range sc.Variants {
		sys := &sc.Variants[v].System
		sys.Tenants = []string{"acme", "globex"}
		sys.Dependencies[0].Policy.RateLimiter = rl
		sys.Dependencies[0].Policy.TenantBulkhead = tb
		sys.Services[1].Shed = sd
	}
	for _, k := range []struct {
		path string
		val  any
	}{
		{"orders.ratelimiter.burst", int64(3)},
		{"orders.per_tenant_bulkhead.own.acme", int64(7)},
		{"orders.per_tenant_bulkhead.own.globex", int64(5)},
		{"orders.per_tenant_bulkhead.shared", int64(4)},
		{"inventory.shed.max_wait.default", "200ms"},
	} {
		if err := SetKnob(sc, 0, k.path, k.val); err != nil {
			t.Fatalf("%s: %v", k.path, err)
		}
	}
	if rl.Bucket.Burst != 10 || tb.Own[0].Slots != 2 || len(tb.Own) != 1 || tb.Shared != 0 || sd.MaxWait[shed.Default] != time.Second {
		t.Errorf("the shared tables changed: %+v %+v %+v", rl, tb, sd)
	}
	p := sc.Variants[0].System.Dependencies[0].Policy
	if p.RateLimiter.Bucket.Burst != 3 || p.TenantBulkhead.Shared != 4 || !slices.Equal(p.TenantBulkhead.Own, []engine.TenantSlots{{Tenant: "acme", Slots: 7}, {Tenant: "globex", Slots: 5}}) {
		t.Errorf("variant 1's tables %+v %+v", p.RateLimiter, p.TenantBulkhead)
	}
	if got, ok := KnobValue(sc, 0, "orders.per_tenant_bulkhead.own.globex"); !ok || got != int64(5) {
		t.Errorf("own slots read back %v %v", got, ok)
	}
	if !slices.Contains(Knobs(sc, 0), "orders/inventory.per_tenant_bulkhead.own.globex") {
		t.Error("Knobs lacks a service edge's tenant slots")
	}
}

// A tenant's own slots set to "default" take it off the list, leaving the
// others' and the table the variants share as they were; the last one
// off leaves no list, as a file without own slots parses.
func TestTenantSlotsDefaultUnlistsTheTenant(t *testing.T) {
	sc := scenarios.NoisyTenant()
	shared := &engine.TenantBulkhead{Own: []engine.TenantSlots{{Tenant: "acme", Slots: 10}, {Tenant: "globex", Slots: 6}}, Default: 20}
	for v := range sc.Variants {
		sc.Variants[v].System.Dependencies[0].Policy.TenantBulkhead = shared
	}
	tb := func() *engine.TenantBulkhead { return sc.Variants[1].System.Dependencies[0].Policy.TenantBulkhead }
	if err := SetKnob(sc, 1, "database.per_tenant_bulkhead.own.acme", TenantSlotsDefault); err != nil {
		t.Fatal(err)
	}
	if got := tb(); !slices.Equal(got.Own, []engine.TenantSlots{{Tenant: "globex", Slots: 6}}) || got.Default != 20 {
		t.Errorf("acme set to the default: %+v, want globex's 6 alone beside the default 20", got)
	}
	if len(shared.Own) != 2 || shared.Own[0].Tenant != "acme" {
		t.Errorf("the table the variants share changed: %+v", shared)
	}
	for _, tenant := range []string{"globex", "initech"} { // initech was not listed: nothing to take off
		if err := SetKnob(sc, 1, "database.per_tenant_bulkhead.own."+tenant, TenantSlotsDefault); err != nil {
			t.Fatal(err)
		}
	}
	if got := tb(); got.Own != nil || got.Default != 20 {
		t.Errorf("every tenant at the default: %+v, want no list", got)
	}
	if err := sc.Validate(); err != nil {
		t.Errorf("the scenario: %v", err)
	}
}

// Knobs lists a service's knobs and its edges', and leaves out what an
// edge to a service does not have.
func TestKnobsOfServices(t *testing.T) {
	sc := scenarios.MultiHop()
	all := Knobs(sc, 2)
	for _, want := range []string{"orders.workers", "orders.instances", "orders.work.value", "orders.shed.max_wait.default",
		"orders/inventory.timeout", "orders/inventory.breaker.open", "inventory/database.latency.p99", "inventory/database.fault.to",
		"orders.cancel", "orders.deadline_margin", "orders.ratelimiter.rate", "shed.max_wait", "home.class", "inventory.balancer"} {
		if !slices.Contains(all, want) {
			t.Errorf("Knobs lacks %s", want)
		}
	}
	for _, bad := range []string{"orders.latency.mean", "orders/inventory.fault.from", "orders/inventory.healthy"} {
		if slices.Contains(all, bad) {
			t.Errorf("Knobs lists %s, which an edge to a service has not", bad)
		}
	}
	nums := NumberKnobs(sc, 2)
	for _, notNum := range []string{"orders.cancel", "orders.balancer", "shed", "orders.propagate_deadline", "home.class", "orders.ratelimiter"} {
		if slices.Contains(nums, notNum) {
			t.Errorf("NumberKnobs lists %s", notNum)
		}
	}
	seen := map[string]bool{}
	for _, k := range all {
		if seen[k] {
			t.Errorf("Knobs lists %s twice", k)
		}
		seen[k] = true
	}
}

// A lesson's [set] table reaches the same knobs.
func TestOverrideSetsServiceKnobs(t *testing.T) {
	sc, err := buildScenario(&SimSpec{Scenario: "multi-hop", Variant: 1, Set: []Override{
		{Key: "orders/inventory.timeout", Value: "300ms"}, {Key: "inventory.workers", Value: int64(32)}}})
	if err != nil {
		t.Fatal(err)
	}
	sys := sc.Variants[1].System
	if sys.Services[0].Dependencies[0].Policy.Timeout != 300*time.Millisecond || sys.Services[1].Workers != 32 {
		t.Errorf("the overrides did not reach the services: %+v", sys.Services)
	}
}

// Setting a service's or an edge's number allocates nothing, as the older
// knobs do not: a sweep sets them on every cell.
func TestSetServiceKnobDoesNotAllocate(t *testing.T) {
	sc := scenarios.MultiHop()
	var workers any = int64(40)
	var timeout any = "250ms"
	allocs := testing.AllocsPerRun(50, func() {
		if err := SetKnob(sc, 1, "inventory.workers", workers); err != nil {
			t.Fatal(err)
		}
		if err := SetKnob(sc, 1, "orders/inventory.timeout", timeout); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("SetKnob allocates %v times a pair of calls, want none", allocs)
	}
}
