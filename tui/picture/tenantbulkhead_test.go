package picture

import (
	"bytes"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// noisy-tenant's bulkhead per tenant caps each tenant's calls at 20: the
// calls in flight to the database, all tenants' summed, are drawn with no
// dotted cap at the lanes summed (60, which they never reach while acme's
// lane turns calls away), and the legend gives the size per tenant.
func TestRunPictureGivesAPerTenantBulkheadPerTenant(t *testing.T) {
	sc := scenarios.NoisyTenant()
	sc.Variants = sc.Variants[1:2]
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	db := &snaps[0].Dependencies[0]
	if db.TenantBulkhead == nil || db.BulkheadCap != 60 || db.BulkheadFull == 0 || db.InFlightMax >= 60 {
		t.Fatalf("the variant should have lanes of 20 summing to 60, refuse calls, and never hold 60: %+v", db)
	}
	var b bytes.Buffer
	if err := Run(&b, sc, 5, snaps, "svg"); err != nil {
		t.Fatal(err)
	}
	texts := svgTexts(t, b.Bytes())
	if !hasText(texts, "bulkhead 20 per tenant") {
		t.Errorf("the legend does not give the bulkhead's size per tenant: %q", texts)
	}
	if hasText(texts, "the bulkhead's cap") {
		t.Errorf("the legend names a cap line for a bulkhead with no one cap: %q", texts)
	}
	legend := newRowLegend()
	p, err := inFlightPanel(&snaps[0], newPalette(), pane.FaultSpans(sc, 0), &legend)
	if err != nil {
		t.Fatal(err)
	}
	if p.Y.Max >= 60 {
		t.Errorf("the calls in flight are scaled to %v, past the most held (%d), to make room for the lanes summed", p.Y.Max, db.InFlightMax)
	}
}
