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
