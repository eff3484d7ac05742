package lessons

import (
	"testing"
	"time"
)

func TestLatencyTextThreeFigures(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0 ms"},
		{-time.Millisecond, "0 ms"},
		{503800 * time.Microsecond, "504 ms"},
		{1000300 * time.Microsecond, "1.00 s"},
		{999700 * time.Microsecond, "1.00 s"},
		{999400 * time.Microsecond, "999 ms"},
		{430100 * time.Microsecond, "430 ms"},
		{1065 * time.Millisecond, "1.07 s"},
		{7530 * time.Microsecond, "7.53 ms"},
		{76 * time.Millisecond, "76.0 ms"},
		{9996 * time.Microsecond, "10.0 ms"},
		{235 * time.Microsecond, "235 µs"},
		{1500 * time.Nanosecond, "1.50 µs"},
		{42, "42 ns"},
		{12345 * time.Millisecond, "12.3 s"},
		{1234567 * time.Millisecond, "1230 s"},
	} {
		if got := LatencyText(c.d); got != c.want {
			t.Errorf("LatencyText(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}
