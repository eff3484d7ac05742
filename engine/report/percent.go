package report

import (
	"math"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/engine/report/exact"
)

// Percent1 writes a share (0 to 1) as a percentage with one decimal, as
// every table of a run does: "46.4%". run's table, the shuffle report,
// the drill's problems, the pictures, the lesson player's tables, the mock
// interview, the sandbox's comparison, the shard view's odds and tui/pane's
// Percent (below 10% and above 99%) call it rather than keep a copy of the
// format.
//
// Rounding never hides a remainder: a share short of all never reads
// "100.0%" (3,011 ok of 3,012 is ">99.9%", not "100.0%" beside a failed
// request), and a share above none never reads "0.0%" (1 failed of 4,979
// is "<0.1%"). pane.Percent has the same ends (it calls Percent1 for
// them), so a share reads alike in a pane, a sweep and a table. Exactly none and exactly all hide nothing and
// keep their decimal, "0.0%" and "100.0%" (pane.Percent, which writes
// whole percentages there, has "0%" and "100%"): a column of shares keeps
// one form, and "0.0%" means none at all.
func Percent1(share float64) string { return PercentDigits(share, 1) }

// PercentDigits writes a share as a percentage with the given decimals (0
// to 6) under Percent1's rule: a share short of all never reads 100, a
// share above none never 0, at that many decimals (">99%" and "<1%" with
// none, ">99.99%" and "<0.01%" with two). The lessons' figures (pct0, pct,
// pct2) call it.
func PercentDigits(share float64, decimals int) string {
	decimals = min(max(decimals, 0), 6)
	p := 100 * share
	least := 1.0 // the least the decimals show
	for range decimals {
		least /= 10
	}
	switch {
	case share <= 0 || share >= 1:
		// Exact ends (and anything outside 0 to 1) as they are.
	case p < least/2:
		return "<" + strconv.FormatFloat(least, 'f', decimals, 64) + "%"
	case p >= 100-least/2:
		return ">" + strconv.FormatFloat(100-least, 'f', decimals, 64) + "%"
	}
	return strconv.FormatFloat(p, 'f', decimals, 64) + "%"
}

// PercentShort writes a share for a narrow column: a whole percentage, or
// with one decimal below 10% and above 99% (Percent1's, its ends included:
// ">99.9%", "<0.1%"); exactly none and exactly all are "0%" and "100%".
// tui/pane's Percent is it, and a lesson's tenant-share, a challenge's
// tenant-share goal and run's tenant lines print it (format "pane"), so the figure a lesson's text quotes is the string the tenants
// pane beside it shows: "63%" in both, not "62.9%" beside "63%".
func PercentShort(share float64) string {
	p := 100 * share
	switch {
	case p <= 0 || p >= 100:
		return strconv.FormatFloat(p, 'f', 0, 64) + "%"
	case p < 9.95 || p >= 99.5:
		return Percent1(share)
	}
	return strconv.FormatFloat(p, 'f', 0, 64) + "%"
}

// ParsePercent reads the number of a percentage ("99.9" of "99.9%") as
// the share it is by moving the decimal point in the text, not by
// dividing by 100: 99.9/100 is 0.9990000000000001, a goal of "99.9%"
// would then miss a share of exactly 0.999 and print back as
// "99.90000000000001%". Read this way "99.9%" is the float 0.999 is, and
// PercentExact writes it back as "99.9%". A goal, a challenge's bound and
// anything else a person types as a percentage read it here.
func ParsePercent(text string) (float64, error) {
	mant, exp := text, 0
	// A hexadecimal float ("0x1p-2") has its exponent after a p and may
	// hold an e as a digit: it keeps the division, which is exact on it.
	if strings.ContainsAny(text, "xX") {
		f, err := strconv.ParseFloat(text, 64)
		return f / 100, err
	}
	if i := strings.IndexAny(text, "eE"); i >= 0 {
		e, err := strconv.Atoi(text[i+1:])
		if err != nil {
			// Let ParseFloat name the malformed number as it would.
			_, perr := strconv.ParseFloat(text, 64)
			if perr == nil {
				perr = err
			}
			return 0, perr
		}
		mant, exp = text[:i], e
	}
	if m, err := strconv.ParseFloat(mant, 64); err != nil || math.IsInf(m, 0) || math.IsNaN(m) {
		// "x" is refused as ParseFloat refuses it; "inf" and "nan" are
		// read as ParseFloat reads them, for the caller to refuse.
		f, perr := strconv.ParseFloat(text, 64)
		if perr == nil {
			return f / 100, nil
		}
		return 0, perr
	}
	return strconv.ParseFloat(mant+"e"+strconv.Itoa(exp-2), 64)
}

// PercentExact writes a share as a percentage with every digit it has,
// for a setting such as a goal's threshold, where a rounded figure would
// state another goal: "99%", "99.95%", "12.5%". The digits are the
// shortest that read back to the same float (strconv's 'g' -1 of the
// share), the point moved two places in the text, so ParsePercent of the
// result is the share again. The rule lives in engine/report/exact so
// that engine/breaker, which this package imports, writes it too.
func PercentExact(f float64) string { return exact.Percent(f) }
