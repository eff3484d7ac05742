package chaos

import (
	"strings"
	"testing"
)

// A time naming a unit twice ("5s1s", which Go sums to 6s) is a value
// typed onto the end of another: refused wherever a fault spec takes a
// time, with what was most likely meant. A compound of distinct units
// ("1m30s") is taken.
func TestParseRefusesATimeNamingAUnitTwice(t *testing.T) {
	const says = "5s1s repeats the unit s: did you mean 1s?"
	for _, tc := range []struct{ in, says string }{
		{"5s1s search-api hang", "the time \"5s1s\": " + says},
		{"3s search-api slow 5s1s", "LATENCY in 'slow LATENCY': " + says},
		{"3s search-api hang for 5s1s", "DURATION in 'for DURATION': " + says},
	} {
		_, err := Parse(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("Parse(%q) = %v, want an error saying %q", tc.in, err, tc.says)
		}
	}
	for _, in := range []string{"1m30s search-api hang", "3s search-api slow 1m30s", "3s search-api hang for 1m30s"} {
		if _, err := Parse(in); err != nil {
			t.Errorf("Parse(%q) = %v, want it taken: 1m30s names each unit once", in, err)
		}
	}
}
