package sweepui

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// The heatmap paints a cell of each band once for the map (its glyphs in
// the band's ink), not once a cell, and writes a blank cell (not run yet)
// and a row's label into the map as they are: cells three rows tall (a
// large window's) cost no more allocations than cells one row tall, done
// or under way. A cell cost two a row of it before (its glyphs repeated,
// then painted), a blank one two as well.
func TestHeatmapCellsCostNoAllocations(t *testing.T) {
	racefree.Only(t) // the detector's sync.Pool drops items: allocations vary
	th := tuitest.Color()
	mark := &Mark{X: 1000, Y: 200, Label: "the design in the form"}
	// Rising to the right: a row meets the goal from one x on.
	value := func(i, j int) float64 { return float64(i)/20 + float64(j)/100 }
	done := filled(t, "recommendations.timeout=200ms..5s:20", "workers=100..300:14", "search.ok", "search.ok>=0.5", value)
	// Under way: every other cell in, the others blank.
	half := sweep.NewResult(done.Plan)
	for j := range 14 {
		for i := j % 2; i < 20; i += 2 {
			half.Add(sweep.Sample{Job: sweep.Job{I: i, J: j}, Value: value(i, j), GoalValue: value(i, j)})
		}
	}
	half = half.Clone()
	for _, res := range []*sweep.Result{done, half} {
		cost := func(rows int) float64 {
			return testing.AllocsPerRun(5, func() { _ = drawHeatmap(res, th, 196, rows, mark, Typed) })
		}
		one, three := cost(1), cost(3)
		if lines := float64(2 * 14); three-one >= lines {
			t.Errorf("%d of %d runs in: cells three rows tall make %.0f allocations, one row tall %.0f: %.0f more for %.0f more lines of cells",
				res.Runs, res.Total, three, one, three-one, lines)
		}
	}
}
