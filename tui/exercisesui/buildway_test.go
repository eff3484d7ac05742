package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// A verdict of code that does not compile ends its summary with a colon:
// the compiler's errors follow it. The way out (x) comes after the last
// error, not between the colon and what it introduces. A learner who
// edited breaker_test.go and then made a type error saw "the code does not
// compile:", then "x puts the bundled tests back…", then the errors.
func TestBuildErrorsFollowTheirSummary(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	e := exercises.All()[2]
	errs := []grade.BuildError{
		{File: "breaker.go", Line: 139, Col: 21, Message: "cannot use b.win.counts() (value of type int) as float64 value in assignment"},
		{File: "breaker.go", Line: 143, Col: 44, Message: "invalid operation: slow * 100 / n (mismatched types float64 and int)"},
	}
	report := grade.Report{Status: grade.BuildFailed, Summary: "does not compile: " + errs[0].String(), BuildErrors: errs}
	for _, c := range []struct {
		name string
		r    exercises.Result
		way  string
	}{
		{"an edited test file", exercises.Result{Exercise: e, Report: report, TestsChanged: true,
			ChangedTestsFault: "your breaker_test.go differs from the bundled one, so this check cannot pass. With your version: ",
			Fault:             "your breaker_test.go differs from the bundled one"},
			"x puts the bundled tests back"},
		{"the learner's file gone", exercises.Result{Exercise: e, Report: report, BuiltWithoutMain: true,
			Fault: exercises.MainMissingFault(e)},
			"x writes the stub back"},
	} {
		d := start(t, newFake(), 100, 30)
		verdict, _ := d.m.resultLines(c.r)
		// Words, not lines: the verdict is wrapped to the width.
		text := strings.Join(strings.Fields(ansi.Strip(strings.Join(verdict, "\n"))), " ")
		colon := strings.Index(text, "does not compile:")
		first, last := strings.Index(text, errs[0].String()), strings.Index(text, errs[1].String())
		way := strings.Index(text, c.way)
		if colon < 0 || first < 0 || last < 0 || way < 0 {
			t.Fatalf("%s: the verdict lacks the summary, an error or the way out:\n%s", c.name, text)
		}
		if between := text[colon+len("does not compile:") : first]; between != " "+e.Name+"/" {
			t.Errorf("%s: %q comes between the summary's colon and the first error:\n%s", c.name, between, text)
		}
		if way < last {
			t.Errorf("%s: the way out comes before the last error:\n%s", c.name, text)
		}
	}
}
