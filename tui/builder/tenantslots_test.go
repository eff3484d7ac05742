package builder

import (
	"reflect"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// ownSlots is noisy-tenant with slots of their own for acme (10) and
// globex (6) in its per-tenant bulkhead on database (variant 2), as a
// scenario file can give them.
func ownSlots() *engine.Scenario {
	sc := scenarios.NoisyTenant()
	tb := sc.Variants[1].System.Dependencies[0].Policy.TenantBulkhead
	tb.Own = []engine.TenantSlots{{Tenant: "acme", Slots: 10}, {Tenant: "globex", Slots: 6}}
	return sc
}

// databasePolicy is variant v's policy on the front's call to database.
func databasePolicy(sc *engine.Scenario, v int) engine.Policy {
	return sc.Variants[v].System.Dependencies[0].Policy
}

// x on a tenant with slots of its own in a per-tenant bulkhead takes the
// slots out with it, says so, and u puts them back. It was refused, in the
// engine's words (per-tenant bulkhead: tenant "acme" is not one of the
// system's tenants): the tenant could not be removed at all.
func TestRemovingATenantTakesItsBulkheadSlots(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := New(Options{Theme: tuitest.Plain(), Seed: tuitest.Seed, Starts: []Start{{Name: "noisy-tenant", Build: ownSlots}}})
	m = tuitest.Press(tuitest.Send(m, tea.WindowSizeMsg{Width: 100, Height: 30}), "down", "enter")
	undos := len(m.undo)
	m = tuitest.Press(selectKind(t, m, partTenant, "acme", "-"), "x")
	if m.msgErr {
		t.Fatalf("x should remove acme and its slots: %q", m.msg)
	}
	tb := databasePolicy(m.sc, 1).TenantBulkhead
	if tb == nil || !reflect.DeepEqual(tb.Own, []engine.TenantSlots{{Tenant: "globex", Slots: 6}}) || tb.Default != 20 {
		t.Errorf("the per-tenant bulkhead should keep globex's 6 and the default 20, without acme's: %+v", tb)
	}
	want := "removed tenant acme: its 33.3% went to the others in proportion to theirs: globex 50%, initech 50%; " +
		"its own bulkhead slots went with it: 10 on database in variant 2 of 3 (a bulkhead per tenant, edited) (u undoes it)"
	if m.msg != want {
		t.Errorf("the message line should say where the share and the slots went:\n got %q\nwant %q", m.msg, want)
	}
	if len(m.undo) != undos+1 {
		t.Errorf("removing a tenant with its slots should be one edit: %d undo steps, want %d", len(m.undo), undos+1)
	}
	if got := runTenants(t, m.sc, 1); got["acme"] != 0 || got["globex"] == 0 {
		t.Errorf("the design with the per-tenant bulkhead should run without acme: %v", got)
	}
	m = tuitest.Press(m, "u")
	if got := databasePolicy(m.sc, 1).TenantBulkhead; !reflect.DeepEqual(got, databasePolicy(ownSlots(), 1).TenantBulkhead) {
		t.Errorf("u should give acme its 10 slots back: %+v", got)
	}
}

// The last tenant takes the per-tenant bulkheads with it: a copy of
// noisy-tenant without tenants has in its "a bulkhead per tenant" design
// a plain bulkhead of 20 on database, the slots its calls without a tenant
// find in it, and says so. It was refused (a per-tenant bulkhead needs the
// system's tenants), the last tenant impossible to remove.
func TestRemovingTheLastTenantLeavesAPlainBulkhead(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := fromStart(t, 100, 30, "noisy-tenant")
	for _, name := range []string{"acme", "globex", "initech"} {
		m = tuitest.Press(selectKind(t, m, partTenant, name, "-"), "x")
		if m.msgErr {
			t.Fatalf("x should remove %s: %q", name, m.msg)
		}
	}
	if p := databasePolicy(m.sc, 1); p.TenantBulkhead != nil || p.Bulkhead != 20 || p.BulkheadWait != 0 {
		t.Errorf("the design should have a bulkhead of 20 that never makes calls wait, not a per-tenant one: %+v", p)
	}
	want := "removed tenant initech: the traffic has no tenant now; the per-tenant bulkhead on database in variant 2 of 3 " +
		"(a bulkhead per tenant, edited) is a bulkhead of 20 now, the slots a call without a tenant had in it (u undoes it)"
	if m.msg != want {
		t.Errorf("the message line should say what became of the bulkhead:\n got %q\nwant %q", m.msg, want)
	}
	// The message line wraps: its words are read across lines.
	if view := ansi.Strip(m.View()); !strings.Contains(strings.Join(strings.Fields(view), " "), "(a bulkhead per tenant, edited) is a bulkhead of 20 now") {
		t.Errorf("the screen should show it:\n%s", view)
	}
	for v := range m.sc.Variants {
		if _, err := engine.New(m.sc, v, 1); err != nil {
			t.Errorf("variant %d should run without tenants: %v", v, err)
		}
	}
	m = tuitest.Press(m, "u")
	if tb := databasePolicy(m.sc, 1).TenantBulkhead; tb == nil || tb.Default != 20 || databasePolicy(m.sc, 1).Bulkhead != 0 {
		t.Errorf("u should bring the per-tenant bulkhead back with initech: %+v", databasePolicy(m.sc, 1))
	}
}

// untenantedSlots is what the engine gives calls without a tenant in a
// per-tenant bulkhead: a run whose requests have no tenant goes the same,
// call for call, through the per-tenant bulkhead and through a plain one
// of untenantedSlots.
func TestUntenantedSlotsCapAsThePerTenantBulkheadDid(t *testing.T) {
	racefree.Only(t) // no goroutine: the engine run by hand
	for _, tb := range []engine.TenantBulkhead{
		{Default: 20},
		{Default: 5, Shared: 10},
		{Default: 5, Shared: 10, SharedPerTenant: 4},
		{Own: []engine.TenantSlots{{Tenant: "acme", Slots: 30}}, Default: 3, Shared: 2},
	} {
		perTenant, plain := noTenantTraffic(), noTenantTraffic()
		perTenant.Variants[1].System.Dependencies[0].Policy.TenantBulkhead = &tb
		// The last tenant leaves plain: its bulkhead turns plain.
		p := &plain.Variants[1].System.Dependencies[0].Policy
		p.TenantBulkhead = &tb
		removeTenantSlots(p, "acme", false)
		plain.Variants[1].System.Tenants = nil
		a, b := depEnd(t, perTenant), depEnd(t, plain)
		if a.BulkheadFull == 0 {
			t.Errorf("%+v: the bulkhead never filled; the test shows nothing", tb)
		}
		if a.BulkheadFull != b.BulkheadFull || a.BulkheadMax != b.BulkheadMax || a.Calls != b.Calls {
			t.Errorf("%+v: per-tenant refused %d, held %d at most, of %d calls; the plain bulkhead of %d: %d, %d, %d",
				tb, a.BulkheadFull, a.BulkheadMax, a.Calls, untenantedSlots(&tb), b.BulkheadFull, b.BulkheadMax, b.Calls)
		}
	}
}

// noTenantTraffic is noisy-tenant whose requests have no tenant, though
// the system still names its tenants (the engine asks for them beside a
// per-tenant bulkhead).
func noTenantTraffic() *engine.Scenario {
	sc := scenarios.NoisyTenant()
	eps := sc.Variants[1].System.Endpoints
	for i := range eps {
		eps[i].Tenants = nil
		for j := range eps[i].Bursts {
			eps[i].Bursts[j].Tenant = ""
		}
	}
	return sc
}

// depEnd is database at the end of variant 1 of sc.
func depEnd(t *testing.T, sc *engine.Scenario) engine.DependencySnapshot {
	t.Helper()
	r, err := engine.New(sc, 1, 7)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(sc.Duration)
	for _, d := range r.Snapshot().Dependencies {
		if d.Name == "database" {
			return d
		}
	}
	t.Fatal("no database in the snapshot")
	return engine.DependencySnapshot{}
}

// The note names the variants a bulkhead changed in only when it did not
// change in all of them, and says when the last tenant leaves a
// per-tenant bulkhead that had no slots for calls without a tenant: it is
// gone, since a bulkhead of 0 is none.
func TestSlotsRemovedNoteSaysWhere(t *testing.T) {
	t.Parallel()
	withSlots := func(tb engine.TenantBulkhead, variants ...int) *engine.Scenario {
		sc := scenarios.NoisyTenant()
		for _, v := range variants {
			own := tb
			sc.Variants[v].System.Dependencies[0].Policy.TenantBulkhead = &own
		}
		return sc
	}
	acme10 := engine.TenantBulkhead{Own: []engine.TenantSlots{{Tenant: "acme", Slots: 10}}, Default: 5}
	for _, c := range []struct {
		about  string
		before *engine.Scenario
		last   bool // acme was the last tenant
		want   string
	}{
		{"every variant", withSlots(acme10, 0, 1, 2), false, "; its own bulkhead slots went with it: 10 on database"},
		{"two of three", withSlots(acme10, 1, 2), false, "; its own bulkhead slots went with it: 10 on database in variants 2 and 3 of 3"},
		{"no own slots", withSlots(engine.TenantBulkhead{Default: 5}, 1), false, ""},
		{"the last, no slots without a tenant", withSlots(engine.TenantBulkhead{Own: acme10.Own}, 0, 1, 2), true,
			"; the per-tenant bulkhead on database is gone: it had no slots for a call without a tenant"},
		{"the last, the overflow capped", withSlots(engine.TenantBulkhead{Default: 2, Shared: 9, SharedPerTenant: 3}, 0, 1, 2), true,
			"; the per-tenant bulkhead on database is a bulkhead of 5 now, the slots a call without a tenant had in it"},
	} {
		// The note reads the bulkheads before and the tenants after.
		after := clone(c.before)
		if c.last {
			for v := range after.Variants {
				after.Variants[v].System.Tenants = nil
			}
		}
		if got := slotsRemovedNote(c.before, after, "acme"); got != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.about, got, c.want)
		}
	}
}
