package exercises

import (
	"os"
	"slices"
	"testing"

	"github.com/breakerlab/breakerlab/exercises/grade"
)

// Reports for setDone where only passing or failing matters.
var (
	passedReport = grade.Report{Status: grade.Passed}
	failedReport = grade.Report{Status: grade.Failed}
)

// A check records the tests that failed, with when and of which files, in
// the workbook's progress, so that `exercises hint ID` in a later process
// can give the hint for one of them; a pass records no failure, an edit
// marks the record as of older code, and a reset forgets it.
func TestLastCheckRecordsTheFailingTests(t *testing.T) {
	w := newWorkbook(t)
	e := catalog[0]
	if _, ok := w.LastCheck(e); ok {
		t.Fatal("a new workbook has a last check")
	}
	rep := grade.Report{Status: grade.Failed, Tests: []grade.TestResult{
		{Name: "TestStateNames", Passed: true},
		{Name: "TestOpensAfterThreshold/five", Passed: false},
		{Name: "TestOpensAfterThreshold"},
		{Name: "TestThresholdOfOne"},
	}}
	if err := w.setDone(e, rep, w.fingerprint(e)); err != nil {
		t.Fatal(err)
	}
	again, err := Open(w.Dir) // as the next command sees it
	if err != nil {
		t.Fatal(err)
	}
	for _, wb := range []*Workbook{w, again} {
		c, ok := wb.LastCheck(e)
		if !ok || c.Passed || c.Changed || c.At.IsZero() || !slices.Equal(c.Failed, []string{"TestOpensAfterThreshold", "TestThresholdOfOne"}) {
			t.Fatalf("after a failing check: %+v, %v; want TestOpensAfterThreshold and TestThresholdOfOne failed, of the files as they are", c, ok)
		}
	}
	if err := os.WriteFile(w.MainFile(e), []byte("package breaker\n// changed\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if c, _ := w.LastCheck(e); !c.Changed {
		t.Errorf("after an edit: %+v; want Changed", c)
	}
	if err := w.setDone(e, passedReport, w.fingerprint(e)); err != nil {
		t.Fatal(err)
	}
	if c, ok := w.LastCheck(e); !ok || !c.Passed || len(c.Failed) > 0 || c.Changed {
		t.Errorf("after a pass: %+v, %v; want a pass with nothing failed", c, ok)
	}
	if _, err := w.Reset(e); err != nil {
		t.Fatal(err)
	}
	if c, ok := w.LastCheck(e); ok {
		t.Errorf("after a reset: %+v; want no last check, the stub's is not the learner's", c)
	}
}

// HintFor gives the first hint about a failing test, and names the first
// failing test it is about; with none a hint is about, the first hint.
func TestHintForFollowsTheFailingTests(t *testing.T) {
	hints := []Hint{{Tests: []string{"TestA"}}, {Tests: []string{"TestB", "TestC"}}}
	for _, c := range []struct {
		failing []string
		i       int
		test    string
	}{
		{nil, 0, ""},
		{[]string{"TestC", "TestB"}, 1, "TestC"},
		{[]string{"TestC", "TestA"}, 0, "TestA"},
		{[]string{"TestZ"}, 0, ""},
	} {
		if i, test := HintFor(hints, c.failing); i != c.i || test != c.test {
			t.Errorf("HintFor(%v) = %d, %q; want %d, %q", c.failing, i, test, c.i, c.test)
		}
	}
	if i, test := HintFor(nil, []string{"TestA"}); i != -1 || test != "" {
		t.Errorf("HintFor with no hints = %d, %q; want -1, \"\"", i, test)
	}
}
