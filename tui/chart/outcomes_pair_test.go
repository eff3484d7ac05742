package chart_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// bandRows are the rows of v on which each band's label stands.
func bandRows(v string) []int {
	var rows []int
	for i, l := range strings.Split(ansi.Strip(v), "\n") {
		f := strings.Fields(strings.Trim(l, "│"))
		if len(f) > 1 && (f[0] == "health" || f[0] == "checkout") {
			rows = append(rows, i)
		}
	}
	return rows
}

// Two charts paired (the live lab's simulated and measured columns) take
// legends of the same lines, so that their bands stand on the same rows:
// a side whose short bands picked a cell by the share rule said so in a
// line the other side's legend did not need, and its bands sat a row off
// (checkout's no-timeout design beside its protected one, 2 s in, at 99
// columns). Unpaired, the two differ, as they did.
func TestPairedOutcomesLineUp(t *testing.T) {
	a, b := tuitest.At(t, "checkout", 0, 2), tuitest.At(t, "checkout", 3, 2)
	for _, h := range []int{8, 10} {
		x, y := chart.NewOutcomes(tuitest.Plain()), chart.NewOutcomes(tuitest.Plain())
		for _, c := range []*chart.Outcomes{x, y} {
			c.SetSize(99, h)
		}
		x.SetData(a)
		y.SetData(b)
		if rx, ry := bandRows(x.View()), bandRows(y.View()); slices.Equal(rx, ry) {
			t.Fatalf("h %d: unpaired, the bands already line up (%v): nothing to test", h, rx)
		}
		chart.SetPair(x, y)
		rx, ry := bandRows(x.View()), bandRows(y.View())
		if len(rx) != 2 || !slices.Equal(rx, ry) {
			t.Errorf("h %d: paired, the bands stand on rows %v and %v:\n%s\n%s", h, rx, ry, x.View(), y.View())
		}
		if !strings.Contains(x.View(), "≥10%") {
			t.Errorf("h %d: the side that drew no promoted cell does not say the rule its pair needs:\n%s", h, x.View())
		}
	}
}
