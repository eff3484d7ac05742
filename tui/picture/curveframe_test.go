package picture

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/sweepui"
)

// A one-knob curve of a share runs its y axis from 0 % to 100 %, and its
// first and last points sit inside the frame, not on its edges; a none
// set apart is ticked as the table's row writes it.
func TestCurveFrameFromZero(t *testing.T) {
	racefree.Only(t) // no goroutine: it lays out a figure
	res := cascadeSweep(t, false)
	f, err := sweepFigure(res, "cascade", [2]string{})
	if err != nil {
		t.Fatal(err)
	}
	p := f.rows[0][0]
	if p.Y.Min != 0 || p.Y.Max != 1 {
		t.Errorf("a share's y axis runs %v to %v, want 0 to 1", p.Y.Min, p.Y.Max)
	}
	x := res.Plan.Axes[0].X
	if !(p.X.Min < x[0] && p.X.Max > x[len(x)-1]) {
		t.Errorf("x axis %v to %v: the points at %v and %v sit on its edges", p.X.Min, p.X.Max, x[0], x[len(x)-1])
	}
	at := placeKnob([]float64{0, 1000, 2000}, "no timeout")
	tk := noneApart{tickerFor("ms", true), at, sweepui.NoneText("no timeout")}
	if got := tk.Ticks(at.lo[0], at.hi[2])[0].Label; got != "none (no timeout)" {
		t.Errorf("none's tick reads %q", got)
	}
}
