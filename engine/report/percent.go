package report

import "strconv"

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
