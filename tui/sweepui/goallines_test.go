package sweepui

import (
	"regexp"
	"strconv"
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

// A map whose cells are one column wide has no room for a ✓: it says so
// under the count of cells met and names the --width that shows them,
// where "✓ meets search.ok>=99%: 975 of 2,400 cells" stood under a map
// without a single ✓. At that width the ✓ are drawn and the note is gone.
func TestNarrowMapSaysWhereItsMarksWent(t *testing.T) {
	axes := []string{"recommendations.timeout=250ms..5s:40", "workers=100..200:3"}
	res := sweeptest.Filled(t, axes, "search.ok", "search.ok>=99%",
		func(i, _ int) float64 { return 1 - 0.001*float64(i) })
	out := xansi.Strip(Heatmap(res, theme.New(theme.Plain()), 80))
	if marks(out) != 0 {
		t.Fatalf("the test wants a map too narrow for ✓ at 80 columns:\n%s", out)
	}
	m := regexp.MustCompile(`too narrow for their ✓ marks: --width (\d+) shows them`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("a map with no room for ✓ does not say so:\n%s", out)
	}
	if !strings.Contains(out, "cells\nthe cells are too narrow") {
		t.Errorf("the note does not follow the count of cells met:\n%s", out)
	}
	w, _ := strconv.Atoi(m[1])
	wide := xansi.Strip(Heatmap(res, theme.New(theme.Plain()), w))
	if strings.Contains(wide, "too narrow") || marks(wide) != 33 {
		t.Errorf("at --width %d the ✓ are still not drawn:\n%s", w, wide)
	}
	if narrower := xansi.Strip(Heatmap(res, theme.New(theme.Plain()), w-1)); !strings.Contains(narrower, "too narrow") {
		t.Errorf("--width %d is not the least that shows the ✓:\n%s", w, narrower)
	}
}

// marks counts the ✓ in a map's grid, the lines of its cells.
func marks(out string) int {
	n := 0
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "│") {
			n += strings.Count(l, "✓")
		}
	}
	return n
}
