package picture

import (
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/tui/pane"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// Shuffle draws the shuffle scenario: the odds table as bars (the chance
// that two customers share every worker, or at least one, on a log scale)
// and the poisoned-customer simulation (the customers each strategy lost
// or degraded).
func Shuffle(w io.Writer, rep shuffle.Report, seed uint64, format string) error {
	f, err := shuffleFigure(rep, seed)
	if err != nil {
		return err
	}
	return f.write(w, format)
}

func shuffleFigure(rep shuffle.Report, seed uint64) (figure, error) {
	pal := newPalette()
	odds := plot.New()
	// The odds are the same for every seed: no seed in this title.
	odds.Title.Text = "shuffle sharding: the odds that two customers share workers"
	// A bar's height is the number of zeros after the point (-log10 of the
	// chance), and each tick is labelled with the chance itself: 1e-6 is 1
	// in a million. Bars cannot start from zero on a log scale; the taller,
	// the rarer.
	odds.Y.Label.Text = "chance (log scale, taller is rarer)"
	odds.X.Label.Text = "workers per customer, of the fleet"
	var all, some plotter.Values
	var names []string
	top := 1.0
	for _, r := range rep.Combinatorics {
		all = append(all, -math.Log10(max(r.ShareAll, 1e-300)))
		some = append(some, -math.Log10(max(r.ShareAny, 1e-300)))
		top = max(top, all[len(all)-1], some[len(some)-1])
		names = append(names, fmt.Sprintf("%d of %d", r.PerCustomer, r.Workers))
	}
	var ticks []plot.Tick
	step := math.Max(1, math.Ceil(top/8))
	for k := 0.0; k <= top+step; k += step {
		ticks = append(ticks, plot.Tick{Value: k, Label: "1e-" + strconv.Itoa(int(k))})
	}
	ticks[0].Label = "1"
	odds.Y.Tick.Marker = plot.ConstantTicks(ticks)
	// The axis ends on the tick above the tallest bar, so every bar stands
	// inside the plot under a labelled height.
	odds.Y.Min, odds.Y.Max = 0, step*math.Ceil(top/step)
	oddsLegend, simLegend := newRowLegend(), newRowLegend()
	if len(names) > 0 {
		bw := vg.Points(20)
		a, err := plotter.NewBarChart(all, bw)
		if err != nil {
			return figure{}, err
		}
		b, err := plotter.NewBarChart(some, bw)
		if err != nil {
			return figure{}, err
		}
		a.Color, b.Color = pal.outcome(3), pal.outcome(2)
		a.Offset, b.Offset = -bw/2, bw/2
		a.LineStyle.Width, b.LineStyle.Width = 0, 0
		odds.Add(a, b)
		oddsLegend.Add("share every worker", a)
		oddsLegend.Add("share at least one", b)
		odds.NominalX(names...)
		insideCategories(odds, len(names))
	}

	// Each strategy's bars are shares of its own population, the other
	// customers it placed (overlap-limited places only the few it has
	// room for), with the counts `run shuffle`'s table prints on them.
	sim := plot.New()
	sim.Title.Text = fmt.Sprintf("one poisoned customer among %s, seed %d: the other customers hit, by strategy", pane.Count(rep.Setup.Customers), seed)
	sim.Y.Label.Text = "share of the strategy's other customers (%)"
	sim.X.Label.Text = "strategy, and the other customers it placed"
	var lost, degraded plotter.Values
	var lostWords, degradedWords, strategies []string
	for _, r := range rep.Simulation.Rows() {
		share := func(n int) float64 {
			if r.Customers == 0 {
				return 0
			}
			return 100 * float64(n) / float64(r.Customers)
		}
		lost = append(lost, share(r.Lost))
		degraded = append(degraded, share(r.Degraded))
		if r.Error != "" {
			lostWords, degradedWords = append(lostWords, "-"), append(degradedWords, "-")
			strategies = append(strategies, fmt.Sprintf("%s\n(could not run)", r.Strategy))
			continue
		}
		lostWords = append(lostWords, pane.Count(r.Lost))
		degradedWords = append(degradedWords, pane.Count(r.Degraded))
		strategies = append(strategies, fmt.Sprintf("%s\n%s others", r.Strategy, pane.Count(r.Customers)))
	}
	w2 := vg.Points(24)
	l, err := plotter.NewBarChart(lost, w2)
	if err != nil {
		return figure{}, err
	}
	d, err := plotter.NewBarChart(degraded, w2)
	if err != nil {
		return figure{}, err
	}
	l.Color, d.Color = pal.outcome(3), pal.outcome(2)
	l.Offset, d.Offset = -w2/2, w2/2
	l.LineStyle.Width, d.LineStyle.Width = 0, 0
	sim.Add(l, d)
	for _, bars := range []struct {
		values plotter.Values
		words  []string
		offset vg.Length
	}{{lost, lostWords, -w2 / 2}, {degraded, degradedWords, w2 / 2}} {
		labels, err := barLabels(bars.values, bars.words, bars.offset)
		if err != nil {
			return figure{}, err
		}
		sim.Add(labels)
	}
	simLegend.Add("lost service (every worker crashed)", l)
	simLegend.Add("degraded (some workers crashed)", d)
	simLegend.Add("on each bar: how many customers")
	sim.NominalX(strategies...)
	insideCategories(sim, len(strategies))
	most := 0.0
	for i := range lost {
		most = max(most, lost[i], degraded[i])
	}
	// Room above the tallest bar for its count.
	sim.Y.Min, sim.Y.Max = 0, roundUp(most*1.1, 1)
	sim.Y.Tick.Marker = countTicks
	return figure{rows: [][]*plot.Plot{{odds}, {sim}}, legends: []plot.Legend{oddsLegend, simLegend}, height: height}, nil
}

// insideCategories gives each of n categories on p's x axis a slot one
// unit wide, so the outer bars stand inside the axis, not on its ends.
func insideCategories(p *plot.Plot, n int) {
	p.X.Min, p.X.Max = -0.5, float64(n)-0.5
}

// barLabels writes words over the bars of values, whose bars stand offset
// from their category's centre.
func barLabels(values plotter.Values, words []string, offset vg.Length) (*plotter.Labels, error) {
	xy := plotter.XYLabels{Labels: words}
	for i, v := range values {
		xy.XYs = append(xy.XYs, plotter.XY{X: float64(i), Y: v})
	}
	labels, err := plotter.NewLabels(xy)
	if err != nil {
		return nil, err
	}
	for i := range labels.TextStyle {
		labels.TextStyle[i].XAlign = text.XCenter
		labels.TextStyle[i].Font.Size = vg.Points(10)
	}
	labels.Offset = vg.Point{X: offset, Y: vg.Points(3)}
	return labels, nil
}
