package scenariofile

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// TestDumpRoundTrip dumps every built-in scenario, parses the dump back and
// checks that the scenario is the same value, that it runs to exactly the
// same snapshots, and that dumping it again gives the same text.
func TestDumpRoundTrip(t *testing.T) {
	for _, b := range scenarios.All() {
		t.Run(b.Name, func(t *testing.T) {
			sc := b.Build()
			text, err := Dump(sc)
			if err != nil {
				t.Fatalf("Dump: %v", err)
			}
			back, err := Parse(b.Name+".toml", text)
			if err != nil {
				t.Fatalf("Parse(Dump):\n%v\n%s", err, text)
			}
			if !reflect.DeepEqual(sc, back) {
				t.Errorf("Parse(Dump(sc)) differs from sc:\n got %+v\nwant %+v", back, sc)
			}
			again, err := Dump(back)
			if err != nil {
				t.Fatalf("second Dump: %v", err)
			}
			if !bytes.Equal(text, again) {
				t.Errorf("the dump is not stable:\nfirst:\n%s\nsecond:\n%s", text, again)
			}
			for _, seed := range []uint64{5, 11} {
				want, err := engine.RunAll(sc, seed)
				if err != nil {
					t.Fatal(err)
				}
				got, err := engine.RunAll(back, seed)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(want, got) {
					t.Errorf("seed %d: the parsed dump runs to other results than the built-in", seed)
				}
			}
		})
	}
}

