package picture

import (
	"bytes"
	"image/color"
	"image/png"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/heatbands"
	"github.com/breakerlab/breakerlab/tui/internal/sweeptest"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// A sweep's png heatmap has no seam between neighbouring cells of one
// colour: the pixels on and beside the border of two such cells are that
// colour, where rectangles that only met left a lighter line, each cell
// covering part of the pixel over the white beneath. The border's place
// in pixels comes from the figure's own layout at the png's 150 dpi.
func TestSweepPNGHasNoSeamsBetweenCells(t *testing.T) {
	racefree.Only(t) // drawing one picture, no goroutine
	// Uneven steps, so that borders fall between pixels: every cell the
	// same, one band.
	res := sweeptest.Filled(t, []string{"workers=10..47:3", "recommendations.timeout=100ms..1.3s:3"}, "search.ok", "",
		func(int, int) float64 { return 1 })
	var b bytes.Buffer
	if err := Sweep(&b, res, "cascade", "png"); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		t.Fatal(err)
	}
	f, err := sweepFigure(res, "cascade", [2]string{})
	if err != nil {
		t.Fatal(err)
	}
	c := vgimg.NewWith(vgimg.UseWH(width, f.height), vgimg.UseDPI(150))
	panels, _ := f.layout(draw.New(c))
	p := f.rows[0][0]
	p.Draw(panels[0][0])
	data := p.DataCanvas(panels[0][0])
	trX, trY := p.Transforms(&data)
	xs, ys := placeKnob(res.Plan.Axes[0].X, ""), placeKnob(res.Plan.Axes[1].X, "")
	px := func(l vg.Length) float64 { return float64(l) * 150 / 72 }
	height := img.Bounds().Dy()
	lo, hi, _ := res.Range()
	colors, _, _ := sweepBands(res.Plan)
	fill := color.RGBAModel.Convert(colors[heatbands.NewScale(res.Plan, lo, hi).Band(1)])
	checked := 0
	for i := 0; i+1 < len(xs.lo); i++ {
		for j := 0; j+1 < len(ys.lo); j++ {
			// Across the border of columns i and i+1, in row j's middle;
			// across the border of rows j and j+1, in column i's middle.
			x := int(px(trX(xs.hi[i])))
			y := height - 1 - int(px((trY(ys.lo[j])+trY(ys.hi[j]))/2))
			for dx := -1; dx <= 1; dx++ {
				if got := color.RGBAModel.Convert(img.At(x+dx, y)); got != fill {
					t.Errorf("pixel (%d, %d), on the border of columns %d and %d, is %v, not the cells' %v", x+dx, y, i, i+1, got, fill)
				}
				checked++
			}
			x = int(px((trX(xs.lo[i]) + trX(xs.hi[i])) / 2))
			y = height - 1 - int(px(trY(ys.hi[j])))
			for dy := -1; dy <= 1; dy++ {
				if got := color.RGBAModel.Convert(img.At(x, y+dy)); got != fill {
					t.Errorf("pixel (%d, %d), on the border of rows %d and %d, is %v, not the cells' %v", x, y+dy, j, j+1, got, fill)
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("no border checked")
	}
}
