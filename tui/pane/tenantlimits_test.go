package pane_test

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// noisyTasksAt is noisy-tenant's bulkhead per tenant served by a tasks
// server (a goroutine a request, a database pool of 60), at 20 s: acme's
// burst has filled its lane of 20, the others' hold a few calls each.
func noisyTasksAt(t *testing.T) pane.Data {
	t.Helper()
	sc := scenarios.NoisyTenant()
	sc.Variants = sc.Variants[1:2]
	sys := &sc.Variants[0].System
	sys.Workers, sys.Queue, sys.Shed = 0, 0, nil
	sys.Tasks = &engine.TaskServer{Threads: 4, Memory: engine.Memory{Limit: 128 << 20, Base: 32 << 20, PerTask: 256 << 10, Restart: 2 * time.Second}}
	sys.Pools = []engine.Pool{{Name: "db", Kind: engine.DatabasePool, Size: 60}}
	sys.Dependencies[0].Pool = "db"
	r, err := engine.New(sc, 0, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(20 * time.Second)
	s := r.Snapshot()
	return pane.Data{Snap: &s, Gen: 1}
}

// The limits pane gives a per-tenant bulkhead's lanes, the one that is
// full and the calls it turned away, not the lanes summed as one
// semaphore ("permits 44/60 · 0 waiting · 7,516 turned away") with room
// to spare beside its refusals; the bar is the full lane's.
func TestLimitsShowAPerTenantBulkheadsLanes(t *testing.T) {
	d := noisyTasksAt(t)
	db, _ := d.Snap.Dependency("database")
	tb := db.TenantBulkhead
	if tb == nil || !tb.Full(0) || tb.Full(1) || db.BulkheadFull == 0 || db.Bulkhead >= db.BulkheadCap {
		t.Fatalf("at 20 s the scenario should have acme's lane full, globex's not, and the lanes summed not full: %+v", db)
	}
	for _, c := range []struct {
		w    int
		want []string
	}{
		{140, []string{"permits 20 per tenant: acme 20/20 full · globex", "turned away", "██████████"}},
		{80, []string{"20 per tenant · acme 20/20 full · " + pane.Count(db.BulkheadFull) + " turned away"}},
		{60, []string{"acme full · " + pane.Count(db.BulkheadFull) + " turned away"}},
		{45, []string{"20 per tenant · acme full"}},
		{30, []string{"acme full"}},
	} {
		l := pane.NewLimits(tuitest.Plain())
		l.SetData(d)
		l.SetSize(c.w, l.Needs())
		v := l.View()
		tuitest.CheckBlock(t, v, c.w, l.Needs())
		var line string
		for _, s := range strings.Split(v, "\n") {
			if strings.Contains(s, "database") {
				line = s
			}
		}
		for _, want := range c.want {
			if !strings.Contains(line, want) {
				t.Errorf("width %d: the database's line lacks %q:\n%s", c.w, want, v)
			}
		}
		if strings.Contains(line, "/60") || strings.Contains(line, "waiting") {
			t.Errorf("width %d: the database's line counts the lanes as one semaphore:\n%s", c.w, v)
		}
	}
}

// The overview gives a per-tenant bulkhead's calls in flight against its
// lanes' size, not against the lanes summed.
func TestOverviewShowsAPerTenantBulkheadsSize(t *testing.T) {
	d := tuitest.At(t, "noisy-tenant", 1, 20)
	db, _ := d.Snap.Dependency("database")
	o := pane.NewOverview(tuitest.Plain())
	o.SetData(d)
	o.SetSize(80, o.Needs())
	v := o.View()
	if want := pane.Count(db.InFlight) + " (20 per tenant)"; !strings.Contains(v, want) {
		t.Errorf("want %q in\n%s", want, v)
	}
	if strings.Contains(v, "/60") {
		t.Errorf("the overview counts the lanes as one bulkhead of 60:\n%s", v)
	}
}
