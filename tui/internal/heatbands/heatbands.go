// Package heatbands is the one reading of a sweep's heatmap that the
// terminal (tui/sweepui) and the pictures for slides (tui/picture) share:
// which way the measure improves, the five colour bands from best to worst
// (dark blue through green to pale yellow, no red: red means bad on every
// slide, and a sweep's good cells are its point), which band a value falls
// in (Scale), the legend's ranges, and the words that say how to read the
// colours. Both draw with these functions, so a cell is in the same band,
// of the same hue, in a terminal and on a slide; a terminal's shade of it
// is one that shows on its background (Palette's OnLight and OnDark).
//
// It imports engine/sweep and the standard library only.
package heatbands

import (
	"fmt"
	"image/color"
	"math"
	"strconv"

	"github.com/breakerlab/breakerlab/engine/sweep"
)

// N is the number of bands.
const N = 5

// goodToBad are the bands' colours from the best to the worst.
var goodToBad = [N]color.RGBA{
	{37, 52, 148, 255}, {44, 127, 184, 255}, {65, 182, 196, 255},
	{161, 218, 180, 255}, {255, 255, 204, 255},
}

// goodToBadOnLight are the bands' colours on a light background, from the
// best to the worst: the same hues, navy through teal and green to amber,
// each lighter than the one before (so "darker: better" still holds) but
// none paler than 3:1 against white, WCAG's least contrast for graphics;
// goodToBad's pale yellow is 1.03:1 there, a blank cell. Each is of the
// xterm colour cube, so a terminal of 256 colours shows the very same.
var goodToBadOnLight = [N]color.RGBA{
	{0, 0, 135, 255}, {0, 95, 175, 255}, {0, 135, 135, 255},
	{95, 135, 0, 255}, {175, 135, 0, 255},
}

// goodToBadOnDark are the bands' colours on a dark background, from the
// best to the worst: goodToBad's hues, each lighter than the one before
// (so "darker: better" holds), but none darker than 3:1 against black,
// WCAG's least for graphics; goodToBad's navy is 2.0:1 there, and 2.98:1
// as a terminal of 256 colours shows it. Each is of the xterm colour
// cube, so a terminal of 256 colours shows the very same.
var goodToBadOnDark = [N]color.RGBA{
	{0, 95, 215, 255}, {0, 135, 175, 255}, {0, 175, 175, 255},
	{175, 215, 175, 255}, {255, 255, 215, 255},
}

// HigherIsBetter says which way a sweep's measure improves: as its goal
// says when the goal is on the measure, else as the measure's kind says
// (more answered is better; more fallbacks, refusals, failures, latency or
// calls in flight are worse). known is false when neither says (when a
// breaker first opens). A latency's "lower" is faster, not surely better:
// its percentiles count refused requests too (For says so).
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
	// Colors are the bands' colours, the lowest values' first: the
	// pictures'.
	Colors [N]color.RGBA
	// OnLight and OnDark are the bands' colours for a terminal with a
	// light and with a dark background, in the same order. A picture is
	// drawn in Colors whatever the terminal, so a terminal's cell is not
	// the slide's colour, only its hue.
	OnLight, OnDark [N]color.RGBA
	// Darker says what a darker colour means: "darker: better", or
	// "darker: higher" for a measure with no better way.
	Darker string
	// Better says it in words, for a screen without colour: "higher is
	// better", "lower is better", "lower is faster" for a latency, or ""
	// when neither is.
	Better string
	// Ends name the lowest values' band and the highest values' band by
	// what they mean ("best", "worst"; "fastest", "slowest" for a
	// latency), or are empty when neither is better. The glyphs of a
	// terminal's map run with the values, not with the colours, so
	// "darker: better" alone does not say which glyph is the good one:
	// a legend read without colour says it with these.
	Ends [2]string
	// Caveat is what else a reader must know to read the colours, or "":
	// for a latency, that its percentiles count refused requests too, so
	// a design that refuses most requests at once looks fast.
	Caveat string
}

