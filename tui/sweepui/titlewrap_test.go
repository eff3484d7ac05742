package sweepui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/theme"
)

// A title too long for its line wraps after a comma, keeping "mean of 3
// seeds" whole, and neither line ends in spaces: lipgloss padded the wrapped
// block's last line, "3 seeds", to the width of the first.
func TestLongTitleWrapsAfterACommaWithoutPadding(t *testing.T) {
	res := filled(t, "recommendations.bulkhead=0..10:3", "", "search-index.held_max", "", func(i, _ int) float64 { return float64(10 + i) })
	res.Plan.Seeds = []uint64{5, 6, 7}
	res2 := filled(t, "recommendations.bulkhead=0..10:3", "workers=100..200:2", "search-index.held_max", "", func(i, j int) float64 { return float64(10 + i + j) })
	res2.Plan.Seeds = []uint64{5, 6, 7}
	for _, out := range []string{Heatmap(res, theme.New(theme.Plain()), 80), Heatmap(res2, theme.New(theme.Plain()), 80)} {
		lines := strings.Split(out, "\n")
		if lines[0] != "search-index.held_max (calls), calls a caller waited on, in the window," || lines[1] != "mean of 3 seeds" {
			t.Errorf("title %q / %q; want it wrapped after \"in the window,\"", lines[0], lines[1])
		}
		for _, l := range lines[:2] {
			if strings.TrimRight(l, " ") != l {
				t.Errorf("line %q ends in spaces", l)
			}
		}
	}
}
