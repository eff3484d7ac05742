package sweep

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine/report"
)

// maxMoreDigits bounds the digits Axis.Labels adds to keep neighbours
// apart: a number axis's values are decimal's twelve significant digits
// at most, a duration's whole microseconds, so past it two labels alike
// are two values alike.
const maxMoreDigits = 12

// Labels is each value of ax as a person reads it on a screen or a
// slide, the one rule for the map's columns and rows, the table's rows,
// a goal's boundary, the cell reader and a picture's ticks: a duration
// by report.LatencyShort's rule, three significant digits in the unit
// one would say ("258 ms", "1.13 s"), a number by Short's. The CSV
// and the JSON keep the exact values, for a script to read; a label
// with every digit the cell ran with (4136.364ms) was wider than the
// map's column and read as noise. Where three digits would write two
// neighbouring values alike, the whole axis takes one more, and so on,
// so no two columns read as one design. An axis read in minutes or hours
// (ShownUnit) writes report.AxisLabel's hundredths of that unit ("13h").
func (ax Axis) Labels() []string {
	labels := make([]string, len(ax.X))
	if _, per := ax.ShownUnit(); per > 0 {
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
		return Short(x)
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

// ShownUnit is the unit a person reads an axis's values in, and how many
// seconds one of it is (0 for the axis's own unit): a duration axis in
// seconds whose largest value reads in minutes or hours by
// report.SpanUnit, the rule `breakerlab run`'s times, the sandbox's time
// axes and a picture's knob axis (tui/picture's durationTicks) go by,
// reads in that unit ("duration (h)  2  13  24"), where seconds read
// "7200  46800  86400". Only if every value then reads apart from its
// neighbours at report.AxisLabel's hundredths: a narrow range of a long
// knob (duration=23h..24h:200) keeps its seconds.
func (ax Axis) ShownUnit() (string, float64) {
	if ax.Unit != "s" || len(ax.X) == 0 {
		return ax.Unit, 0
	}
	span := time.Duration(slices.Max(ax.X) * float64(time.Second))
	unit := report.SpanUnit(span)
	if unit == time.Second {
		return ax.Unit, 0
	}
	for i := 1; i < len(ax.X); i++ {
		if report.AxisLabel(ax.X[i-1], unit) == report.AxisLabel(ax.X[i], unit) {
			return ax.Unit, 0
		}
	}
	letter := strings.TrimLeft(report.AxisLabel(0, unit), "0")
	return letter, unit.Seconds()
}

// Setting is value i of the axis as a user sets the knob, with every
// digit the cell ran with: sweep.Short's few digits when they are the
// value, else all of them, in the axis's unit ("2840.909ms"); an axis read
// in minutes or hours (Axis.ShownUnit) as a duration in them, to the
// millisecond ("13h", "9h20m", "9h20m0.5s"), which --vary and a scenario
// file take back. The sweep screen's typed wording (a goal's boundary, a
// cell read on the command line) and a lesson's [sweep] check errors,
// which an author types back into the lesson file, both write it.
func (ax Axis) Setting(i int) string {
	x := ax.X[i]
	if _, per := ax.ShownUnit(); per > 0 {
		d := time.Duration(math.Round(x*1000)) * time.Millisecond
		s := d.String() // "13h0m0s", "9h20m0s", "9h20m0.5s"
		if strings.HasSuffix(s, "m0s") {
			s = strings.TrimSuffix(s, "0s")
		}
		if strings.HasSuffix(s, "h0m") {
			s = strings.TrimSuffix(s, "0m")
		}
		return s
	}
	figure := strconv.FormatFloat(x, 'f', -1, 64)
	if short := Short(x); ParsesTo(short, x) {
		figure = short
	}
	if ax.Unit == "ms" || ax.Unit == "s" {
		return figure + ax.Unit
	}
	return figure
}

// ParsesTo says whether text reads back as x exactly: a short figure is
// written only when it is the value, not a neighbour of it. The sandbox's
// sweep span checks its range ends with it too.
func ParsesTo(text string, x float64) bool {
	f, err := strconv.ParseFloat(text, 64)
	return err == nil && f == x
}
