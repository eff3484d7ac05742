package challenge

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
)

// A tenant-share goal writes its values as the tenants pane and run's
// table write a tenant's share (report.PercentShort, "63%"), and where the
// value and its bound would then read alike against its grade, with the
// digits that tell them apart: 62.9% under "< 63%" is met and reads
// "62.9%", not "63%" beside "< 63%"; 63.4% is "63%" under "≥ 63%" (met,
// equal reads met). A bound the pane's format would round keeps one
// decimal, value and bound alike.
func TestTenantShareGoalWritesThePanesPercent(t *testing.T) {
	racefree.Only(t) // parsing and formatting, no goroutine
	for _, c := range []struct {
		goal      string
		value     float64
		text      string
		wantText  string
		meetsGoal bool
	}{
		{"tenant-share globex ok < 63%", 0.629, "62.9%", "< 63%", true},
		{"tenant-share globex ok < 63%", 0.6341, "63%", "< 63%", false},
		{"tenant-share globex ok >= 63%", 0.6341, "63%", "≥ 63%", true},
		{"tenant-share globex ok >= 63%", 0.6299, "62.99%", "≥ 63%", false},
		{"tenant-share globex ok >= 25%", 0.4213, report.PercentShort(0.4213), "≥ 25%", true},
		{"tenant-share acme+globex ok >= 99%", 0.9952, "99.5%" /* one decimal above 99%, as the pane */, "≥ 99%", true},
		{"tenant-share globex ok >= 62.5%", 0.6341, "63.4%", "≥ 62.5%", true},
		// Any other share keeps its one decimal.
		{"share search ok >= 63%", 0.6341, "63.4%", "≥ 63%", true},
	} {
		g, err := parseGoal(c.goal, false)
		if err != nil {
			t.Fatalf("%q: %v", c.goal, err)
		}
		v := lessons.Value{Kind: lessons.KindFraction, F: c.value}
		if got := g.FormatValue(v); got != c.text {
			t.Errorf("%q with %v: reads %q, want %q", c.goal, c.value, got, c.text)
		}
		if got := g.WantText(); got != c.wantText {
			t.Errorf("%q: bound reads %q, want %q", c.goal, got, c.wantText)
		}
		if got := g.holds(v); got != c.meetsGoal {
			t.Errorf("%q with %v: met %v, want %v", c.goal, c.value, got, c.meetsGoal)
		}
	}
}
