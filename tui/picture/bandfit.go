package picture

import (
	"github.com/breakerlab/breakerlab/engine"
	"gonum.org/v1/plot"
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
		w.ticks = f.rows[r][0].Y.Tick.Marker.(plot.ConstantTicks)
		rows[r] = w
	}
	// A layout of the whole figure is dear (it measures every point of
	// every line), so each one shortens a label in every row that needs it.
	for {
		panels, _ := f.layout(dc)
		changed := false
		for r := range rows {
			w := &rows[r]
			k := crowdedBand(f.rows[r][0], panels[r][0], func(k int) (lines int, more bool) {
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
