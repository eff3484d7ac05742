package exercises

import (
	"context"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/exercises/grade"
)

// Check tells the runner what the learner is waiting on: compiling, then
// the tests running with the time limit they stop at; code that does not
// compile never gets to running. CheckAll, grading several at once, tells
// them with whose they are (OnPhase), as `exercises check` shows them.
func TestCheckReportsItsPhases(t *testing.T) {
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
	check := func() (grade.Status, []grade.Progress) {
		mu.Lock()
		got = nil
		mu.Unlock()
		r := kept.check(e, opt)
		mu.Lock()
		defer mu.Unlock()
		return r.Report.Status, slices.Clone(got)
	}
	compiling := grade.Progress{Phase: grade.Compiling, Timeout: 40 * time.Second}
	running := grade.Progress{Phase: grade.Testing, Timeout: 40 * time.Second}

	writeFiles(w.ExerciseDir(e), e.SolutionFiles())
	if status, phases := check(); status != grade.Passed || !slices.Equal(phases, []grade.Progress{compiling, running}) {
		t.Fatalf("the solution: %v, phases %v; want passed, compiling then testing", status, phases)
	}

	code := slices.Concat(e.SolutionFiles()[e.MainFile()], []byte("\nvar broken = notDeclared\n"))
	if err := os.WriteFile(w.MainFile(e), code, 0o644); err != nil {
		t.Fatal(err)
	}
	if status, phases := check(); status != grade.BuildFailed || !slices.Equal(phases, []grade.Progress{compiling}) {
		t.Fatalf("code that does not compile: %v, phases %v; want build failed, compiling only", status, phases)
	}

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
		t.Fatalf("CheckAll reported phases to OnProgress: %v", got)
	}
	if want := []string{e.Name + " compiling"}; !slices.Equal(whose, want) {
		t.Fatalf("CheckAll told OnPhase %v; want %v", whose, want)
	}
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
