package exercises

import (
	"testing"

	"github.com/breakerlab/breakerlab/exercises/grade"
)

// The catalog check fails a stub whose first failure is a test of bad
// input; these are the names it must know for one, and names it must not
// take for one.
func TestBadInputTestNames(t *testing.T) {
	for name, want := range map[string]bool{
		"TestBadConfig":                         true,
		"TestBadArguments":                      true,
		"TestBadInput":                          true,
		"TestOddArguments":                      true,
		"TestOddSizes":                          true,
		"TestAssignRejectsBadSizes":             true,
		"TestStartsFullThenRefuses":             false,
		"TestEachTenantHasItsOwnSlots":          false,
		"TestRejectsWhenWorkersAndQueueAreFull": false,
		"TestBadTrialReopens":                   false,
	} {
		if got := badInputTest.MatchString(name); got != want {
			t.Errorf("badInputTest.MatchString(%q) = %v, want %v", name, got, want)
		}
	}
	r := grade.Report{Tests: []grade.TestResult{{Name: "TestA", Passed: true}, {Name: "TestB"}, {Name: "TestC"}}}
	if got := firstFailure(r); got != "TestB" {
		t.Errorf("firstFailure = %q, want TestB, the first test that failed", got)
	}
	if got := firstFailure(grade.Report{}); got != "" {
		t.Errorf("firstFailure of no tests = %q, want none", got)
	}
}
