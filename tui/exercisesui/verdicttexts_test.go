package exercisesui

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A build failure the compiler ties to no line (here a package clause
// changed to main) is quoted in the summary; the verdict shows the
// compiler's words once, not the summary and then the same line again.
func TestABuildErrorWithNoLineIsShownOnce(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	const goSays = "found packages main (breaker.go) and breaker (breaker_test.go) in /wb/01-consecutive-breaker"
	f := newFake()
	f.script["01-consecutive-breaker"] = grade.Report{Status: grade.BuildFailed,
		Summary:     "does not compile: " + goSays + "; the package clause of breaker.go was changed: it must say `package breaker`, as the exercise's other files do",
		BuildOutput: []string{goSays, "a further line of the go command"}}
	d := start(t, f, 200, 30)
	v := d.view()
	if n := strings.Count(v, "found packages main"); n != 1 {
		t.Fatalf("the compiler's line is shown %d times, want once:\n%s", n, v)
	}
	d.wantView("✗ BUILD", "it must say `package breaker`", "a further line of the go command")
}

// A pass sticks: an exercise that passed stays done when its test file is
// edited later, and the runner says so. The note on the edited test must
// then speak of this check, which cannot pass, not say the exercise cannot
// count as done beside "It passed before, so it stays done".
//
// editedTestOfADoneExercise says it of e, 01, in a workbook where it
// passed when last checked: TestRunnerAndListAgree's, whose check of it
// passed (a check of its own would cost a go command, a second or more of
// CPU). The runner opens on the first exercise not done, and checks it
// first.
func editedTestOfADoneExercise(t *testing.T, w *exercises.Workbook, e exercises.Exercise) {
	if st := w.Status(e); st != exercises.Done {
		t.Fatalf("%s is %s, want done", e.Name, st)
	}
	test := filepath.Join(w.ExerciseDir(e), "breaker_test.go")
	b, err := os.ReadFile(test)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(test, append(b, "\nvar _ = 0 // my edit: code, which grading reads (a comment alone is no edit)\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := w.SetCurrent(e); err != nil {
		t.Fatal(err)
	}
	d := startOn(t, NewBackend(w, 0), 100, 40)
	// The runner starts on the first exercise not done; the learner opens
	// this one, done, again.
	d.run(d.m.goTo(d.m.indexOf(e.Name)))
	v := strings.Join(strings.Fields(d.view()), " ")
	for _, want := range []string{"your breaker_test.go differs from the bundled one, so this check cannot pass", "It passed before, so it stays done"} {
		if !strings.Contains(v, want) {
			t.Errorf("the runner does not say %q:\n%s", want, d.view())
		}
	}
	if notDone := regexp.MustCompile(`(?i)exercise (cannot|can't|does not|doesn't) count as done|not (count|be) done`).FindString(v); notDone != "" {
		t.Errorf("the runner says %q of an exercise it also calls done:\n%s", notDone, d.view())
	}
}

// startFailing starts the runner at width × height on exercise 01, whose
// check fails with tests.
func startFailing(t *testing.T, width, height int, tests ...grade.TestResult) *driver {
	t.Helper()
	f := newFake()
	f.script["01-consecutive-breaker"] = grade.Report{Status: grade.Failed, Summary: "a panic in " + tests[0].Name, Tests: tests}
	return start(t, f, width, height)
}

// A panic reads the same wherever the learner's code panicked. In a
// synctest bubble (exercises 06, 07, 08, 12, 16) the panic is in the
// bubble's goroutine, so go test never reports the test's end and the
// grader marks it Running; the runner used to add "(never finished)",
// the words of a test stopped at the time limit, to a test that crashed
// at once, where the same panic in exercise 01's test goroutine had no
// such words. A learner reading "never finished" over a panic looks for
// a loop that is not there.
func TestAPanicInABubbleIsNotCalledUnfinished(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	const panicked, hung = "TestAdmitsUpToTheLimit", "TestStillRunning"
	d := startFailing(t, 200, 30,
		grade.TestResult{Name: panicked, Running: true, Panic: "runtime error: index out of range [2] with length 0 at breaker.go:12",
			Output: []string{"panic: runtime error: index out of range [2] with length 0"}},
		// A test cut short by another's panic did not finish: its label
		// keeps saying so.
		grade.TestResult{Name: hung, Running: true})
	v := d.view()
	d.wantView("✗ "+hung+" (never finished)", "panic: runtime error")
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "✗ "+panicked) && strings.Contains(l, "never finished") {
			t.Errorf("a test that panicked is labelled as one that never finished: %q\n%s", strings.TrimSpace(l), v)
		}
	}
}

// At 80 columns a panic's frame in a synctest bubble is too long for one
// line. Its wrapped end ("(bulkhead_test.go:81)") must stay indented under
// the frame, not fall back to the column of the panic line, where it read
// as a line of its own.
func TestAWrappedFrameKeepsItsIndent(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	const frame = "  at 16-context-bulkhead.TestAdmitsUpToThePermits.func1 (bulkhead_test.go:81)"
	d := startFailing(t, 80, 40, grade.TestResult{Name: "TestAdmitsUpToThePermits",
		Panic:  "runtime error: index out of range [2] with length 0 at bulkhead.go:155",
		Output: []string{"panic: runtime error: index out of range [2] with length 0", frame}})
	v := d.view()
	lines := strings.Split(v, "\n")
	for i, l := range lines {
		if !strings.Contains(l, "TestAdmitsUpToThePermits.func1") {
			continue
		}
		at := strings.Index(l, "at 16-context")
		if strings.Contains(l, "(bulkhead_test.go:81)") {
			t.Fatalf("the frame fits on one line at 80 columns; this test needs it to wrap:\n%s", v)
		}
		if i+1 >= len(lines) {
			t.Fatalf("the frame's end is missing:\n%s", v)
		}
		next := lines[i+1]
		if got := len(next) - len(strings.TrimLeft(next, " ")); !strings.Contains(next, "(bulkhead_test.go:81)") || got != at {
			t.Errorf("the frame's wrapped end %q starts at column %d, want %d, under the frame's %q:\n%s", strings.TrimSpace(next), got, at, "at", v)
		}
		return
	}
	t.Fatalf("the view lacks the frame:\n%s", v)
}

// go vet's finding, which stops go test before the tests, is said as
// vet's: the code compiled, and "does not compile" sent the learner
// looking for a compile error go build does not show.
func TestAVetFindingIsNotACompileError(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	const finding = `fmt.Sprintf format %d has arg "x" of wrong type string`
	f := newFake()
	f.script["01-consecutive-breaker"] = grade.Report{Status: grade.BuildFailed, Vet: true,
		Summary:     "compiles, but go vet, which go test runs before the tests, found a mistake: breaker.go:27:28: " + finding,
		BuildErrors: []grade.BuildError{{File: "breaker.go", Line: 27, Col: 28, Message: finding}},
		BuildOutput: []string{"./breaker.go:27:28: " + finding}}
	d := start(t, f, 200, 30)
	d.wantView("✗ VET", "go vet", "01-consecutive-breaker/breaker.go:27:28: "+finding)
	if v := d.view(); strings.Contains(v, "does not compile") || strings.Contains(v, "BUILD") {
		t.Errorf("vet's finding is called a compile error:\n%s", v)
	}
}
