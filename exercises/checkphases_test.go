package exercises

import (
	"context"
	"os"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/exercises/grade"
)

// Check tells the runner what the learner is waiting on: compiling, then
// the tests running with the time limit they stop at; code that does not
// compile never gets to running. CheckAll, grading several at once, keeps
// the phases to itself.
func TestCheckReportsItsPhases(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	w := newWorkbook(t)
	e := catalog[0]
	var mu sync.Mutex
	var got []grade.Progress
	opt := CheckOptions{Timeout: 40 * time.Second, OnProgress: func(p grade.Progress) {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, p)
	}}
	check := func() (grade.Status, []grade.Progress) {
		mu.Lock()
		got = nil
		mu.Unlock()
		r := w.Check(context.Background(), e, opt)
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

	got = nil
	w.CheckAll(context.Background(), []Exercise{e}, 1, opt, nil)
	if len(got) > 0 {
		t.Fatalf("CheckAll reported phases: %v", got)
	}
}
