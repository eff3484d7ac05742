package sweepui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/theme"
	xansi "github.com/charmbracelet/x/ansi"
)

// A heatmap's lines end at their last mark: a grid row ended in "██ ",
// its last cell's empty mark column, and the legend's line ended in a
// space where its wrap fell between two entries, which are two spaces
// apart. A copied map carried the blanks, and a golden file kept them.
func TestHeatmapLinesEndAtTheirLastMark(t *testing.T) {
	racefree.Only(t) // one goroutine: drawing alone
	plain := filled(t, "workers=50..400:8", "recommendations.rate=25..200:8", "search.ok", "",
		func(i, j int) float64 { return 0.0588 + (1-0.0588)*float64(i*j)/49 })
	goal := filled(t, "workers=50..400:4", "recommendations.rate=25..200:3", "search.ok", "search.ok>=0.5",
		func(i, j int) float64 { return float64(i+j) / 5 })
	for name, out := range map[string]func(w int) string{
		"no goal": func(w int) string { return Heatmap(plain, theme.New(theme.Plain()), w) },
		"a goal":  func(w int) string { return Heatmap(goal, theme.New(nil), w) },
		"a mark": func(w int) string {
			return HeatmapMarked(plain, theme.New(theme.Plain()), w, &Mark{X: 200, Y: 100, Label: "yours"})
		},
		"3 tall": func(w int) string { return HeatmapFit(plain, theme.New(theme.Plain()), w, 60, nil) },
		"the rest": func(w int) string {
			return HeatmapFit(goal, theme.New(nil), w, 40, &Mark{X: 100, Y: 25, Label: "yours"})
		},
	} {
		for w := 30; w <= 120; w++ {
			for i, l := range strings.Split(xansi.Strip(out(w)), "\n") {
				if strings.TrimRight(l, " \u00a0") != l {
					t.Errorf("%s at width %d: line %d ends in a blank: %q", name, w, i+1, l)
					break
				}
			}
		}
	}
}
