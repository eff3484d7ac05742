package scenarios

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// Each variant of noisy-tenant makes its point on every seed tried, with
// shares computed as `run` computes them (report.Tally over the window).
// Values seen on seeds 1-10: one shared pool, every tenant 59-63 % ok; a
// bulkhead per tenant, globex and initech 99.9-100 % ok, acme 23.0-23.5 %
// with about 15,000 calls refused by its own slots; shedding by priority,
// checkout 100 % ok, export 2.7-5.3 %, search 61-63 %, and the quiet
// tenants below acme (54-60 % against 61-63 %). The bounds sit far from
// those values.
func TestNoisyTenantMakesEachPoint(t *testing.T) {
	for _, seed := range []uint64{1, 4, 7, 10} {
		snaps, err := engine.RunAll(NoisyTenant(), seed)
		if err != nil {
			t.Fatal(err)
		}
		const shared, bulkheads, shedding = 0, 1, 2
		tenant := func(v int, name string) *engine.TenantSnapshot {
			for i := range snaps[v].Tenants {
				if tn := &snaps[v].Tenants[i]; tn.Name == name {
					return tn
				}
			}
			t.Fatalf("variant %d has no tenant %s", v, name)
			return nil
		}
		tenantOK := func(v int, name string) float64 {
			tn := tenant(v, name)
			return report.Tally{Arrived: tn.WindowArrived, Outcomes: tn.Window}.Share(engine.OK)
		}
		endpointOK := func(v int, name string) float64 {
			for i := range snaps[v].Endpoints {
				if e := &snaps[v].Endpoints[i]; e.Name == name {
					return report.WindowTally(e).Share(engine.OK)
				}
			}
			t.Fatalf("variant %d has no endpoint %s", v, name)
			return 0
		}
		quiet := []string{"globex", "initech"}

		// One shared pool: the quiet tenants suffer with acme.
		for _, name := range quiet {
			if ok := tenantOK(shared, name); ok > 0.8 {
				t.Errorf("seed %d, one shared pool: %s should suffer from acme's burst, got %.1f %% ok", seed, name, 100*ok)
			}
		}
		// A bulkhead per tenant: acme is held to its own slots, the
		// others keep theirs.
		for _, name := range quiet {
			if ok := tenantOK(bulkheads, name); ok < 0.99 {
				t.Errorf("seed %d, a bulkhead per tenant: %s should keep its service, got %.1f %% ok", seed, name, 100*ok)
			}
			if n := tenant(bulkheads, name).Limited; n > 50 {
				t.Errorf("seed %d, a bulkhead per tenant: %s's own slots refused %d calls; they should hardly ever fill", seed, name, n)
			}
		}
		if ok := tenantOK(bulkheads, "acme"); ok > 0.5 {
			t.Errorf("seed %d, a bulkhead per tenant: acme should be held to its slots, got %.1f %% ok", seed, 100*ok)
		}
		if n := tenant(bulkheads, "acme").Limited; n < 5000 {
			t.Errorf("seed %d, a bulkhead per tenant: acme's own slots should refuse most of its burst, refused %d calls", seed, n)
		}
		// Shedding by priority: critical work survives, sheddable goes
		// first, and the shedder does not know tenants: the quiet ones
		// lose their export and fare no better than acme.
		if ok := endpointOK(shedding, "checkout"); ok < 0.99 {
			t.Errorf("seed %d, shedding: checkout is critical and should survive, got %.1f %% ok", seed, 100*ok)
		}
		if ok := endpointOK(shedding, "export"); ok > 0.2 {
			t.Errorf("seed %d, shedding: export is sheddable and should be refused first, got %.1f %% ok", seed, 100*ok)
		}
		sh := snaps[shedding].Shed
		if sh[shed.Critical] != 0 || sh[shed.Sheddable] < 500 || sh[shed.Default] < 2000 {
			t.Errorf("seed %d, shedding: want no critical request shed and many default and sheddable ones, got %v", seed, sh)
		}
		if s := endpointOK(shedding, "search"); s < 0.4 || s > 0.85 {
			t.Errorf("seed %d, shedding: default-class search should be between, got %.1f %% ok", seed, 100*s)
		}
		for _, name := range quiet {
			if q, a := tenantOK(shedding, name), tenantOK(shedding, "acme"); q > a+0.02 || q > 0.8 {
				t.Errorf("seed %d, shedding: %s (%.1f %%) should fare no better than acme (%.1f %%): shedding sorts classes, not tenants", seed, name, 100*q, 100*a)
			}
		}
		for v := range snaps {
			if v != shedding && snaps[v].Shed != ([shed.NumClasses]uint64{}) {
				t.Errorf("seed %d, %s: nothing should be shed without a shedder, got %v", seed, snaps[v].Variant, snaps[v].Shed)
			}
		}
	}
}
