package exercises

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/exercises/grade"
)

// Check records the outcome of each check in the progress file, and tells
// the runner what the learner is waiting on: compiling, then the tests
// running with the time limit they stop at; code that does not compile
// never gets to running. CheckAll, grading several at once, tells them
// with whose they are (OnPhase), as `exercises check` shows them.
// The checks go in one workbook, one after another, each grading the code
// the one before left changed: the stub, the solution (with a test file of
// the learner's), the stub again, code that does not compile. Both sides check each (what is recorded, what
// phases were told), so each state is graded once (a go command, 0.5 to
// 1 s of CPU each) for the two, where the two tests graded the solution
// each in a workbook of its own. Each subtest's assertions fail on their own.
func TestCheckRecordsProgressAndReportsItsPhases(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	w := newWorkbook(t)
	e := catalog[0]
	var mu sync.Mutex
	var got []grade.Progress
	kept := keptBinaries(t, w)
	opt := CheckOptions{Timeout: 40 * time.Second, OnProgress: func(p grade.Progress) {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, p)
	}}
	check := func() (Result, []grade.Progress) {
		mu.Lock()
		got = nil
		mu.Unlock()
		r := kept.check(e, opt)
		mu.Lock()
		defer mu.Unlock()
		return r, slices.Clone(got)
	}
	compiling := grade.Progress{Phase: grade.Compiling, Timeout: 40 * time.Second}
	running := grade.Progress{Phase: grade.Testing, Timeout: 40 * time.Second}
	step := func(name string, fn func(t *testing.T)) {
		if !t.Run(name, fn) {
			t.FailNow() // the next steps grade what this one left
		}
	}

	step("the stub", func(t *testing.T) {
		r, _ := check()
		if r.Passed() || w.Done(e) {
			t.Errorf("the stub passed: %s", r.Report.Text())
		}
		// TestCheckSaysWhetherTheStubIsUntouched's check of the stub.
		if !r.Untouched {
			t.Errorf("checking the stub: untouched %v; want untouched", r.Untouched)
		}
	})
	mine := filepath.Join(w.ExerciseDir(e), "mine_test.go")
	step("the solution", func(t *testing.T) {
		writeFiles(w.ExerciseDir(e), e.SolutionFiles())
		// With a test file of the learner's own next to the bundled one,
		// which is fine (TestCheckWithAnEditedTestIsNotDone's second check).
		if err := os.WriteFile(mine, []byte("package breaker\n\nimport \"testing\"\n\nfunc TestMine(t *testing.T) {}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		r, phases := check()
		if !r.Passed() || !w.Done(e) || r.ProgressErr != nil {
			t.Errorf("the solution, with a test file of the learner's own, did not pass or was not recorded: %s %v", r.Report.Text(), r.ProgressErr)
		}
		again, _ := Open(w.Dir)
		if !again.Done(e) {
			t.Error("the pass was not saved")
		}
		if r.Report.Status != grade.Passed || !slices.Equal(phases, []grade.Progress{compiling, running}) {
			t.Errorf("the solution: %v, phases %v; want passed, compiling then testing", r.Report.Status, phases)
		}
	})
	step("the stub again", func(t *testing.T) {
		// Broken again, it fails, and stays done: the stub as written,
		// untouched, the learner's test file gone too.
		os.Remove(mine)
		os.WriteFile(w.MainFile(e), e.StubFiles()[e.MainFile()], 0o644)
		if r, _ := check(); r.Passed() || !r.Solved || w.Status(e) != DoneFailing {
			t.Errorf("a passed exercise broken again: passed %v, solved %v, %v", r.Passed(), r.Solved, w.Status(e))
		}
	})
	step("code that does not compile", func(t *testing.T) {
		code := slices.Concat(e.SolutionFiles()[e.MainFile()], []byte("\nvar broken = notDeclared\n"))
		if err := os.WriteFile(w.MainFile(e), code, 0o644); err != nil {
			t.Fatal(err)
		}
		if r, phases := check(); r.Report.Status != grade.BuildFailed || !slices.Equal(phases, []grade.Progress{compiling}) {
			t.Errorf("code that does not compile: %v, phases %v; want build failed, compiling only", r.Report.Status, phases)
		}
	})
	step("CheckAll", func(t *testing.T) {
		// CheckAll says whose each phase is, to OnPhase alone.
		got = nil
		var whose []string
		opt.OnPhase = func(x Exercise, p grade.Progress) {
			mu.Lock()
			defer mu.Unlock()
			whose = append(whose, x.Name+" "+p.Phase.String())
		}
		w.CheckAll(context.Background(), []Exercise{e}, 1, opt, nil)
		if len(got) > 0 {
			t.Errorf("CheckAll reported phases to OnProgress: %v", got)
		}
		if want := []string{e.Name + " compiling"}; !slices.Equal(whose, want) {
			t.Errorf("CheckAll told OnPhase %v; want %v", whose, want)
		}
	})
}

// The note on tests that may be stuck comes once they have run for
// StuckAfter, and only while they run: a long compile is not a hang.
func TestStuckNoteComesAfterStuckAfter(t *testing.T) {
	running := grade.Progress{Phase: grade.Testing, Timeout: 30 * time.Second}
	if n := StuckNote(running, StuckAfter-time.Millisecond); n != "" {
		t.Errorf("just before StuckAfter: %q", n)
	}
	if n := StuckNote(running, StuckAfter); !strings.Contains(n, "may be stuck") {
		t.Errorf("at StuckAfter: %q", n)
	}
	if n := StuckNote(grade.Progress{Phase: grade.Compiling}, time.Minute); n != "" {
		t.Errorf("compiling for a minute: %q", n)
	}
}
