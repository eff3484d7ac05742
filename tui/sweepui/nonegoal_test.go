package sweepui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// The goal's summary says whether none (a knob's 0 that means no limit)
// meets the goal, in the words the table's row has: "not met from
// recommendations.bulkhead=2" alone read as the values below 2 meeting
// it, where it is none that does. A row of the map at a y of none says
// so, not "=0" as if it were the tightest value.
func TestGoalSummarySaysNoneMeetsIt(t *testing.T) {
	racefree.Only(t) // one goroutine: drawing alone
	// None meets the goal; from 2 on the values do not, from 8 on again.
	meets := func(i, j int) float64 {
		if i == 0 || i >= 4 {
			return 1
		}
		return 0.5
	}
	one := filled(t, "recommendations.bulkhead=0..10:6", "", "search.ok", "search.ok>=0.99", meets)
	table := HeatmapNamed(one, theme.New(theme.Plain()), 200, [2]string{"no limit", ""})
	if !strings.Contains(table, "\nmet at none (no limit), not met from recommendations.bulkhead=2, met from recommendations.bulkhead=8\n") {
		t.Errorf("want the summary to say none meets the goal:\n%s", table)
	}

	two := filled(t, "recommendations.bulkhead=0..10:6", "recommendations.timeout=0..2s:3", "search.ok", "search.ok>=0.99", meets)
	m := strings.ReplaceAll(HeatmapNamed(two, theme.New(theme.Plain()), 200, [2]string{"no limit", "no timeout"}), "\u00a0", " ")
	if !strings.Contains(m, "\nat recommendations.timeout none (no timeout): met at none (no limit), not met from recommendations.bulkhead=2") ||
		strings.Contains(m, "timeout=0ms") {
		t.Errorf("want the map's summary to say the row of none and none's column meet the goal:\n%s", m)
	}
}

// A row of the map at a pool's wait of 0, which waits up to the timeout
// (lessons.NoneWords), is named as the axis labels it, "0 (up to the
// timeout)": "none" read as no wait at all.
func TestGoalSummaryNamesAWaitsZeroAsItsAxisDoes(t *testing.T) {
	racefree.Only(t) // one goroutine: drawing alone
	meets := func(i, j int) float64 {
		if i == 0 || i >= 4 {
			return 1
		}
		return 0.5
	}
	two := filled(t, "recommendations.bulkhead=0..10:6", "transport.wait=0..2s:3", "search.ok", "search.ok>=0.99", meets)
	m := strings.ReplaceAll(HeatmapNamed(two, theme.New(theme.Plain()), 200, [2]string{"no limit", "up to the timeout"}), "\u00a0", " ")
	if !strings.Contains(m, "\nat transport.wait 0 (up to the timeout): ") || strings.Contains(m, "wait none") {
		t.Errorf("want the map's summary to name the wait's 0 as its axis does:\n%s", m)
	}
}
