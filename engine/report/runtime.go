package report

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// A scenario file may run for up to 24 hours (engine.MaxDuration), where a
// time in seconds ("72025.495 s") says nothing at a glance. The sandbox's
// time axes, its clock and its notes write such a run's times in minutes or
// hours; `breakerlab run` writes the same run's by the same rule, which
// lives here, below both: tui/chart's SpanUnit, tui/pane's ClockIn and the
// sandbox's notes (playback.NoteTime) call these, so that one moment of
// one run cannot read two ways.

// SpanUnit is the unit the time axes read a run span long in: a second, a
// minute past half an hour, an hour past three. Every place that writes a
// time of such a run (the axes' labels, the status line's clock, a note,
// run's text) reads it in this unit.
func SpanUnit(span time.Duration) time.Duration {
	switch {
	case span > 3*time.Hour:
		return time.Hour
	case span > 30*time.Minute:
		return time.Minute
	}
	return time.Second
}

// AxisSteps are the steps, in seconds, a time axis of a long run may take
// between its labels (a minute to six hours), the sandbox's and a
// picture's alike, so that a 24-hour run's axis reads "0h 6h 12h 18h 24h"
// on a slide as on the screen.
var AxisSteps = [...]float64{60, 120, 300, 600, 1800, 3600, 7200, 21600}

// AxisLabel writes v seconds as a time axis of a run whose times read in
// unit (SpanUnit) labels it: to a hundredth of the unit, without trailing
// zeros, the unit's letter after it ("90s", "30m", "12h", "0.5h"). The
// sandbox's axes (tui/chart) and the pictures' (tui/picture) call it.
func AxisLabel(v float64, unit time.Duration) string {
	letter := "s"
	switch unit {
	case time.Hour:
		letter = "h"
	case time.Minute:
		letter = "m"
	}
	r := math.Round(v/unit.Seconds()*100) / 100
	if r == 0 {
		r = 0 // no "-0h"
	}
	return strconv.FormatFloat(r, 'f', -1, 64) + letter
}

// ClockIn writes the time a run shows in unit (SpanUnit of its end):
// seconds cut to tenths ("15.0 s"), or for a long run minutes and seconds
// ("47m 05s") or hours and minutes ("13h 07m"), where seconds read
// "86400.0 s" at the end of a 24-hour run. Cut, not rounded: a run short
// of its end never reads as the end (15.99 s of 16 s is "15.9 s").
func ClockIn(now, unit time.Duration) string {
	switch unit {
	case time.Hour:
		return fmt.Sprintf("%dh %02dm", now/time.Hour, now%time.Hour/time.Minute)
	case time.Minute:
		return fmt.Sprintf("%dm %02ds", now/time.Minute, now%time.Minute/time.Second)
	}
	const tenth = 100 * time.Millisecond
	return strconv.FormatFloat((now/tenth*tenth).Seconds(), 'f', 1, 64) + " s"
}

// TimeIn writes moment d of a run that ends at end, to the millisecond:
// the one rule run's text and the sandbox's notes and breaker log write a
// moment of a run by. On a run its time axes read in seconds (SpanUnit) it
// is the seconds as run's transition table writes them (TransitionTime:
// at least decimals decimals, every one the millisecond needs). On a
// longer run it is the clock's reading (ClockIn) followed, when there are
// any, by the seconds the clock leaves out, in their fewest digits: "12h
// 05m 10.5s", "47m 05.25s", "12h 00m". The clock's reading alone lost
// them: a fault ending at 12h 05m 10.5s read "12h 05m" beside a breaker's
// "43510.586 s".
func TimeIn(d, end time.Duration, decimals int) string {
	unit := SpanUnit(end)
	if unit == time.Second {
		return TransitionTime(d, decimals)
	}
	d = d.Round(time.Millisecond) // the millisecond TransitionTime keeps
	if d%(unit/60) == 0 {
		return ClockIn(d, unit) // nothing below the clock's last figure
	}
	secs := strings.TrimSuffix(TransitionTime(d%time.Minute, 0), " s") + "s"
	if d%time.Minute < 10*time.Second {
		secs = "0" + secs // two digits, as the clock's "05s" and "05m"
	}
	if unit == time.Hour {
		return fmt.Sprintf("%dh %02dm %s", d/time.Hour, d%time.Hour/time.Minute, secs)
	}
	return fmt.Sprintf("%dm %s", d/time.Minute, secs)
}
