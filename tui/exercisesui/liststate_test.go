package exercisesui

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/cli"
	"github.com/breakerlab/breakerlab/internal/stabledir"
)

// The runner and `breakerlab exercises list` say the same of each
// exercise, word for word, in each state: pending (never checked, or the
// stub checked and failing), failing, done, done but failing now, done but
// changed since. The runner once marked an exercise
// it had graded and seen fail "✗ failing" while list, counting only
// recorded passes, printed "pending".
func TestRunnerAndListAgree(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	w, err := exercises.Init(filepath.Join(stabledir.Dir(t), exercises.DefaultDir))
	if err != nil {
		t.Fatal(err)
	}
	all := exercises.All()
	// The one that fails is 05, not 04: 04 is graded under -race, and its
	// check took a go command of its own (and the race runtime's link),
	// where 01, 02, 03 and 05 share one.
	done, doneFailing, doneChanged, pending, failing := all[0], all[1], all[2], all[3], all[4]
	// 09, not graded under -race either: the stub, checked, is pending.
	checkedStub := all[8]
	put := func(e exercises.Exercise, files map[string][]byte) {
		t.Helper()
		for name, b := range files {
			if err := os.WriteFile(filepath.Join(w.ExerciseDir(e), name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, e := range []exercises.Exercise{done, doneFailing, doneChanged} {
		put(e, e.SolutionFiles())
	}
	// Begun: a failure of the learner's code is failing.
	begun := failing.StubFiles()
	begun[failing.MainFile()] = append(begun[failing.MainFile()], "\n// begun\n"...)
	put(failing, begun)

	b := NewBackend(w, 0)
	runner := New(b, Options{Manual: true, NoColor: true})
	// The runner's own checks, as they come back to it.
	for _, r := range w.CheckAll(context.Background(), []exercises.Exercise{done, doneFailing, doneChanged, failing, checkedStub}, 2, exercises.CheckOptions{}, nil) {
		if r.Passed() == (r.Exercise.Name == failing.Name || r.Exercise.Name == checkedStub.Name) {
			t.Fatalf("%s: %s", r.Exercise.Name, r.Report.Summary)
		}
		runner.record(r)
	}
	put(doneFailing, doneFailing.StubFiles())
	runner.record(b.Check(context.Background(), doneFailing, nil))
	// Changed and not checked since: only a runner opened now knows.
	main := w.MainFile(doneChanged)
	code, err := os.ReadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(main, append(code, "\n// changed\n"...), 0o644); err != nil {
		t.Fatal(err)
	}

	var out bytes.Buffer
	if err := cli.Run([]string{"list"}, cli.Env{Stdout: &out, Dir: w.Dir}); err != nil {
		t.Fatal(err)
	}
	listed := map[string]string{} // name: status words
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		e, status, err := cli.ParseListLine(line)
		if err != nil {
			t.Fatal(err)
		}
		listed[e.Name] = status
	}
	want := map[string]exercises.Status{
		done.Name: exercises.Done, doneFailing.Name: exercises.DoneFailing, doneChanged.Name: exercises.DoneChanged,
		failing.Name: exercises.Failing, pending.Name: exercises.Pending, checkedStub.Name: exercises.Pending,
	}
	reopened := New(b, Options{Manual: true, NoColor: true})
	for name, st := range want {
		e, _ := exercises.Lookup(name)
		if listed[name] != st.String() {
			t.Errorf("list says %s is %q, want %q", name, listed[name], st)
		}
		if _, word, _ := reopened.stateOf(e); word != listed[name] {
			t.Errorf("%s: a runner opened on the workbook says %q, list %q", name, word, listed[name])
		}
		if name == doneChanged.Name {
			continue // the runner that checked it re-checks on save
		}
		if _, word, _ := runner.stateOf(e); word != listed[name] {
			t.Errorf("%s: the runner that checked it says %q, list %q", name, word, listed[name])
		}
	}
	// Last, as it changes done's test file: the pass, checked above, serves.
	t.Run("an edited test of a done exercise is said one way", func(t *testing.T) {
		editedTestOfADoneExercise(t, w, done)
	})
}
