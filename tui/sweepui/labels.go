package sweepui

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/sweep"
)

// maxMoreDigits bounds the digits ValueLabels adds to keep neighbours
// apart: a number axis's values are decimal's twelve significant digits
// at most, a duration's whole microseconds, so past it two labels alike
// are two values alike.
const maxMoreDigits = 12

// ValueLabels is each value of ax as a person reads it on a screen or a
// slide, the one rule for the map's columns and rows, the table's rows,
// a goal's boundary, the cell reader and a picture's ticks: a duration
// by report.LatencyShort's rule, three significant digits in the unit
// one would say ("258 ms", "1.13 s"), a number by sweep.Short's. The CSV
// and the JSON keep the exact values, for a script to read; a label
// with every digit the cell ran with (4136.364ms) was wider than the
// map's column and read as noise. Where three digits would write two
// neighbouring values alike, the whole axis takes one more, and so on,
// so no two columns read as one design. An axis read in minutes or hours
// (shownUnit) writes report.AxisLabel's hundredths of that unit ("13h").
func ValueLabels(ax sweep.Axis) []string {
	labels := make([]string, len(ax.X))
	if _, per := shownUnit(ax); per > 0 {
		for i, x := range ax.X {
			labels[i] = report.AxisLabel(x, time.Duration(per)*time.Second)
		}
		return labels
	}
	for more := 0; ; more++ {
		for i, x := range ax.X {
			labels[i] = valueLabel(ax.Unit, x, more)
		}
		if more == maxMoreDigits || apart(labels) {
			return labels
		}
	}
}

// valueLabel writes x, in unit, with more digits than the rule's three.
func valueLabel(unit string, x float64, more int) string {
	if x == 0 && (unit == "ms" || unit == "s") {
		// In the axis's unit: "0 ms" beside "50 ms", where
		// SecondsShort's "0 s" read as another unit.
		return "0 " + unit
	}
	switch unit {
	case "ms":
		return report.LatencyDigits(time.Duration(math.Round(x*float64(time.Millisecond))), more)
	case "s":
		return report.LatencyDigits(time.Duration(math.Round(x*float64(time.Second))), more)
	}
	if more == 0 || x == math.Trunc(x) && math.Abs(x) < 1e6 || math.IsNaN(x) || math.IsInf(x, 0) {
		return sweep.Short(x)
	}
	f, err := strconv.ParseFloat(strconv.FormatFloat(x, 'g', 3+more, 64), 64)
	if err != nil || math.Abs(f) >= 1e6 {
		return strconv.FormatFloat(x, 'g', 3+more, 64)
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// apart says whether no two neighbouring labels are alike.
func apart(labels []string) bool {
	for i := 1; i < len(labels); i++ {
		if labels[i] == labels[i-1] {
			return false
		}
	}
	return true
}

// axisTexts are an axis's values as one drawing writes them, worked out
// once for it: figure labels a column or a row, under a head that names
// the axis's unit where the figure carries none (minutes, hours, req/s);
// setting says the value with its unit, after the knob's name, on a
// goal's boundary, the cell reader and the legend's lines.
type axisTexts struct {
	figure, setting []string
}

// textsOf is ax's axisTexts by ValueLabels' rule.
func textsOf(ax sweep.Axis) axisTexts {
	set := ValueLabels(ax)
	unit, per := shownUnit(ax)
	if per == 0 {
		return axisTexts{figure: set, setting: set}
	}
	fig := make([]string, len(set))
	for i, s := range set {
		fig[i] = strings.TrimSuffix(s, unit)
	}
	return axisTexts{figure: fig, setting: set}
}

// planTexts is each of p's axes' axisTexts, x's first.
func planTexts(p *sweep.Plan) []axisTexts {
	ts := make([]axisTexts, len(p.Axes))
	for a, ax := range p.Axes {
		ts[a] = textsOf(ax)
	}
	return ts
}
