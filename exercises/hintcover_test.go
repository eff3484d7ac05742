package exercises

import (
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises/grade"
)

// Every hint says which tests it concerns, each a test the exercise has,
// and every test has a hint: the runner offers the hint for the first
// test still failing, and a test no hint names leaves a learner stuck on
// it with hints about tests that already pass.
func TestEveryTestHasAHint(t *testing.T) {
	for _, e := range catalog {
		tests := testNames(t, e)
		covered := map[string]bool{}
		for i, h := range e.HintList() {
			if len(h.Tests) == 0 {
				t.Errorf("%s: hint %d names no test: open it with a line %q", e.Name, i+1, hintTestsPrefix+" TestA, TestB")
			}
			for _, name := range h.Tests {
				if !slices.Contains(tests, name) {
					t.Errorf("%s: hint %d names %s, which its tests do not define (they are %s)", e.Name, i+1, name, strings.Join(tests, ", "))
				}
				covered[name] = true
			}
			if strings.HasPrefix(h.Text, hintTestsPrefix) || strings.Contains(h.Text, "\n"+hintTestsPrefix) {
				t.Errorf("%s: hint %d shows its Tests: line to the learner", e.Name, i+1)
			}
		}
		for _, name := range tests {
			if !covered[name] {
				t.Errorf("%s: no hint concerns %s", e.Name, name)
			}
		}
	}
}

// In 01, once only the late-results test fails, h offers a hint about
// it, not hint 1 about String(), which has passed long since.
func TestNextHintConcernsAFailingTest(t *testing.T) {
	e, _ := Lookup("01")
	hints := e.HintList()
	report := grade.Report{Status: grade.Failed, Tests: []grade.TestResult{
		{Name: "TestStateNames", Passed: true},
		{Name: "TestLateResultsWhileOpenAreIgnored/while open"},
	}}
	failing := FailingTests(report)
	if !slices.Equal(failing, []string{"TestLateResultsWhileOpenAreIgnored"}) {
		t.Fatalf("FailingTests = %q, want the late-results test alone", failing)
	}
	isFailing := func(name string) bool { return slices.Contains(failing, name) }
	none := func(int) bool { return false }
	i := NextHint(hints, none, isFailing)
	if i < 0 || !slices.Contains(hints[i].Tests, "TestLateResultsWhileOpenAreIgnored") {
		t.Fatalf("NextHint = %d, want a hint that concerns TestLateResultsWhileOpenAreIgnored", i)
	}
	// With that hint shown, and no other concerning it, the next is the
	// first in the file; with all shown, none.
	if j := NextHint(hints, func(k int) bool { return k == i }, isFailing); j == i || j < 0 {
		t.Errorf("after hint %d, NextHint = %d, want another", i+1, j)
	}
	if j := NextHint(hints, func(int) bool { return true }, isFailing); j != -1 {
		t.Errorf("with every hint shown, NextHint = %d, want -1", j)
	}
	// Nothing known to fail (a build failure): the order of the file.
	if j := NextHint(hints, none, func(string) bool { return false }); j != 0 {
		t.Errorf("with no failing test known, NextHint = %d, want 0", j)
	}
}
