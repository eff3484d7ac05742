package picture

import (
	"image/color"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/internal/heatbands"
	"github.com/breakerlab/breakerlab/tui/sweepui"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// sweepBands is the heatmap's palette, lowest value first, a line that
// says how to read it, and what else a reader must know (or ""):
// tui/internal/heatbands', which the terminal's heatmap (tui/sweepui)
// draws with too.
func sweepBands(pl *sweep.Plan) ([]color.Color, string, string) {
	p := heatbands.For(pl)
	c := make([]color.Color, len(p.Colors))
	for k, rgb := range p.Colors {
		c[k] = rgb
	}
	return c, p.Darker, p.Caveat
}

// addNote adds a note to a legend, a line per clause (cut after each ", "
// and ": "), so that it does not widen the legend's column, and with it
// squeeze the plot, past its other entries. An empty note adds nothing.
func addNote(legend *plot.Legend, note string) {
	for note != "" {
		cut := len(note)
		for _, sep := range []string{", ", ": "} {
			if i := strings.Index(note, sep); i >= 0 && i+1 < cut {
				cut = i + 1
			}
		}
		legend.Add(note[:cut])
		note = strings.TrimPrefix(note[cut:], " ")
	}
}

// dark says whether a band is dark enough to want a white mark on it.
func dark(c color.Color) bool {
	r, g, b, _ := c.RGBA()
	return 299*r+587*g+114*b < 1000*0x8000
}

// Sweep draws a sweep: a heatmap for two knobs (the cells that meet the
// goal marked, and the boundary between them and the rest drawn), a line
// with each cell's spread for one.
func Sweep(w io.Writer, res *sweep.Result, name, format string) error {
	return SweepNamed(w, res, name, format, [2]string{})
}

// SweepNamed is Sweep with the tick at 0 of a knob whose 0 means none (no
// limit, no timeout) labelled as the terminal's map labels it
// (sweepui.ZeroLabel: "none", or "0" where the words explain a 0, as a
// pool's wait of 0 waits up to the timeout), not as if it were the
// tightest value: none holds, per axis (x, then y), the words for that 0
// (lessons.NoneWords), or "" where 0 is a number.
func SweepNamed(w io.Writer, res *sweep.Result, name, format string, none [2]string) error {
	f, err := sweepFigure(res, name, none)
	if err != nil {
		return err
	}
	return f.write(w, format)
}

func sweepFigure(res *sweep.Result, name string, none [2]string) (figure, error) {
	p := plot.New()
	pl := res.Plan
	// What the figures measure is the table's own title (sweepui.Measured),
	// window and all, on a line of its own under the name: the picture
	// said "search.ok (share)" without which requests it counted.
	p.Title.Text = name + "\n" + sweepui.Measured(res)
	xs := placeKnob(pl.Axes[0].X, none[0])
	knobAxis(&p.X, pl.Axes[0], xs, none[0])
	legend := newRowLegend()
	var err error
	if len(pl.Axes) == 2 {
		ys := placeKnob(pl.Axes[1].X, none[1])
		knobAxis(&p.Y, pl.Axes[1], ys, none[1])
		// A heatmap's cells are the swept values: its ticks are at them,
		// where round ticks (1 s … 5 s) left a reader to guess which
		// values ran, 250 ms, the first, unlabelled.
		p.X.Tick.Marker = sweptTicks{pl.Axes[0].X, xs, none[0], pl.Axes[0].Labels(), maxSweptTicks}
		p.Y.Tick.Marker = sweptTicks{pl.Axes[1].X, ys, none[1], pl.Axes[1].Labels(), maxSweptTicks}
		err = heatmap(p, res, &legend, xs, ys)
		// A map's tick has room for the 0's label alone; what it stands
		// for is a line of the legend, as the goal's summary under the
		// terminal's map writes a row at it ("database.wait 0 (up to the
		// timeout)").
		for a, ax := range pl.Axes {
			if none[a] != "" && slices.Contains(ax.X, 0) {
				legend.Add(ax.Path + " " + sweepui.NoneText(none[a]))
			}
		}
		addRule(p, xs, true)
		addRule(p, ys, false)
	} else {
		if xs.none {
			// A curve has room for what none stands for, as the table's
			// row writes it (sweepui.NoneText).
			p.X.Tick.Marker = noneApart{p.X.Tick.Marker.(noneApart).Ticker, xs, sweepui.NoneText(none[0])}
		}
		err = curve(p, res, &legend, xs)
		addRule(p, xs, true)
	}
	if err != nil {
		return figure{}, err
	}
	return figure{rows: [][]*plot.Plot{{p}}, legends: []plot.Legend{legend}, height: height}, nil
}

// maxSweptTicks is the most swept values a heatmap's axis labels: its
// labels, some 6 characters each, fit the picture's width at ten.
const maxSweptTicks = 10

// sweptTicks marks a heatmap's axis at the knob's swept values, each
// labelled as the terminal's map labels its column (sweep.Axis.Labels:
// "0.258s", "1.13s", where a slide read "1.131 s"), a 0 whose words
// (none) say what it stands for as the map labels it (sweepui.ZeroLabel:
// "none", or "0" for a pool's wait, which "none" said was no wait); when
// they are more than most, every so many, evenly, the first and last
// always.
type sweptTicks struct {
	x      []float64
	at     places
	none   string
	labels []string // x's, by sweep.Axis.Labels
	most   int
}

func (t sweptTicks) Ticks(lo, hi float64) []plot.Tick {
	n := len(t.x)
	keep := sweptKept(n, t.most)
	var ticks []plot.Tick
	for _, i := range keep {
		label := t.labels[i]
		if t.x[i] == 0 && t.none != "" {
			label = sweepui.ZeroLabel(t.none)
		}
		ticks = append(ticks, plot.Tick{Value: t.at.at[i], Label: label})
	}
	return ticks
}

// sweptKept is which of n values an axis labels, at most most of them,
// evenly spread, the first and the last always.
func sweptKept(n, most int) []int {
	if n <= most {
		keep := make([]int, n)
		for i := range keep {
			keep[i] = i
		}
		return keep
	}
	step := int(math.Ceil(float64(n-1) / float64(most-1)))
	var keep []int
	for i := 0; i < n-1; i += step {
		keep = append(keep, i)
	}
	if last := keep[len(keep)-1]; n-1-last <= step/2 && len(keep) > 1 {
		keep = keep[:len(keep)-1] // the last's label would crowd the one before
	}
	return append(keep, n-1)
}

// knobAxis labels a plot axis for a knob: its path, its unit (in the
// ticks, for durations), round ticks; a 0 that none's words name (placeKnob)
// gets a tick that says what the map's axis says (sweepui.ZeroLabel).
func knobAxis(a *plot.Axis, k sweep.Axis, at places, none string) {
	whole := true
	for _, x := range k.X {
		whole = whole && x == math.Trunc(x)
	}
	a.Tick.Marker = tickerFor(k.Unit, whole)
	switch {
	case at.none:
		a.Tick.Marker = noneApart{a.Tick.Marker, at, sweepui.ZeroLabel(none)}
	case at.zeroIsNone:
		a.Tick.Marker = noneAtZero{a.Tick.Marker, slices.Contains(k.X, 0), sweepui.ZeroLabel(none)}
	}
	a.Label.Text = k.Label()
	// A duration's ticks carry their unit; a unit that repeats the knob's
	// name ("workers (workers)") says nothing.
	if k.Unit == "ms" || k.Unit == "s" || strings.HasSuffix(k.Path, k.Unit) {
		a.Label.Text = k.Path
	}
}

// heatmap draws a two-knob sweep's cells, lowest to highest measure in
// the bands of sweepBands, and with a goal, marks the cells that meet it
// and draws the boundary round them.
func heatmap(p *plot.Plot, res *sweep.Result, legend *plot.Legend, xs, ys places) error {
	pl := res.Plan
	nx, ny := pl.Size()
	lo, hi, any := res.Range()
	scale := heatbands.NewScale(pl, lo, hi)
	colors, how, caveat := sweepBands(pl)
	if any {
		p.Add(placedCells(res, scale, colors, xs, ys))
		legend.Add(pl.Measure.Label() + ", " + how)
		entries := sweepui.Legend(scale, pl.Measure, sweepui.CellMeans(res)...)
		for k := len(entries) - 1; k >= 0; k-- {
			e := entries[k]
			box, _ := plotter.NewPolygon(plotter.XYs{})
			box.Color = colors[e.Band]
			box.LineStyle.Width = vg.Points(0.5)
			legend.Add(e.Text(" – "), box)
		}
		addNote(legend, caveat)
	}
	g := pl.Goal
	if g == nil {
		return nil
	}
	var met plotter.XYs
	var marks []color.Color
	for j := range ny {
		for i := range nx {
			c := res.Cell(i, j)
			if !c.Met {
				continue
			}
			met = append(met, plotter.XY{X: xs.at[i], Y: ys.at[j]})
			ink := color.Color(color.Black)
			if any && dark(colors[scale.Band(c.Mean)]) {
				ink = color.White
			}
			marks = append(marks, ink)
		}
	}
	if len(met) == 0 {
		// The goal was given: a map with no cell marked says why.
		addNote(legend, "no cell meets "+sweepui.GoalText(g))
		return nil
	}
	sc, err := plotter.NewScatter(met)
	if err != nil {
		return err
	}
	sc.GlyphStyleFunc = func(i int) draw.GlyphStyle {
		return draw.GlyphStyle{Shape: draw.CrossGlyph{}, Color: marks[i], Radius: vg.Points(3)}
	}
	sc.GlyphStyle = draw.GlyphStyle{Shape: draw.CrossGlyph{}, Color: color.Black, Radius: vg.Points(3)}
	p.Add(sc)
	legend.Add("meets "+sweepui.GoalText(g), sc)
	edge, err := goalBoundary(res, xs, ys)
	if err != nil || edge == nil {
		return err
	}
	for _, l := range edge {
		p.Add(l)
	}
	legend.Add("goal boundary", edge[0])
	return nil
}

// placedCells is a map's cells each at its own place (placeKnob), each
// in its band of scale (the very band the terminal paints, heatbands),
// white without a mean: gonum's heatmap puts
// each cell's borders halfway to its neighbours', which would stretch
// none's cells across the gap that sets them apart.
func placedCells(res *sweep.Result, scale heatbands.Scale, colors []color.Color, xs, ys places) cells {
	nx, ny := res.Plan.Size()
	fills := make([]color.Color, 0, nx*ny)
	for i := range nx {
		for j := range ny {
			fill := color.Color(color.White)
			if m := res.Cell(i, j).Mean; !math.IsNaN(m) {
				fill = colors[scale.Band(m)]
			}
			fills = append(fills, fill)
		}
	}
	return cells{fills: fills, xs: xs, ys: ys}
}

// cells draws a map's cells, column by column from the bottom row up (as
// gonum's heatmap does), each reaching seamOverlap into the neighbour it
// touches on its right and above, which is drawn after it. Rectangles that
// only meet leave a seam in a png: the rasteriser gives the pixels along a
// shared edge that falls between pixels part of each cell's colour, over
// the white beneath, and a faint light line shows between cells of one
// colour. Over the overlap, the neighbour's edge blends with this cell's
// colour instead of white.
type cells struct {
	fills  []color.Color // by column, then row
	xs, ys places
}

// seamOverlap is how far a cell reaches under its neighbour: a point, two
// pixels of a png at its 150 dpi.
const seamOverlap = vg.Length(1)

// Plot implements plot.Plotter.
func (m cells) Plot(c draw.Canvas, plt *plot.Plot) {
	trX, trY := plt.Transforms(&c)
	nx, ny := len(m.xs.lo), len(m.ys.lo)
	// reach is where a cell's far edge goes: into a neighbour that
	// touches it by seamOverlap, no further than that neighbour's own far
	// edge; across the gap that sets none apart, not at all.
	reach := func(at places, k int, tr func(float64) vg.Length) vg.Length {
		hi := tr(at.hi[k])
		if k+1 < len(at.lo) && at.lo[k+1] == at.hi[k] {
			return min(hi+seamOverlap, tr(at.hi[k+1]))
		}
		return hi
	}
	for i := range nx {
		x0, x1 := trX(m.xs.lo[i]), reach(m.xs, i, trX)
		for j := range ny {
			y0, y1 := trY(m.ys.lo[j]), reach(m.ys, j, trY)
			var pa vg.Path
			pa.Move(vg.Point{X: x0, Y: y0})
			pa.Line(vg.Point{X: x1, Y: y0})
			pa.Line(vg.Point{X: x1, Y: y1})
			pa.Line(vg.Point{X: x0, Y: y1})
			pa.Close()
			c.SetColor(m.fills[i*ny+j])
			c.Fill(pa)
		}
	}
}

// DataRange implements plot.DataRanger: the cells' outer borders.
func (m cells) DataRange() (xmin, xmax, ymin, ymax float64) {
	return m.xs.lo[0], m.xs.hi[len(m.xs.hi)-1], m.ys.lo[0], m.ys.hi[len(m.ys.hi)-1]
}

// edges are the borders of a knob's cells as gonum's heatmap draws them:
// halfway between neighbouring values, half a gap beyond the ends.
func edges(x []float64) []float64 {
	if len(x) == 1 {
		return []float64{x[0] - 0.5, x[0] + 0.5}
	}
	e := make([]float64, len(x)+1)
	e[0] = x[0] - (x[1]-x[0])/2
	for i := 1; i < len(x); i++ {
		e[i] = (x[i-1] + x[i]) / 2
	}
	e[len(x)] = x[len(x)-1] + (x[len(x)-1]-x[len(x)-2])/2
	return e
}

// goalBoundary is the line between the cells that meet the goal and their
// neighbours that do not, one segment per shared cell border; across the
// gap that sets none apart, on the border of the cell that meets it.
func goalBoundary(res *sweep.Result, xs, ys places) ([]*plotter.Line, error) {
	pl := res.Plan
	nx, ny := pl.Size()
	var segs []*plotter.Line
	add := func(x0, y0, x1, y1 float64) error {
		l, err := plotter.NewLine(plotter.XYs{{X: x0, Y: y0}, {X: x1, Y: y1}})
		if err != nil {
			return err
		}
		l.Color = color.Black
		l.Width = vg.Points(2.5)
		segs = append(segs, l)
		return nil
	}
	for j := range ny {
		for i := range nx {
			m := res.Cell(i, j).Met
			if i+1 < nx && m != res.Cell(i+1, j).Met {
				x := xs.lo[i+1]
				if m {
					x = xs.hi[i]
				}
				if err := add(x, ys.lo[j], x, ys.hi[j]); err != nil {
					return nil, err
				}
			}
			if j+1 < ny && m != res.Cell(i, j+1).Met {
				y := ys.lo[j+1]
				if m {
					y = ys.hi[j]
				}
				if err := add(xs.lo[i], y, xs.hi[i], y); err != nil {
					return nil, err
				}
			}
		}
	}
	return segs, nil
}

// curve draws a one-knob sweep: each cell's mean, its spread over the
// seeds, and the goal's threshold when the goal is on the measure.
func curve(p *plot.Plot, res *sweep.Result, legend *plot.Legend, xs places) error {
	pl := res.Plan
	nx, _ := pl.Size()
	p.Y.Label.Text = pl.Measure.Label()
	p.Y.Tick.Marker = tickerFor(pl.Measure.Unit(), pl.Measure.Unit() == "calls")
	if pl.Measure.Unit() == "share" {
		// A share reads as a percentage, as the terminal's table and
		// every screen write it (sweepui.Value).
		p.Y.Tick.Marker = percentTicks
	}
	if u := pl.Measure.Unit(); u == "ms" || u == "s" {
		p.Y.Label.Text = pl.Measure.Name // its ticks carry the unit
	}
	var pts plotter.XYs
	var errs plotter.YErrors
	joined := 0 // the points the line joins start here: none's stands alone
	for i := range nx {
		c := res.Cell(i, 0)
		if math.IsNaN(c.Mean) {
			continue
		}
		if xs.none && i == 0 {
			joined = 1
		}
		pts = append(pts, plotter.XY{X: xs.at[i], Y: c.Mean})
		errs = append(errs, struct{ Low, High float64 }{c.Mean - c.Min, c.Max - c.Mean})
	}
	if len(pts) > 0 {
		// A line from none to the first value would say the measure
		// passes between them as the knob goes from one to the other;
		// none is no setting on the way, so its point stands alone.
		dots, err := plotter.NewScatter(pts)
		if err != nil {
			return err
		}
		dots.Color = heatbands.Line()
		eb, err := plotter.NewYErrorBars(struct {
			plotter.XYs
			plotter.YErrors
		}{pts, errs})
		if err != nil {
			return err
		}
		// The line goes under the points and bars, as before.
		if len(pts) > joined {
			line := &plotter.Line{XYs: pts[joined:], LineStyle: plotter.DefaultLineStyle}
			line.Color = heatbands.Line()
			p.Add(line)
			legend.Add("mean (bars: fewest to most over the seeds)", line, dots)
		} else {
			legend.Add("mean (bars: fewest to most over the seeds)", dots)
		}
		p.Add(dots, eb)
	}
	_, _, caveat := sweepBands(pl)
	addNote(legend, caveat)
	if g := pl.Goal; g != nil && g.Metric == pl.Measure {
		th := plotter.NewFunction(func(float64) float64 { return g.Threshold })
		th.Color = color.Black
		th.Width = vg.Points(1.5)
		th.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
		p.Add(th)
		legend.Add("goal "+sweepui.GoalText(g), th)
	}
	if g := pl.Goal; g != nil {
		// The points that meet the goal are marked, as the map marks its
		// cells and the table its rows. A goal on another measure has no
		// threshold on this axis, and the picture left it out entirely;
		// on the measure itself, a point a hair under the threshold
		// (99.34% beside search.ok>=99.5%) sat on its dashed line, as
		// if it met it.
		var met plotter.XYs
		for i := range nx {
			if c := res.Cell(i, 0); c.Met && !math.IsNaN(c.Mean) {
				met = append(met, plotter.XY{X: xs.at[i], Y: c.Mean})
			}
		}
		if err := markMet(p, legend, g, met); err != nil {
			return err
		}
	}
	curveFrame(p, res, xs)
	return nil
}

// markMet crosses the points met, those that meet goal g, and says so in
// the legend; with none met, the legend says that instead, so a goal
// given is never missing from the picture.
func markMet(p *plot.Plot, legend *plot.Legend, g *sweep.Goal, met plotter.XYs) error {
	if len(met) == 0 {
		addNote(legend, "none meets "+sweepui.GoalText(g))
		return nil
	}
	sc, err := plotter.NewScatter(met)
	if err != nil {
		return err
	}
	sc.GlyphStyle = draw.GlyphStyle{Shape: draw.CrossGlyph{}, Color: color.Black, Radius: vg.Points(5)}
	p.Add(sc)
	legend.Add("meets "+sweepui.GoalText(g), sc)
	return nil
}

// curveFrame sets a one-knob curve's ranges: y from 0, where a point's
// height reads as its size (from 8 % the least share drew on the floor,
// as if none were answered), to 100 % for a share, the most there is,
// and for another measure to a round value above its highest, headroom
// that keeps the top bars off the frame; x from the first cell's border
// to the last's, so the first and last points sit inside the frame, not
// on its edges.
func curveFrame(p *plot.Plot, res *sweep.Result, xs places) {
	pl := res.Plan
	nx, _ := pl.Size()
	lo, hi := 0.0, 0.0
	for i := range nx {
		if c := res.Cell(i, 0); !math.IsNaN(c.Mean) {
			lo, hi = min(lo, c.Min), max(hi, c.Max)
		}
	}
	if g := pl.Goal; g != nil && g.Metric == pl.Measure {
		lo, hi = min(lo, g.Threshold), max(hi, g.Threshold)
	}
	switch {
	case pl.Measure.Unit() == "share":
		p.Y.Min, p.Y.Max = 0, 1
	case lo >= 0:
		p.Y.Min, p.Y.Max = 0, roundUp(hi*1.05, 0)
	}
	if len(xs.lo) > 0 {
		p.X.Min, p.X.Max = xs.lo[0], xs.hi[len(xs.hi)-1]
	}
}

// percentTicks marks an axis of shares with round percentages: "40%",
// "99.5%". A tick is a place on the axis, not a figure rounded, so 100%
// is the very top of the scale, where a share of all sits.
var percentTicks = plot.TickerFunc(func(min, max float64) []plot.Tick {
	return roundTicks(min, max, 100, 0, "%")
})

// places are where a knob's values sit on a picture's axis, and the
// borders of each one's cell. A knob whose 0 is none at all (a pool's cap
// at 0 opens as many connections as are asked for) is no value on the
// knob's scale: drawn at 0, it read as the tightest setting, the one just
// before 1. So its 0 is set apart as a category of its own, as a careful
// chart does with "none" or "n/a": a cell's width before the first
// value, half a cell's gap between (columns that touch read as
// neighbouring values), a rule in the gap where the scale breaks, and no
// number ticked left of it.
type places struct {
	at, lo, hi []float64
	// none says the first value is none, set apart; rule is then where
	// the scale breaks, in the gap, and from where its numbers start.
	none       bool
	rule, from float64
	// zeroIsNone says the knob's 0 is none but not set apart: the sweep
	// ran 0 alone, or not 0 at all.
	zeroIsNone bool
}

// placeKnob places a knob's values x (ascending, from sweep.ParseVary):
// at themselves, each cell's borders halfway to its neighbours' as
// gonum's heatmap draws them; a first value of 0 that none (the words for
// it, lessons.NoneWords, or "") says is none, apart, when others follow.
func placeKnob(x []float64, none string) places {
	apart := none != "" && len(x) > 1 && x[0] == 0 && x[1] > 0
	if !apart {
		e := edges(x)
		return places{at: x, lo: e[:len(x)], hi: e[1:], zeroIsNone: none != ""}
	}
	rest := x[1:]
	e := edges(rest)
	if len(rest) == 1 {
		// One value besides none: its cell spans half of it each
		// side (edges' ±0.5 is in whatever unit the knob has).
		e = []float64{rest[0] / 2, rest[0] * 3 / 2}
	}
	width := e[1] - e[0]
	p := places{none: true, rule: e[0] - width/4, from: e[0]}
	p.at = append([]float64{e[0] - width}, rest...)
	p.lo = append([]float64{e[0] - 3*width/2}, e[:len(rest)]...)
	p.hi = append([]float64{e[0] - width/2}, e[1:]...)
	return p
}

// noneApart is a knob's ticks with its none set apart (placeKnob): one
// tick at none's place that says "none", the knob's own from where its
// numbers start.
type noneApart struct {
	plot.Ticker
	places
	label string // none's tick's: "none", or what it stands for where that fits
}

func (t noneApart) Ticks(lo, hi float64) []plot.Tick {
	ticks := []plot.Tick{{Value: t.at[0], Label: t.label}}
	for _, tk := range t.Ticker.Ticks(t.from, hi) {
		if tk.Value >= t.from {
			ticks = append(ticks, tk)
		}
	}
	return ticks
}

// noneAtZero is the ticks of a knob whose 0 is none, not set apart: the
// tick at 0 says "none" where the sweep ran 0 (alone), and is left out
// where it did not: there 0 is only where the scale runs through the
// first value's cell, and a "none" or "0 s" beside "1 s" would read as a
// setting the sweep ran.
type noneAtZero struct {
	plot.Ticker
	swept bool
	label string // the 0's, sweepui.ZeroLabel's
}

func (t noneAtZero) Ticks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for _, tk := range t.Ticker.Ticks(lo, hi) {
		switch {
		case tk.Value != 0:
		case !t.swept:
			continue
		case tk.Label != "":
			tk.Label = t.label
		}
		ticks = append(ticks, tk)
	}
	return ticks
}

// breakRule is the line across a plot where a knob's scale breaks, between
// none and its first value (placeKnob): up the plot on the x axis
// (vertical), across it on the y.
type breakRule struct {
	at       float64
	vertical bool
}

func (r breakRule) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	style := draw.LineStyle{Color: color.Gray{Y: 0x80}, Width: vg.Points(0.75), Dashes: []vg.Length{vg.Points(2), vg.Points(2)}}
	if r.vertical {
		x := trX(r.at)
		c.StrokeLine2(style, x, c.Min.Y, x, c.Max.Y)
		return
	}
	y := trY(r.at)
	c.StrokeLine2(style, c.Min.X, y, c.Max.X, y)
}

// addRule draws the break of a knob whose none is set apart.
func addRule(p *plot.Plot, at places, vertical bool) {
	if at.none {
		p.Add(breakRule{at.rule, vertical})
	}
}
