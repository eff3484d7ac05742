// Package heatbands is the one reading of a sweep's heatmap that the
// terminal (tui/sweepui) and the pictures for slides (tui/picture) share:
// which way the measure improves, the five colour bands from best to worst
// (dark blue through green to pale yellow, no red: red means bad on every
// slide, and a sweep's good cells are its point), which band a value falls
// in, and the line that says how to read the colours. Both draw with these
// functions, so a cell has the same colour in a terminal and on a slide.
//
// It imports engine/sweep and the standard library only.
package heatbands

import (
	"fmt"
	"image/color"

	"github.com/breakerlab/breakerlab/engine/sweep"
)

// N is the number of bands.
const N = 5

// goodToBad are the bands' colours from the best to the worst.
var goodToBad = [N]color.RGBA{
	{37, 52, 148, 255}, {44, 127, 184, 255}, {65, 182, 196, 255},
	{161, 218, 180, 255}, {255, 255, 204, 255},
}

// HigherIsBetter says which way a sweep's measure improves: as its goal
// says when the goal is on the measure, else as the measure's kind says
// (more answered is better; more fallbacks, refusals, failures, latency or
// calls in flight are worse). known is false when neither says (when a
// breaker first opens).
func HigherIsBetter(pl *sweep.Plan) (higher, known bool) {
	if g := pl.Goal; g != nil && g.Metric.Name == pl.Measure.Name {
		return g.Op == ">=" || g.Op == ">", true
	}
	switch pl.Measure.Field {
	case "ok":
		return true, true
	case "first_open":
		return true, false
	}
	return false, true
}

// Palette is how a sweep's heatmap is coloured and read.
type Palette struct {
	// Colors are the bands' colours, the lowest values' first.
	Colors [N]color.RGBA
	// Darker says what a darker colour means: "darker: better", or
	// "darker: higher" for a measure with no better way.
	Darker string
	// Better says it in words, for a screen without colour: "higher is
	// better", "lower is better", or "" when neither is.
	Better string
}

// For is the palette of pl's measure: the darkest band is the best values'.
func For(pl *sweep.Plan) Palette {
	higher, known := HigherIsBetter(pl)
	var p Palette
	for k := range p.Colors {
		if higher {
			p.Colors[k] = goodToBad[N-1-k]
		} else {
			p.Colors[k] = goodToBad[k]
		}
	}
	switch {
	case !known:
		p.Darker = "darker: higher"
	case higher:
		p.Darker, p.Better = "darker: better", "higher is better"
	default:
		p.Darker, p.Better = "darker: better", "lower is better"
	}
	return p
}

// Band is the band that holds x between lo and hi: the nearest of N evenly
// spaced values from lo to hi, as gonum's plotter.HeatMap picks a colour
// (plotter/heat.go, v0.17: pal[int((v-Min)*ps+0.5)]), so that the pictures,
// drawn by gonum, and the terminal agree. Every x is in a band when hi <=
// lo: the first, as gonum draws a range widened to [lo, lo+1].
func Band(x, lo, hi float64) int {
	if hi <= lo {
		return 0
	}
	k := int((x-lo)*float64(N-1)/(hi-lo) + 0.5)
	return min(max(k, 0), N-1)
}

// Range is the span of values band k holds (see Band): the end bands are
// half as wide as the others.
func Range(k int, lo, hi float64) (from, to float64) {
	d := (hi - lo) / float64(N-1)
	return max(lo, lo+(float64(k)-0.5)*d), min(hi, lo+(float64(k)+0.5)*d)
}

// Line is the colour of a one-knob sweep's line: the second best band's.
func Line() color.RGBA { return goodToBad[1] }

// Hex writes a colour as "#rrggbb", as lipgloss takes it.
func Hex(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
