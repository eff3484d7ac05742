package pane_test

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// noisy-tenant's second variant gives each tenant 20 slots of the
// database: at 20 s acme's burst fills its lane, and the others' are not.
// The panes say 20 per tenant and which lane is full, not one bulkhead of
// 60 with free places that still turns calls away ("44/60 · 7,516 turned
// away").
func TestPanesShowAPerTenantBulkheadsLanes(t *testing.T) {
	d := tuitest.At(t, "noisy-tenant", 1, 20)
	db, _ := d.Snap.Dependency("database")
	if db.BulkheadCap != 60 {
		t.Fatalf("the snapshot's BulkheadCap is %d: it should keep counting every lane, 60", db.BulkheadCap)
	}
	for _, w := range []int{30, 45, 60, 100} {
		p := pane.NewPool(tuitest.Plain())
		p.SetData(d)
		h := p.Needs(w)
		p.SetSize(w, h)
		v := p.View()
		tuitest.CheckBlock(t, v, w, h)
		flat := flatten(v)
		for _, want := range []string{"bulkhead database 20 per tenant:", "acme 20/20 full", "7,516 turned away"} {
			if !strings.Contains(flat, want) {
				t.Errorf("width %d: the pool lacks %q:\n%s", w, want, v)
			}
		}
		for _, wrong := range []string{"database 44/60", "globex 20/20", "initech 20/20"} {
			if strings.Contains(flat, wrong) {
				t.Errorf("width %d: the pool shows %q:\n%s", w, wrong, v)
			}
		}
	}
	b := pane.NewBreaker(tuitest.Plain())
	b.SetData(d)
	b.SetSize(55, 12)
	v := b.View()
	if !strings.Contains(flatten(v), "Calls to database go: bulkhead 20 per tenant · no timeout.") {
		t.Errorf("the breaker pane should give the bulkhead's size per tenant:\n%s", v)
	}
}

// Whatever the lanes hold, the pool's height is that of every lane full.
func TestPoolReservesTheLanesAtTheirWidest(t *testing.T) {
	sc := tuitest.Scenario(t, "noisy-tenant")
	r, err := engine.New(sc, 1, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{30, 45, 60} {
		heights := map[int]bool{}
		for at := time.Duration(0); at <= 40*time.Second; at += 2 * time.Second {
			r.AdvanceTo(at)
			s := r.Snapshot()
			p := pane.NewPool(tuitest.Plain())
			p.ReserveTurnedAway(map[string]uint64{"database": 14_856})
			p.SetData(pane.Data{Snap: &s, Gen: 1})
			heights[p.MinHeight(w)] = true
			// Every line drawn fits in the height reserved.
			p.SetSize(w, p.Needs(w))
			tuitest.CheckBlock(t, p.View(), w, p.Needs(w))
			if !strings.Contains(p.View(), "initech") {
				t.Fatalf("width %d at %v: the last lane is cut off:\n%s", w, at, p.View())
			}
		}
		if len(heights) != 1 {
			t.Errorf("width %d: the pool's least height changed as the run played: %v", w, heights)
		}
		r, _ = engine.New(sc, 1, tuitest.Seed)
	}
}

// The size of the lanes, as a policy sets it: the most common, the ones
// that differ, and the overflow.
func TestTenantBulkheadSize(t *testing.T) {
	lanes := func(caps ...int) []engine.TenantLane {
		names := []string{"acme", "globex", "initech", ""}
		var out []engine.TenantLane
		for i, c := range caps {
			out = append(out, engine.TenantLane{Tenant: names[i], Cap: c})
		}
		return out
	}
	for _, c := range []struct {
		tb   engine.TenantBulkheadSnapshot
		want string
	}{
		{engine.TenantBulkheadSnapshot{Lanes: lanes(20, 20, 20)}, "bulkhead 20 per tenant"},
		{engine.TenantBulkheadSnapshot{Lanes: lanes(5, 20, 20, 20)}, "bulkhead 20 per tenant (acme 5)"},
		{engine.TenantBulkheadSnapshot{Lanes: lanes(20, 20, 5, 0)}, "bulkhead 20 per tenant (initech 5, no tenant 0)"},
		{engine.TenantBulkheadSnapshot{Lanes: lanes(10, 10, 10), SharedCap: 40, SharedPerTenant: 30}, "bulkhead 10 per tenant + 40 shared, at most 30 each"},
		{engine.TenantBulkheadSnapshot{Lanes: lanes(0, 0, 0), SharedCap: 40}, "bulkhead 0 per tenant + 40 shared"},
	} {
		tb := c.tb
		s := &engine.Snapshot{Dependencies: []engine.DependencySnapshot{{Name: "db", BulkheadCap: 1,
			Order: []engine.Layer{engine.LayerBulkhead}, TenantBulkhead: &tb}}}
		b := pane.NewBreaker(tuitest.Plain())
		b.SetSize(100, 8)
		b.SetData(pane.Data{Snap: s, Gen: 1})
		if v := b.View(); !strings.Contains(v, "Calls to db go: "+c.want+" · no timeout.") {
			t.Errorf("want %q in\n%s", c.want, v)
		}
	}
}

// A lane with overflow slots shows them, and is full only when its part
// of the overflow is too.
func TestPoolLanesWithOverflow(t *testing.T) {
	tb := &engine.TenantBulkheadSnapshot{Lanes: []engine.TenantLane{
		{Tenant: "acme", In: 10, Cap: 10, InShared: 30}, {Tenant: "globex", In: 10, Cap: 10, InShared: 2}, {Tenant: "initech", In: 3, Cap: 10},
	}, Shared: 32, SharedCap: 40, SharedPerTenant: 30}
	s := &engine.Snapshot{Workers: 100, Dependencies: []engine.DependencySnapshot{{Name: "db", Bulkhead: 55, BulkheadCap: 70, BulkheadFull: 12,
		Order: []engine.Layer{engine.LayerBulkhead}, TenantBulkhead: tb}}}
	p := pane.NewPool(tuitest.Plain())
	p.SetData(pane.Data{Snap: s, Gen: 1})
	p.SetSize(150, p.Needs(150))
	v := flatten(p.View())
	want := "bulkhead db 10 per tenant + 40 shared, at most 30 each: acme 10/10+30 full · globex 10/10+2 · initech 3/10+0 · shared 32/40 · 12 turned away"
	if !strings.Contains(v, want) {
		t.Errorf("want %q in\n%s", want, v)
	}
}

// flatten is a pane's text inside its frame, on one line, with every run
// of spaces (a wrap's indent included) one space.
func flatten(v string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(ansi.Strip(v), "│", " ")), " ")
}

// A pool pane too short for the lanes says which are full in one line,
// rather than lose them below its frame.
func TestPoolTooShortForTheLanesNamesTheFullOne(t *testing.T) {
	d := tuitest.At(t, "noisy-tenant", 1, 20)
	for _, c := range []struct {
		w    int
		want string
	}{
		{45, "database 20 per tenant · acme full"},
		{80, "bulkhead database 20 per tenant · acme 20/20 full · 7,516 turned away"},
	} {
		p := pane.NewPool(tuitest.Plain())
		p.SetData(d)
		p.SetSize(c.w, 6)
		v := p.View()
		tuitest.CheckBlock(t, v, c.w, 6)
		if !strings.Contains(v, c.want) {
			t.Errorf("width %d, 6 high: want %q in\n%s", c.w, c.want, v)
		}
	}
}
