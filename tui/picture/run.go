package picture

import (
	"cmp"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/tui/pane"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Run draws a finished run, one row per variant: the share of each outcome
// over time, the calls in flight to each dependency, and the breakers'
// states; each dependency's fault is shaded where it is in force.
func Run(w io.Writer, sc *engine.Scenario, seed uint64, snaps []engine.Snapshot, format string) error {
	f, err := runFigure(sc, seed, snaps)
	if err != nil {
		return err
	}
	return f.write(w, format)
}

func runFigure(sc *engine.Scenario, seed uint64, snaps []engine.Snapshot) (figure, error) {
	f, err := buildRunFigure(sc, seed, snaps, nil)
	if err != nil {
		return figure{}, err
	}
	forms, short := f.fitBandLabels(snaps)
	if !short {
		return f, nil
	}
	// A band left some shares out: its row's legend must say which, and a
	// legend is written once, so the figure is drawn again with the forms
	// chosen.
	return buildRunFigure(sc, seed, snaps, forms)
}

// buildRunFigure draws the run's figure with each band's label in the
// form given (forms[row][band]; none: every share).
func buildRunFigure(sc *engine.Scenario, seed uint64, snaps []engine.Snapshot, forms [][]labelForm) (figure, error) {
	pal := newPalette()
	f := figure{height: max(height, vg.Length(len(snaps))*7*vg.Centimeter)}
	// The breakers' column is drawn when a design has a breaker, and then
	// only in the rows of the designs that have one: an empty panel says
	// nothing.
	breakers := false
	for v := range snaps {
		breakers = breakers || hasBreaker(&snaps[v])
	}
	for v := range snaps {
		s := &snaps[v]
		faults := pane.FaultSpans(sc, v)
		legend := newRowLegend()
		var rowForms []labelForm
		if forms != nil {
			rowForms = forms[v]
		}
		out, err := outcomesPanel(s, pal, faults, &legend, rowForms)
		if err != nil {
			return figure{}, err
		}
		out.Title.Text = fmt.Sprintf("%d. %s: outcomes per endpoint", v+1, s.Variant)
		if v == 0 {
			out.Title.Text = fmt.Sprintf("%s, seed %d\n", sc.Name, seed) + out.Title.Text
		}
		inf, err := inFlightPanel(s, pal, faults, &legend)
		if err != nil {
			return figure{}, err
		}
		inf.Title.Text = "calls in flight: held and abandoned"
		row := []*plot.Plot{out, inf}
		if breakers {
			var br *plot.Plot
			if hasBreaker(s) {
				if br, err = breakerPanel(s, pal, faults); err != nil {
					return figure{}, err
				}
			}
			row = append(row, br)
		}
		f.rows = append(f.rows, row)
		f.legends = append(f.legends, legend)
	}
	return f, nil
}

// hasBreaker says whether a dependency of s has a breaker.
func hasBreaker(s *engine.Snapshot) bool {
	for i := range s.Dependencies {
		if s.Dependencies[i].Breaker != nil {
			return true
		}
	}
	return false
}

// seconds is a bucket's end time in seconds.
func seconds(s *engine.Snapshot, i int) float64 {
	return (time.Duration(i+1) * s.SampleEvery).Seconds()
}

// shadeFaults shades each fault of the design from 0 to top; a legend,
// if given, names them. The faults are every time axis's (pane.FaultSpans):
// a service's own dependency's, a service's or an instance's, and a burst
// of traffic, besides the front's dependencies'. Only the last were
// shaded, so go-inventory's and multi-hop's pictures showed no fault at
// all, where their database slows.
func shadeFaults(p *plot.Plot, faults []pane.FaultSpan, top float64, legend *plot.Legend) error {
	named := map[string]bool{}
	for _, f := range faults {
		a, b := f.From.Seconds(), f.To.Seconds()
		poly, err := plotter.NewPolygon(plotter.XYs{{X: a, Y: 0}, {X: b, Y: 0}, {X: b, Y: top}, {X: a, Y: top}})
		if err != nil {
			return err
		}
		poly.Color = faultShade
		poly.LineStyle.Width = 0
		p.Add(poly)
		// A burst is traffic, not a part failing: its words ("acme
		// surge on search") say what it is.
		label := "fault: " + f.Dependency + " " + f.Verb()
		if strings.HasPrefix(f.What, "surge") {
			label = f.Dependency + " " + f.What
		}
		if legend != nil && !named[label] {
			named[label] = true // an instance restarting twice is one entry
			legend.Add(label, poly)
		}
	}
	return nil
}

func timeAxis(p *plot.Plot, s *engine.Snapshot) {
	p.X.Label.Text = "time"
	p.X.Min, p.X.Max = 0, s.Duration.Seconds()
	p.X.Tick.Marker = durationTicks("s") // a long run's in minutes or hours
	p.Title.TextStyle.Font.Size = vg.Points(10)
}

// outcomesBins is about how many bins a band of the outcomes panel cuts
// the run into: a bucket of 100 ms holds too few requests for a share
// that reads as more than noise.
const outcomesBins = 60

// bandHeight is the height of an endpoint's band, out of the 1 each has:
// the rest parts it from the next.
const bandHeight = 0.8

// outcomesPanel draws a band per endpoint, the first on top: over time,
// the shares of the outcomes decided in each stretch, stacked (ok at the
// bottom), so that bystanders that keep every request read apart from
// the endpoint that loses them. Each band's label gives the endpoint's
// shares of the requests that arrived in the measurement window, the
// figures `run`'s table prints (report.WindowTally): every one, in the
// label's form from forms (none: every share); a band whose form leaves
// some out is named in the legend with the shares it shows.
func outcomesPanel(s *engine.Snapshot, pal palette, faults []pane.FaultSpan, legend *plot.Legend, forms []labelForm) (*plot.Plot, error) {
	p := plot.New()
	timeAxis(p, s)
	n := len(s.Endpoints)
	p.Y.Min, p.Y.Max = 1-bandHeight-0.1, float64(n)+0.05
	p.Y.Padding = 0
	if err := shadeFaults(p, faults, p.Y.Max, legend); err != nil {
		return nil, err
	}
	// Outcomes and dependencies share colours, so the row's legend heads
	// each group.
	legend.Add("outcomes (stacked, ok at the bottom):")
	var ticks []plot.Tick
	var short []string // the legend's notes on bands that leave shares out
	swatch := [4]*plotter.Polygon{}
	for k := range s.Endpoints {
		e := &s.Endpoints[k]
		base := float64(n-k) - bandHeight // the band's bottom
		polys, err := outcomeBand(s, e, pal, base)
		if err != nil {
			return nil, err
		}
		for o, ps := range polys {
			for _, poly := range ps {
				p.Add(poly)
				swatch[o] = poly
			}
		}
		b := windowShares(e)
		form := b.forms()[0]
		if forms != nil {
			form = forms[k]
		}
		if shown := b.shown(form); len(shown) < len(b.shares) {
			short = append(short, shortNote(b.name, shown))
		}
		ticks = append(ticks, plot.Tick{Value: base + bandHeight/2, Label: b.label(form)})
	}
	p.Y.Tick.Marker = plot.ConstantTicks(ticks)
	for o := engine.Outcome(0); o < 4; o++ {
		if swatch[o] != nil {
			legend.Add(o.String(), swatch[o])
		}
	}
	legend.Add("beside each band: its shares of the")
	legend.Add(fmt.Sprintf("  requests that arrived %s to %s", report.TimeIn(s.MeasureFrom, s.Duration, 0), report.TimeIn(s.MeasureTo, s.Duration, 0)))
	for _, n := range short {
		legend.Add(n)
	}
	return p, nil
}

// shortNote is the legend's line for a band with no room for all its
// shares: "  search: only ok and failed (no room)".
func shortNote(name string, shown []share) string {
	var names []string
	for _, s := range shown {
		names = append(names, s.outcome.String())
	}
	list := names[0]
	if n := len(names); n > 1 {
		list = strings.Join(names[:n-1], ", ") + " and " + names[n-1]
	}
	return fmt.Sprintf("  %s: only %s (no room)", name, list)
}

// share is one outcome's share of a band's window.
type share struct {
	outcome engine.Outcome
	of      float64
}

// bandShares is what a band's label can say: the endpoint's name and its
// shares of the window's requests, ok always and every other outcome that
// happened at all, in the outcomes' order (ok, fallback, rejected,
// failed), as `run`'s table prints them.
type bandShares struct {
	name   string
	shares []share
}

func windowShares(e *engine.EndpointSnapshot) bandShares {
	t := report.WindowTally(e)
	b := bandShares{name: e.Name, shares: []share{{engine.OK, t.Share(engine.OK)}}}
	for o := engine.Outcome(1); o < 4; o++ {
		if t.Outcomes[o] > 0 {
			b.shares = append(b.shares, share{o, t.Share(o)})
		}
	}
	return b
}

// labelForm is how a band's label is laid out: how many of its shares it
// keeps (ok and the largest others), and whether the name shares its line
// with ok, one line fewer for a crowded panel.
type labelForm struct {
	keep       int
	nameWithOK bool
}

// lines is how many lines a label of form f has: the name's, then the
// shares two to a line.
func (f labelForm) lines() int {
	if f.nameWithOK {
		return 1 + f.keep/2
	}
	return 1 + (f.keep+1)/2
}

// forms lists the layouts a band's label may take, from every share with
// the name on a line of its own to the fewest lines that still keep ok
// and the largest other share; each is a line shorter than the one before.
func (b bandShares) forms() []labelForm {
	all := len(b.shares)
	out := []labelForm{{keep: all}}
	for keep := all; keep >= min(all, 2); keep-- {
		for _, f := range []labelForm{{keep: keep}, {keep: keep, nameWithOK: true}} {
			if f.lines() < out[len(out)-1].lines() {
				out = append(out, f)
			}
		}
	}
	return out
}

// shown is the shares a label of form f gives: ok and the keep-1 largest
// others, in the outcomes' order.
func (b bandShares) shown(f labelForm) []share {
	if f.keep >= len(b.shares) {
		return b.shares
	}
	others := slices.Clone(b.shares[1:])
	slices.SortStableFunc(others, func(x, y share) int { return cmp.Compare(y.of, x.of) })
	others = others[:max(f.keep-1, 0)]
	slices.SortFunc(others, func(x, y share) int { return cmp.Compare(x.outcome, y.outcome) })
	return append([]share{b.shares[0]}, others...)
}

// label writes the band's label in form f: "recommendations\nok 0.0% ·
// fallback 74.3%\nrejected 24.3% · failed 1.4%".
func (b bandShares) label(f labelForm) string {
	var words []string
	for _, s := range b.shown(f) {
		words = append(words, s.outcome.String()+" "+report.Percent1(s.of))
	}
	lines := []string{b.name}
	if f.nameWithOK {
		lines[0] += " · " + words[0]
		words = words[1:]
	}
	for i := 0; i < len(words); i += 2 {
		lines = append(lines, strings.Join(words[i:min(i+2, len(words))], " · "))
	}
	return strings.Join(lines, "\n")
}

// bandLabel is an endpoint's band label with every share.
func bandLabel(e *engine.EndpointSnapshot) string {
	b := windowShares(e)
	return b.label(b.forms()[0])
}

// outcomeBand is an endpoint's band from base up: for each outcome, the
// polygons of its share, stacked on the outcomes before it, one per
// stretch of bins that decided a request.
func outcomeBand(s *engine.Snapshot, e *engine.EndpointSnapshot, pal palette, base float64) ([4][]*plotter.Polygon, error) {
	var out [4][]*plotter.Polygon
	per := max(1, (len(e.Series)+outcomesBins-1)/outcomesBins)
	type bin struct {
		from, to float64
		shares   [4]float64
	}
	var runs [][]bin // stretches of bins with decisions
	var cur []bin
	for i := 0; i < len(e.Series); i += per {
		var c [4]uint32
		all := uint32(0)
		for j := i; j < min(i+per, len(e.Series)); j++ {
			for o := range 4 {
				c[o] += e.Series[j].Outcomes[o]
				all += e.Series[j].Outcomes[o]
			}
		}
		if all == 0 {
			if len(cur) > 0 {
				runs, cur = append(runs, cur), nil
			}
			continue
		}
		b := bin{from: seconds(s, i-1), to: seconds(s, min(i+per, len(e.Series))-1)}
		for o := range 4 {
			b.shares[o] = float64(c[o]) / float64(all)
		}
		cur = append(cur, b)
	}
	if len(cur) > 0 {
		runs = append(runs, cur)
	}
	for _, r := range runs {
		below := make([]float64, len(r))
		for o := range 4 {
			var top, bottom plotter.XYs
			any := false
			for i, b := range r {
				lo, hi := below[i], below[i]+b.shares[o]
				any = any || b.shares[o] > 0
				bottom = append(bottom, plotter.XY{X: b.from, Y: base + bandHeight*lo}, plotter.XY{X: b.to, Y: base + bandHeight*lo})
				top = append(top, plotter.XY{X: b.from, Y: base + bandHeight*hi}, plotter.XY{X: b.to, Y: base + bandHeight*hi})
				below[i] = hi
			}
			if !any {
				continue
			}
			ring := append(plotter.XYs{}, bottom...)
			for i := len(top) - 1; i >= 0; i-- {
				ring = append(ring, top[i])
			}
			poly, err := plotter.NewPolygon(ring)
			if err != nil {
				return out, err
			}
			poly.Color = pal.outcome(engine.Outcome(o))
			poly.LineStyle.Width = 0
			out[o] = append(out[o], poly)
		}
	}
	return out, nil
}

// inFlightPanel draws each dependency's calls in flight in two lines of
// its colour: solid, the calls held, which a caller still waits on (what
// a bulkhead caps, drawn dotted; a per-tenant bulkhead's lanes each cap
// one tenant's share, so its size is named in the legend instead);
// dashed, the calls abandoned, whose caller gave up (timed out) while the
// dependency still works on them. Summed, they are every call in flight;
// drawn as one, a bulkhead of 20 would seem to let 80 through.
func inFlightPanel(s *engine.Snapshot, pal palette, faults []pane.FaultSpan, legend *plot.Legend) (*plot.Plot, error) {
	p := plot.New()
	timeAxis(p, s)
	p.Y.Label.Text = "calls"
	top := 1.0
	for _, d := range s.Dependencies {
		if d.TenantBulkhead == nil {
			top = math.Max(top, float64(d.BulkheadCap))
		}
		for _, smp := range d.Series {
			top = math.Max(top, float64(max(pane.Held(&d, smp), smp.Abandoned, smp.Dialling)))
		}
	}
	p.Y.Min, p.Y.Max = 0, top*1.05
	p.Y.Tick.Marker = countTicks
	if err := shadeFaults(p, faults, top*1.05, nil); err != nil {
		return nil, err
	}
	legend.Add("dependencies:")
	abandoned, capped, dialled := false, false, false
	for k, d := range s.Dependencies {
		if len(d.Series) == 0 {
			continue
		}
		held, gaveUp, any := inFlightSeries(s, &d)
		// The calls made and still dialling, which the sandbox's chart
		// stacks over the line: go-server's hung provider held some 25
		// calls while 3,327 goroutines waited on their dials, and the
		// picture drew the 25 alone, as if the goroutines had not piled up.
		if dial, ok := diallingSeries(s, &d); ok {
			a, err := plotter.NewLine(dial)
			if err != nil {
				return nil, err
			}
			a.Color = pal.series(k)
			a.Width = vg.Points(1.5)
			a.Dashes = diallingDashes
			p.Add(a)
			dialled = true
		}
		// A per-tenant bulkhead caps each tenant's calls, not the sum this
		// line draws: a cap at its lanes summed (60 for three lanes of 20)
		// read as room to spare while acme's lane turned calls away. Its
		// size is said in the legend instead.
		if d.BulkheadCap > 0 && d.TenantBulkhead == nil {
			c, err := plotter.NewLine(plotter.XYs{{X: 0, Y: float64(d.BulkheadCap)}, {X: s.Duration.Seconds(), Y: float64(d.BulkheadCap)}})
			if err != nil {
				return nil, err
			}
			c.Color = pal.series(k)
			c.Width = vg.Points(1)
			c.Dashes = []vg.Length{vg.Points(1), vg.Points(3)}
			p.Add(c)
			capped = true
		}
		l, err := plotter.NewLine(held)
		if err != nil {
			return nil, err
		}
		l.Color = pal.series(k)
		l.Width = vg.Points(1.5)
		p.Add(l)
		legend.Add(d.Name, l)
		if d.TenantBulkhead != nil {
			legend.Add("  bulkhead " + pane.TenantBulkheadSize(d.TenantBulkhead))
		}
		legendPeak(legend, s, &d, top)
		if any {
			a, err := plotter.NewLine(gaveUp)
			if err != nil {
				return nil, err
			}
			a.Color = pal.series(k)
			a.Width = vg.Points(1.5)
			a.Dashes = abandonedDashes
			p.Add(a)
			abandoned = true
		}
	}
	// The line styles, in the theme's grey: a line's colour is its
	// dependency's.
	grey := ansi[8]
	style := func(words string, dashes []vg.Length) {
		l, _ := plotter.NewLine(plotter.XYs{{}, {X: 1}})
		l.Color, l.Width, l.Dashes = grey, vg.Points(1.5), dashes
		legend.Add(words, l)
	}
	style("solid: held (a caller waits)", nil)
	if abandoned {
		style("dashed: abandoned (the caller gave up)", abandonedDashes)
	}
	if capped {
		style("dotted: the bulkhead's cap", []vg.Length{vg.Points(1), vg.Points(3)})
	}
	if dialled {
		style("dash-dot: dialling, made but not yet at it", diallingDashes)
	}
	return p, nil
}

// diallingSeries is d's calls made and waiting on their connection's dial
// over time, and whether any was.
func diallingSeries(s *engine.Snapshot, d *engine.DependencySnapshot) (plotter.XYs, bool) {
	out := make(plotter.XYs, len(d.Series))
	any := false
	for i, smp := range d.Series {
		out[i] = plotter.XY{X: seconds(s, i), Y: float64(smp.Dialling)}
		any = any || smp.Dialling > 0
	}
	return out, any
}

// diallingDashes is the line of the calls dialling.
var diallingDashes = []vg.Length{vg.Points(6), vg.Points(2), vg.Points(1), vg.Points(2)}

// legendPeak says, under d's name, the most calls d had in flight at once
// when that peak fell between the samples the lines are drawn from, by
// more than a tenth of the panel's height (top): run's table printed "at
// most 1,315 in flight" for go-server's payments while its line never rose
// past 189: the peak came and went between two samples. A peak a call or two
// above the samples, as sampling always gives, is not worth a line.
func legendPeak(legend *plot.Legend, s *engine.Snapshot, d *engine.DependencySnapshot, top float64) {
	var sampled int32 // what the lines show: under a cap, the permits held
	for _, smp := range d.Series {
		sampled = max(sampled, smp.InFlight, pane.Held(d, smp))
	}
	if float64(d.InFlightMax-int(sampled)) <= top/10 {
		return
	}
	legend.Add(fmt.Sprintf("  at most %s at once, between", pane.Count(d.InFlightMax)))
	legend.Add(fmt.Sprintf("    the samples drawn (one every %s)", pane.SecondsShort(s.SampleEvery)))
}

// inFlightSeries is d's calls over time, held (pane.Held: the terminal
// chart's, under a cap the permits held) and abandoned, and whether any
// call was abandoned.
func inFlightSeries(s *engine.Snapshot, d *engine.DependencySnapshot) (held, abandoned plotter.XYs, any bool) {
	held = make(plotter.XYs, len(d.Series))
	abandoned = make(plotter.XYs, len(d.Series))
	for i, smp := range d.Series {
		held[i] = plotter.XY{X: seconds(s, i), Y: float64(pane.Held(d, smp))}
		abandoned[i] = plotter.XY{X: seconds(s, i), Y: float64(smp.Abandoned)}
		any = any || smp.Abandoned > 0
	}
	return held, abandoned, any
}

// abandonedDashes is the abandoned calls' line.
var abandonedDashes = []vg.Length{vg.Points(5), vg.Points(3)}

// stateLevel places a breaker state on the history's y axis.
func stateLevel(st breaker.State) float64 {
	switch st {
	case breaker.Closed:
		return 0
	case breaker.HalfOpen:
		return 1
	}
	return 2
}

func breakerPanel(s *engine.Snapshot, pal palette, faults []pane.FaultSpan) (*plot.Plot, error) {
	p := plot.New()
	timeAxis(p, s)
	p.Title.Text = "breaker state"
	p.Y.Label.Text = "state"
	p.Y.Min, p.Y.Max = -0.2, 2.2
	p.Y.Tick.Marker = plot.ConstantTicks{{Value: 0, Label: "closed"}, {Value: 1, Label: "half-open"}, {Value: 2, Label: "open"}}
	if err := shadeFaults(p, faults, 2.2, nil); err != nil {
		return nil, err
	}
	for k, d := range s.Dependencies {
		if d.Breaker == nil {
			continue
		}
		var pts plotter.XYs
		for i, smp := range d.Series {
			if smp.Breaker < 0 {
				continue
			}
			y := stateLevel(breaker.State(smp.Breaker))
			x := seconds(s, i)
			if len(pts) > 0 && pts[len(pts)-1].Y != y {
				pts = append(pts, plotter.XY{X: x - s.SampleEvery.Seconds(), Y: pts[len(pts)-1].Y})
			}
			pts = append(pts, plotter.XY{X: x, Y: y})
		}
		if len(pts) == 0 {
			continue
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		l.Color = pal.series(k)
		l.Width = vg.Points(1.5)
		// The line's colour is its dependency's, named in the row's legend
		// with the calls in flight.
		p.Add(l)
	}
	return p, nil
}
