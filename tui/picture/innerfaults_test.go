package picture

import (
	"bytes"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A run's picture shades and names every fault the time axes of the
// sandbox mark, not only those of the front's own dependencies: multi-hop's
// database, behind inventory, slows from 20 s to 40 s, and its picture
// showed no fault at all; noisy-tenant's burst is named as a surge.
func TestRunPictureNamesFaultsBehindServices(t *testing.T) {
	for _, c := range []struct {
		name  string
		build func() *engine.Scenario
		want  string
	}{
		{"multi-hop", scenarios.MultiHop, "fault: inventory/database slow"},
		{"noisy-tenant", scenarios.NoisyTenant, "acme surge on search"},
	} {
		sc := c.build()
		sc.Variants = sc.Variants[:1]
		snaps, err := engine.RunAll(sc, 5)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := Run(&b, sc, 5, snaps, "svg"); err != nil {
			t.Fatal(err)
		}
		if texts := svgTexts(t, b.Bytes()); !hasText(texts, c.want) {
			t.Errorf("%s: the picture does not name %q: %q", c.name, c.want, texts)
		}
	}
}
