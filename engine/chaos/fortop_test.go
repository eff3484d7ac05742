package chaos

import (
	"strings"
	"testing"
)

// An injected fault's 'for' may carry it into the run's drain, not past
// it: the one top of a fault's moments (engine.LatestFaultMoment), told in
// the words of 'for' as typed, with the end it makes, the top and the
// run's length. It was refused by the scenario's check, which named a
// fault of its list and no flag. A surge is a burst, not a fault, and
// keeps its own rule.
func TestForEndsWithTheDrain(t *testing.T) {
	sc := build(t, "multi-hop") // traffic 1m, drain 1m
	for _, tc := range []struct{ in, says string }{
		{"25s inventory hang for 1h", `fault "25s inventory hang for 1h": for 1h, it ends at 1h0m25s, past 2m, the latest a fault may end: the run's traffic lasts 1m and it drains for 1m after; give a shorter 'for', or none to last to the run's end`},
		{"50s inventory/database slow 2s for 71s", "for 71s, it ends at 2m1s, past 2m"},
		{"50s inventory/database slow 2s for 70s", ""},
		{"50s inventory restart for 70s", ""},
		{"50s inventory restart for 10h", "for 10h, it ends at 10h0m50s, past 2m"},
	} {
		_, err := ParseIn(sc, tc.in)
		if tc.says == "" {
			if err != nil {
				t.Errorf("ParseIn(%q) = %v, want it taken: it ends at the drain's end", tc.in, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("ParseIn(%q) = %v, want it saying %q", tc.in, err, tc.says)
		}
	}
}
