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

// Each digit more rounds to a tenth of LatencyShort's step, in the same
// unit; none more is LatencyShort itself.
func TestLatencyDigits(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		more int
		want string
	}{
		{1131579 * time.Microsecond, 0, "1.13 s"},
		{1131579 * time.Microsecond, 1, "1.132 s"},
		{1131579 * time.Microsecond, 2, "1.1316 s"},
		{357895 * time.Microsecond, 1, "357.9 ms"},
		{7540 * time.Microsecond, 1, "7.54 ms"},
		{234567 * time.Nanosecond, 2, "234.57 µs"},
		{1500 * time.Nanosecond, 9, "1.5 µs"},
	} {
		if got := LatencyDigits(c.d, c.more); got != c.want {
			t.Errorf("LatencyDigits(%v, %d) = %q, want %q", c.d, c.more, got, c.want)
		}
	}
	for _, d := range []time.Duration{0, 999600 * time.Microsecond, 76384 * time.Microsecond, 1234567 * time.Millisecond} {
		if LatencyDigits(d, 0) != LatencyShort(d) {
			t.Errorf("LatencyDigits(%v, 0) = %q, LatencyShort %q", d, LatencyDigits(d, 0), LatencyShort(d))
		}
	}
}
