package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
)

// The runner started inside an exercise's folder (or a folder under it)
// is told that exercise, as check there grades it: it opened exercise 01,
// where the learner left off, while check in 07's folder graded 07. From
// the workbook's own folder it is told none.
func TestTheRunnerIsToldTheExerciseOfItsFolder(t *testing.T) {
	book := filepath.Join(t.TempDir(), exercises.DefaultDir)
	if err := Run([]string{"init", book}, Env{}); err != nil {
		t.Fatal(err)
	}
	seventh := exercises.All()[6]
	sub := filepath.Join(book, seventh.Name, "notes")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ dir, want string }{
		{book, ""},
		{filepath.Join(book, seventh.Name), seventh.Name},
		{sub, seventh.Name},
	} {
		got, called := "", false
		err := Run(nil, Env{Dir: c.dir, Runner: func(_ *exercises.Workbook, opt RunnerOptions) error {
			got, called = opt.Here, true
			return nil
		}})
		if err != nil || !called {
			t.Fatalf("the runner in %s: %v (runner called: %v)", c.dir, err, called)
		}
		if got != c.want {
			t.Errorf("the runner in %s was told the exercise %q, want %q", c.dir, got, c.want)
		}
	}
}
