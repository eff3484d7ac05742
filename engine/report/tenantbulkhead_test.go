package report

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// A per-tenant bulkhead turns a call away when its tenant's lane is full,
// with room in the others' (noisy-tenant's acme, at 20 of 20 while the
// lanes summed held 44 of 60): the table says so, at the front and on an
// edge to a service, where a bulkhead of one cap still says "the full
// bulkhead".
func TestTableSaysAPerTenantBulkheadTurnsAwayByLane(t *testing.T) {
	lanes := &engine.TenantBulkheadSnapshot{Lanes: []engine.TenantLane{{Tenant: "acme", Cap: 20}, {Tenant: "globex", Cap: 20}, {Tenant: "initech", Cap: 20}}}
	s := chainSnapshot()
	s.Dependencies = append(s.Dependencies,
		engine.DependencySnapshot{Name: "database", Calls: 12_759, InFlightMax: 47, InFlightMaxAt: 12_345 * time.Millisecond, BulkheadCap: 60, BulkheadFull: 14_856, TenantBulkhead: lanes},
		engine.DependencySnapshot{Name: "cache", Calls: 50, BulkheadCap: 10, BulkheadFull: 3})
	s.Dependencies[0].BulkheadCap, s.Dependencies[0].BulkheadFull, s.Dependencies[0].TenantBulkhead = 60, 7, lanes
	sc := &engine.Scenario{Name: "noisy", MeasureTo: time.Second}
	var table bytes.Buffer
	if err := WriteTableWidth(&table, sc, 1, []engine.Snapshot{s}, 200); err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(table.String()), " ")
	for _, want := range []string{
		"database 12,759 calls reached it, at most 47 in flight (first at 12.345 s), 14,856 turned away by their tenant's full lane",
		"7 turned away by their tenant's full lane",
		"cache 50 calls reached it, at most 0 in flight (first at 0 s), 3 turned away by the full bulkhead",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the table lacks %q:\n%s", want, table.String())
		}
	}
	if n := strings.Count(text, "by the full bulkhead"); n != 1 {
		t.Errorf("%d lines blame the full bulkhead, want only the cache's:\n%s", n, table.String())
	}
}
