package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
)

// Where the check gives the fault apart from check's command
// (Result.Fault), the runner shows the fault and its own way out (x), not
// the command: for a changed test file, whose summary embeds the command
// above the line about x, and for the file the learner edits gone, whose
// summary named only the command and no x.
func TestVerdictSaysXNotCheckCommand(t *testing.T) {
	for _, c := range []struct {
		name   string
		result exercises.Result
		want   string
	}{
		{"tests changed", exercises.Result{TestsChanged: true,
			Fault: "your breaker_test.go differs from the bundled one, so this check cannot pass. With your version: 2 of 5 tests fail",
			Report: grade.Report{Status: grade.Failed, Summary: "your breaker_test.go differs from the bundled one, so this check cannot pass; " +
				"`breakerlab exercises reset --tests 01 --yes` restores it (your code is kept). With your version: 2 of 5 tests fail"}},
			"x puts the bundled tests back"},
		{"main file missing", exercises.Result{MainMissing: true,
			Fault:  "breaker.go, the file you edit, is missing",
			Report: grade.Report{Status: grade.Errored, Summary: "breaker.go, the file you edit, is missing; `breakerlab exercises reset 01 --yes` writes the stub again"}},
			"x writes the stub back"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := startOn(t, resultBackend{newFake(), c.result}, 100, 30)
			v := d.view()
			if strings.Contains(v, "`breakerlab") {
				t.Errorf("the runner shows check's command:\n%s", v)
			}
			if !strings.Contains(v, c.want) || !strings.Contains(v, "is missing") && !strings.Contains(v, "differs") {
				t.Errorf("the runner should show the fault and %q:\n%s", c.want, v)
			}
		})
	}
}

// A key the verdict names stays in the key line at 50 columns: s, named by
// the line of an exercise that passed before and fails now, and x, named
// under a missing main file.
func TestKeysTheVerdictNamesStayAt50(t *testing.T) {
	for _, c := range []struct {
		name   string
		result exercises.Result
		keys   []string
	}{
		{"solved, failing now", exercises.Result{Solved: true,
			Report: grade.Report{Status: grade.Failed, Summary: "1 of 5 tests fail"}}, []string{"s solution"}},
		{"main file missing", exercises.Result{MainMissing: true, Fault: "breaker.go, the file you edit, is missing",
			Report: grade.Report{Status: grade.Errored, Summary: "breaker.go, the file you edit, is missing; `breakerlab exercises reset 01 --yes` writes the stub again"}},
			[]string{"x reset"}},
		{"solved, tests changed", exercises.Result{Solved: true, TestsChanged: true, Fault: "your breaker_test.go differs",
			Report: grade.Report{Status: grade.Failed, Summary: "your breaker_test.go differs"}}, []string{"x put tests back", "s solution"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			d := startOn(t, resultBackend{newFake(), c.result}, 50, 30)
			rows := strings.Split(d.view(), "\n")
			last := rows[len(rows)-1]
			for _, k := range c.keys {
				if !strings.Contains(last, k) {
					t.Errorf("the key line %q has no %q, which the verdict names:\n%s", last, k, strings.Join(rows, "\n"))
				}
			}
			for _, k := range []string{"q quit", "? more"} {
				if !strings.Contains(last, k) {
					t.Errorf("the key line %q lost %q", last, k)
				}
			}
		})
	}
}
