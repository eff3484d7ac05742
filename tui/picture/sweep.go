package picture

import (
	"fmt"
	"image/color"
	"io"
	"math"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// bandColors are the heatmap's five bands, lowest first: the terminal
// heatmap's colours (tui/sweepui), blue to red.
var bandColors = []color.Color{ansi[4], ansi[6], ansi[2], ansi[3], ansi[1]}

type bands []color.Color

func (b bands) Colors() []color.Color { return b }

// grid is a sweep's cell means as gonum's GridXYZ.
type grid struct{ res *sweep.Result }

func (g grid) Dims() (c, r int)   { return g.res.Plan.Size() }
func (g grid) Z(c, r int) float64 { return g.res.Cell(c, r).Mean }
func (g grid) X(c int) float64    { return g.res.Plan.Axes[0].X[c] }
func (g grid) Y(r int) float64 {
	if len(g.res.Plan.Axes) < 2 {
		return 0
	}
	return g.res.Plan.Axes[1].X[r]
}

// Sweep draws a sweep: a heatmap for two knobs (the cells that meet the
// goal marked), a line with each cell's spread for one.
func Sweep(w io.Writer, res *sweep.Result, name, format string) error {
	p := plot.New()
	pl := res.Plan
	p.Title.Text = fmt.Sprintf("%s: %s, mean of %d seed(s)", name, pl.Measure.Label(), len(pl.Seeds))
	if !res.Complete() {
		p.Title.Text += fmt.Sprintf(" (stopped: %d of %d runs)", res.Runs, res.Total)
	}
	p.X.Label.Text = pl.Axes[0].Label()
	nx, ny := pl.Size()
	lo, hi, any := res.Range()
	if len(pl.Axes) == 2 {
		// The heatmap fills its plot, so its legend stands beside it.
		legend := plot.NewLegend()
		legend.Top, legend.Left = true, true
		p.Y.Label.Text = pl.Axes[1].Label()
		if any {
			if hi <= lo {
				hi = lo + 1
			}
			hm := plotter.NewHeatMap(grid{res}, bands(bandColors))
			hm.Min, hm.Max = lo, hi
			hm.NaN = color.White
			p.Add(hm)
			for k, c := range bandColors {
				a := lo + (hi-lo)*float64(k)/5
				z := lo + (hi-lo)*float64(k+1)/5
				box, _ := plotter.NewPolygon(plotter.XYs{})
				box.Color = c
				box.LineStyle.Width = 0
				legend.Add(fmt.Sprintf("%s – %s", sweep.Short(a), sweep.Short(z)), box)
			}
		}
		if pl.Goal != nil {
			var met plotter.XYs
			for j := range ny {
				for i := range nx {
					if res.Cell(i, j).Met {
						met = append(met, plotter.XY{X: pl.Axes[0].X[i], Y: pl.Axes[1].X[j]})
					}
				}
			}
			if len(met) > 0 {
				sc, err := plotter.NewScatter(met)
				if err != nil {
					return err
				}
				sc.GlyphStyle = draw.GlyphStyle{Shape: draw.CrossGlyph{}, Color: color.Black, Radius: vg.Points(3)}
				p.Add(sc)
				legend.Add("meets "+pl.Goal.String(), sc)
			}
		}
		return writeWithLegend(w, format, p, legend)
	} else {
		p.Y.Label.Text = pl.Measure.Label()
		var pts plotter.XYs
		var errs plotter.YErrors
		for i := range nx {
			c := res.Cell(i, 0)
			if math.IsNaN(c.Mean) {
				continue
			}
			pts = append(pts, plotter.XY{X: pl.Axes[0].X[i], Y: c.Mean})
			errs = append(errs, struct{ Low, High float64 }{c.Mean - c.Min, c.Max - c.Mean})
		}
		if len(pts) > 0 {
			line, dots, err := plotter.NewLinePoints(pts)
			if err != nil {
				return err
			}
			line.Color, dots.Color = ansi[4], ansi[4]
			eb, err := plotter.NewYErrorBars(struct {
				plotter.XYs
				plotter.YErrors
			}{pts, errs})
			if err != nil {
				return err
			}
			p.Add(line, dots, eb)
			p.Legend.Add("mean (bars: fewest to most over the seeds)", line, dots)
		}
		if g := pl.Goal; g != nil && g.Metric == pl.Measure {
			th := plotter.NewFunction(func(float64) float64 { return g.Threshold })
			th.Color = ansi[1]
			th.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
			p.Add(th)
			p.Legend.Add("goal "+g.String(), th)
		}
	}
	return write(w, format, [][]*plot.Plot{{p}}, height)
}

// legendWidth is the room a heatmap's legend takes on its right.
const legendWidth = 7 * vg.Centimeter

// writeWithLegend draws p with legend in a column of its own on the right.
func writeWithLegend(w io.Writer, format string, p *plot.Plot, legend plot.Legend) error {
	c, err := newCanvas(format, height)
	if err != nil {
		return err
	}
	dc := draw.New(c)
	pad := vg.Centimeter / 2
	p.Draw(draw.Crop(dc, pad, -legendWidth, pad, -pad))
	side := draw.Crop(dc, width-legendWidth+pad, -pad, pad, -pad)
	legend.Draw(side)
	_, err = c.WriteTo(w)
	return err
}
