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

// Level 15's goal on the promise adds the three lanes and the cap, and
// reads no value while the cap is 0 (none: one tenant may hold the whole
// overflow), so the start's whole lanes beside an uncapped overflow miss
// it, and the reference's lanes of 10 and cap of 30 meet it at 60.
func TestTenantLanesPromiseAddsLanesAndCap(t *testing.T) {
	c, err := Lookup("tenant-lanes")
	if err != nil {
		t.Fatal(err)
	}
	const label = "lanes and one tenant's cap within the workers"
	for _, tc := range []struct {
		s    Setting
		want string
		pass bool
	}{
		{referenceSettings[c.ID], "60", true},
		{Setting{"database.per_tenant_bulkhead.shared": int64(18)}, UnsetText, false},
		{Setting{"database.per_tenant_bulkhead.shared": int64(60), "database.per_tenant_bulkhead.shared_per_tenant": int64(24)}, "84", false},
	} {
		r, err := gradeOnce(c, tc.s)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for i := range r.Goals {
			g := &r.Goals[i]
			if g.Goal.Label != label {
				continue
			}
			found = true
			if g.Shown() != tc.want || g.Pass != tc.pass {
				t.Errorf("%v: %s reads %s (pass %v), want %s (pass %v)", tc.s, label, g.Shown(), g.Pass, tc.want, tc.pass)
			}
		}
		if !found {
			t.Fatalf("tenant-lanes has no goal %q", label)
		}
	}
}
