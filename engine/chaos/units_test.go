package chaos

import (
	"strings"
	"testing"
	"time"
)

// A length (slow's LATENCY, for's DURATION) typed without its unit is
// refused, naming the argument, the number typed and the two readings it
// could have: "slow 300" ran as 300 s where 300 ms was likely meant. Zero
// is no length either way, and keeps its own refusal.
func TestParseRefusesALengthWithoutItsUnit(t *testing.T) {
	for _, tc := range []struct{ in, says string }{
		{"3s search-api slow 300 for 10s", "LATENCY in 'slow LATENCY' takes a duration with its unit, as a scenario file writes it: 300s or 300ms, not 300 alone"},
		{"3s search-api slow 2.5", "LATENCY in 'slow LATENCY' takes a duration with its unit, as a scenario file writes it: 2.5s or 2.5ms, not 2.5 alone"},
		{"3s search-api slow .5 for 10s", "not .5 alone"},
		{"3s search-api slow 300ms for 10", "DURATION in 'for DURATION' takes a duration with its unit, as a scenario file writes it: 10s or 10ms, not 10 alone"},
		{"3s api restart for 1.5", "DURATION in 'for DURATION' takes a duration with its unit, as a scenario file writes it: 1.5s or 1.5ms, not 1.5 alone"},
		{"3s acme surge x3 for 5", "not 5 alone"},
		{"3s search-api slow 0", "slow needs a positive latency, e.g. 'slow 2s', got \"0\""},
		{"3s search-api hang for 0", "'for' needs a positive duration, e.g. 'for 10s', got \"0\""},
	} {
		_, err := Parse(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("Parse(%q) = %v, want an error saying %q", tc.in, err, tc.says)
		}
	}
}

// The moment stays seconds when bare, as Grammar says and the sandbox's
// seek prompt reads it, while its lengths carry their units.
func TestParseReadsABareMomentAsSecondsAndLengthsWithUnits(t *testing.T) {
	got, err := Parse("3 search-api slow 300ms for 1.5s")
	want := Spec{At: 3 * time.Second, Target: "search-api", Kind: Slow, Latency: 300 * time.Millisecond, For: 1500 * time.Millisecond}
	if err != nil || got != want {
		t.Errorf("Parse = %+v, %v; want %+v", got, err, want)
	}
	if !strings.Contains(Grammar, "AT alone is seconds (12 is 12s), LATENCY and DURATION take their unit") {
		t.Errorf("Grammar does not say which times may go without a unit: %s", Grammar)
	}
}
