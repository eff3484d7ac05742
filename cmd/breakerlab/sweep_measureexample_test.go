package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A sweep without --measure suggests measures of the scenario it was
// given: cascade's search.ok named to a system of other endpoints (a
// built one, checkout) is refused when typed back.
func TestSweepMissingMeasureSuggestsTheScenariosOwn(t *testing.T) {
	racefree.Only(t) // no goroutine: the command refuses before it sweeps
	for _, tc := range []struct{ scenario, knob, want string }{
		{"checkout", "workers=10..20:3", "e.g. health.ok or payment.in_flight_max"},
		{"cascade", "workers=100..400:3", "e.g. search.ok or search-index.in_flight_max"},
	} {
		_, stderr, code := run(t, "sweep", tc.scenario, "--vary", tc.knob)
		// The refusal wraps to 80 columns: read across its breaks.
		if code != 2 || !strings.Contains(strings.Join(strings.Fields(stderr), " "), "sweep needs --measure METRIC, "+tc.want) {
			t.Errorf("sweep %s without --measure: exit %d, want 2 and %q in\n%s", tc.scenario, code, tc.want, stderr)
			continue
		}
		// Each example is one --measure takes on the scenario.
		b, _ := scenarios.Lookup(tc.scenario)
		for _, ex := range strings.Split(strings.TrimPrefix(tc.want, "e.g. "), " or ") {
			if _, err := sweep.ParseMetric(ex, b.Build(), 0); err != nil {
				t.Errorf("%s: the example %q is refused: %v", tc.scenario, ex, err)
			}
		}
	}
}
