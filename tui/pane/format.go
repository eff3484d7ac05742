package pane

import (
	"strconv"
	"time"

	"github.com/breakerlab/breakerlab/engine/report"
)

// Seconds writes a virtual time as seconds with one decimal: "12.3 s",
// a half tenth rounded up, as a reader rounds (250 ms is "0.3 s"):
// strconv rounds a tie to even and wrote 250 ms as "0.2 s" beside a form
// that read 0.25 s. It counts in whole tenths, so no float decides a tie.
func Seconds(d time.Duration) string {
	const tenth = 100 * time.Millisecond
	t := (d.Abs() + tenth/2) / tenth
	sign := ""
	if d < 0 && t > 0 {
		sign = "-"
	}
	return sign + strconv.FormatInt(int64(t/10), 10) + "." + strconv.FormatInt(int64(t%10), 10) + " s"
}

// Clock writes the time a run shows, "15.0 s": seconds cut to tenths,
// not rounded, so that a run short of its end never reads as the end
// (15.99 s of 16 s is "15.9 s"). Every place that says where the run is
// (the status line's clock, a form's "at") writes it so, and the two
// agree at every instant.
func Clock(now time.Duration) string { return report.ClockIn(now, time.Second) }

// ClockIn writes the time a run shows in unit, the run's time axes'
// (chart.SpanUnit): Clock's seconds, or for a long run minutes and
// seconds ("47m 05s") or hours and minutes ("13h 07m"). It is
// report.ClockIn, whose rule `breakerlab run` writes a long run's times
// on too (report.TimeIn).
func ClockIn(now, unit time.Duration) string { return report.ClockIn(now, unit) }

// SecondsShort writes a duration in the fewest digits that keep it
// exact: "5 s", "1.5 s", "250 ms", "7.5 ms". It is report.SecondsShort,
// which the live lab's table writes its latencies by too.
func SecondsShort(d time.Duration) string { return report.SecondsShort(d) }

// Percent writes a share as a whole percentage, or with one decimal below
// 10% and above 99%. Rounding never hides a remainder: a share short of all
// never reads "100%" (99.6% ok beside 0.4% waiting, not 100% beside it), a
// share above none never reads "0%"; past one decimal, "<0.1%" and ">99.9%".
// It is report.PercentShort, which a lesson's tenant-share prints too, so
// a figure the text quotes is the string the pane beside it shows.
func Percent(f float64) string { return report.PercentShort(f) }

// PercentExact writes a share as a percentage with every digit it has:
// the shortest decimal that reads back as f, its point moved two places
// (0.123456 is "12.3456%", 1e-9 is "0.0000001%", 0.5 is "50%"). It is for
// a setting, such as the failure rate that opens a breaker, where Percent's
// rounding would state a different rule ("≥ <0.1%" for 1e-9, "≥ 12%" for
// 0.123456); a measured share keeps Percent. It is report.PercentExact,
// which report.ParsePercent reads back, so a goal prints as it was typed.
func PercentExact(f float64) string { return report.PercentExact(f) }

// Rate writes a rate a second in at most three significant digits:
// "603/s", "49.2/s", "1.00/s"; none at all is "0/s", which "0.00/s"
// would write as if a few had been rounded away (a hung host's calls).
func Rate(r float64) string {
	switch {
	case r == 0:
		return "0/s"
	case r >= 100:
		return strconv.FormatFloat(r, 'f', 0, 64) + "/s"
	case r >= 10:
		return strconv.FormatFloat(r, 'f', 1, 64) + "/s"
	}
	return strconv.FormatFloat(r, 'f', 2, 64) + "/s"
}

// Counted writes n things, the word after the count in the singular for
// one: "1 task", "3,329 tasks", "0 tasks".
func Counted[T report.Integer](n T, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return Count(n) + " " + many
}

// Count writes a count with thousands separators: 12,345. It is
// report.Count, the one writer of counts the engine's messages use too.
func Count[T report.Integer](n T) string { return report.Count(n) }
