package lab

import (
	"strings"
	"testing"
)

// A time naming a unit twice ("5s1s", which Go sums to 6s) is a slip,
// refused in either fault form --fault takes, with what was most likely
// meant; a compound of distinct units ("1m30s") is taken.
func TestParseFaultRefusesATimeNamingAUnitTwice(t *testing.T) {
	const says = "5s1s repeats the unit s: did you mean 1s?"
	for _, form := range []string{
		"slow:DUR@0.5s-3.5s", "hang@DUR-2m", "hang@1s-DUR", // the lab's
		"DUR " + Dependency + " hang", "0.5s " + Dependency + " slow DUR for 3s", // run's
	} {
		if _, err := ParseFault(strings.ReplaceAll(form, "DUR", "5s1s")); err == nil || !strings.Contains(err.Error(), says) {
			t.Errorf("ParseFault(%q with 5s1s) = %v, want %q", form, err, says)
		}
		if _, err := ParseFault(strings.ReplaceAll(form, "DUR", "1m30s")); err != nil {
			t.Errorf("ParseFault(%q with 1m30s) = %v, want it taken", form, err)
		}
	}
}
