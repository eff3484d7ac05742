package picture

import (
	"math"
	"strconv"
	"time"

	"github.com/breakerlab/breakerlab/engine/report"
	"gonum.org/v1/plot"
)

// The axes' tick markers. gonum's default labels every tick with the
// decimals of its finest step ("0.00 / 25.00" on a count of calls) and
// writes durations in the unit they came in ("929", "3000" for
// milliseconds); a slide wants round values in the unit a reader would say.

// niceStep is the round step (1, 2 or 5 times a power of ten) that cuts
// span into four to seven intervals; never below least when least > 0.
func niceStep(span, least float64) float64 {
	if !(span > 0) || math.IsInf(span, 0) {
		return math.Max(1, least)
	}
	raw := span / 7
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := 10 * mag
	for _, m := range []float64{1, 2, 5} {
		if m*mag >= raw {
			step = m * mag
			break
		}
	}
	return math.Max(step, least)
}

// decimals is how many decimals a multiple of step needs.
func decimals(step float64) int {
	return max(0, int(-math.Floor(math.Log10(step)+1e-9)))
}

// roundTicks labels multiples of a round step between min and max; scale multiplies the value
// before it is written, suffix follows it. least is the smallest step in
// the written unit (1 for counts).
func roundTicks(min, max, scale, least float64, suffix string) []plot.Tick {
	lo, hi := min*scale, max*scale
	step := niceStep(hi-lo, least)
	dec := decimals(step)
	var ticks []plot.Tick
	for k := math.Ceil(lo/step - 1e-9); k*step <= hi+step*1e-9; k++ {
		v := k * step
		if v == 0 {
			v = 0 // no "-0"
		}
		// Rounded to the step's decimals and written without trailing
		// zeros: "1 s", "1.5 s", never "1.00".
		p := math.Pow(10, float64(dec))
		label := strconv.FormatFloat(math.Round(v*p)/p, 'f', -1, 64)
		ticks = append(ticks, plot.Tick{Value: v / scale, Label: label + suffix})
	}
	return ticks
}

// countTicks marks an axis of whole things (calls, customers, workers):
// whole numbers only.
var countTicks = plot.TickerFunc(func(min, max float64) []plot.Tick {
	return roundTicks(min, max, 1, 1, "")
})

// numberTicks marks an axis of any other number with round values.
var numberTicks = plot.TickerFunc(func(min, max float64) []plot.Tick {
	return roundTicks(min, max, 1, 0, "")
})

// durationTicks marks an axis whose values are durations in unit ("ms" or
// "s"): in seconds once the axis reaches a second, else in milliseconds,
// each label carrying its unit after a space ("250 ms", "1 s", "2.5 s"),
// a swept knob's axis as a measure's and run's time axes, as
// sweep.Axis.Labels writes the map's; an axis that reaches past half an
// hour (a scenario file's run may last 24 hours) in the minutes or hours
// report.SpanUnit reads such a span in, the unit the sandbox's axes and
// clock and run's text read a run that long in ("30m", "12h").
func durationTicks(unit string) plot.Ticker {
	perSecond := 1.0 // values per second
	if unit == "ms" {
		perSecond = 1000
	}
	return plot.TickerFunc(func(min, max float64) []plot.Tick {
		reach := math.Max(math.Abs(min), math.Abs(max))
		if u := report.SpanUnit(time.Duration(reach / perSecond * float64(time.Second))); u > time.Second {
			return clockTicks(min, max, perSecond, u)
		}
		if reach >= perSecond {
			return roundTicks(min, max, 1/perSecond, 0, " s")
		}
		return roundTicks(min, max, 1000/perSecond, 1, " ms")
	})
}

// tickerFor is the marker for values in unit, as engine/sweep names units;
// whole says every value is a whole number (a count).
func tickerFor(unit string, whole bool) plot.Ticker {
	switch {
	case unit == "ms" || unit == "s":
		return durationTicks(unit)
	case whole:
		return countTicks
	}
	return numberTicks
}

// roundUp is the round value (a multiple of the axis's step) at or above x,
// where an axis from 0 should end so its top is labelled.
func roundUp(x, least float64) float64 {
	if !(x > 0) {
		return math.Max(1, least)
	}
	step := niceStep(x, least)
	return step * math.Ceil(x/step-1e-9)
}

// clockTicks marks an axis from min to max seconds in unit, a minute or an
// hour, at the long run's steps (report.AxisSteps), each label written as
// the sandbox's time axes write it (report.AxisLabel: "30m", "12h", "0.5h"). A tick's value is in the axis's
// own unit, perSecond of them a second.
func clockTicks(min, max, perSecond float64, unit time.Duration) []plot.Tick {
	min, max = min/perSecond, max/perSecond
	step := report.AxisSteps[len(report.AxisSteps)-1]
	for _, s := range report.AxisSteps {
		if s >= (max-min)/7 {
			step = s
			break
		}
	}
	var ticks []plot.Tick
	for k := math.Ceil(min/step - 1e-9); k*step <= max+step*1e-9; k++ {
		v := k * step
		ticks = append(ticks, plot.Tick{Value: v * perSecond, Label: report.AxisLabel(v, unit)})
	}
	return ticks
}
