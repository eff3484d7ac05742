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

// write draws plots (rows of panels) on one canvas and writes it in format.
func write(w io.Writer, format string, rows [][]*plot.Plot, ht vg.Length) error {
	c, err := newCanvas(format, ht)
	if err != nil {
		return err
	}
	dc := draw.New(c)
	tiles := draw.Tiles{Rows: len(rows), Cols: len(rows[0]), PadX: vg.Centimeter, PadY: vg.Centimeter / 2,
		PadTop: vg.Centimeter / 2, PadBottom: vg.Centimeter / 2, PadLeft: vg.Centimeter / 2, PadRight: vg.Centimeter / 2}
	canvases := plot.Align(rows, tiles, dc)
	for i, row := range rows {
		for j, p := range row {
			if p != nil {
				p.Draw(canvases[i][j])
			}
		}
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
