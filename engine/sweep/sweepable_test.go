package sweep_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/lessons"
)

// A knob no value of which leaves the scenario valid is refused as the
// plan refuses it: cascade has no tenants for a per-tenant bulkhead and
// propagates no deadline for min_time_left, and both were listed, to be
// refused only by Prepare. A knob that some value leaves valid is kept
// though the first trial values do not: a duration of 1s ends before
// cascade's measurement window, a fault's end of 1s comes before its
// start at 10s, and a sheddable request's shedding bound of 1s is longer
// than rate-limit-vs-bulkhead's default one (50ms).
func TestSweepableRefusesAKnobNoValueMakesValid(t *testing.T) {
	for _, tc := range []struct {
		scenario string
		v        int
		path     string
		spec     string // what Prepare must refuse as Sweepable does
		measure  string
		want     string
	}{
		{"cascade", 0, "recommendations.per_tenant_bulkhead.default", "recommendations.per_tenant_bulkhead.default=1..2:2", "search.ok", "a per-tenant bulkhead needs the system's tenants"},
		{"cascade", 0, "search-index.min_time_left", "search-index.min_time_left=1s..2s:2", "search.ok", "needs propagate deadline"},
		{"go-server", 0, "workers", "workers=1..2:2", "orders.ok", "a tasks server has no pool of workers"},
		// Its one valid value is the one it has: between the sheddable
		// and critical bounds, both 50ms. It was listed, and every value
		// a learner gave it refused.
		{"rate-limit-vs-bulkhead", 3, "catalog.shed.max_wait.default", "catalog.shed.max_wait.default=1s..2s:2", "home.ok", "less important work must be shed first"},
		// A member of a shared breaker must keep the group's settings.
		{"api-gateway", 1, "cart-api.breaker.trials", "cart-api.breaker.trials=1..2:2", "orders.ok", "give them equal breaker settings"},
		// The engine reads no probability of a slow fault, nor any burst
		// knob of an endpoint without one: every value ran the same, or
		// was refused.
		{"checkout", 3, "payment.fault.probability", "payment.fault.probability=0.25..0.5:2", "checkout.ok", "does not read fault.probability"},
		{"checkout", 0, "health.burst.rate", "health.burst.rate=1..2:2", "checkout.ok", "has no burst to change"},
		// A margin is taken off a propagated deadline only: on an edge
		// that propagates none, every value ran alike, and the file
		// refuses it. On a service's edge too.
		{"cascade", 0, "recommendations.deadline_margin", "recommendations.deadline_margin=0ms..200ms:3", "search.ok",
			"recommendations propagates no deadline in variant 1 of cascade (one shared pool of 200 threads), and deadline_margin is taken off a propagated deadline, so it needs propagate_deadline = true in the same policy, so every value would run the same"},
		{"multi-hop", 0, "orders/inventory.deadline_margin", "orders/inventory.deadline_margin=1ms..20ms:2", "home.ok",
			"orders/inventory propagates no deadline in variant 1 of multi-hop"},
		// A bulkhead's wait is read only by a call that finds the
		// bulkhead full: with no bulkhead, every value ran 0.406196.
		{"cascade", 0, "search-index.bulkhead_wait", "search-index.bulkhead_wait=0ms..100ms:2", "search.ok",
			"search-index has no bulkhead in variant 1 of cascade (one shared pool of 200 threads), so its bulkhead_wait is never read: set search-index.bulkhead first (or vary search-index.bulkhead with it, from 1), so every value would run the same"},
		// Nothing reaches a dependency no endpoint calls: the first
		// variant lists report-db, which only the second calls.
		{"event-loop-stall", 0, "report-db.bulkhead", "report-db.bulkhead=2..8:2", "search.ok",
			"no endpoint calls report-db in variant 1 of event-loop-stall (a blocking call on the loop), so none of its settings is ever read: set an endpoint's calls to report-db first, so every value would run the same. On variant 2 it changes the run: --variant 2"},
		// A pool with no cap always has room: no attempt waits.
		{"go-server", 0, "transport.wait", "transport.wait=10ms..100ms:2", "orders.ok",
			"pool transport has no cap (size and per_host are 0) in variant 1 of go-server (no timeout: goroutines pile up), so its wait is never read: set transport.size or transport.per_host first, so every value would run the same. On variant 2 it changes the run: --variant 2"},
		// With no memory limit no task is killed for its memory.
		{"event-loop-stall", 1, "tasks.memory.per_task_kib", "tasks.memory.per_task_kib=64..128:2", "search.ok",
			"the tasks server has no memory limit in variant 2 of event-loop-stall (the call moved off the loop (to_thread)), so its memory per task is read only for the memory the run shows, and never kills a task: set tasks.memory.limit_mib first (or vary tasks.memory.limit_mib with it, from 1), so every value would run the same"},
	} {
		b, _ := scenarios.Lookup(tc.scenario)
		err := sweep.Sweepable(b.Build, tc.v, lessons.SetKnob, tc.path)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s: Sweepable says %v, want a refusal saying %q", tc.scenario, tc.path, err, tc.want)
			continue
		}
		// The same refusal: Prepare's quotes the flag as typed before
		// it, Sweepable's names the value it tried (a trial range, which
		// nobody typed).
		reason := func(e error) string {
			msg := e.Error()
			for _, lead := range []string{" is refused: ", " the scenario is not valid: "} {
				if _, after, ok := strings.Cut(msg, lead); ok {
					return after
				}
			}
			return msg
		}
		if perr := prepare(t, tc.scenario, tc.v, tc.measure, tc.spec); perr == nil || reason(perr) != reason(err) {
			t.Errorf("%s %s: Prepare says %v, Sweepable %v", tc.scenario, tc.spec, perr, err)
		}
	}
	for _, tc := range []struct {
		scenario string
		v        int
		path     string
	}{
		{"cascade", 0, "duration"},
		{"cascade", 0, "recommendations.fault.to"},
		// A fault from 20s of a run of a minute: the fixed trial ends
		// come before its start (15s) or past the drain (30m, 1h).
		{"multi-hop", 0, "inventory/database.fault.to"},
		{"rate-limit-vs-bulkhead", 3, "catalog.shed.max_wait.sheddable"},
		{"checkout", 3, "payment.fault.latency"},
		{"checkout", 3, "payment.breaker.time_window"},
		{"cascade", 2, "recommendations.breaker.jitter"},
		{"multi-hop", 2, "orders/inventory.deadline_margin"}, // propagated deadlines
		// Where the part binds under load: a called dependency, a
		// pool with a cap (per host, or in all), a memory limit.
		{"event-loop-stall", 1, "report-db.bulkhead"},
		{"go-server", 1, "transport.wait"},
		{"go-server", 0, "database.wait"},
		{"async-cascade", 1, "tasks.memory.per_task_kib"},
	} {
		b, _ := scenarios.Lookup(tc.scenario)
		if err := sweep.Sweepable(b.Build, tc.v, lessons.SetKnob, tc.path); err != nil {
			t.Errorf("%s variant %d %s: refused, though some value makes a valid scenario: %v", tc.scenario, tc.v+1, tc.path, err)
		}
	}
}

// A time window swept with default steps between whole ends (1s..5s makes
// 1.444444s) is refused by the breaker for a span of no whole seconds,
// and its refusal told the learner to "set the buckets", a knob the
// sweep's list does not offer. It says the range that works.
func TestTimeWindowRefusalGivesWholeSeconds(t *testing.T) {
	err := prepare(t, "checkout", 3, "checkout.ok", "payment.breaker.time_window=1s..5s")
	if err == nil || !strings.Contains(err.Error(), "payment.breaker.time_window=1s..5s:5") {
		t.Fatalf("Prepare says %v, want the hint payment.breaker.time_window=1s..5s:5", err)
	}
	if err := prepare(t, "checkout", 3, "checkout.ok", "payment.breaker.time_window=1s..5s:5"); err != nil {
		t.Fatalf("the hint's range is refused: %v", err)
	}
}
