package picture

import (
	"math"

	"github.com/breakerlab/breakerlab/engine"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// fitBandLabels gives each band's label of the outcomes panels the
// longest form (labelForm) that fits: a label must not reach into the
// next band's label nor below the time axis. A panel of five endpoints
// has room for two lines a band, a panel of three for three, so a band
// with four shares keeps them all in the one and drops some in the other.
// It sets the panels' tick labels to the forms chosen and returns them,
// and whether any band leaves a share out.
func (f figure) fitBandLabels(snaps []engine.Snapshot) (forms [][]labelForm, short bool) {
	// Each step lays the figure out again, as a label's height can move
	// the panels; the stand-in lays it out as the figure does without
	// measuring every point of every line each time.
	return f.fitBandLabelsOn(f.layoutStandIn(), snaps)
}

// fitBandLabelsOn fits f's band labels where the layout of lay, f itself
// or a stand-in for it, places them; lay's outcomes panels must share
// f's ticks.
func (f figure) fitBandLabelsOn(lay figure, snaps []engine.Snapshot) (forms [][]labelForm, short bool) {
	// Only heights matter here, and they do not depend on the canvas.
	dc := draw.Canvas{Rectangle: vg.Rectangle{Max: vg.Point{X: width, Y: f.height}}}
	type row struct {
		bands   []bandShares
		choices [][]labelForm
		at      []int // each band's form: an index in choices
		ticks   plot.ConstantTicks
	}
	rows := make([]row, len(f.rows))
	for r := range f.rows {
		eps := snaps[r].Endpoints
		w := row{bands: make([]bandShares, len(eps)), choices: make([][]labelForm, len(eps)), at: make([]int, len(eps))}
		for k := range eps {
			w.bands[k] = windowShares(&eps[k])
			w.choices[k] = w.bands[k].forms()
		}
		// lay's outcomes panel shares this array of ticks with f's, so a
		// label shortened here is shortened in both.
		w.ticks = f.rows[r][0].Y.Tick.Marker.(plot.ConstantTicks)
		rows[r] = w
	}
	// A layout still measures every text of the figure, so each one
	// shortens a label in every row that needs it.
	for {
		panels, _ := lay.layout(dc)
		changed := false
		for r := range rows {
			w := &rows[r]
			k := crowdedBand(lay.rows[r][0], panels[r][0], func(k int) (lines int, more bool) {
				return w.choices[k][w.at[k]].lines(), w.at[k]+1 < len(w.choices[k])
			})
			if k < 0 {
				continue
			}
			w.at[k]++
			w.ticks[k].Label = w.bands[k].label(w.choices[k][w.at[k]])
			changed = true
		}
		if !changed {
			break
		}
	}
	forms = make([][]labelForm, len(rows))
	for r, w := range rows {
		forms[r] = make([]labelForm, len(w.bands))
		for k := range w.bands {
			forms[r][k] = w.choices[k][w.at[k]]
			short = short || forms[r][k].keep < len(w.bands[k].shares)
		}
	}
	return forms, short
}

// layoutStandIn is f for laying out only: each panel keeps its title,
// axes and tick labels (the same ticks, not copies), and of its plotters
// only the glyph boxes gonum's padding can pick (paddingGlyphs), so
// laying it out gives every panel the canvas the figure's layout does.
// Plotters matter to a layout only by their glyph boxes, and a line has
// one per point.
func (f figure) layoutStandIn() figure {
	g := f
	g.rows = make([][]*plot.Plot, len(f.rows))
	for r, row := range f.rows {
		g.rows[r] = make([]*plot.Plot, len(row))
		for c, p := range row {
			if p == nil {
				continue
			}
			q := plot.New()
			q.Title, q.BackgroundColor, q.X, q.Y = p.Title, p.BackgroundColor, p.X, p.Y
			q.Legend, q.TextHandler = p.Legend, p.TextHandler
			for _, sty := range []*text.Style{&q.Title.TextStyle, &q.X.Label.TextStyle, &q.X.Tick.Label, &q.Y.Label.TextStyle, &q.Y.Tick.Label} {
				sty.Handler = newMeasured(sty.Handler)
			}
			q.Add(glyphBoxes(paddingGlyphs(p.GlyphBoxes(p))))
			g.rows[r][c] = q
		}
	}
	return g
}

// glyphBoxes is a plotter that draws nothing and has the glyph boxes given.
type glyphBoxes []plot.GlyphBox

func (glyphBoxes) Plot(draw.Canvas, *plot.Plot) {}

func (g glyphBoxes) GlyphBoxes(*plot.Plot) []plot.GlyphBox { return g }

// paddingGlyphs keeps, in their order, the boxes that gonum's padding of
// a plot's data canvas may pick, on any canvas. Sideways it takes the box
// that reaches furthest left or right, the first on a tie, and reads only
// its place across and its size; up and down likewise. Among boxes of one
// size, that is the first at the place furthest that way. A box a
// rounding error short of the furthest could still tie with it on the
// canvas and come first, so the first at each place that close is kept
// too. A line whose points lie along the edge (no calls abandoned, a
// breaker closed throughout) has many boxes at the one place.
func paddingGlyphs(boxes []plot.GlyphBox) []plot.GlyphBox {
	const tie = 1e-9 // of the data canvas's size; rounding errors are far smaller
	type reach struct{ left, right, down, up float64 }
	sizes := map[vg.Rectangle]*reach{}
	// A line's boxes are all of one size and come in a row: most boxes
	// are of the size of the box before.
	var last vg.Rectangle
	var lastReach *reach
	reachOf := func(size vg.Rectangle) *reach {
		if lastReach == nil || size != last {
			last, lastReach = size, sizes[size]
			if lastReach == nil {
				lastReach = &reach{math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)}
				sizes[size] = lastReach
			}
		}
		return lastReach
	}
	for _, b := range boxes {
		e := reachOf(b.Rectangle)
		// gonum ignores a box with no width when padding sideways, and one
		// with no height when padding up and down.
		if b.Size().X > 0 {
			e.left, e.right = min(e.left, b.X), max(e.right, b.X)
		}
		if b.Size().Y > 0 {
			e.down, e.up = min(e.down, b.Y), max(e.up, b.Y)
		}
	}
	type place struct {
		size vg.Rectangle
		up   bool // at is the place up the canvas, not across
		at   float64
	}
	seen := map[place]bool{}
	first := func(p place) bool {
		if seen[p] {
			return false
		}
		seen[p] = true
		return true
	}
	var keep []plot.GlyphBox
	for _, b := range boxes {
		e := reachOf(b.Rectangle)
		across := b.Size().X > 0 && (b.X <= e.left+tie || b.X >= e.right-tie) && first(place{b.Rectangle, false, b.X})
		up := b.Size().Y > 0 && (b.Y <= e.down+tie || b.Y >= e.up-tie) && first(place{b.Rectangle, true, b.Y})
		if across || up {
			keep = append(keep, b)
		}
	}
	return keep
}

