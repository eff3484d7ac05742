package lessons

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// evalOn evaluates a metric expression with SCENARIO/VARIANT runs at seed.
func evalOn(t *testing.T, seed uint64, text string) (Value, error) {
	t.Helper()
	e, err := ParseExpr(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return (&evalCtx{lab: testLab, seed: seed}).Eval(e)
}

func mustEval(t *testing.T, seed uint64, text string) float64 {
	t.Helper()
	v, err := evalOn(t, seed, text)
	if err != nil {
		t.Fatal(err)
	}
	return v.F
}

func inventoryOf(t *testing.T, s *engine.Snapshot, name string) *engine.ServiceSnapshot {
	t.Helper()
	for i := range s.Services {
		if s.Services[i].Name == name {
			return &s.Services[i]
		}
	}
	t.Fatalf("%s has no service %s", s.Variant, name)
	return nil
}

// Each service metric quotes the field of the engine's own ServiceSnapshot
// it is named after, for every variant of multi-hop: a metric wired to the
// wrong field (Cancelled for AbandonedWork, Busy for BusyMax) differs in at
// least one of them, since the variants differ exactly there.
func TestServiceMetricsReadTheEnginesSnapshot(t *testing.T) {
	const seed = 5
	snaps, err := engine.RunAll(scenarios.MultiHop(), seed)
	if err != nil {
		t.Fatal(err)
	}
	for v := range snaps {
		for _, name := range []string{"orders", "inventory"} {
			sv := inventoryOf(t, &snaps[v], name)
			run := "multi-hop/" + string(rune('0'+v)) + " " + name
			want := map[string]float64{
				"service-arrived " + run:                       float64(sv.Arrived),
				"service-answered " + run + " ok":              float64(sv.Answered[engine.OK]),
				"service-answered " + run + " failed+rejected": float64(sv.Answered[engine.Failed] + sv.Answered[engine.Rejected]),
				"service-busy-max " + run:                      float64(sv.BusyMax),
				"service-queued-max " + run:                    float64(sv.QueuedMax),
				"service-abandoned " + run:                     float64(sv.AbandonedWork),
				"service-wasted " + run:                        sv.WastedWork.Seconds(),
				"service-cancelled " + run:                     float64(sv.Cancelled),
				"service-expired " + run:                       float64(sv.ExpiredInQueue),
			}
			for text, w := range want {
				if got := mustEval(t, seed, text); math.Abs(got-w) > 1e-9 {
					t.Errorf("%s = %v, the snapshot says %v", text, got, w)
				}
			}
		}
		for i := range snaps[v].Services {
			for _, d := range snaps[v].Services[i].Dependencies {
				run := "multi-hop/" + string(rune('0'+v)) + " " + d.Name
				if got := mustEval(t, seed, "edge-calls "+run); got != float64(d.Calls) {
					t.Errorf("edge-calls %s = %v, the snapshot says %d", run, got, d.Calls)
				}
				if got := mustEval(t, seed, "edge-inflight-max "+run); got != float64(d.InFlightMax) {
					t.Errorf("edge-inflight-max %s = %v, the snapshot says %d", run, got, d.InFlightMax)
				}
				if got := mustEval(t, seed, "edge-deadline-exceeded "+run); got != float64(d.DeadlineExceeded) {
					t.Errorf("edge-deadline-exceeded %s = %v, the snapshot says %d", run, got, d.DeadlineExceeded)
				}
				if got := mustEval(t, seed, "edge-deadline-timeouts "+run); got != float64(d.DeadlineTimeouts) {
					t.Errorf("edge-deadline-timeouts %s = %v, the snapshot says %d", run, got, d.DeadlineTimeouts)
				}
				if got := mustEval(t, seed, "edge-cancelled "+run); got != float64(d.Cancelled) {
					t.Errorf("edge-cancelled %s = %v, the snapshot says %d", run, got, d.Cancelled)
				}
			}
		}
	}
	// The variants differ where the lesson says they do, so the checks
	// above compare numbers that are not all zero.
	if inventoryOf(t, &snaps[1], "inventory").AbandonedWork == 0 || inventoryOf(t, &snaps[0], "inventory").BusyMax == 0 {
		t.Fatal("multi-hop no longer has abandoned work with timeouts at each hop: the checks above compare zeros")
	}
}

// inventory's wasted share is its wasted worker time over its 16 workers ×
// the 20 s window; the engine's own test bounds the wasted time at 307-308 s
// of 320 for these seeds.
func TestServiceWastedShareIsOfThePoolsWindowTime(t *testing.T) {
	share := mustEval(t, 5, "service-wasted-share multi-hop/1 inventory")
	wasted := mustEval(t, 5, "service-wasted multi-hop/1 inventory")
	if want := wasted / (16 * 20); math.Abs(share-want) > 1e-12 {
		t.Errorf("share %v, want %v s / 320 s = %v", share, wasted, want)
	}
	if share < 0.9 || share > 1 {
		t.Errorf("share %v: want most of the pool's time in the window", share)
	}
	if got := mustEval(t, 5, "service-wasted-share multi-hop/2 inventory"); got != 0 {
		t.Errorf("with propagated deadlines the share is %v, want 0", got)
	}
}

// Without timeouts the cascade climbs the chain: inventory's pool is full
// first, the front's last. full-from reads the sample that shows it, and
// at that moment the busy count is the whole pool.
func TestFullFromReadsTheCascadeBottomUp(t *testing.T) {
	inv := mustEval(t, 5, "full-from multi-hop/0 inventory 20s")
	orders := mustEval(t, 5, "full-from multi-hop/0 orders 20s")
	front := mustEval(t, 5, "full-from multi-hop/0 front 20s")
	if !(20 < inv && inv < orders && orders <= front) {
		t.Errorf("full from: inventory %v s, orders %v s, front %v s; want inventory first, after 20 s, and the front last", inv, orders, front)
	}
	at := time.Duration(inv * float64(time.Second)).String()
	if b := mustEval(t, 5, "service-busy-at multi-hop/0 inventory "+at); b != 16 {
		t.Errorf("inventory busy at %s: %v, want its 16 workers", at, b)
	}
	at = time.Duration(front * float64(time.Second)).String()
	if b := mustEval(t, 5, "service-busy-at multi-hop/0 front "+at); b != mustEval(t, 5, "busy-at multi-hop/0 "+at) {
		t.Errorf("service-busy-at front differs from busy-at at %s", at)
	}
	// The front never fills when each hop times out.
	if _, err := evalOn(t, 5, "full-from multi-hop/1 front 20s"); err == nil || !strings.Contains(err.Error(), "never full") {
		t.Errorf("a pool that never fills: %v, want an error saying so", err)
	}
}

// param reads a service's pool and a service's own dependency; a service
// named like the front's edge to it (orders) is read for pool keys, the
// edge for policy keys.
func TestParamReadsServices(t *testing.T) {
	sc := scenarios.MultiHop()
	sys := &sc.Variants[1].System
	for key, want := range map[string]float64{
		"multi-hop/1 inventory.workers":      float64(sys.Services[1].Workers),
		"multi-hop/1 orders.workers":         float64(sys.Services[0].Workers),
		"multi-hop/1 orders.queue":           float64(sys.Services[0].Queue),
		"multi-hop/1 orders.work":            sys.Services[0].Work.Value.Seconds(),
		"multi-hop/1 orders.timeout":         sys.Dependencies[0].Policy.Timeout.Seconds(),
		"multi-hop/1 inventory.timeout":      sys.Services[0].Dependencies[0].Policy.Timeout.Seconds(),
		"multi-hop/1 database.fault.latency": sys.Services[1].Dependencies[0].Faults[0].Latency.Seconds(),
		"multi-hop/1 database.latency.p50":   sys.Services[1].Dependencies[0].Latency.P50.Seconds(),
		"multi-hop/1 workers":                float64(sys.Workers),
		"multi-hop/1 order-page.patience":    sc.Variants[1].System.Endpoints[1].Patience.Seconds(),
	} {
		if got := mustEval(t, 5, "param "+key); math.Abs(got-want) > 1e-12 {
			t.Errorf("param %s = %v, want %v", key, got, want)
		}
	}
	if inv, orders := mustEval(t, 5, "param multi-hop/1 inventory.workers"), mustEval(t, 5, "param multi-hop/1 orders.workers"); inv == orders {
		t.Fatalf("inventory and orders both have %v workers: the test cannot tell them apart", inv)
	}
}

// A wrong name gets a message naming what there is.
func TestServiceMetricErrorsNameWhatThereIs(t *testing.T) {
	for text, want := range map[string]string{
		"service-wasted multi-hop/1 invntory":      "it has: orders, inventory",
		"service-wasted cascade/0 recommendations": "has no services",
		"edge-calls multi-hop/1 db":                "front/orders, orders/inventory, inventory/database",
		"full-from multi-hop/0 nobody 20s":         "has no service",
	} {
		_, err := evalOn(t, 5, text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error containing %q", text, err, want)
		}
	}
	if _, err := ParseExpr("service-wasted multi-hop/1"); err == nil || !strings.Contains(err.Error(), "RUN SERVICE") {
		t.Errorf("a missing service: %v, want the usage RUN SERVICE", err)
	}
}

// Two callers with an edge of the same name: the bare name is refused with
// the qualified names, CALLER/DEPENDENCY finds each.
func TestEdgeOfQualifiesSharedNames(t *testing.T) {
	s := &engine.Snapshot{Scenario: "x", Services: []engine.ServiceSnapshot{
		{Name: "a", Dependencies: []engine.DependencySnapshot{{Name: "db", Calls: 1}}},
		{Name: "b", Dependencies: []engine.DependencySnapshot{{Name: "db", Calls: 2}}},
	}}
	if _, err := edgeOf(s, "db"); err == nil || !strings.Contains(err.Error(), "CALLER/db") {
		t.Errorf("a shared name: %v, want to be told to write CALLER/db", err)
	}
	for name, calls := range map[string]uint64{"a/db": 1, "b/db": 2} {
		d, err := edgeOf(s, name)
		if err != nil || d.Calls != calls {
			t.Errorf("%s: %v %v, want the edge with %d calls", name, d, err, calls)
		}
	}
}
