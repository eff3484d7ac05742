package sweepui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/theme"
	xansi "github.com/charmbracelet/x/ansi"
)

// A one-knob table's bar for a share runs from 0 to 100%, the scale of
// the sweep's picture, so its length is the share: the go-server sweep
// of payments.bulkhead, whose checkout.ok rose from 0.1% to 0.7%, drew
// its last row a full bar, as if every request had been answered. A
// measure in ms keeps the highest mean as its full bar: it has no top.
func TestShareBarsRunToAHundredPercent(t *testing.T) {
	bars := func(metric string, value func(i int) float64) []int {
		res := filled(t, "recommendations.timeout=200ms..5s:4", "", metric, "", func(i, _ int) float64 { return value(i) })
		lines := strings.Split(xansi.Strip(Heatmap(res, theme.New(theme.Plain()), 80)), "\n")
		for k, l := range lines {
			if strings.Contains(l, "fewest") && k+4 < len(lines) {
				var n []int
				for _, row := range lines[k+1 : k+5] {
					n = append(n, strings.Count(row, "█"))
				}
				return n
			}
		}
		t.Fatalf("%s: no table header in\n%s", metric, strings.Join(lines, "\n"))
		return nil
	}
	small := bars("search.ok", func(i int) float64 { return 0.001 * float64(2*i+1) })
	for i, n := range small {
		if n != 0 {
			t.Errorf("search.ok of %.1f%%: a bar of %d cells, want none (under half a cell of 100%%): %v", 0.1*float64(2*i+1), n, small)
		}
	}
	half := bars("search.ok", func(i int) float64 { return 0.5 })
	for _, n := range half {
		if n != 15 {
			t.Errorf("search.ok of 50%% in every row: bars %v, want 15 cells each, half of 30", half)
			break
		}
	}
	ms := bars("search.p99", func(i int) float64 { return 10 * float64(i+1) })
	if len(ms) == 0 || ms[len(ms)-1] != 30 {
		t.Errorf("search.p99 up to 40 ms: bars %v, want the highest a full 30", ms)
	}
}
