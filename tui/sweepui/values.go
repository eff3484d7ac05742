package sweepui

import (
	"math"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/internal/heatbands"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// How a sweep's figures read to people: the table, the heatmap's legend
// and mark line, the goal's lines, the sandbox's and the lessons' sweeps
// (which draw with this package) and the pictures (tui/picture). A share
// reads as a percentage, as `run`, the lessons and the sandbox write one;
// a count, a latency or a time keeps its unit. The CSV and the JSON are
// not drawn here: they keep the figures themselves, a share from 0 to 1.

// Value writes a figure of measure m: a share as a percentage by
// pane.Percent's rule (a share short of all never reads 100%, one above
// none never 0%), anything else as sweep.Short writes it.
func Value(m sweep.Metric, x float64) string {
	if m.Unit() == "share" && !math.IsNaN(x) && !math.IsInf(x, 0) {
		return pane.Percent(x)
	}
	return sweep.Short(x)
}

// GoalText writes a goal for people: on a share, its threshold as a
// percentage with every digit it has ("search.ok>=99%", "search.ok>=99.95%":
// pane.PercentExact, since the threshold is a setting, and Percent's
// rounding would state another goal); on anything else, as Goal.String
// writes it and --goal takes it ("search.p99<=250"). Goal.String, which the
// JSON's goal is, keeps a share's threshold as a fraction.
func GoalText(g *sweep.Goal) string {
	if g.Metric.Unit() != "share" {
		return g.String()
	}
	return g.Metric.Name + g.Op + pane.PercentExact(g.Threshold)
}

// AxisLabel is an axis's path with its unit ("recommendations.timeout
// (s)", "workers"), for a file's header: the axis's own unit, the one the
// CSV's values are in, never the minutes or hours the table's head may
// read a long duration in (Axis.ShownUnit), so a script reading a column of a
// day's sweep reads seconds as it always did.
func AxisLabel(ax sweep.Axis) string { return labelIn(ax, ax.Unit, Typed) }

// Legend is the legend of scale, a sweep of measure m, with its values
// written as Value writes them, by heatbands' one rule for a legend
// (Scale.Legend): every cell it knows of, the grid's lowest and highest
// and cells, the grid's means if the caller gives them (NaN for a cell
// without one), reads inside the band it is drawn in. A share's edges are
// percentages, with as many decimals as keep neighbouring edges apart
// (pane.Percent's whole percentages would read "99%–99%" for a grid of
// 0.991 to 0.999) and hold the cells (49.94% drawn in the band above an
// edge of 49.84% read "50%–70%"); any other measure's are figures with
// as many significant digits as do (heatbands.Figures).
func Legend(scale heatbands.Scale, m sweep.Metric, cells ...float64) []heatbands.Entry {
	if m.Unit() == "share" {
		return scale.Legend(percentages{}, cells...)
	}
	return scale.Legend(heatbands.Figures{}, cells...)
}

// CellMeans is every cell's mean in res, for Legend: NaN for a cell
// without one.
func CellMeans(res *sweep.Result) []float64 {
	nx, ny := res.Plan.Size()
	means := make([]float64, 0, nx*ny)
	for j := range ny {
		for i := range nx {
			means = append(means, res.Cell(i, j).Mean)
		}
	}
	return means
}

// percentages is a share's Writing for a legend: at precision p, a
// percentage with p decimals as percentTo writes it, pane.Percent's at 0;
// rounded down or up as percentOutward does.
type percentages struct{}

func (percentages) Write(x float64, p int, way heatbands.Rounding) string {
	switch way {
	case heatbands.Down:
		return percentOutward(x, p, false)
	case heatbands.Up:
		return percentOutward(x, p, true)
	}
	return percentTo(x, p)
}

// Read reads a percentage as percentTo writes it, as a share: 30% is
// 0.3, with the bound of "<0.1%" or ">99.9%". The point is moved, not
// divided by 100 (report.ParsePercent), so a legend's "99.9%" is the
// 0.999 a goal of 99.9% holds, and 99.9/100's extra unit in the last place
// does not put an edge a hair above the share it was written from.
func (percentages) Read(text string) (float64, byte) {
	num := strings.TrimSuffix(text, "%")
	var bound byte
	if num != "" && (num[0] == '<' || num[0] == '>') {
		bound, num = num[0], num[1:]
	}
	r, err := report.ParsePercent(num)
	if err != nil {
		return math.NaN(), bound
	}
	return r, bound
}

// percentOutward writes a grid's lowest (up false) or highest (up true)
// share as percentTo does, but rounded away from the grid's other cells,
// so the band it ends holds it: 19.74% starts a band at 19%, where the
// nearest, 20%, starts above it. With no decimals it keeps pane.Percent's
// one decimal under 9.95% and from 99.5%, as percentTo does; rounding
// never reaches 0% or 100% for a share between them (">99%", "<0.1%").
func percentOutward(x float64, decimals int, up bool) string {
	p := 100 * x
	if p <= 0 || p >= 100 {
		return pane.Percent(x)
	}
	if decimals == 0 && (p < 9.95 || p >= 99.5) {
		decimals = 1
	}
	step := math.Pow(10, -float64(decimals))
	q := p / step
	switch r := math.Round(q); {
	case math.Abs(q-r) < 1e-6:
		// A share on the grid of decimals (0.4% is 0.004/0.001 = 4.000000000000001 steps).
		q = r
	case up:
		q = math.Ceil(q)
	default:
		q = math.Floor(q)
	}
	switch r := q * step; {
	case r >= 100:
		return ">" + strconv.FormatFloat(100-step, 'f', decimals, 64) + "%"
	case r <= 0:
		return "<" + strconv.FormatFloat(step, 'f', decimals, 64) + "%"
	default:
		return strconv.FormatFloat(r, 'f', decimals, 64) + "%"
	}
}

// maxDecimals is the most decimals goalValue's percentage takes, as many
// as a legend's (heatbands.MaxPrecision): past them, two figures a float
// apart are as near as a screen can tell.
const maxDecimals = heatbands.MaxPrecision

// percentTo writes a share as a percentage: as pane.Percent does for no
// decimals, else with that many decimals, by Percent's rule that rounding
// never hides a remainder (">99.99%", not "100.00%", for a share short of
// all; "<0.01%", not "0.00%", for one above none).
func percentTo(x float64, decimals int) string {
	p := 100 * x
	if decimals == 0 || p <= 0 || p >= 100 {
		return pane.Percent(x)
	}
	step := math.Pow(10, -float64(decimals))
	s := strconv.FormatFloat(p, 'f', decimals, 64)
	switch r, _ := strconv.ParseFloat(s, 64); {
	case r >= 100:
		return ">" + strconv.FormatFloat(100-step, 'f', decimals, 64) + "%"
	case r <= 0:
		return "<" + strconv.FormatFloat(step, 'f', decimals, 64) + "%"
	}
	return s + "%"
}

// goalValue writes a figure of plan p's measure as Value does, but where
// that would read as the goal's threshold, or past it, on the wrong side
// ("99%" for a mean of 0.9896 beside a goal of search.ok>=99% it misses),
// with as many more decimals as put it on its own side ("98.96%"). A
// figure of another measure than the goal's is Value's.
func goalValue(p *sweep.Plan, x float64) string {
	g := p.Goal
	if g == nil || !sameMetric(g.Metric, p.Measure) {
		return Value(p.Measure, x)
	}
	return goalFigure(g, x)
}

// sameMetric says whether a and b are one measure.
func sameMetric(a, b sweep.Metric) bool { return a.Owner == b.Owner && a.Field == b.Field }

// goalFigure writes x, a figure of goal g's own measure, as Value does,
// with the decimals goalValue adds where it would read on the wrong side
// of the threshold: a share's percentage, and any other figure too, whose
// three significant digits wrote a first_open of 15.118 s as "15.1"
// without a ✓ beside rows of 15.098 s reading "15.1 ✓", for a goal of
// first_open<=15.1, and a p99 of 250.4 ms as the "250" of a goal of
// p99<=250 it misses.
func goalFigure(g *sweep.Goal, x float64) string {
	text := Value(g.Metric, x)
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return text
	}
	if g.Metric.Unit() != "share" {
		for digits := 4; digits <= maxDigits && !figureReadsRight(g, x, text); digits++ {
			text = strconv.FormatFloat(x, 'f', -1, 64)
			if short := strconv.FormatFloat(x, 'g', digits, 64); !strings.ContainsRune(short, 'e') {
				text = short
			}
		}
		return text
	}
	for decimals := 1; decimals <= maxDecimals && !readsRight(g, x, text); decimals++ {
		text = percentTo(x, decimals)
	}
	return text
}

