package engine

import (
	"testing"
	"time"
)

// A per-tenant bulkhead's snapshot has each lane, so that a view can say
// which tenant's lane is full: BulkheadCap keeps its meaning (every slot
// counted together), which no one tenant's call can use.
func TestSnapshotHasTenantLanes(t *testing.T) {
	tb := &TenantBulkhead{Default: 10, Own: []TenantSlots{{"initech", 4}}, Shared: 6, SharedPerTenant: 3}
	sc := noisy(tb, 0)
	// Some requests come without a tenant: they have a lane of their own.
	e := sc.Variants[0].System.Endpoints[0]
	e.Name, e.Rate, e.Tenants, e.Bursts = "anon", 10, nil, nil
	sc.Variants[0].System.Endpoints = append(sc.Variants[0].System.Endpoints, e)
	r := mustNew(t, sc, 6)
	sawFull := false
	stepEvents(r, func() {
		s := r.Snapshot()
		d := &s.Dependencies[0]
		tbs := d.TenantBulkhead
		if tbs == nil {
			t.Fatal("no TenantBulkhead in the snapshot of a dependency with a per-tenant bulkhead")
		}
		if d.BulkheadCap != 10+10+4+10+6 {
			t.Fatalf("BulkheadCap = %d, want every slot counted, 40", d.BulkheadCap)
		}
		names := []string{"acme", "globex", "initech", ""}
		caps := []int{10, 10, 4, 10}
		if len(tbs.Lanes) != len(names) {
			t.Fatalf("%d lanes, want %d: %+v", len(tbs.Lanes), len(names), tbs.Lanes)
		}
		held, shared := tbs.Shared, 0
		for i, l := range tbs.Lanes {
			if l.Tenant != names[i] || l.Cap != caps[i] || l.In < 0 || l.In > l.Cap || l.InShared > tbs.SharedPerTenant {
				t.Fatalf("at %v: lane %d is %+v, want tenant %q with %d slots", r.now, i, l, names[i], caps[i])
			}
			held += l.In
			shared += l.InShared
		}
		if held != d.Bulkhead || shared != tbs.Shared || tbs.SharedCap != 6 || tbs.SharedPerTenant != 3 {
			t.Fatalf("at %v: lanes hold %d (%d of the overflow, %+v), the bulkhead %d", r.now, held, shared, tbs, d.Bulkhead)
		}
		// acme's burst fills its own lane and its part of the overflow.
		if r.now > 6*time.Second && r.now < 14*time.Second && tbs.Full(0) {
			sawFull = true
			if l := tbs.Lanes[0]; l.In != 10 || l.InShared != 3 {
				t.Fatalf("at %v: acme's lane is full at %+v", r.now, l)
			}
		}
		if tbs.Full(1) || tbs.Full(3) {
			t.Fatalf("at %v: a quiet lane is full: %+v", r.now, tbs)
		}
	})
	if !sawFull {
		t.Error("acme's lane was never full during its burst")
	}
}

// A per-tenant bulkhead's BulkheadMax is the most calls it held at once,
// every lane together, as a one-cap bulkhead's is (lesson expressions'
// permits-max and the panes' "most" read it): it stayed 0.
func TestTenantBulkheadKeepsItsMost(t *testing.T) {
	sc := noisy(&TenantBulkhead{Default: 10, Shared: 6, SharedPerTenant: 3}, 0)
	r := mustNew(t, sc, 6)
	seen := 0
	stepEvents(r, func() {
		d := r.Snapshot().Dependencies[0]
		seen = max(seen, d.Bulkhead)
		if d.BulkheadMax < seen {
			t.Fatalf("at %v: BulkheadMax %d, below the %d held at once so far", r.now, d.BulkheadMax, seen)
		}
	})
	d := r.Snapshot().Dependencies[0]
	if seen == 0 || d.BulkheadMax != seen || d.BulkheadMax > d.BulkheadCap {
		t.Fatalf("BulkheadMax %d, the most held seen step by step %d (cap %d)", d.BulkheadMax, seen, d.BulkheadCap)
	}
}
