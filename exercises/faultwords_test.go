package exercises

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/stabledir"
)

// A check that finds its folder renamed or gone, a bundled test file
// changed, or the file the learner edits gone, gives what is wrong without
// check's way out (Result.Fault), for the runner to follow with its own
// (x, r); the summary, which `exercises check` prints, keeps check's.
func TestFaultLeavesOutCheckCommand(t *testing.T) {
	writeHelper := func(pkg string) func(*Workbook, Exercise) error {
		return func(w *Workbook, e Exercise) error {
			if err := os.Remove(w.MainFile(e)); err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(w.ExerciseDir(e), "helper.go"), []byte("package "+pkg+"\n\nfunc helper() int { return 1 }\n"), 0o644)
		}
	}
	editTest := func(w *Workbook, e Exercise) error {
		return os.WriteFile(filepath.Join(w.ExerciseDir(e), "breaker_test.go"), []byte("package breaker\n"), 0o644)
	}
	for _, c := range []struct {
		name  string
		edit  func(w *Workbook, e Exercise) error
		fault string // what Fault and the summary both say
		way   string // what the summary says and Fault must not
		field func(Result) bool
	}{
		{"test file edited", editTest,
			"your breaker_test.go differs", "`breakerlab exercises reset --tests 01 --yes`",
			func(r Result) bool { return r.TestsChanged }},
		{"main file missing", func(w *Workbook, e Exercise) error { return os.Remove(w.MainFile(e)) },
			"breaker.go, the file you edit, is missing", "`breakerlab exercises reset 01 --yes`",
			func(r Result) bool { return r.MainMissing && !r.BuiltWithoutMain }},
		{"folder renamed", func(w *Workbook, e Exercise) error {
			return os.Rename(w.ExerciseDir(e), filepath.Join(w.Dir, "mine01"))
		}, "the folder 01-consecutive-breaker is missing, and mine01 holds its package breaker (renamed?)",
			"rename mine01 back to 01-consecutive-breaker, and check again",
			func(r Result) bool { return r.FolderMissing && r.MainMissing && r.RenamedTo == "mine01" }},
		{"folder gone", func(w *Workbook, e Exercise) error { return os.RemoveAll(w.ExerciseDir(e)) },
			"the folder 01-consecutive-breaker is missing (renamed or deleted?)",
			"rename it back, or `breakerlab exercises reset 01 --yes` writes a fresh stub",
			func(r Result) bool { return r.FolderMissing && r.RenamedTo == "" }},
		// Another Go file of the learner's keeps the check going to the
		// build, which fails without the main file: with the compiler's
		// errors tied to lines, and without (a package clause changed).
		{"built without the main file", writeHelper("breaker"),
			"breaker.go, the file you edit, is missing", "`breakerlab exercises reset 01 --yes`",
			func(r Result) bool { return r.BuiltWithoutMain && !r.MainMissing && !r.TestsChanged }},
		{"built without the main file, no line", writeHelper("other"),
			"(helper.go) in ", "`breakerlab exercises reset 01 --yes`",
			func(r Result) bool { return r.BuiltWithoutMain && len(r.Report.BuildErrors) == 0 }},
		// The changed tests' fault quotes the report of the build, whose
		// own way out must go too.
		{"built without the main file, test file edited", func(w *Workbook, e Exercise) error {
			if err := writeHelper("breaker")(w, e); err != nil {
				return err
			}
			test := filepath.Join(w.ExerciseDir(e), "breaker_test.go")
			b, err := os.ReadFile(test)
			if err != nil {
				return err
			}
			return os.WriteFile(test, []byte(strings.Replace(string(b), "func Test", "func TestMine", 1)), 0o644)
		}, "breaker.go, the file you edit, is missing", "`breakerlab exercises reset 01 --yes`",
			func(r Result) bool { return r.BuiltWithoutMain && r.TestsChanged }},
	} {
		t.Run(c.name, func(t *testing.T) {
			// At the same path each run (stabledir): the build cache
			// serves what the check compiles.
			w, err := Init(filepath.Join(stabledir.Dir(t), "wb"))
			if err != nil {
				t.Fatal(err)
			}
			e, err := Lookup("01")
			if err != nil {
				t.Fatal(err)
			}
			kept := keptBinaries(t, w)
			if err := c.edit(w, e); err != nil {
				t.Fatal(err)
			}
			r := kept.check(e, CheckOptions{})
			if !c.field(r) {
				t.Fatalf("the check did not see %s: %+v", c.name, r)
			}
			if !strings.Contains(r.Report.Summary, c.fault) || !strings.Contains(r.Report.Summary, c.way) {
				t.Errorf("the summary %q should say %q and keep check's way out %q", r.Report.Summary, c.fault, c.way)
			}
			if !strings.Contains(r.Fault, c.fault) || strings.Contains(r.Fault, "breakerlab exercises") || strings.Contains(r.Fault, "check again") {
				t.Errorf("Fault = %q, want %q without check's way out", r.Fault, c.fault)
			}
			// The runner says the changed tests before a report it gives
			// in its own words (a build's errors at their lines): the
			// fault's start, up to the report it quotes.
			lead := r.ChangedTestsFault
			if r.TestsChanged != (lead != "") || !strings.HasPrefix(r.Fault, lead) ||
				r.TestsChanged && (!strings.Contains(lead, "differs") || !strings.HasSuffix(lead, "With your version: ")) {
				t.Errorf("ChangedTestsFault = %q, want the start of Fault %q up to the report, when and only when the tests changed", lead, r.Fault)
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
