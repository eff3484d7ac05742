package exercises

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A check that finds a bundled test file changed, or the file the learner
// edits gone, gives what is wrong without check's command (Result.Fault),
// for the runner to follow with its own way out (x); the summary, which
// `exercises check` prints, keeps the command.
func TestFaultLeavesOutCheckCommand(t *testing.T) {
	for _, c := range []struct {
		name    string
		file    string
		edit    func(path string) error
		command string // what the summary says and Fault must not
		field   func(Result) bool
	}{
		{"test file edited", "breaker_test.go", func(p string) error {
			return os.WriteFile(p, []byte("package breaker\n"), 0o644)
		}, "`breakerlab exercises reset --tests 01 --yes`", func(r Result) bool { return r.TestsChanged }},
		{"main file missing", "breaker.go", os.Remove,
			"`breakerlab exercises reset 01 --yes`", func(r Result) bool { return r.MainMissing }},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, err := Init(filepath.Join(t.TempDir(), "wb"))
			if err != nil {
				t.Fatal(err)
			}
			e, err := Lookup("01")
			if err != nil {
				t.Fatal(err)
			}
			if err := c.edit(filepath.Join(w.ExerciseDir(e), c.file)); err != nil {
				t.Fatal(err)
			}
			r := w.Check(context.Background(), e, CheckOptions{})
			if !c.field(r) {
				t.Fatalf("the check did not see %s: %+v", c.name, r)
			}
			if !strings.Contains(r.Report.Summary, c.command) {
				t.Errorf("the summary %q should keep check's way out %s", r.Report.Summary, c.command)
			}
			if r.Fault == "" || !strings.Contains(r.Fault, c.file) || strings.Contains(r.Fault, "breakerlab exercises") {
				t.Errorf("Fault = %q, want what is wrong with %s without the command", r.Fault, c.file)
			}
		})
	}
}

// The runner's fault and check's note are one text less the commands:
// taking each command out of the note leaves the fault, so a rewording of
// either part reaches both.
func TestChangedTestsFaultIsTheNoteLessItsCommands(t *testing.T) {
	e, err := Lookup("02")
	if err != nil {
		t.Fatal(err)
	}
	c := TestChanges{Updated: []string{"a_test.go"}, Edited: []string{"b_test.go"}, Unknown: []string{"c_test.go"}}
	note := ChangedTestsNote(e, c)
	parts := changedTestsParts(e, c)
	if len(parts) != 3 {
		t.Fatalf("%d parts for updated, edited and unknown files, want 3", len(parts))
	}
	for _, p := range parts {
		if !strings.Contains(p.way, "`breakerlab exercises reset") || strings.Contains(p.fault, "breakerlab") {
			t.Errorf("part %+v: the command should be all in way", p)
		}
		note = strings.Replace(note, "; "+p.way, "", 1)
	}
	if fault := changedTestsFault(e, c); note != fault {
		t.Errorf("the note less its commands:\n%q\nthe fault:\n%q", note, fault)
	}
}