// measured is a text handler that measures each text in a font once: the
// stand-in is laid out once a step, and of its texts only some tick
// labels of the outcomes panels change from one step to the next.
type measured struct {
	text.Handler
	boxes map[measuredText][3]vg.Length
}

type measuredText struct {
	txt string
	fnt font.Font
}

func newMeasured(h text.Handler) measured {
	return measured{Handler: h, boxes: map[measuredText][3]vg.Length{}}
}

func (m measured) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	k := measuredText{txt, fnt}
	if b, ok := m.boxes[k]; ok {
		return b[0], b[1], b[2]
	}
	width, height, depth = m.Handler.Box(txt, fnt)
	m.boxes[k] = [3]vg.Length{width, height, depth}
	return width, height, depth
}

// labelSpan is how far a band's label reaches up and down on the canvas.
type labelSpan struct{ bottom, top vg.Length }

// bandLabelSpans places the outcomes panel p's tick labels as the y axis
// draws them on canvas c, first band (the top one) first, and gives the
// lowest a label may reach: the time axis's line.
func bandLabelSpans(p *plot.Plot, c draw.Canvas) (spans []labelSpan, floor vg.Length) {
	data := p.DataCanvas(c)
	sty := p.Y.Tick.Label
	descent := sty.FontExtents().Descent
	for _, t := range p.Y.Tick.Marker.Ticks(p.Y.Min, p.Y.Max) {
		y := data.Y(p.Y.Norm(t.Value)) + descent
		box := sty.Rectangle(t.Label)
		spans = append(spans, labelSpan{bottom: y + box.Min.Y, top: y + box.Max.Y})
	}
	return spans, data.Min.Y - p.X.Padding
}

// crowdedBand finds a band whose label must get shorter: of two labels
// that overlap, the one with more lines that can lose one (the lower on a
// tie); a bottom label below the time axis. It returns -1 when every
// label fits or none that crowds can get shorter.
func crowdedBand(p *plot.Plot, c draw.Canvas, form func(k int) (lines int, more bool)) int {
	spans, floor := bandLabelSpans(p, c)
	pick := func(ks ...int) int {
		best, most := -1, 0
		for _, k := range ks {
			if lines, more := form(k); more && lines >= most {
				best, most = k, lines
			}
		}
		return best
	}
	for k := 0; k+1 < len(spans); k++ {
		if spans[k].bottom < spans[k+1].top {
			if b := pick(k, k+1); b >= 0 {
				return b
			}
		}
	}
	if n := len(spans); n > 0 && spans[n-1].bottom < floor {
		return pick(n - 1)
	}
	return -1
}
