package sweep_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A refused measure lists what would work, from the scenario: each
// endpoint and dependency by name and the fields each takes, in lines a
// terminal of 80 columns shows whole (it named the endpoints alone, or
// the fields alone).
func TestRefusedMeasureListsChoices(t *testing.T) {
	racefree.Only(t) // no goroutine: ParseMetric reads the scenario, runs nothing
	for _, name := range []string{"cascade", "checkout", "multi-hop", "api-gateway"} {
		b, _ := scenarios.Lookup(name)
		sc := b.Build()
		sys := &sc.Variants[0].System
		for _, bad := range []string{"bogus.ok", sys.Endpoints[0].Name + ".speed", "nofield", sys.Dependencies[0].Name + ".ok_rate"} {
			_, err := sweep.ParseMetric(bad, sc, 0)
			if err == nil {
				t.Fatalf("%s: measure %q taken", name, bad)
			}
			msg := err.Error()
			for _, e := range sys.Endpoints {
				if !strings.Contains(msg, e.Name) {
					t.Errorf("%s, %q: no endpoint %s in\n%s", name, bad, e.Name, msg)
				}
			}
			for _, d := range sys.Dependencies {
				if !strings.Contains(msg, d.Name) {
					t.Errorf("%s, %q: no dependency %s in\n%s", name, bad, d.Name, msg)
				}
			}
			for _, f := range []string{"ok,", "p99", "in_flight_max", "held_max"} {
				if !strings.Contains(msg, f) {
					t.Errorf("%s, %q: no field %s in\n%s", name, bad, f, msg)
				}
			}
			for _, line := range strings.Split(msg, "\n")[1:] {
				if utf8.RuneCountInString(line) > 80 {
					t.Errorf("%s, %q: a line of %d columns: %q", name, bad, utf8.RuneCountInString(line), line)
				}
			}
		}
	}
}
