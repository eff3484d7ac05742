package chaos

import (
	"strings"
	"testing"
)

// An injected fault's 'for' may carry it into the run's drain, not past
// it: the one top of a fault's moments (engine.LatestFaultMoment), told in
// the words of 'for' as typed, with the end it makes, the top and the
// run's length. It was refused by the scenario's check, which named a
// fault of its list and no flag. A surge is a burst, not a fault: its top
// is the traffic's end (engine.LatestSurgeMoment), as a scenario's
// burst's is, since the drain takes no arrivals. It was taken past the end
// and cut there, so 'for 10m' in a run of 40 s read as asked for and did
// something else.
func TestForEndsWithTheDrain(t *testing.T) {
	for _, tc := range []struct{ scenario, in, says string }{
		// multi-hop: traffic 1m, drain 1m.
		{"multi-hop", "25s inventory hang for 1h", `fault "25s inventory hang for 1h": for 1h, it ends at 1h0m25s, past 2m, the latest a fault may end: the run's traffic lasts 1m and it drains for 1m after; give a shorter 'for', or none to last to the run's end`},
		{"multi-hop", "50s inventory/database slow 2s for 71s", "for 71s, it ends at 2m1s, past 2m"},
		{"multi-hop", "50s inventory/database slow 2s for 70s", ""},
		{"multi-hop", "50s inventory restart for 70s", ""},
		{"multi-hop", "50s inventory restart for 10h", "for 10h, it ends at 10h0m50s, past 2m"},
		// noisy-tenant: traffic 40s.
		{"noisy-tenant", "32s globex surge x4 for 10m", `fault "32s globex surge x4 for 10m": for 10m, it ends at 10m32s, past 40s, the latest a surge or burst of traffic may end: the run's traffic lasts 40s, and the drain after it takes no arrivals; give a shorter 'for', or none to last to the run's end`},
		{"noisy-tenant", "32s globex surge x4 for 8001ms", "for 8001ms, it ends at 40.001s, past 40s"},
		{"noisy-tenant", "32s globex surge x4 for 8s", ""},
		{"noisy-tenant", "32s globex surge x4", ""},
		{"noisy-tenant", "32s search surge x2 for 9s", "for 9s, it ends at 41s, past 40s, the latest a surge or burst of traffic may end"},
	} {
		_, err := ParseIn(build(t, tc.scenario), tc.in)
		if tc.says == "" {
			if err != nil {
				t.Errorf("%s: ParseIn(%q) = %v, want it taken: it ends by its top", tc.scenario, tc.in, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("%s: ParseIn(%q) = %v, want it saying %q", tc.scenario, tc.in, err, tc.says)
		}
	}
}
