package exercises

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises/grade"
)

// An editor's template or a slip can change a file's package clause. Go
// then says "found packages main (breaker.go) and ratebreaker
// (breaker_test.go) in DIR", tied to no line, which names the packages but
// not the edit: the check says which file's clause to put back, and what
// it must say, and the compiler's line is not repeated under it.
func TestCheckSaysWhichPackageClauseChanged(t *testing.T) {
	needGo(t)
	w := newWorkbook(t)
	e := catalog[1]
	main := w.MainFile(e)
	write(t, main, strings.Replace(read(t, main), "package ratebreaker\n", "package main\n", 1))
	r := w.Check(context.Background(), e, CheckOptions{})
	rep := r.Report
	if rep.Status != grade.BuildFailed || len(rep.BuildErrors) != 0 || !strings.Contains(rep.Summary, "found packages main (breaker.go) and ratebreaker") {
		t.Fatalf("a package clause changed to main: %v, %d build errors, %q; want Go's build failure tied to no line", rep.Status, len(rep.BuildErrors), rep.Summary)
	}
	const hint = "the package clause of breaker.go was changed: it must say `package ratebreaker`"
	if !strings.Contains(rep.Summary, hint) {
		t.Errorf("summary %q\nwants the hint %q", rep.Summary, hint)
	}
	for _, l := range UnquotedBuildOutput(rep) {
		if strings.Contains(l, "found packages") {
			t.Errorf("the compiler's line is quoted in the summary and shown again: %q", l)
		}
	}

	// The learner's own test file in the external test package is Go's
	// way, not a slip; only the file that names another package is named.
	write(t, main, strings.Replace(read(t, main), "package main\n", "package ratebreaker\n", 1))
	write(t, filepath.Join(w.ExerciseDir(e), "mine_test.go"), "package ratebreaker_test\n")
	write(t, filepath.Join(w.ExerciseDir(e), "extra.go"), "package other\n")
	rep = w.Check(context.Background(), e, CheckOptions{}).Report
	if !strings.Contains(rep.Summary, "the package clause of extra.go was changed: it must say `package ratebreaker`") || strings.Contains(rep.Summary, "mine_test.go was changed") {
		t.Errorf("with extra.go in package other and mine_test.go in ratebreaker_test: %q", rep.Summary)
	}
}
