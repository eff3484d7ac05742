package lessons

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// param reads a service's dependency by the path [set] and a sweep take,
// SERVICE/DEPENDENCY.KEY, its names bare or quoted: {{param step
// orders/db.timeout}} was refused while [set] "orders/db.timeout" set it.
// Where two services each call a db, the path says which one it reads.
func TestParamReadsAServicesDependencyByItsKnobPath(t *testing.T) {
	sc := scenarios.MultiHop()
	sys := &sc.Variants[1].System
	inventory, database := &sys.Services[0].Dependencies[0], &sys.Services[1].Dependencies[0]
	for key, want := range map[string]time.Duration{
		"orders/inventory.timeout":           inventory.Policy.Timeout,
		`"orders"/"inventory".timeout`:       inventory.Policy.Timeout,
		"inventory/database.timeout":         database.Policy.Timeout,
		`inventory/"database".fault.latency`: database.Faults[0].Latency,
		"inventory/database.latency.p50":     database.Latency.P50,
	} {
		v, err := readParam(sc, sys, key)
		if err != nil {
			t.Errorf("param %s: %v", key, err)
			continue
		}
		if math.Abs(v.F-want.Seconds()) > 1e-12 {
			t.Errorf("param %s = %v s, want %v", key, v.F, want)
		}
	}

	two := &engine.System{Workers: 10, Services: []engine.Service{
		{Name: "a", Workers: 4, Dependencies: []engine.Dependency{{Name: "db", Policy: engine.Policy{Timeout: time.Second}}}},
		{Name: "b", Workers: 4, Dependencies: []engine.Dependency{{Name: "db", Policy: engine.Policy{Timeout: 2 * time.Second}}}},
	}}
	for key, want := range map[string]float64{"a/db.timeout": 1, "b/db.timeout": 2} {
		if v, err := readParam(sc, two, key); err != nil || v.F != want {
			t.Errorf("param %s = %v, %v; want %v s", key, v.F, err, want)
		}
	}
	if _, err := readParam(sc, two, "a/db.nothing"); err == nil || !strings.Contains(err.Error(), "SERVICE/DEPENDENCY.KEY") ||
		!strings.Contains(err.Error(), "SERVICE.workers") {
		t.Errorf("an unknown key: %v, want the forms param reads, a service's among them", err)
	}
}
