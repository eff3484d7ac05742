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
// start at 10s, and a default request's shedding bound of 1s is longer
// than rate-limit-vs-bulkhead's critical one (50ms).
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
	} {
		b, _ := scenarios.Lookup(tc.scenario)
		err := sweep.Sweepable(b.Build, tc.v, lessons.SetKnob, tc.path)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s %s: Sweepable says %v, want a refusal saying %q", tc.scenario, tc.path, err, tc.want)
			continue
		}
		if perr := prepare(t, tc.scenario, tc.v, tc.measure, tc.spec); perr == nil || perr.Error() != err.Error() {
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
		{"rate-limit-vs-bulkhead", 3, "catalog.shed.max_wait.default"},
		{"cascade", 2, "recommendations.breaker.jitter"},
	} {
		b, _ := scenarios.Lookup(tc.scenario)
		if err := sweep.Sweepable(b.Build, tc.v, lessons.SetKnob, tc.path); err != nil {
			t.Errorf("%s variant %d %s: refused, though some value makes a valid scenario: %v", tc.scenario, tc.v+1, tc.path, err)
		}
	}
}
