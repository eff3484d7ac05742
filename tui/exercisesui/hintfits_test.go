package exercisesui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// h offers the hint for a test still failing: in 01, with only the
// late-results test failing, hint 1 (about String(), long passed) was
// what h showed first. The hint that concerns the failing test comes
// first; the rest follow in the file's order.
func TestHintFitsTheFailingTest(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	d := startFailing(t, 100, 60,
		grade.TestResult{Name: "TestStateNames", Passed: true},
		grade.TestResult{Name: "TestLateResultsWhileOpenAreIgnored", Output: []string{"breaker_test.go:300: State() = closed, want open"}})
	hints := d.m.info[d.current()].hints
	want := -1
	for i, h := range hints {
		for _, name := range h.Tests {
			if name == "TestLateResultsWhileOpenAreIgnored" && want < 0 {
				want = i
			}
		}
	}
	if want <= 0 {
		t.Fatalf("01's hints: the first that concerns TestLateResultsWhileOpenAreIgnored is %d; this test needs one after the first", want+1)
	}
	d.keys("h")
	v := d.view()
	if strings.Contains(v, "Hint 1 of") {
		t.Fatalf("h with only TestLateResultsWhileOpenAreIgnored failing showed hint 1, about a test that passes:\n%s", v)
	}
	d.wantView(fmt.Sprintf("Hint %d of %d", want+1, len(hints)), "h again for the next hint")
	d.keys("h")
	d.wantView(fmt.Sprintf("Hint %d of %d", want+1, len(hints)), fmt.Sprintf("Hint 1 of %d", len(hints)))
}
