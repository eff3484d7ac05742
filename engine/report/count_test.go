package report_test

import (
	"math"
	"testing"

	"github.com/breakerlab/breakerlab/engine/report"
)

// Count is the one writer of counts: it takes every kind a screen counts
// with (tui/pane's Count is this function), from a snapshot's int32 to a
// tally's uint64, to the ends of each, where an engine-side copy that took
// an int alone left the screens a second formatter of their own.
func TestCountWritesEveryKindOfCount(t *testing.T) {
	cases := []struct {
		got, want string
	}{
		{report.Count(0), "0"},
		{report.Count(999), "999"},
		{report.Count(2048), "2,048"},
		{report.Count(-1234567), "-1,234,567"},
		{report.Count(int32(math.MaxInt32)), "2,147,483,647"},
		{report.Count(int32(math.MinInt32)), "-2,147,483,648"},
		{report.Count(int64(math.MinInt64)), "-9,223,372,036,854,775,808"},
		{report.Count(uint64(math.MaxUint64)), "18,446,744,073,709,551,615"},
		{report.Count(uint64(100000)), "100,000"},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("Count wrote %q, want %q", c.got, c.want)
		}
	}
}
