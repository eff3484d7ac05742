package challenge

import (
	"strings"
	"testing"
)

// A param goal may add knobs of one kind, so level 15 can hold every
// tenant's lane and the cap on one tenant's borrowing to the front's
// workers; a sum of a count and a duration, or of a name that is no
// knob's path, is refused when the file is read, naming what is wrong.
func TestParamSumIsOfKnobsOfOneKind(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"param payment.bulkhead+payment.timeout <= 10", "of one kind"},
		{"param payment.bulkhead+nonsense <= 10", `"nonsense" is not a knob's path`},
	} {
		if _, err := parseGoal(tc.text, false); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error saying %q", tc.text, err, tc.want)
		}
	}
	if _, err := parseGoal("param a.per_tenant_bulkhead.default+a.per_tenant_bulkhead.shared_per_tenant <= 60", false); err != nil {
		t.Errorf("a sum of two counts: %v", err)
	}
}
