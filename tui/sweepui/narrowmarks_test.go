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
