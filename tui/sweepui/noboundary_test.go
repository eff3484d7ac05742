package sweepui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/sweeptest"
	"github.com/breakerlab/breakerlab/tui/theme"
	xansi "github.com/charmbracelet/x/ansi"
)

// A sweep whose goal no cell meets says the boundary is not inside its
// ranges and names the cell that came nearest, with its figure: "✓ meets
// buy.ok>=90%: 0 of 48 cells" alone left the user no boundary and no way
// towards one. One whose every cell meets it says the boundary is outside
// too, where a line of boundary was expected and none came.
func TestNoBoundarySaysWhereToLook(t *testing.T) {
	axes := []string{"recommendations.timeout=1s..3s:3", "workers=100..200:2"}
	ok := func(i, j int) float64 { return 0.2 + 0.1*float64(j) - 0.05*float64(i) }
	for _, tc := range []struct {
		goal string
		want []string
	}{
		// The best cell is the first column's top row: 30%.
		{"search.ok>=90%", []string{"0 of 6 cells", "no cell meets it", "outside these ranges",
			"nearest: search.ok 30% at recommendations.timeout=1s, workers=200"}},
		// For an upper bound the nearest is the lowest: 10%.
		{"search.ok<=5%", []string{"no cell meets it", "nearest: search.ok 10% at recommendations.timeout=3s, workers=100"}},
		{"search.ok>=1%", []string{"6 of 6 cells", "every cell meets it", "outside these ranges"}},
	} {
		res := sweeptest.Filled(t, axes, "search.ok", tc.goal, ok)
		out := strings.Join(strings.Fields(xansi.Strip(Heatmap(res, theme.New(theme.Plain()), 80))), " ")
		for _, w := range tc.want {
			if !strings.Contains(out, w) {
				t.Errorf("goal %s: want %q in\n%s", tc.goal, w, out)
			}
		}
	}
	// A goal with a boundary inside the grid gets its lines, not these.
	res := sweeptest.Filled(t, axes, "search.ok", "search.ok>=20%", ok)
	if out := xansi.Strip(Heatmap(res, theme.New(theme.Plain()), 80)); strings.Contains(out, "outside these ranges") {
		t.Errorf("a boundary inside the grid said to be outside:\n%s", out)
	}
}
