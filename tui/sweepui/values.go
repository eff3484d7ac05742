package sweepui

import (
	"math"
	"strconv"
	"strings"

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

// Legend is the legend of scale, a sweep of measure m, with its values
// written as Value writes them: for a share, the bands' edges as
// percentages, with as many decimals as keep neighbouring edges apart
// (pane.Percent's whole percentages would read "99%–99%" for a grid of
// 0.991 to 0.999), a uniform grid's one value as Value writes it; for any
// other measure, scale.Legend as it is.
func Legend(scale heatbands.Scale, m sweep.Metric) []heatbands.Entry {
	out := scale.Legend()
	if m.Unit() != "share" {
		return out
	}
	if scale.Uniform {
		v := Value(m, scale.Lo)
		for k := range out {
			out[k].From, out[k].To = v, v
		}
		return out
	}
	edges := make([]float64, 0, len(out)+1)
	for _, e := range out {
		a, _ := heatbands.Range(e.Band, scale.Lo, scale.Hi)
		edges = append(edges, a)
	}
	_, z := heatbands.Range(out[len(out)-1].Band, scale.Lo, scale.Hi)
	edges = append(edges, z)
	text := make([]string, len(edges))
	for decimals := 0; decimals <= maxDecimals; decimals++ {
		apart := true
		for i, x := range edges {
			text[i] = percentTo(x, decimals)
			if i > 0 && edges[i] > edges[i-1] && text[i] == text[i-1] {
				apart = false
			}
		}
		if apart {
			break
		}
	}
	for k := range out {
		out[k].From, out[k].To = text[k], text[k+1]
	}
	return out
}

// maxDecimals is the most decimals a legend's percentage takes: past it,
// two edges a float apart are as near as a legend can tell.
const maxDecimals = 15

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
	text := Value(p.Measure, x)
	g := p.Goal
	if g == nil || g.Metric.Owner != p.Measure.Owner || g.Metric.Field != p.Measure.Field || p.Measure.Unit() != "share" || math.IsNaN(x) {
		return text
	}
	for decimals := 1; decimals <= maxDecimals && !readsRight(g, x, text); decimals++ {
		text = percentTo(x, decimals)
	}
	return text
}

// readsRight says whether text, a share x written as a percentage, reads
// on the side of g's threshold that x is on. A bound (">99.9%", "<0.1%")
// stands for every share past it: it reads right unless the threshold
// lies among them.
func readsRight(g *sweep.Goal, x float64, text string) bool {
	num := strings.TrimSuffix(text, "%")
	if bound := strings.TrimLeft(num, "<>"); bound != num {
		r, err := strconv.ParseFloat(bound, 64)
		if num[0] == '>' {
			return err == nil && (g.Threshold <= r/100 || g.Threshold >= 1)
		}
		return err == nil && (g.Threshold >= r/100 || g.Threshold <= 0)
	}
	r, err := strconv.ParseFloat(num, 64)
	return err != nil || g.Met(r/100) == g.Met(x)
}
