// Package exact holds report.PercentExact's rule for the packages that
// cannot import report: report imports engine/breaker, so breaker's own
// descriptions (Describe's rates and jitter) would close a cycle, and
// report's tests import engine/scenarios, whose variant labels would close
// one in test. Everything else calls report.PercentExact, which is this.
package exact

import (
	"math"
	"strconv"
	"strings"
)

// Percent writes a share as a percentage with every digit it has, for a
// setting such as a goal's threshold, where a rounded figure would state
// another goal: "99%", "99.95%", "12.5%". The digits are the shortest that
// read back to the same float (strconv's 'g' -1 of the share), the point
// moved two places in the text, so report.ParsePercent of the result is
// the share again.
func Percent(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return strconv.FormatFloat(f, 'g', -1, 64) + "%"
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	sign := ""
	if s[0] == '-' {
		sign, s = "-", s[1:]
	}
	whole, frac, _ := strings.Cut(s, ".")
	// Moving the point is exact in decimal, where multiplying by 100 in
	// binary is not (0.123456 * 100 is 12.345600000000001).
	frac += "00"
	whole, frac = strings.TrimLeft(whole+frac[:2], "0"), strings.TrimRight(frac[2:], "0")
	if whole == "" {
		whole = "0"
	}
	if frac != "" {
		whole += "." + frac
	}
	return sign + whole + "%"
}