// For is the palette of pl's measure: the darkest band is the best values'.
func For(pl *sweep.Plan) Palette {
	higher, known := HigherIsBetter(pl)
	var p Palette
	for k := range p.Colors {
		g := k // the band's place from the best
		if higher {
			g = N - 1 - k
		}
		p.Colors[k], p.OnLight[k], p.OnDark[k] = goodToBad[g], goodToBadOnLight[g], goodToBadOnDark[g]
	}
	switch {
	case !known:
		p.Darker = "darker: higher"
	case higher:
		p.Darker, p.Better, p.Ends = "darker: better", "higher is better", [2]string{"worst", "best"}
	case pl.Measure.Unit() == "ms":
		// Fewer ms is faster; it is better only if the requests were
		// answered, and a refusal counts too, most often at 0 ms.
		p.Darker, p.Better, p.Ends = "darker: faster", "lower is faster", [2]string{"fastest", "slowest"}
	default:
		p.Darker, p.Better, p.Ends = "darker: better", "lower is better", [2]string{"best", "worst"}
	}
	if pl.Measure.Unit() == "ms" {
		p.Caveat = fmt.Sprintf("refused requests count too, 0 ms if refused at once: read it beside %s.ok", pl.Measure.Owner)
	}
	return p
}

// Scale places a sweep's cell means, which run from Lo to Hi, in the
// bands, and writes the legend that says which values each band holds.
// A grid whose cells all hold one value (Uniform) is one band, and its
// legend says that value; it is never stretched over a made-up range.
type Scale struct {
	Lo, Hi float64
	// Uniform says every cell holds the same value, but for the last bits
	// of a float (a mean over seeds summed in another order).
	Uniform bool
	// one is a uniform grid's band.
	one int
}

// NewScale is the scale of pl's cell means, from lo to hi (sweep.Result's
// Range). A uniform grid's one band is where its value lies on the whole
// scale a share has, 0 to 1, so that every cell ok is drawn as the best
// band and every cell refused as the worst; a measure with no such scale
// (ms, calls, s) is drawn in the middle band, neither good nor bad: its
// legend says the value.
func NewScale(pl *sweep.Plan, lo, hi float64) Scale {
	s := Scale{Lo: lo, Hi: hi, Uniform: hi-lo <= 1e-9*math.Max(1, math.Max(math.Abs(lo), math.Abs(hi)))}
	if s.Uniform {
		s.one = N / 2
		if pl != nil && pl.Measure.Unit() == "share" {
			s.one = Band(min(max(lo, 0), 1), 0, 1)
		}
	}
	return s
}

// Band is the band of a cell whose mean is x: its one band for a uniform
// grid, else Band(x, Lo, Hi).
func (s Scale) Band(x float64) int {
	if s.Uniform {
		return s.one
	}
	return Band(x, s.Lo, s.Hi)
}

// Entry is a line of a heatmap's legend: a band, and the values it holds.
type Entry struct {
	Band int
	// From and To are the band's range, written with as many digits as
	// tell the bands apart; a uniform grid's one entry has From == To.
	From, To string
}

// Text is the entry's words, dash between the ends of a range: "0.2–0.3",
// or for a uniform grid "every cell: 1".
func (e Entry) Text(dash string) string {
	if e.From == e.To {
		return "every cell: " + e.From
	}
	return e.From + dash + e.To
}

