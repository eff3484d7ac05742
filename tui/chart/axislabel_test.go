package chart

import (
	"slices"
	"testing"
	"time"
)

// A scenario file may run for 24 hours: its axis reads in hours, not
// "21600s", and a two-hour run's in minutes; a built-in's minute stays in
// seconds.
func TestTimeAxisLabelsLongRuns(t *testing.T) {
	for _, c := range []struct {
		dur  time.Duration
		want []string
	}{
		{24 * time.Hour, []string{"0h", "6h", "12h", "18h", "24h"}},
		{2 * time.Hour, []string{"0m", "30m", "60m", "90m", "120m"}},
		{80 * time.Second, []string{"0s", "15s", "30s", "45s", "60s", "75s"}},
	} {
		ticks := newTimeAxis(c.dur, time.Second, 40).ticks()
		var got []string
		for col := range 40 {
			if l, ok := ticks[col]; ok {
				got = append(got, l)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%v over 40 columns: labels %q, want %q", c.dur, got, c.want)
		}
	}
}
