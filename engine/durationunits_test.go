package engine

import (
	"errors"
	"testing"
	"time"
)

// A duration naming one unit twice is a value typed onto the end of
// another: refused, with what was most likely meant. A compound of
// distinct units is a duration like any other.
func TestRepeatedUnitIsRefused(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"5s1s", "5s1s repeats the unit s: did you mean 1s?"},
		{" 5s1s ", "5s1s repeats the unit s: did you mean 1s?"},
		{"30s1m30s", "30s1m30s repeats the unit s: did you mean 1m30s?"},
		{"1m30s1m30s", "1m30s1m30s repeats the unit m: did you mean 1m30s?"},
		{"250ms100ms", "250ms100ms repeats the unit ms: did you mean 100ms?"},
		{"1.5s2s", "1.5s2s repeats the unit s: did you mean 2s?"},
		{"5us1µs", "5us1µs repeats the unit µs: did you mean 1µs?"},
	} {
		err := RepeatedUnit(c.in)
		var rep *RepeatedUnitError
		if err == nil || err.Error() != c.want || !errors.As(err, &rep) {
			t.Errorf("RepeatedUnit(%q) = %v, want %q", c.in, err, c.want)
		}
	}
	for _, ok := range []string{"1m30s", "5s", "0", "1h2m3s4ms5us6ns", "", "5", "5s1", "abc", "5x5x", "1.5s"} {
		if err := RepeatedUnit(ok); err != nil {
			t.Errorf("RepeatedUnit(%q) = %v, want none: no unit is named twice", ok, err)
		}
	}
}

// ParseDuration refuses what RepeatedUnit refuses, and reads the rest as
// time.ParseDuration does.
func TestParseDurationRefusesARepeatedUnit(t *testing.T) {
	if _, err := ParseDuration("5s1s"); err == nil || err.Error() != "5s1s repeats the unit s: did you mean 1s?" {
		t.Errorf("ParseDuration(5s1s) = %v, want the repeated unit refused", err)
	}
	if d, err := ParseDuration("1m30s"); err != nil || d != 90*time.Second {
		t.Errorf("ParseDuration(1m30s) = %v, %v, want 1m30s", d, err)
	}
}
