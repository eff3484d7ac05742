package chart

import (
	"testing"
	"time"
)

// The outcomes chart's header says a column's span as the status line's
// clock says a time of the run, in the unit of the run's axes or the
// largest below it that the span fills: "≈2979 s/col" sat under axes and
// a clock in hours. A run read in seconds keeps its fewest digits (the
// goldens hold "≈560 ms a column").
func TestColumnSpanReadsAsTheClock(t *testing.T) {
	for _, c := range []struct {
		dur  time.Duration
		cols int
		want string
	}{
		{24 * time.Hour, 29, "49m 39s"},
		{24 * time.Hour, 10, "2h 24m"},
		{4 * time.Hour, 300, "48 s"},
		{time.Hour, 20, "3m 00s"},
		{time.Hour, 80, "45 s"},
		{30 * time.Second, 50, "600 ms"},
		{20 * time.Minute, 60, "20 s"},
	} {
		if got := columnSpan(c.dur, c.cols); got != c.want {
			t.Errorf("%v over %d columns: %q, want %q", c.dur, c.cols, got, c.want)
		}
	}
}
