package lessons

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
)

// twoDBs is a scenario whose two services each call a dependency "db",
// and the front none: a bare db.timeout could be either.
const twoDBs = `
duration = "10s"
[system]
workers = 20
[[system.endpoints]]
name = "page"
rate = 10
calls = "orders"
[[system.endpoints]]
name = "stock"
rate = 10
calls = "inventory"
[[system.dependencies]]
name = "orders"
service = "orders"
[[system.dependencies]]
name = "inventory"
service = "inventory"
[[system.services]]
name = "orders"
workers = 8
calls = "db"
[[system.services.dependencies]]
name = "db"
latency = { kind = "constant", value = "3ms" }
policy = { timeout = "1s" }
[[system.services]]
name = "inventory"
workers = 8
calls = "DBNAME"
[[system.services.dependencies]]
name = "DBNAME"
latency = { kind = "constant", value = "4ms" }
policy = { timeout = "2s" }
`

func twoDBScenario(t *testing.T, inventoryDB string) *engine.Scenario {
	t.Helper()
	sc, err := scenariofile.Parse("two-dbs.toml", []byte(strings.ReplaceAll(twoDBs, "DBNAME", inventoryDB)))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// A bare db.timeout where two services each have a db is refused alike by
// a lesson's {{param}}, its [set] and a sweep's --vary (SetKnob), naming
// the path of each: {{param}} read the first service's db without a word,
// and [set] and the sweep said there was no such knob.
func TestABareDependencyOfTwoServicesIsRefusedWithTheirPaths(t *testing.T) {
	const want = "write which one, orders/db.timeout or inventory/db.timeout"
	sc := twoDBScenario(t, "db")
	sys := &sc.Variants[0].System
	if v, err := readParam(sc, sys, "db.timeout"); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("{{param step db.timeout}} = %v, %v; want a refusal saying %q", v, err, want)
	}
	if err := applyOverride(sc, 0, "db.timeout", "500ms"); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("[set] db.timeout: %v; want a refusal saying %q", err, want)
	}
	if err := SetKnob(sc, 0, "db.timeout", "500ms"); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("--vary db.timeout: %v; want a refusal saying %q", err, want)
	}
	for _, d := range []*engine.Dependency{&sys.Services[0].Dependencies[0], &sys.Services[1].Dependencies[0]} {
		if d.Policy.Timeout == 500*time.Millisecond {
			t.Errorf("a refused db.timeout set %s's", d.Name)
		}
	}
}

// Where one service has a db, the three read the bare path as that one,
// the way lessons write multi-hop's database.fault.latency: {{param}} did,
// and [set] and a sweep refused it.
func TestABareDependencyOfOneServiceIsThatOne(t *testing.T) {
	sc := twoDBScenario(t, "store")
	sys := &sc.Variants[0].System
	if err := applyOverride(sc, 0, "db.timeout", "500ms"); err != nil {
		t.Errorf("[set] db.timeout: %v", err)
	}
	if got := sys.Services[0].Dependencies[0].Policy.Timeout; got != 500*time.Millisecond {
		t.Errorf("[set] db.timeout left orders/db's timeout at %v", got)
	}
	if err := SetKnob(sc, 0, "db.timeout", "700ms"); err != nil {
		t.Errorf("--vary db.timeout: %v", err)
	}
	v, err := readParam(sc, sys, "db.timeout")
	if got, _ := v.Format(""); err != nil || got != "700 ms" {
		t.Errorf("{{param step db.timeout}} = %q, %v; want 700 ms", got, err)
	}
	if got := sys.Services[1].Dependencies[0].Policy.Timeout; got != 2*time.Second {
		t.Errorf("inventory/store's timeout became %v", got)
	}
}
