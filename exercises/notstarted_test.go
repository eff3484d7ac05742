package exercises

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/exercises/grade"
)

// A check stopped while its tests compile, as a learner's first check on
// an empty build cache on a busy machine can be, finds nothing about the
// code: it leaves the progress as it was, the tests an earlier check found
// failing included, where it recorded the exercise as failing with no
// failed test, and `exercises hint` had no test to pick its hint by. Of
// one exercise (Check) and of several (checkTogether) alike.
func TestACheckStoppedWhileCompilingRecordsNothing(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake go command is a shell script")
	}
	// A go command that compiles for ever: the grader's kill after
	// buildTime is what ends it (it would end by itself after 30 s).
	goCmd := filepath.Join(t.TempDir(), "go")
	if err := os.WriteFile(goCmd, []byte("#!/bin/sh\nexec sleep 30\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	opt := CheckOptions{Go: goCmd, buildTime: time.Second}
	w := newWorkbook(t)
	first, second := catalog[0], catalog[1]
	earlier := grade.Report{Status: grade.Failed, Tests: []grade.TestResult{{Name: "TestOpensAfterThreshold"}, {Name: "TestStateNames", Passed: true}}}
	if err := w.setDone(second, earlier, w.fingerprint(second)); err != nil {
		t.Fatal(err)
	}

	r := w.Check(context.Background(), first, opt)
	if r.Report.Status != grade.TimedOut || !r.Report.NotStarted {
		t.Fatalf("a compile that never ends: %v (not started: %v) %q; want timed out before the tests started", r.Report.Status, r.Report.NotStarted, r.Report.Summary)
	}
	if c, ok := w.LastCheck(first); ok {
		t.Errorf("after a first check stopped while compiling: last check %+v; want none, no test ran", c)
	}
	if st := w.Status(first); st != Pending {
		t.Errorf("after a first check stopped while compiling: %v; want %v, as before it", st, Pending)
	}

	for _, r := range w.CheckAll(context.Background(), []Exercise{first, second}, 2, opt, nil) {
		if r.Report.Status != grade.TimedOut || !r.Report.NotStarted {
			t.Fatalf("%s, checked with another, compiling for ever: %v (not started: %v) %q", r.Exercise.Name, r.Report.Status, r.Report.NotStarted, r.Report.Summary)
		}
	}
	if c, ok := w.LastCheck(first); ok {
		t.Errorf("after checking all, stopped while compiling: %s has last check %+v; want none", first.Name, c)
	}
	c, ok := w.LastCheck(second)
	if !ok || c.Passed || !slices.Equal(c.Failed, []string{"TestOpensAfterThreshold"}) {
		t.Errorf("after checking all, stopped while compiling: %s has last check %+v, %v; want the earlier check's, TestOpensAfterThreshold failing", second.Name, c, ok)
	}
}
