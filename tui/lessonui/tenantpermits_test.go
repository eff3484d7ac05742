package lessonui

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A per-tenant bulkhead on a tasks server (noisy-tenant's bulkhead per
// tenant, a goroutine a request) at 20 s: acme's lane of 20 is full and
// turns calls away, the lanes summed hold 44 of 60. The permits figure
// gives each lane, not "44 of 60 held" with room to spare beside the
// refusals, nor the most held the engine does not keep for it ("most 0").
func TestTasksPaneGivesAPerTenantBulkheadsLanes(t *testing.T) {
	sc := scenarios.NoisyTenant()
	sc.Variants = sc.Variants[1:2]
	sys := &sc.Variants[0].System
	sys.Workers, sys.Queue, sys.Shed = 0, 0, nil
	sys.Tasks = &engine.TaskServer{Threads: 4, Memory: engine.Memory{Limit: 128 << 20, Base: 32 << 20, PerTask: 256 << 10, Restart: 2 * time.Second}}
	sys.Pools = []engine.Pool{{Name: "db", Kind: engine.DatabasePool, Size: 60}}
	sys.Dependencies[0].Pool = "db"
	r, err := engine.New(sc, 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(20 * time.Second)
	s := r.Snapshot()
	figs, kinds := tasksFigures(&s)
	var permits [2]string
	for i, k := range kinds {
		if k == figPermits {
			permits = figs[i]
		}
	}
	for _, f := range permits {
		if !strings.Contains(f, "permits database") || !strings.Contains(f, "20 per tenant: acme 20/20 full · globex") || !strings.Contains(f, "refused") {
			t.Errorf("the permits figure should give each tenant's lane: %q", f)
		}
		if strings.Contains(f, "of 60") || strings.Contains(f, "/60") || strings.Contains(f, "most 0") {
			t.Errorf("the permits figure counts the lanes as one semaphore of 60: %q", f)
		}
	}
}