// kitchenSink sets every field the file format can express, somewhere.
func kitchenSink() *engine.Scenario {
	ms := time.Millisecond
	sec := time.Second
	countBreaker := &breaker.Config{
		WindowSize: 20, MinimumCalls: 10, FailureRate: 0.5, OpenFor: 2 * sec, HalfOpenTrials: 3,
		SlowCallDuration: 300 * ms, SlowCallRate: 0.75, MaxConsecutiveFailures: 8, JudgeOnFailure: true,
		OpenJitter: jitter(0.2), OpenBackoff: 1.5, OpenMax: 20 * sec, HalfOpenRule: breaker.TrialsAsWindow, HalfOpenMax: 4 * sec,
		StrictWaitEnd: true, RecordLate: true, Interval: 30 * sec,
		RecordsRefusals: breaker.BulkheadRefusals, LateIgnoredFreesTrial: true,
	}
	timeBreaker := &breaker.Config{
		Window: breaker.TimeWindow, WindowSpan: 10 * sec, WindowBuckets: 20, FloatingBuckets: true, MinimumCalls: 5,
		FailureRate: 0.25, OpenFor: 1500 * ms, HalfOpenTrials: 1,
	}
	sys := engine.System{
		Workers: 40,
		Queue:   100,
		Tenants: []string{"acme", "globex", "initech"},
		Shed:    &engine.ShedPolicy{MaxWait: [shed.NumClasses]time.Duration{2 * sec, 500 * ms, 100 * ms}},
		Endpoints: []engine.Endpoint{
			{
				Name: "orders", Rate: 33.3, Calls: "inventory", Patience: 2 * sec, Class: shed.Default,
				// Not in alphabetical order: the file keeps its order.
				Tenants: []engine.TenantShare{{Tenant: "globex", Share: 0.3}, {Tenant: "acme", Share: 0.7}},
				Bursts: []engine.Burst{
					{From: 3 * sec, To: 4 * sec, Rate: 50},
					{From: 6 * sec, To: 8 * sec, Rate: 80, Tenant: "initech"},
				},
			},
			{Name: "health", Interval: 250 * ms, Patience: 1 * sec},
			{Name: "search box", Rate: 12.5, Calls: "search.index", Class: shed.Sheddable},
		},
		Dependencies: []engine.Dependency{
			{
				Name:    "inventory",
				Latency: engine.Latency{Kind: engine.LogNormal, P50: 20 * ms, P99: 90 * ms},
				Faults: []engine.Fault{
					{Kind: engine.Error, From: 2 * sec, To: 4 * sec, Probability: 0.6},
					{Kind: engine.Slow, From: 5 * sec, To: 7 * sec, Latency: 3 * sec},
					{Kind: engine.Hang, From: 8 * sec},
				},
				Policy: engine.Policy{
					Order:    []engine.Layer{engine.LayerBreaker, engine.LayerRetry, engine.LayerTimeout, engine.LayerBulkhead},
					Timeout:  400 * ms,
					Deadline: 1200 * ms,
					Bulkhead: 10, BulkheadKind: engine.ThreadPoolBulkhead, BulkheadQueue: 5,
					Breaker: countBreaker,
					Retry: &engine.RetryPolicy{
						Attempts: 3, Backoff: retry.Backoff{Base: 50 * ms, Max: 800 * ms},
						RetryBulkheadFull: true, WaitForBreaker: true, Budget: engine.TokenBucketBudget,
					},
					Fallback: engine.CachedFallback,
				},
			},
			{
				Name:    "search.index",
				Latency: engine.Latency{Kind: engine.Exponential, Mean: 15 * ms},
				Policy: engine.Policy{
					Timeout: time.Second, Bulkhead: 6, BulkheadWait: 20 * ms,
					Breaker: timeBreaker, Fallback: engine.QueueFallback,
					Retry: &engine.RetryPolicy{Attempts: 2, Budget: engine.ConcurrencyBudget},
				},
			},
			{
				Name:    "orders-svc",
				Service: "orders",
				Policy: engine.Policy{
					Order:       []engine.Layer{engine.LayerRetry, engine.LayerBreaker, engine.LayerRateLimiter, engine.LayerTimeout, engine.LayerBulkhead},
					Timeout:     2 * sec,
					RateLimiter: &engine.RateLimiterPolicy{Kind: engine.TokenBucketLimiter, Bucket: ratelimit.BucketConfig{Rate: 50, Per: sec, Burst: 10, MaxWait: 100 * ms}},
					TenantBulkhead: &engine.TenantBulkhead{
						Own:     []engine.TenantSlots{{Tenant: "globex", Slots: 3}, {Tenant: "acme", Slots: 8}},
						Default: 2, Shared: 8, SharedPerTenant: 4,
					},
					Cancel: engine.CancelPropagate, PropagateDeadline: true, DeadlineMargin: 10 * ms, MinTimeLeft: 200 * ms,
				},
			},
		},
		Services: []engine.Service{
			{
				Name: "orders", Workers: 16, Queue: 50, Instances: 3, Balancer: engine.LeastOutstanding,
				Work:  engine.Latency{Kind: engine.Constant, Value: 5 * ms},
				Calls: "inventory",
				Shed:  &engine.ShedPolicy{Signal: shed.Estimated, MaxWait: [shed.NumClasses]time.Duration{300 * ms, 300 * ms, 300 * ms}, ServiceTime: 20 * ms},
				Faults: []engine.ServiceFault{
					{Kind: engine.InstanceRestart, Instance: 2, From: 2 * sec, To: 5 * sec},
					{Kind: engine.InstanceSlow, Instance: 1, From: 2 * sec, To: 3 * sec, Latency: 300 * ms},
					{Kind: engine.InstanceErrors, Instance: 0, From: 3 * sec, To: 4 * sec, Probability: 0.25},
					{Kind: engine.InstanceDown, Instance: engine.AllInstances, From: 6 * sec, To: 7 * sec},
					{Kind: engine.InstanceHang, Instance: 0, From: 8 * sec},
				},
				Dependencies: []engine.Dependency{
					{Name: "inventory", Service: "inventory", Policy: engine.Policy{
						Timeout: sec, Cancel: engine.CancelPropagate, PropagateDeadline: true, DeadlineMargin: 10 * ms,
						RateLimiter: &engine.RateLimiterPolicy{Kind: engine.PeriodLimiter, Period: ratelimit.PeriodConfig{LimitForPeriod: 20, LimitRefreshPeriod: 100 * ms, TimeoutDuration: 50 * ms}},
						// One breaker for both of the service's edges.
						Breaker: &breaker.Config{WindowSize: 10, MinimumCalls: 1, FailureCount: 4, RoundRates: true, OpenFor: sec,
							RollingTrials: true, HalfOpenTrials: 3, HalfOpenSuccesses: 2}, SharedBreaker: "outbound",
					}},
					{Name: "cache", Latency: engine.Latency{Kind: engine.Exponential, Mean: 2 * ms}, Policy: engine.Policy{
						Breaker: &breaker.Config{WindowSize: 10, MinimumCalls: 1, FailureCount: 4, RoundRates: true, OpenFor: sec,
							RollingTrials: true, HalfOpenTrials: 3, HalfOpenSuccesses: 2}, SharedBreaker: "outbound",
					}},
				},
			},
			{
				Name: "inventory", Workers: 8, Queue: engine.QueueUnbounded,
				Work:  engine.Latency{Kind: engine.LogNormal, P50: 2 * ms, P99: 9 * ms},
				Calls: "db",
				Dependencies: []engine.Dependency{{
					Name: "db", Latency: engine.Latency{Kind: engine.Constant, Value: 3 * ms},
					Faults: []engine.Fault{{Kind: engine.Slow, From: 2 * sec, To: 4 * sec, Latency: sec}},
					Policy: engine.Policy{Timeout: 500 * ms, Bulkhead: 4},
				}},
			},
		},
	}
	v2 := cloneSystem(sys)
	v2.Workers, v2.Queue = 20, engine.QueueUnbounded
	v2.Endpoints[0].Rate, v2.Endpoints[0].Interval = 0, 40*ms
	v2.Endpoints[1].Interval, v2.Endpoints[1].Rate, v2.Endpoints[1].Calls = 0, 4, "inventory"
	v2.Endpoints[2].Calls, v2.Endpoints[2].Patience = "", 5*sec
	v2.Dependencies[0].Latency = engine.Latency{Kind: engine.Constant, Value: 7 * ms}
	v2.Dependencies[0].Faults = nil
	v2.Dependencies[0].Policy = engine.Policy{}
	v2.Dependencies[1].Faults = []engine.Fault{{Kind: engine.Hang, From: 0, To: 3 * sec}}
	v2.Dependencies[1].Policy = engine.Policy{Timeout: 300 * ms, Breaker: &breaker.Config{
		MaxConsecutiveFailures: 3, OpenFor: sec, HalfOpenTrials: 2, StrictWaitEnd: true, Interval: 2500 * ms, BucketPeriod: sec,
	}}
	v2.Tenants = []string{"globex", "acme", "initech"}
	v2.Shed = nil
	v2.Endpoints[0].Class, v2.Endpoints[0].Tenants, v2.Endpoints[0].Bursts = shed.Sheddable, []engine.TenantShare{{Tenant: "acme", Share: 1}}, nil
	v2.Endpoints[2].Bursts = []engine.Burst{{From: 0, To: 12 * sec, Rate: 30}}
	orders := &v2.Services[0]
	orders.Workers, orders.Queue, orders.Instances, orders.Balancer = 20, 0, 0, engine.RandomBalancer
	orders.Work, orders.Calls, orders.Shed, orders.Faults = engine.Latency{}, "cache", nil, nil
	orders.Dependencies[0].Policy = engine.Policy{Timeout: 2 * sec}
	orders.Dependencies[1].Latency = engine.Latency{Kind: engine.Constant, Value: ms}
	inventory := &v2.Services[1]
	inventory.Shed = &engine.ShedPolicy{MaxWait: [shed.NumClasses]time.Duration{sec, sec, sec}}
	inventory.Dependencies[0].Policy = engine.Policy{Timeout: 300 * ms, Breaker: &breaker.Config{
		Window: breaker.TimeWindow, WindowSpan: 5 * sec, WindowBuckets: 5, FailureRate: 0.5, OpenFor: sec, HalfOpenTrials: 1,
		CountAtStart: true, KeepCounts: true, RateMustExceed: true, HalfOpenOnTimer: true, CallTimeout: 250 * ms,
	}}
	return &engine.Scenario{
		Name:        `every "field" \ set`,
		Summary:     "tabs\tand ünïcode",
		Duration:    12 * sec,
		MeasureFrom: 1 * sec,
		MeasureTo:   11 * sec,
		Variants:    []engine.Variant{{Name: "base", System: sys}, {Name: "changed", System: v2}},
	}
}

