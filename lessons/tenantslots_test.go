package lessons

import (
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// param reads a per-tenant bulkhead's slots, as the knob form sets them,
// and a variant without one is told so. Lesson 13 states the slots each
// tenant owns with it: its prompt said "one third of the pool each",
// a figure typed by hand that no claim held to the scenario.
func TestParamReadsTheTenantSlots(t *testing.T) {
	sc := scenarios.NoisyTenant()
	tb := sc.Variants[1].System.Dependencies[0].Policy.TenantBulkhead
	if tb == nil {
		t.Fatal("noisy-tenant's second design has no per-tenant bulkhead")
	}
	if got := mustEval(t, 5, "param noisy-tenant/1 database.per_tenant_bulkhead.default"); got != float64(tb.Default) {
		t.Errorf("param reads %v slots, the scenario gives %d", got, tb.Default)
	}
	if _, err := evalOn(t, 5, "param noisy-tenant/0 database.per_tenant_bulkhead.default"); err == nil || !strings.Contains(err.Error(), "per-tenant bulkhead") {
		t.Errorf("a design without a per-tenant bulkhead: %v, want a refusal naming the per-tenant bulkhead", err)
	}

	workers := sc.Variants[1].System.Workers
	tenants := len(sc.Variants[1].System.Tenants)
	for _, p := range allPrepared(t) {
		if !strings.HasPrefix(p.Lesson.ID, "13-") {
			continue
		}
		for _, st := range p.Steps {
			if st.Title != "A bulkhead per tenant" {
				continue
			}
			prompt := st.Predict.Prompt
			for _, n := range []int{tb.Default, workers} {
				if !strings.Contains(prompt, strconv.Itoa(n)) {
					t.Errorf("lesson 13's prompt %q does not state %d, from the scenario", prompt, n)
				}
			}
			// The prompt says each tenant's share is a third of the pool,
			// a ratio its step claims: the shares add up to the pool.
			if !strings.Contains(prompt, "a third of the") || tb.Default*tenants != workers {
				t.Errorf("lesson 13's prompt %q: %d tenants of %d slots each, against %d workers", prompt, tenants, tb.Default, workers)
			}
			return
		}
	}
	t.Fatal("lesson 13 has no step \"A bulkhead per tenant\"")
}
