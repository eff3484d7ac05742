package sweep

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
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
// in one unit for the whole axis, the one its largest value is said in
// (s from a second up, else ms), three significant digits, the unit
// after a space as every duration shown is written ("0.25 s", "1.55 s",
// "5 s"), where each value in its own unit read "250 ms" beside "1.55 s";
// a number by Short's rule. The CSV and
// the JSON keep the exact values, for a script to read; a label with
// every digit the cell ran with (4136.364ms) was wider than the map's
// column and read as noise. Where three digits would write two
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
	unit, scale := ax.Unit, 1.0
	if ax.Unit == "ms" || ax.Unit == "s" {
		unit, scale = ax.tickUnit()
	}
	for more := 0; ; more++ {
		for i, x := range ax.X {
			labels[i] = valueLabel(unit, x*scale, more)
		}
		if more == maxMoreDigits || apart(labels) {
			return labels
		}
	}
}

// tickUnit is the one unit a duration axis's labels are written in, and
// what turns a value of the axis's own unit into it: seconds if its
// largest value reads a second or more, else ms, else us (below a
// millisecond, as the form writes a microsecond).
func (ax Axis) tickUnit() (string, float64) {
	toSeconds := 1.0
	if ax.Unit == "ms" {
		toSeconds = 1e-3
	}
	top := 0.0
	for _, x := range ax.X {
		top = max(top, math.Abs(x)*toSeconds)
	}
	switch {
	case top >= 1:
		return "s", toSeconds
	case top >= 1e-3:
		return "ms", toSeconds * 1e3
	}
	return "us", toSeconds * 1e6
}

// valueLabel writes x, in unit, with more digits than the rule's three:
// a duration (unit s, ms or us) with its unit after a space, µs for us,
// as report.SecondsShort writes every other duration shown ("0.25 s",
// "500 ms"), where the labels alone wrote the form's "0.25s" beside a
// table's, a picture's and run's "10 s"; any other number by Short's
// rule. Setting keeps the form's spelling, which is typed back.
func valueLabel(unit string, x float64, more int) string {
	switch unit {
	case "s", "ms":
		return durationFigure(unit, x, more) + " " + unit
	case "us":
		return durationFigure(unit, x, more) + " µs"
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

// durationFigure writes x, a duration in unit, to 3+more significant
// digits, or one more where that one writes x exactly (1.525), but
// never past the microsecond a duration axis holds (its ends are whole
// microseconds), never in an exponent, and without trailing zeros:
// "0.25", "1.55", "1.525", "5", "82800".
func durationFigure(unit string, x float64, more int) string {
	if x == 0 || math.IsNaN(x) || math.IsInf(x, 0) {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	most := map[string]int{"s": 6, "ms": 3, "us": 0}[unit]
	at := func(digits int) string {
		decimals := digits - 1 - int(math.Floor(math.Log10(math.Abs(x))))
		return strconv.FormatFloat(x, 'f', min(max(decimals, 0), most), 64)
	}
	// Exact to a billionth: x came through a change of unit (1525 ms is
	// 1.5250000000000001 s).
	writes := func(text string) bool {
		f, err := strconv.ParseFloat(text, 64)
		return err == nil && math.Abs(f-x) <= 1e-9*math.Abs(x)
	}
	text := at(3 + more)
	if exact := at(4 + more); !writes(text) && writes(exact) {
		// The design in the form, 1.525s, ticked "1.53s" beside a
		// line that says 1.525s: a fourth digit that makes the label
		// the value is kept.
		text = exact
	}
	if strings.Contains(text, ".") {
		// 5s, not 5.00s: the digits say the value, not the rule's count.
		text = strings.TrimSuffix(strings.TrimRight(text, "0"), ".")
	}
	return text
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
// value, else all of them; a duration as the knob form writes it
// (engine.FormatDuration: "2.840909s", "500ms", "13h", "9h20m0.5s"),
// which --vary, the form and a scenario file take back, where an axis in
// ms wrote "2840.909ms" beside the form's "2.840909s". The sweep
// screen's typed wording (a goal's boundary, a cell read on the command
// line) and a lesson's [sweep] check errors, which an author types back
// into the lesson file, both write it.
func (ax Axis) Setting(i int) string {
	x := ax.X[i]
	switch ax.Unit {
	case "ms":
		return engine.FormatDuration(time.Duration(math.Round(x * float64(time.Millisecond))))
	case "s":
		return engine.FormatDuration(time.Duration(math.Round(x * float64(time.Second))))
	}
	figure := strconv.FormatFloat(x, 'f', -1, 64)
	if short := Short(x); ParsesTo(short, x) {
		figure = short
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