// engineRunsJitter reports whether the engine can run a breaker whose open
// wait has jitter: that needs a seeded random source, which the engine may
// not hand its breakers yet. Until it does, Parse refuses such a file (it
// checks that every variant can start) and the tests leave jitter out.
func engineRunsJitter() bool {
	sc := &engine.Scenario{Name: "j", Duration: time.Second, MeasureTo: time.Second, Variants: []engine.Variant{{Name: "j", System: engine.System{
		Workers:   1,
		Endpoints: []engine.Endpoint{{Name: "e", Rate: 1, Calls: "d"}},
		Dependencies: []engine.Dependency{{Name: "d", Latency: engine.Latency{Kind: engine.Constant}, Policy: engine.Policy{
			Breaker: &breaker.Config{WindowSize: 1, FailureRate: 1, OpenFor: time.Second, HalfOpenTrials: 1, OpenJitter: 0.5},
		}}},
	}}}}
	_, err := engine.New(sc, 0, 1)
	return err == nil
}

// jitter is j when the engine runs jitter, else 0.
func jitter(j float64) float64 {
	if engineRunsJitter() {
		return j
	}
	return 0
}

func cloneSystem(s engine.System) engine.System {
	ss := newSystem()
	ss.System = s
	return ss.clone().System
}

func TestDumpRoundTripEveryField(t *testing.T) {
	sc := kitchenSink()
	if err := sc.Validate(); err != nil {
		t.Fatal(err)
	}
	// Every field of every struct the file maps is set somewhere, so a field
	// added to the engine later fails here until the format carries it.
	set := map[string]bool{}
	markSet(reflect.ValueOf(sc).Elem(), set)
	for _, typ := range []reflect.Type{
		reflect.TypeFor[engine.Scenario](), reflect.TypeFor[engine.Variant](), reflect.TypeFor[engine.System](),
		reflect.TypeFor[engine.Endpoint](), reflect.TypeFor[engine.Dependency](), reflect.TypeFor[engine.Latency](),
		reflect.TypeFor[engine.Fault](), reflect.TypeFor[engine.Policy](), reflect.TypeFor[engine.RetryPolicy](),
		reflect.TypeFor[retry.Backoff](), reflect.TypeFor[breaker.Config](),
		reflect.TypeFor[engine.Service](), reflect.TypeFor[engine.ServiceFault](), reflect.TypeFor[engine.TenantShare](),
		reflect.TypeFor[engine.Burst](), reflect.TypeFor[engine.TenantBulkhead](), reflect.TypeFor[engine.TenantSlots](),
		reflect.TypeFor[engine.RateLimiterPolicy](), reflect.TypeFor[ratelimit.BucketConfig](), reflect.TypeFor[ratelimit.PeriodConfig](),
		reflect.TypeFor[engine.ShedPolicy](),
	} {
		for f := range typ.Fields() {
			if f.Name == "OpenJitter" && !engineRunsJitter() {
				t.Log("the engine cannot run open jitter yet: breaker.Config.OpenJitter is left out (TestBreakerTableRoundTrip covers it)")
				continue
			}
			if typ == reflect.TypeFor[engine.ShedPolicy]() && f.Name == "Workers" {
				continue // not in the file: the engine takes it from the shedding service's pool
			}
			if tasksFields[typ.String()+"."+f.Name] {
				continue // a tasks server's: tasksKitchenSink sets it (tasks_test.go)
			}
			if f.IsExported() && !set[typ.String()+"."+f.Name] {
				t.Errorf("%s.%s is set nowhere in kitchenSink: teach the file format the new field (Parse, Dump, SCHEMA.md), then set it here", typ, f.Name)
			}
		}
	}

	back := checkRoundTrip(t, sc)
	want, err := engine.RunAll(sc, 3)
	if err != nil {
		t.Fatal(err)
	}
	got, err := engine.RunAll(back, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(want, got) {
		t.Error("the parsed dump runs to other results")
	}
}

// markSet records, as "pkg.Type.Field", every struct field that is not zero
// anywhere inside v.
func markSet(v reflect.Value, set map[string]bool) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			markSet(v.Elem(), set)
		}
	case reflect.Slice:
		for i := range v.Len() {
			markSet(v.Index(i), set)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Field(i); !f.IsZero() {
				set[v.Type().String()+"."+v.Type().Field(i).Name] = true
				markSet(f, set)
			}
		}
	}
}