// Legend is the legend's entries, the lowest values first: the N bands'
// ranges, or for a uniform grid one entry, its value, each figure as w
// writes the measure's. It is the one rule for every measure's legend,
// a share's percentages (tui/sweepui) as a count's or a latency's
// figures (Figures).
//
// The edges are written at the least precision that keeps neighbouring
// edges apart (a grid of 0.9991 to 1 would otherwise read "1–1" five
// times) and puts every cell it knows of between the written ends of the
// band it is drawn in. The cells it knows of are the grid's lowest and
// highest, Lo and Hi, and cells, the grid's means if the caller gives
// them (NaN for a cell without one). Lo and Hi are rounded outward (a
// lowest cell of 12.36 starts its band at 12.3, not at 12.4 above it);
// an edge between two bands is rounded to the nearest, and gets more
// precision while a cell lies between it and its rounding (a cell of
// 123.7 drawn in the band above an edge of 123.6 read "124–150"), which
// only the cells can tell.
func (s Scale) Legend(w Writing, cells ...float64) []Entry {
	if s.Uniform {
		v := w.Write(s.Lo, 0, Nearest)
		return []Entry{{Band: s.one, From: v, To: v}}
	}
	edges := make([]float64, 0, N+1)
	for k := range N {
		a, _ := Range(k, s.Lo, s.Hi)
		edges = append(edges, a)
	}
	_, z := Range(N-1, s.Lo, s.Hi)
	edges = append(edges, z)
	last := len(edges) - 1
	text := make([]string, len(edges))
	for p := 0; p <= MaxPrecision; p++ {
		apart := true
		for i, x := range edges {
			way := Nearest
			switch i {
			case 0:
				way = Down
			case last:
				way = Up
			}
			text[i] = w.Write(x, p, way)
			if i > 0 && edges[i] > edges[i-1] && text[i] == text[i-1] {
				apart = false
			}
		}
		// An end rounded outward to a bound (">99%" for 99.12%) where the
		// nearest rounding is none gets more precision too (99.2%): a
		// bound is for a value past every figure the precision can write.
		ends := !newBound(w, text[0], edges[0], p) && !newBound(w, text[last], edges[last], p)
		if apart && ends && s.cellsInside(w, cells, text) {
			break
		}
	}
	out := make([]Entry, N)
	for k := range out {
		out[k] = Entry{Band: k, From: text[k], To: text[k+1]}
	}
	return out
}

// MaxPrecision is the most steps of precision a legend takes past its
// measure's own (Writing): past it, two edges a float apart are as near
// as a legend can tell.
const MaxPrecision = 15

// Rounding is the way Writing rounds a figure.
type Rounding int

const (
	// Nearest rounds to the nearest figure, as the measure's own writing
	// does.
	Nearest Rounding = iota
	// Down and Up round toward the smaller and the larger figure: a
	// legend's ends are rounded outward, so the band each ends holds
	// the grid's lowest and highest cells.
	Down
	Up
)

// Writing is how a legend writes its measure's figures: at precision 0 as
// the screens write them (a share as a percentage, a latency as
// sweep.Short does), and with one more digit each step after.
type Writing interface {
	// Write writes x at precision p, rounded as way says.
	Write(x float64, p int, way Rounding) string
	// Read reads a figure Write wrote back as a value of the measure,
	// and its bound: '<' or '>' for a figure that stands for every value
	// past it (">99.9%"), else 0. A figure it cannot read is NaN.
	Read(text string) (x float64, bound byte)
}

// cellsInside says whether every cell, s's ends Lo and Hi and cells, in
// the band s draws it in, reads between that band's written ends,
// text[band] and text[band+1].
func (s Scale) cellsInside(w Writing, cells []float64, text []string) bool {
	var read [N + 1]struct {
		x     float64
		bound byte
	}
	for i, t := range text {
		read[i].x, read[i].bound = w.Read(t)
	}
	inside := func(x float64) bool {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return true
		}
		k := s.Band(x)
		from, to := read[k], read[k+1]
		atMost := from.bound == '<' || from.x <= x+slack(x) || from.bound == '>' && from.x < x
		atLeast := to.bound == '>' || to.x >= x-slack(x) || to.bound == '<' && to.x > x
		return atMost && atLeast
	}
	if !inside(s.Lo) || !inside(s.Hi) {
		return false
	}
	for _, x := range cells {
		if !inside(x) {
			return false
		}
	}
	return true
}

// slack is how far apart a figure read back and the value it was written
// from may be and still be the same figure: a percentage read back as a
// share (30% as 0.30000000000000004) differs from it in its last bits.
func slack(x float64) float64 { return 1e-9 * math.Abs(x) }

