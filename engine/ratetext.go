package engine

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// RateOutOfRange says that a rate is outside 0 to MaxRate, with both
// numbers as the knob form writes them ("between 0 and 1,000,000 requests
// per second, got 2,500,000"), never as Go's %v does (1e+06). The check
// of a scenario and the reader of a scenario file both refuse a rate with
// it, so a learner meets one wording wherever the rate came from.
func RateOutOfRange(got float64) string {
	return fmt.Sprintf("rate must be between 0 and %s requests per second, got %s", RateText(MaxRate), RateText(got))
}

// RateText writes a rate in requests per second with a comma every three
// digits of its whole part and its fraction as typed: 1,000,000, 0.5,
// -20, 1,234.5. A rate too large for digits to help (past 10^15, only a
// typo or a test) keeps Go's exponent, as does one that is no number.
func RateText(r float64) string {
	if math.IsNaN(r) || math.Abs(r) >= 1e15 {
		return strconv.FormatFloat(r, 'g', -1, 64)
	}
	s := strconv.FormatFloat(r, 'f', -1, 64)
	sign, digits := "", s
	if strings.HasPrefix(digits, "-") {
		sign, digits = "-", digits[1:]
	}
	whole, frac, hasFrac := strings.Cut(digits, ".")
	var b strings.Builder
	b.WriteString(sign)
	for i, d := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(d)
	}
	if hasFrac {
		b.WriteString("." + frac)
	}
	return b.String()
}
