package lab

import (
	"testing"
	"time"
)

// A rate or a duration in a variant's name is written in words, with a
// comma every three digits: --rate 1000 printed "1e+03 req/s".
func TestVariantNameWritesNumbersInWords(t *testing.T) {
	for _, tc := range []struct {
		mode    Mode
		rate    float64
		timeout time.Duration
		want    string
	}{
		{Protected, 1000, 0, "protected, 1,000 req/s"},
		{Protected, 12345.5, 0, "protected, 12,346 req/s"},
		{Protected, 2.5, 0, "protected, 2.5 req/s"},
		{Timeout, 1500, 1500 * time.Millisecond, "timeout 1,500 ms, 1,500 req/s"},
		{Timeout, DefaultRate, time.Second / 3, "timeout 333 ms"},
		{Timeout, DefaultRate, 3600 * time.Second, "timeout 3,600 s"},
	} {
		c := DefaultConfig(tc.mode)
		c.Rate = tc.rate
		if tc.timeout > 0 {
			c.Timeout = tc.timeout
		}
		if got := c.VariantName(); got != tc.want {
			t.Errorf("%v at %v req/s, timeout %v: %q, want %q", tc.mode, tc.rate, tc.timeout, got, tc.want)
		}
	}
}
