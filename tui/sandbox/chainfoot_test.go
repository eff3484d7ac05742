package sandbox

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// multi-hop's chain pane at 80×24 wrapped its totals mid-list ("cancelled
// 0 · abandoned 0 · expired 0 ·" / "unsent past deadline 0 ·" / ...):
// each variant at 30 s, its totals in whole figures (pane's
// TestChainTotalsRowsEndWhole has the rule at every width).
func TestMultiHopChainGolden(t *testing.T) {
	racefree.Only(t)
	sc := tuitest.Scenario(t, "multi-hop")
	for v := range sc.Variants {
		m := newModel(t, 80, 24, Options{Scenario: sc, Variant: v})
		m = seekTo(t, m, 30*time.Second)
		view := m.View()
		tuitest.CheckBlock(t, view, 80, 24)
		golden.Check(t, fmt.Sprintf("multi-hop-v%d-30s-80x24", v+1), view)
	}
}
