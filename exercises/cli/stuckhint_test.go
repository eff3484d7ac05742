package cli

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
)

// check's "Stuck?" line names the hint for a test still failing: in 01,
// with only the late-results test failing, `hint 01` printed hint 1,
// about String(), which passed long before.
func TestStuckNamesTheHintForAFailingTest(t *testing.T) {
	e, _ := exercises.Lookup("01")
	r := exercises.Result{Exercise: e, Report: grade.Report{Status: grade.Failed, Tests: []grade.TestResult{
		{Name: "TestStateNames", Passed: true},
		{Name: "TestLateResultsWhileOpenAreIgnored"},
	}}}
	line := stuckLine(e, r)
	want := -1
	for i, h := range e.HintList() {
		for _, name := range h.Tests {
			if name == "TestLateResultsWhileOpenAreIgnored" && want < 0 {
				want = i
			}
		}
	}
	if want <= 0 || !strings.Contains(line, fmt.Sprintf("`breakerlab exercises hint 01 %d`", want+1)) || !strings.Contains(line, "TestLateResultsWhileOpenAreIgnored") {
		t.Errorf("with only TestLateResultsWhileOpenAreIgnored failing, check says %q; want the command for hint %d, which concerns it", line, want+1)
	}
}