// maxDigits is the most significant digits goalFigure gives a figure that
// is not a share: a float's, past which a figure cannot part from its
// threshold.
const maxDigits = 17

// figureReadsRight says whether text, x written as sweep.Short writes a
// figure, reads on the side of g's threshold that x is on.
func figureReadsRight(g *sweep.Goal, x float64, text string) bool {
	r, err := strconv.ParseFloat(text, 64)
	return err != nil || g.Met(r) == g.Met(x)
}

// readsRight says whether text, a share x written as a percentage, reads
// on the side of g's threshold that x is on. A bound (">99.9%", "<0.1%")
// stands for every share past it: it reads right unless the threshold
// lies among them.
func readsRight(g *sweep.Goal, x float64, text string) bool {
	// The text is read as --goal reads a percentage (report.ParsePercent):
	// "99.9%" is 0.999, the threshold of a goal of 99.9%, so a mean of
	// 0.9992 beside search.ok>99.9% is not written as the threshold itself.
	num := strings.TrimSuffix(text, "%")
	if bound := strings.TrimLeft(num, "<>"); bound != num {
		r, err := report.ParsePercent(bound)
		if num[0] == '>' {
			return err == nil && (g.Threshold <= r || g.Threshold >= 1)
		}
		return err == nil && (g.Threshold >= r || g.Threshold <= 0)
	}
	r, err := report.ParsePercent(num)
	return err != nil || g.Met(r) == g.Met(x)
}
