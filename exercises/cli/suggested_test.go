package cli

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
)

// suggestedRE finds the commands a message tells the learner to run.
var suggestedRE = regexp.MustCompile("`breakerlab exercises ([^`]+)`")

// Every command that check and the runner suggest, in each state of a
// workbook that makes them suggest one, runs as suggested: none stops to
// ask for a flag the suggestion left out.
func TestSuggestedCommandsRunAsSuggested(t *testing.T) {
	e, err := exercises.Lookup("09")
	if err != nil {
		t.Fatal(err)
	}
	testFile := "retry_test.go"
	for _, tc := range []struct {
		name  string
		state func(t *testing.T, w *exercises.Workbook)
	}{
		{"a bundled test file edited", func(t *testing.T, w *exercises.Workbook) {
			appendTo(t, filepath.Join(w.ExerciseDir(e), testFile), editedTest)
		}},
		{"a test file differing, with no record of what was written", func(t *testing.T, w *exercises.Workbook) {
			appendTo(t, filepath.Join(w.ExerciseDir(e), testFile), editedTest)
			if err := os.Remove(filepath.Join(w.Dir, ".breakerlab", "tests.json")); err != nil {
				t.Fatal(err)
			}
		}},
		{"a bundled test file missing", func(t *testing.T, w *exercises.Workbook) {
			remove(t, filepath.Join(w.ExerciseDir(e), testFile))
		}},
		{"the file the learner edits missing", func(t *testing.T, w *exercises.Workbook) {
			remove(t, w.MainFile(e))
		}},
		{"the exercise's folder missing", func(t *testing.T, w *exercises.Workbook) {
			if err := os.RemoveAll(w.ExerciseDir(e)); err != nil {
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := initWorkbook(t)
			w, err := exercises.Open(dir)
			if err != nil {
				t.Fatal(err)
			}
			tc.state(t, w)
			// What check and the runner say: Check's summary, built on
			// ChangedTestsNote when a test file differs. Each state above
			// stops Check before it grades, but the edited ones; for those
			// the note is the whole of what is suggested.
			msg := exercises.ChangedTestsNote(e, w.ChangedTests(e))
			if msg == "" {
				msg = w.Check(context.Background(), e, exercises.CheckOptions{}).Report.Summary
			}
			cmds := suggestedRE.FindAllStringSubmatch(msg, -1)
			if len(cmds) == 0 {
				t.Fatalf("no command suggested in %q", msg)
			}
			for _, c := range cmds {
				if r := do(t, dir, strings.Fields(c[1])...); r.err != nil {
					t.Errorf("the suggested `breakerlab exercises %s` fails: %v\n(suggested in %q)", c[1], r.err, msg)
				}
			}
		})
	}
}

// editedTest is what the tests add to a bundled test file to play a
// learner's edit of it: a line of code, since comments and layout alone do
// not change what the tests check and are no edit (the workbook's
// sameTestCode).
const editedTest = "\nvar _ = 0 // MY NOTE in test\n"

func appendTo(t *testing.T, file, text string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, append(b, text...), 0o644); err != nil {
		t.Fatal(err)
	}
}

func remove(t *testing.T, file string) {
	t.Helper()
	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
}

// check says it is building before the long wait of a first build, rather
// than print nothing until the results.
func TestCheckSaysItIsBuilding(t *testing.T) {
	dir := initWorkbook(t)
	// A missing folder is answered without go test: the line comes first
	// all the same.
	if err := os.RemoveAll(filepath.Join(dir, "09-retry-backoff")); err != nil {
		t.Fatal(err)
	}
	r := do(t, dir, "check", "09")
	if !strings.HasPrefix(r.errOut.String(), "building and running the tests of 09-retry-backoff") {
		t.Fatalf("check 09 said on standard error %q; want it to open with what it is doing", r.errOut.String())
	}
}
