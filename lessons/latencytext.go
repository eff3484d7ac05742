package lessons

import (
	"strconv"
	"time"
)

// LatencyText writes a measured latency to three significant figures:
// "504 ms", "1.00 s", "7.53 ms", "235 µs", "0 ms". A percentile is the
// middle of a histogram bucket, within 1.6 % of the true figure, so
// "503.8 ms" or "1.0003 s" gave digits the measurement does not have. The
// zeros it keeps are figures too: "1.00 s" is a latency near a second,
// where "1 s" reads like a setting. A setting (a timeout, a provider's
// p99) keeps "dur", every digit it was typed with. The lesson texts
// (format "lat", the latency metrics' own) and the player's latency
// figures both write it here, so a figure reads alike in both.
func LatencyText(d time.Duration) string {
	if d <= 0 {
		return "0 ms"
	}
	// Round to three figures in whole nanoseconds, then pick the unit of
	// the rounded value, so that 999.7 ms becomes "1.00 s", not "1000 ms".
	n := int64(d)
	step := int64(1)
	for v := n; v >= 1000; v /= 10 {
		step *= 10
	}
	if step > 1 {
		n = (n + step/2) / step * step
	}
	unit, name := int64(1), " ns"
	switch {
	case n >= int64(time.Second):
		unit, name = int64(time.Second), " s"
	case n >= int64(time.Millisecond):
		unit, name = int64(time.Millisecond), " ms"
	case n >= int64(time.Microsecond):
		unit, name = int64(time.Microsecond), " µs"
	}
	whole := n / unit
	decimals := 0
	for v := whole; v < 100 && unit > 1; v *= 10 {
		decimals++
	}
	if decimals == 0 {
		return strconv.FormatInt(whole, 10) + name
	}
	return strconv.FormatFloat(float64(n)/float64(unit), 'f', decimals, 64) + name
}
