package report

import (
	"strconv"
	"time"
)

// SecondsShort writes a duration in its own unit with the fewest digits
// that keep it exact: "5 s", "1.5 s", "500 ms", "7.5 ms", "250 µs". It is
// the sandbox's rule (pane.SecondsShort) for a timeout or a latency, and
// the live lab's, so that one latency reads alike on its screen and in its
// table. Below a second it wrote whole milliseconds, cut: 250 µs read
// "0 ms" and 7.5 ms "7 ms".
func SecondsShort(d time.Duration) string {
	switch {
	case d <= 0:
		return "0 s"
	case d < time.Millisecond:
		return strconv.FormatFloat(float64(d)/float64(time.Microsecond), 'f', -1, 64) + " µs"
	case d < time.Second:
		return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', -1, 64) + " ms"
	}
	// One division, as for ms and µs: d.Seconds() adds the whole seconds
	// to the fraction and wrote 1.132 s as "1.1320000000000001 s".
	return strconv.FormatFloat(float64(d)/float64(time.Second), 'f', -1, 64) + " s"
}

// LatencyShort writes a measured latency by SecondsShort's rule, rounded
// to the digits a reader compares (three at most: "235 µs", "7.5 ms",
// "76 ms", "1.23 s"), where SecondsShort keeps every digit a setting
// has. At most six characters below 1,000 s.
func LatencyShort(d time.Duration) string { return LatencyDigits(d, 0) }

// LatencyDigits is LatencyShort with more digits: each of more rounds to
// a tenth of LatencyShort's step, down to the nanosecond. A sweep's axis
// whose neighbouring values LatencyShort writes alike (1.131 s and
// 1.134 s both "1.13 s") reads them apart with one more, in the same
// unit, where a rule of its own would write them another way.
func LatencyDigits(d time.Duration, more int) string {
	var step time.Duration
	switch {
	case d < time.Millisecond:
		step = time.Microsecond
	case d < 10*time.Millisecond:
		step = 100 * time.Microsecond
	case d < time.Second:
		step = time.Millisecond
	case d < 10*time.Second:
		step = 10 * time.Millisecond
	case d < 100*time.Second:
		step = 100 * time.Millisecond
	default:
		step = time.Second
	}
	for ; more > 0 && step > 1; more-- {
		step /= 10
	}
	return SecondsShort(d.Round(step))
}
