package report

import (
	"math"
	"testing"
)

// ParsePercent moves the point in the text, so the share is the float
// its fraction is (99.9 → 0.999, where 99.9/100 is 0.9990000000000001),
// and PercentExact writes it back as it was typed.
func TestParsePercent(t *testing.T) {
	for _, c := range []struct {
		text string
		want float64
	}{
		{"99.9", 0.999}, {"0.1", 0.001}, {"33.3", 0.333}, {"12.5", 0.125},
		{"1", 0.01}, {"100", 1}, {"0", 0}, {"9.99e1", 0.999}, {"999E-1", 0.999},
		{"-5", -0.05}, {"0x1p0", 0.01},
	} {
		got, err := ParsePercent(c.text)
		if err != nil || got != c.want {
			t.Errorf("ParsePercent(%q) = %v, %v; want %v", c.text, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "x", "1e", "1ex", "e5", "1.2.3"} {
		if got, err := ParsePercent(bad); err == nil {
			t.Errorf("ParsePercent(%q) = %v, want an error", bad, got)
		}
	}
	if got, err := ParsePercent("inf"); err != nil || !math.IsInf(got, 1) {
		t.Errorf(`ParsePercent("inf") = %v, %v; want +Inf for the caller to refuse`, got, err)
	}
	for _, typed := range []string{"99.9", "0.1", "33.3", "12.5", "1", "99.95", "0.0000001", "12.3456"} {
		f, _ := ParsePercent(typed)
		if got := PercentExact(f); got != typed+"%" {
			t.Errorf("PercentExact(ParsePercent(%q)) = %q, want %q", typed, got, typed+"%")
		}
	}
}
