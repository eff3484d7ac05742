package sweepui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/sweeptest"
	"github.com/breakerlab/breakerlab/tui/theme"
	xansi "github.com/charmbracelet/x/ansi"
)

// A figure that is not a share reads on its own side of the goal's
// threshold too: three significant digits wrote a p99 of 250.4 ms, which
// misses search.p99<=250, as the "250" a row meeting it reads, and a
// first_open of 15.118 s as the "15.1" beside first_open<=15.1 that rows
// of 15.098 s read with a ✓. A figure already on its side keeps its
// three digits.
func TestFigureReadsOnItsSideOfTheGoal(t *testing.T) {
	means := []float64{249.6, 250.4, 120.3}
	res := sweeptest.Filled(t, []string{"workers=100..300:3"}, "search.p99", "search.p99<=250",
		func(i, _ int) float64 { return means[i] })
	lines := strings.Split(xansi.Strip(Heatmap(res, theme.New(theme.Plain()), 80)), "\n")
	k := 0
	for k < len(lines) && !strings.Contains(lines[k], "fewest") {
		k++
	}
	if k+3 >= len(lines) {
		t.Fatalf("no table:\n%s", strings.Join(lines, "\n"))
	}
	for i, want := range []string{"  250  ", "  250.4  ", "  120  "} {
		row := lines[k+1+i]
		if !strings.Contains(row, want) {
			t.Errorf("row %d %q: want the mean written %q", i, row, strings.TrimSpace(want))
		}
		if met := means[i] <= 250; strings.Contains(row, "✓") != met {
			t.Errorf("row %d %q: ✓ shown %v, goal met %v", i, row, !met, met)
		}
	}
}
