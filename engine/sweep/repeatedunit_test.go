package sweep

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A duration naming a unit twice ("5s1s", which Go sums to 6s) is refused
// in a --vary range's ends and in a goal's threshold, with what was most
// likely meant; a compound of distinct units ("1m30s") is taken.
func TestRepeatedUnitIsRefusedInRangesAndGoals(t *testing.T) {
	const says = "5s1s repeats the unit s: did you mean 1s?"
	for _, in := range []string{"recommendations.timeout=5s1s..10s:3", "recommendations.timeout=1s..5s1s:3"} {
		if _, err := ParseVary(in); err == nil || err.Error() != "--vary recommendations.timeout: "+says {
			t.Errorf("ParseVary(%q) = %v, want %q", in, err, says)
		}
	}
	if ax, err := ParseVary("recommendations.timeout=1s..1m30s:3"); err != nil || len(ax.Values) != 3 {
		t.Errorf("ParseVary(1s..1m30s:3) = %+v, %v, want three values", ax, err)
	}
	sc := scenarios.Cascade()
	if _, err := ParseGoal("search.p99<=5s1s", sc, 0); err == nil || !strings.Contains(err.Error(), says) {
		t.Errorf("ParseGoal(search.p99<=5s1s) = %v, want %q", err, says)
	}
	if g, err := ParseGoal("search.p99<=1m30s", sc, 0); err != nil || g.Threshold != 90000 {
		t.Errorf("ParseGoal(search.p99<=1m30s) = %+v, %v, want 90000 ms", g, err)
	}
}