func TestDumpRefusesWhatItCannotSay(t *testing.T) {
	sc := kitchenSink()
	sc.Variants[1].System.Endpoints = sc.Variants[1].System.Endpoints[:2]
	if _, err := Dump(sc); err == nil || !strings.Contains(err.Error(), "other endpoints or dependencies") {
		t.Errorf("variants with other endpoints: got %v", err)
	}
	sc = kitchenSink()
	sc.Variants[1].Name = sc.Variants[0].Name
	if _, err := Dump(sc); err == nil || !strings.Contains(err.Error(), "unique") {
		t.Errorf("two variants with one name: got %v", err)
	}
	sc = kitchenSink()
	sc.Variants[0].Name = "bad \xff"
	if _, err := Dump(sc); err == nil || !strings.Contains(err.Error(), "UTF-8") {
		t.Errorf("invalid UTF-8: got %v", err)
	}
	sc.Duration = 0
	if _, err := Dump(sc); err == nil {
		t.Error("an invalid scenario was dumped")
	}
	sc = kitchenSink()
	sc.Variants[1].System.Services[1].Name = "stock"
	sc.Variants[1].System.Services[0].Dependencies[0].Service = "stock"
	sc.Variants[1].System.Services[0].Calls = "inventory"
	if _, err := Dump(sc); err == nil || !strings.Contains(err.Error(), `variant "changed" has service "stock" where the first variant has "inventory"`) {
		t.Errorf("variants with other services: got %v", err)
	}
	sc = kitchenSink()
	sc.Variants[1].System.Services[0].Dependencies[1].Service, sc.Variants[1].System.Services[0].Dependencies[1].Latency = "inventory", engine.Latency{}
	if _, err := Dump(sc); err == nil || !strings.Contains(err.Error(), `variant "changed": dependency "cache" of service "orders" calls service "inventory", but "" in the first variant ("" is none)`) {
		t.Errorf("an edge that is a service in one variant only: got %v", err)
	}
	sc = kitchenSink()
	sc.Variants[1].System.Dependencies[2].Policy = engine.Policy{DeadlineMargin: time.Millisecond}
	if _, err := Dump(sc); err == nil || !strings.Contains(err.Error(), "deadline_margin only with propagate_deadline") {
		t.Errorf("a margin without propagation: got %v", err)
	}
}

func TestFormatDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: `"0s"`, 250 * time.Millisecond: `"250ms"`, 1500 * time.Millisecond: `"1.5s"`, time.Minute: `"1m"`,
		90 * time.Second: `"1m30s"`, time.Hour: `"1h"`, 150 * time.Minute: `"2h30m"`, 3*time.Hour + time.Second: `"3h0m1s"`,
		1500 * time.Nanosecond: `"1.5us"`, 7: `"7ns"`,
	} {
		got := formatDuration(d)
		if got != want {
			t.Errorf("formatDuration(%d) = %s, want %s", d, got, want)
		}
		back, err := time.ParseDuration(strings.Trim(got, `"`))
		if err != nil || back != d {
			t.Errorf("%s reads back as %v, %v", got, back, err)
		}
	}
}
