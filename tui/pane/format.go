package pane

import (
	"fmt"
	"strconv"
	"time"
)

// Seconds writes a virtual time as seconds with one decimal: "12.3 s".
func Seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + " s"
}

// SecondsShort writes a duration in the fewest digits: "5 s", "0.5 s", "250 ms".
func SecondsShort(d time.Duration) string {
	switch {
	case d <= 0:
		return "0 s"
	case d < time.Second:
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + " s"
}

// Percent writes a share as a whole percentage, or with one decimal below 10 %.
func Percent(f float64) string {
	p := 100 * f
	if p != 0 && p < 9.95 {
		return strconv.FormatFloat(p, 'f', 1, 64) + "%"
	}
	return strconv.FormatFloat(p, 'f', 0, 64) + "%"
}

// Rate writes a rate a second in at most three significant digits:
// "603/s", "49.2/s", "1.00/s".
func Rate(r float64) string {
	switch {
	case r >= 100:
		return strconv.FormatFloat(r, 'f', 0, 64) + "/s"
	case r >= 10:
		return strconv.FormatFloat(r, 'f', 1, 64) + "/s"
	}
	return strconv.FormatFloat(r, 'f', 2, 64) + "/s"
}

// Count writes a count with thousands separators: 12,345.
func Count[T ~int | ~int64 | ~uint64 | ~int32](n T) string {
	s := fmt.Sprint(n)
	neg := len(s) > 0 && s[0] == '-'
	if neg {
		s = s[1:]
	}
	var out []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}
