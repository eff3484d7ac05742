package challenge

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// TestTenantLanesOverflowNearTheCapIsExplained holds tenant-lanes' why of
// an overflow hardly larger than the cap on one tenant to the engine.
// With the reference's lanes (10) and cap (30), an overflow of 30 to 32
// fell short on the quiet tenants with no why: the noisy tenant holds all
// the cap lets it, and their peaks past their lanes find the overflow
// taken. The quiet tenants miss exactly where the why's margin says,
// overflows under the cap + 3, and each such miss is told it.
func TestTenantLanesOverflowNearTheCapIsExplained(t *testing.T) {
	racefree.Only(t) // grading runs the engine in this goroutine, no other
	c := lookup(t, "tenant-lanes")
	ref := referenceSettings[c.ID]
	const shared, capPath = "database.per_tenant_bulkhead.shared", "database.per_tenant_bulkhead.shared_per_tenant"
	capN, ok := ref[capPath].(int64)
	if !ok {
		t.Fatalf("the reference's cap is %v, not a count", ref[capPath])
	}
	for n := capN; n <= capN+6; n++ {
		s := with(ref, shared, n)
		r, err := gradeOnce(c, s)
		if err != nil {
			t.Fatal(err)
		}
		missed := r.missed()["quiet tenants answered in the burst"]
		if want := n < capN+3; missed != want {
			t.Errorf("overflow %d beside a cap of %d: the quiet tenants' goal missed %v, want %v (the why's margin is 3)", n, capN, missed, want)
		}
		told := strings.Contains(strings.Join(c.ExplainResult(s, r), "\n"), "A cap this close to the whole overflow")
		if told != missed {
			t.Errorf("overflow %d beside a cap of %d: told the near-cap why %v, want %v; whys %q", n, capN, told, missed, c.ExplainResult(s, r))
		}
	}
}
