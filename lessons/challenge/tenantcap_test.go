package challenge

import (
	"strings"
	"testing"
)

// tenant-lanes' cap on what one tenant holds of the shared overflow is
// part of that overflow: beside an overflow of 30 its range read 0 to 60,
// thirty values that all meant no cap. Its range follows the overflow, a
// value past it is refused naming the knob that widens it, and a cap
// once set floors the overflow, as a bulkhead floors its pool; 0, no
// cap, floors nothing.
func TestTenantCapFollowsTheOverflow(t *testing.T) {
	c := lookup(t, "tenant-lanes")
	const shared, capPath = "database.per_tenant_bulkhead.shared", "database.per_tenant_bulkhead.shared_per_tenant"
	capAt, sharedAt := c.knobIndex(capPath), c.knobIndex(shared)
	if capAt < 0 || sharedAt < 0 {
		t.Fatal("tenant-lanes has no knobs for the overflow and its cap")
	}
	for _, overflow := range []int64{30, 45} {
		s := Setting{shared: overflow}
		lim := c.Limit(s, capAt)
		if lim.Min != 0 || lim.Max != float64(overflow) {
			t.Errorf("overflow %d: the cap's range is %s, want 0 to %d", overflow, lim.Range(), overflow)
		}
		err := lim.Check(overflow + 1)
		if err == nil || !strings.Contains(err.Error(), "raise "+c.Knobs[sharedAt].Label) {
			t.Errorf("overflow %d: a cap of %d should be refused, pointing at the overflow: %v", overflow, overflow+1, err)
		}
		if _, _, err := c.build(with(s, capPath, overflow+1)); err == nil {
			t.Errorf("overflow %d: grading takes a cap of %d", overflow, overflow+1)
		}
	}
	if lim := c.Limit(Setting{shared: int64(40), capPath: int64(25)}, sharedAt); lim.Min != 25 {
		t.Errorf("with a cap of 25 the overflow's range is %s, want 25 and up", lim.Range())
	}
	if lim := c.Limit(Setting{shared: int64(40), capPath: int64(0)}, sharedAt); lim.Min != c.Knobs[sharedAt].Min {
		t.Errorf("no cap should leave the overflow its own range, got %s", lim.Range())
	}
}