// newBound says whether text, x rounded outward at precision p, is a
// bound where w's rounding to the nearest is none.
func newBound(w Writing, text string, x float64, p int) bool {
	_, bound := w.Read(text)
	_, nearest := w.Read(w.Write(x, p, Nearest))
	return bound != 0 && nearest == 0
}

// Figures is the Writing of a measure that is not a share (ms, calls, s):
// at precision 0 as sweep.Short writes it, three significant digits but
// a whole number's every digit, 100 and above rounded to a whole number;
// each step adds a digit, a decimal from 100 on. Rounded down or up, a
// figure is written in the same form, on the other side of x.
type Figures struct{}

// Write writes x at precision p, rounded as way says.
func (Figures) Write(x float64, p int, way Rounding) string {
	ax := math.Abs(x)
	switch {
	case p == 0 && way == Nearest:
		return sweep.Short(x)
	case math.IsNaN(x) || math.IsInf(x, 0) || x == math.Trunc(x) && ax < 1e6:
		// Short writes a whole number as it is: no rounding to do.
		return sweep.Short(x)
	case ax >= 100 && ax < 1e6:
		if way == Nearest {
			return strconv.FormatFloat(x, 'f', p, 64)
		}
		return strconv.FormatFloat(roundTo(x, math.Pow(10, -float64(p)), way), 'f', p, 64)
	}
	digits := 3 + p
	if way == Nearest {
		return strconv.FormatFloat(x, 'g', digits, 64)
	}
	// The power of ten of x's first digit; Log10 may miss a power of ten
	// itself by a bit.
	e := math.Floor(math.Log10(ax))
	if math.Pow(10, e+1) <= ax {
		e++
	} else if math.Pow(10, e) > ax {
		e--
	}
	return strconv.FormatFloat(roundTo(x, math.Pow(10, e-float64(digits)+1), way), 'g', digits, 64)
}

// Read reads a figure Write wrote; it is never a bound.
func (Figures) Read(text string) (float64, byte) {
	x, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return math.NaN(), 0
	}
	return x, 0
}

// roundTo rounds x to a multiple of step, down or up as way says (to the
// nearest for Nearest). An x within a millionth of a step of a multiple
// is that multiple: 0.3 is 2.9999999999999996 steps of 0.1, and is not
// rounded down to 0.2.
func roundTo(x, step float64, way Rounding) float64 {
	q := x / step
	n := math.Round(q)
	switch {
	case math.Abs(q-n) < 1e-6 || way == Nearest:
	case way == Up:
		n = math.Ceil(q)
	default:
		n = math.Floor(q)
	}
	return n * step
}

// Band is the band that holds x between lo and hi: the nearest of N evenly
// spaced values from lo to hi, the rule gonum's plotter.HeatMap picks a
// colour by (plotter/heat.go, v0.17: pal[int((v-Min)*ps+0.5)]). The
// pictures hand gonum this band rather than the mean (tui/picture's grid),
// so a slide and the terminal agree cell for cell. When hi <= lo there is
// no range to place x in: it is in the middle band (a uniform grid's band
// is Scale's to choose).
func Band(x, lo, hi float64) int {
	if hi <= lo {
		return N / 2
	}
	k := int((x-lo)*float64(N-1)/(hi-lo) + 0.5)
	return min(max(k, 0), N-1)
}

// Range is the span of values band k holds (see Band): the end bands are
// half as wide as the others, and no band reaches past lo or hi.
func Range(k int, lo, hi float64) (from, to float64) {
	d := (hi - lo) / float64(N-1)
	return max(lo, lo+(float64(k)-0.5)*d), min(hi, lo+(float64(k)+0.5)*d)
}

// Line is the colour of a one-knob sweep's line: the second best band's.
func Line() color.RGBA { return goodToBad[1] }

// Hex writes a colour as "#rrggbb", as lipgloss takes it.
func Hex(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }
