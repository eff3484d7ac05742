package report

import (
	"testing"
	"time"
)

// A setting keeps every digit it has, in its own unit; a measured latency
// keeps the digits a column compares, in six characters at most.
func TestSecondsShortAndLatencyShort(t *testing.T) {
	for _, c := range []struct {
		d                time.Duration
		setting, latency string
	}{
		{0, "0 s", "0 s"},
		{250 * time.Microsecond, "250 µs", "250 µs"},
		{234567 * time.Nanosecond, "234.567 µs", "235 µs"},
		{7500 * time.Microsecond, "7.5 ms", "7.5 ms"},
		{7540 * time.Microsecond, "7.54 ms", "7.5 ms"},
		{500 * time.Millisecond, "500 ms", "500 ms"},
		{76384 * time.Microsecond, "76.384 ms", "76 ms"},
		{999600 * time.Microsecond, "999.6 ms", "1 s"},
		{750 * time.Millisecond, "750 ms", "750 ms"},
		{1234567 * time.Microsecond, "1.234567 s", "1.23 s"},
		{12345 * time.Millisecond, "12.345 s", "12.3 s"},
		{5 * time.Second, "5 s", "5 s"},
		{1234567 * time.Millisecond, "1234.567 s", "1235 s"},
	} {
		if got := SecondsShort(c.d); got != c.setting {
			t.Errorf("SecondsShort(%v) = %q, want %q", c.d, got, c.setting)
		}
		if got := LatencyShort(c.d); got != c.latency {
			t.Errorf("LatencyShort(%v) = %q, want %q", c.d, got, c.latency)
		}
		if got := LatencyShort(c.d); c.d < 1000*time.Second && len([]rune(got)) > 6 {
			t.Errorf("LatencyShort(%v) = %q, wider than six characters", c.d, got)
		}
	}
}
