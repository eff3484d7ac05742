package picture

import (
	"fmt"
	"image/color"
	"io"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/lipgloss"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Formats are the picture formats.
var Formats = []string{"svg", "png"}

// ansi is the RGB a terminal shows for ANSI colours 0 to 15 (xterm's
// defaults), so that the theme's colour numbers become the same colours here.
var ansi = [16]color.RGBA{
	{0, 0, 0, 255}, {205, 0, 0, 255}, {0, 165, 0, 255}, {205, 160, 0, 255},
	{0, 90, 238, 255}, {205, 0, 205, 255}, {0, 175, 205, 255}, {229, 229, 229, 255},
	{127, 127, 127, 255}, {255, 0, 0, 255}, {0, 220, 0, 255}, {235, 200, 0, 255},
	{92, 92, 255, 255}, {255, 0, 255, 255}, {0, 220, 235, 255}, {255, 255, 255, 255},
}

// rgb turns a theme style's foreground into a colour; grey when it has none.
func rgb(s lipgloss.Style) color.Color {
	if c, ok := s.GetForeground().(lipgloss.Color); ok {
		var n int
		if _, err := fmt.Sscan(string(c), &n); err == nil && n >= 0 && n < len(ansi) {
			return ansi[n]
		}
	}
	return ansi[8]
}

// palette is the theme's colours, read once per picture.
type palette struct {
	th *theme.Theme
}

func newPalette() palette { return palette{theme.New(theme.Plain())} }

func (p palette) outcome(o engine.Outcome) color.Color { return rgb(p.th.Outcome(o)) }
func (p palette) series(i int) color.Color             { return rgb(p.th.Series(i)) }

// faultShade is the fill of a fault's span: a light wash of the theme's
// red, so the lines over it stay readable.
var faultShade = color.NRGBA{205, 0, 0, 28}

// size of a picture: a 16:9 slide.
const (
	width  = 32 * vg.Centimeter
	height = 18 * vg.Centimeter
)

// figure is a picture: rows of panels, and beside each row, in a column of
// its own, that row's legend. A legend inside a panel covers the lines it
// explains; the column never does.
type figure struct {
	rows    [][]*plot.Plot
	legends []plot.Legend // one per row; a row may have none
	height  vg.Length
}

// newRowLegend is an empty legend in the pictures' type size.
func newRowLegend() plot.Legend {
	l := plot.NewLegend()
	l.Top, l.Left = true, true
	l.TextStyle.Font.Size = vg.Points(9)
	l.ThumbnailWidth = vg.Points(14)
	return l
}

// pad is the margin round the picture and between its parts.
const pad = vg.Centimeter / 2

// legendColumn is the width the widest legend needs, with a margin.
func (f figure) legendColumn() vg.Length {
	var w vg.Length
	var c draw.Canvas
	for i := range f.legends {
		r := f.legends[i].Rectangle(c)
		w = max(w, r.Max.X-r.Min.X)
	}
	if w == 0 {
		return 0
	}
	return w + pad
}

// layout places the panels and, right of them, each row's legend.
func (f figure) layout(dc draw.Canvas) (panels [][]draw.Canvas, legends []draw.Canvas) {
	col := f.legendColumn()
	tiles := draw.Tiles{Rows: len(f.rows), Cols: len(f.rows[0]), PadX: vg.Centimeter, PadY: pad,
		PadTop: pad, PadBottom: pad, PadLeft: pad, PadRight: pad}
	panels = plot.Align(f.rows, tiles, draw.Crop(dc, 0, -col, 0, 0))
	for i := range f.legends {
		row := panels[i][len(panels[i])-1]
		legends = append(legends, draw.Canvas{Canvas: dc.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: dc.Max.X - col, Y: row.Min.Y},
			Max: vg.Point{X: dc.Max.X - pad, Y: row.Max.Y},
		}})
	}
	return panels, legends
}

// write draws the figure on one canvas and writes it in format.
func (f figure) write(w io.Writer, format string) error {
	c, err := newCanvas(format, f.height)
	if err != nil {
		return err
	}
	dc := draw.New(c)
	panels, legends := f.layout(dc)
	for i, row := range f.rows {
		for j, p := range row {
			if p != nil {
				p.Draw(panels[i][j])
			}
		}
	}
	for i := range legends {
		f.legends[i].Draw(legends[i])
	}
	_, err = c.WriteTo(w)
	return err
}

// newCanvas makes a canvas of the slide's width and height ht.
func newCanvas(format string, ht vg.Length) (vg.CanvasWriterTo, error) {
	switch format {
	case "svg":
		return vgsvg.New(width, ht), nil
	case "png":
		return vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(width, ht), vgimg.UseDPI(150))}, nil
	}
	return nil, fmt.Errorf("picture format must be svg or png, got %q", format)
}
