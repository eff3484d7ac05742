package picture

import (
	"image/color"
	"math"
	"slices"
	"testing"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/internal/heatbands"
	"github.com/breakerlab/breakerlab/tui/internal/sweeptest"
	"github.com/breakerlab/breakerlab/tui/sweepui"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

// noneSweep is a sweep, without running it, of a knob from 0 (none, such
// as a pool's per-host cap) to 10 in steps of 2, by a second knob from 0
// to 200 in steps of 100 when two; the none column's measure is the
// best, as go-inventory's per-host cap's is.
func noneSweep(t *testing.T, two bool) *sweep.Result {
	t.Helper()
	axes := []string{"transport.per_host=0..10:6"}
	if two {
		axes = append(axes, "workers=0..200:3")
	}
	return sweeptest.Filled(t, axes, "search.ok", "search.ok>=0.5", func(i, j int) float64 {
		if i == 0 {
			return 0.9
		}
		return 0.1*float64(i) + 0.01*float64(j)
	})
}

// A knob's 0 that means none (no limit) is no value on the knob's scale:
// drawn at 0 it sat where the scale puts the value just before 2, as if
// it were the tightest cap. The picture sets it apart: its tick stands
// farther from the first value than the values stand from each other, a
// dashed rule breaks the scale between them, and the line of means does
// not join none to the first value. So on a one-knob curve, and on a map
// whose x or y is the knob.
func TestSweepPictureSetsNoneApart(t *testing.T) {
	for _, tc := range []struct {
		name string
		two  bool
		none [2]string
	}{
		{"curve", false, [2]string{"no limit", ""}},
		{"map, none on x", true, [2]string{"no limit", ""}},
		{"map, none on y", true, [2]string{"", "no limit"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := noneSweep(t, tc.two)
			f, err := sweepFigure(res, "go-inventory", tc.none)
			if err != nil {
				t.Fatal(err)
			}
			p := f.rows[0][0]
			vertical := tc.none[0] != ""
			ax := &p.X
			if !vertical {
				ax = &p.Y
			}
			var noneAt float64
			var values []float64
			nones := 0
			for _, tk := range ax.Tick.Marker.Ticks(ax.Min, ax.Max) {
				switch tk.Label {
				case "":
				case "none", sweepui.NoneText(tc.none[0]), sweepui.NoneText(tc.none[1]):
					// A curve's none says what it stands for, as the
					// table's row does; a heatmap's, narrow, just none.
					noneAt = tk.Value
					nones++
				default:
					values = append(values, tk.Value)
				}
			}
			if nones != 1 || len(values) < 2 {
				t.Fatalf("want one tick of none and two or more of values, got %d of none and %v", nones, values)
			}
			slices.Sort(values)
			first, step := values[0], values[1]-values[0]
			if noneAt >= first || first-noneAt < 1.5*step {
				t.Errorf("none's tick at %g stands %g before the first value's (%g), as a value would on a scale of step %g: want it set apart, 1.5 steps or more",
					noneAt, first-noneAt, first, step)
			}

			rec := &recorder.Canvas{}
			c := draw.NewCanvas(rec, 400, 300)
			p.Draw(c)
			dc := p.DataCanvas(c)
			trX, trY := p.Transforms(&dc)
			tr := trX
			if !vertical {
				tr = trY
			}
			var dashes []vg.Length
			var ink color.Color
			rule, line := false, false
			for _, a := range rec.Actions {
				switch a := a.(type) {
				case *recorder.SetLineDash:
					dashes = a.Dashes
				case *recorder.SetColor:
					ink = a.Color
				case *recorder.Stroke:
					pts := pathPoints(a.Path)
					if len(pts) == 2 && len(dashes) > 0 {
						at, along := pts[0].X, pts[0].X == pts[1].X
						if !vertical {
							at, along = pts[0].Y, pts[0].Y == pts[1].Y
						}
						rule = rule || along && at > tr(noneAt) && at < tr(first)
					}
					if !tc.two && len(pts) > 2 && len(dashes) == 0 && sameColor(ink, heatbands.Line()) {
						line = true
						if math.Abs(float64(pts[0].X-trX(first))) > 0.01 {
							t.Errorf("the line of means starts at x=%g, not at the first value's %g: it joins none to the values", pts[0].X, trX(first))
						}
					}
				}
			}
			if !rule {
				t.Error("no dashed rule breaks the scale between none and the first value")
			}
			if !tc.two && !line {
				t.Error("no line of means drawn")
			}
		})
	}
}

// pathPoints is where a path's moves and lines go.
func pathPoints(path vg.Path) []vg.Point {
	var pts []vg.Point
	for _, c := range path {
		if c.Type == vg.MoveComp || c.Type == vg.LineComp {
			pts = append(pts, c.Pos)
		}
	}
	return pts
}

func sameColor(a, b color.Color) bool {
	if a == nil || b == nil {
		return false
	}
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}

// The goal's boundary between none and the first value, which the gap
// now parts, is drawn on the border of the cell that meets the goal (the
// none column here), not in the gap or on a cell that misses it.
func TestGoalBoundaryHugsTheCellThatMeetsItAcrossNonesGap(t *testing.T) {
	res := noneSweep(t, true)
	xs, ys := placeKnob(res.Plan.Axes[0].X, "no limit"), placeKnob(res.Plan.Axes[1].X, "")
	segs, err := goalBoundary(res, xs, ys)
	if err != nil {
		t.Fatal(err)
	}
	nx, ny := res.Plan.Size()
	crossing := 0
	for _, s := range segs {
		if s.XYs[0].X != s.XYs[1].X || s.XYs[0].X > xs.lo[1] {
			continue
		}
		crossing++
		met := false
		for j := range ny {
			for i := range nx {
				met = met || res.Cell(i, j).Met && (xs.lo[i] == s.XYs[0].X || xs.hi[i] == s.XYs[0].X)
			}
		}
		if !met {
			t.Errorf("a boundary at x=%g, between none (%g to %g) and the first value (from %g), is on no cell that meets the goal", s.XYs[0].X, xs.lo[0], xs.hi[0], xs.lo[1])
		}
	}
	if crossing != ny {
		t.Errorf("want %d segments of boundary between none, which meets the goal, and the first value, which does not, got %d", ny, crossing)
	}
}

// A knob whose 0 is none, swept from above 0: the scale runs through 0
// in the first value's cell, and no tick there says "none" or 0, a
// setting the sweep did not run.
func TestSweepPictureTicksNoNoneItDidNotRun(t *testing.T) {
	x, err := sweep.ParseVary("recommendations.timeout=200ms..3s:4")
	if err != nil {
		t.Fatal(err)
	}
	var a plot.Axis
	at := placeKnob(x.X, "no timeout")
	knobAxis(&a, x, at, "no timeout")
	for _, tk := range a.Tick.Marker.Ticks(at.lo[0], at.hi[len(at.hi)-1]) {
		if tk.Label != "" && (tk.Value == 0 || tk.Label == "none") {
			t.Errorf("a tick %q at %g: the sweep ran no timeout of 0", tk.Label, tk.Value)
		}
	}
}
