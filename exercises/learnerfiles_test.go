package exercises

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises/grade"
)

func needGo(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs go test")
	}
}

func write(t *testing.T, path, body string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// Reset replaces the stub, the tests and the README; whatever of those the
// learner changed is in the backup, and what they did not change is not.
func TestResetBacksUpEveryFileItReplaces(t *testing.T) {
	w := newWorkbook(t)
	e := catalog[0]
	dir := w.ExerciseDir(e)
	test := filepath.Join(dir, "breaker_test.go")
	write(t, test, read(t, test)+"// MY NOTE in test\n")
	write(t, filepath.Join(dir, "README.md"), e.README()+"my notes\n")
	write(t, w.MainFile(e), "package breaker\n\n// my attempt\n")

	b, err := w.ResetWithBackup(e)
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(b.Files, " "); got != "README.md breaker.go breaker_test.go" {
		t.Fatalf("backed up %q, want README.md breaker.go breaker_test.go", got)
	}
	for name, want := range map[string]string{"breaker_test.go": "MY NOTE", "README.md": "my notes", "breaker.go": "my attempt"} {
		if got := read(t, filepath.Join(b.Dir, name)); !strings.Contains(got, want) {
			t.Errorf("the backup's %s lacks %q", name, want)
		}
		if got := read(t, filepath.Join(dir, name)); strings.Contains(got, want) {
			t.Errorf("Reset left %s as the learner had it", name)
		}
	}

	// Nothing changed since: nothing to back up, and no empty folder.
	if b, err := w.ResetWithBackup(e); err != nil || b.Dir != "" || len(b.Files) != 0 {
		t.Fatalf("a second reset backed up %v in %q (%v)", b.Files, b.Dir, err)
	}
	// Only the changed file, in a folder of its own even in the same millisecond.
	write(t, test, "package breaker\n")
	b2, err := w.ResetWithBackup(e)
	if err != nil || strings.Join(b2.Files, " ") != "breaker_test.go" || b2.Dir == b.Dir {
		t.Fatalf("reset after editing the test: %v in %q (%v)", b2.Files, b2.Dir, err)
	}
}

func TestRestoreTestsBacksUpAnEditedTest(t *testing.T) {
	w := newWorkbook(t)
	e := catalog[0]
	test := filepath.Join(w.ExerciseDir(e), "breaker_test.go")
	write(t, test, read(t, test)+"func TestMine(t *testing.T) {}\n")
	if got := w.EditedTests(e); strings.Join(got, " ") != "breaker_test.go" {
		t.Fatalf("EditedTests = %q", got)
	}
	b, err := w.RestoreTestsWithBackup(e)
	if err != nil || strings.Join(b.Files, " ") != "breaker_test.go" {
		t.Fatalf("RestoreTests backed up %v (%v)", b.Files, err)
	}
	if !strings.Contains(read(t, filepath.Join(b.Dir, "breaker_test.go")), "TestMine") {
		t.Fatal("the backup lacks the learner's test")
	}
	if len(w.EditedTests(e)) != 0 {
		t.Fatal("RestoreTests did not put the bundled test back")
	}
}

func TestWriteSolutionKeepsAChangedCopy(t *testing.T) {
	w := newWorkbook(t)
	e := catalog[0]
	dir, _, err := w.WriteSolutionWithBackup(e)
	if err != nil {
		t.Fatal(err)
	}
	sol := filepath.Join(dir, e.MainFile())
	write(t, sol, read(t, sol)+"// my annotation\n")
	_, b, err := w.WriteSolutionWithBackup(e)
	if err != nil || strings.Join(b.Files, " ") != e.MainFile() {
		t.Fatalf("writing the solution again backed up %v (%v)", b.Files, err)
	}
	if !strings.Contains(read(t, filepath.Join(b.Dir, e.MainFile())), "my annotation") {
		t.Fatal("the annotated solution was lost")
	}
	if _, b, err := w.WriteSolutionWithBackup(e); err != nil || b.Dir != "" {
		t.Fatalf("an unchanged solution was backed up: %v %v", b, err)
	}
}

// A test file the learner edited grades their version, not the exercise:
// it cannot pass or be marked done. A test file of their own next to the
// bundled one is fine.
func TestCheckWithAnEditedTestIsNotDone(t *testing.T) {
	needGo(t)
	w := newWorkbook(t)
	kept := keptBinaries(t, w)
	e := catalog[0]
	dir := w.ExerciseDir(e)
	write(t, filepath.Join(dir, "breaker_test.go"), "package breaker\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) {}\n")
	r := kept.check(e, CheckOptions{})
	if r.Passed() || w.Done(e) ||
		!strings.Contains(r.Report.Summary, "your breaker_test.go differs from the bundled one") ||
		!strings.Contains(r.Report.Summary, "`breakerlab exercises reset --tests 01 --yes` restores it (yours is copied to the workbook's "+BackupFolder(e)+" first; your code is kept") {
		t.Fatalf("check with an emptied test file: passed %v, done %v, %q", r.Passed(), w.Done(e), r.Report.Summary)
	}
	// Once the learner changed a file, the check no longer says the
	// exercise is untouched (the runner stops putting the task first).
	// TestCheckSaysWhetherTheStubIsUntouched asked this of a check of
	// its own.
	if r.Untouched {
		t.Error("checking an exercise with an edited test says it is untouched")
	}
	// That a test file of the learner's own next to the bundled one is
	// fine, TestCheckRecordsProgressAndReportsItsPhases checks with its
	// check of the solution (a go command fewer).
}

// A renamed exercise folder is named as such, with the folder that holds
// its package; restoring the tests alone would make a second folder.
func TestCheckMissingFolder(t *testing.T) {
	w := newWorkbook(t)
	e := catalog[1]
	renamed := filepath.Join(w.Dir, "02-renamed")
	if err := os.Rename(w.ExerciseDir(e), renamed); err != nil {
		t.Fatal(err)
	}
	r := w.Check(context.Background(), e, CheckOptions{})
	if r.Passed() || !strings.Contains(r.Report.Summary, "the folder 02-rate-window-breaker is missing") ||
		!strings.Contains(r.Report.Summary, "rename 02-renamed back to 02-rate-window-breaker") ||
		strings.Contains(r.Report.Summary, "reset --tests") {
		t.Fatalf("check with the folder renamed: %v %q", r.Report.Status, r.Report.Summary)
	}
	if err := w.RestoreTests(e); err == nil || !strings.Contains(err.Error(), "is missing") {
		t.Fatalf("RestoreTests with the folder renamed = %v, want a refusal", err)
	}
	if _, err := os.Stat(w.ExerciseDir(e)); err == nil {
		t.Fatal("RestoreTests made a folder holding only the tests")
	}

	os.RemoveAll(renamed)
	r = w.Check(context.Background(), e, CheckOptions{})
	if !strings.Contains(r.Report.Summary, "the folder 02-rate-window-breaker is missing (renamed or deleted?)") ||
		!strings.Contains(r.Report.Summary, "`breakerlab exercises reset 02 --yes`") {
		t.Fatalf("check with the folder deleted: %q", r.Report.Summary)
	}
}

func TestCheckMissingMainFile(t *testing.T) {
	w := newWorkbook(t)
	e := catalog[0]
	os.Remove(w.MainFile(e))
	r := w.Check(context.Background(), e, CheckOptions{})
	want := "breaker.go, the file you edit, is missing; `breakerlab exercises reset 01 --yes` writes the stub again"
	if r.Passed() || r.Report.Summary != want {
		t.Fatalf("check with breaker.go deleted: %v %q\nwant %q", r.Report.Status, r.Report.Summary, want)
	}
}

// A file the workbook gave to build on (03's window.go, 12's policies.go),
// deleted, is said as such with the way back, not left to the compiler,
// whose "undefined" errors would send the learner to write it; and
// reset --tests puts it back without touching the learner's code.
func TestCheckMissingGivenFile(t *testing.T) {
	for _, tc := range []struct{ id, given, want string }{
		{"03", "window.go", "window.go, a file the workbook gave you (not for you to edit), is missing; `breakerlab exercises reset --tests 03` writes it back (your code is kept)"},
		{"12", "policies.go", "policies.go, a file the workbook gave you (not for you to edit), is missing; `breakerlab exercises reset --tests 12` writes it back (your code is kept)"},
	} {
		w := newWorkbook(t)
		e, err := Lookup(tc.id)
		if err != nil {
			t.Fatal(err)
		}
		mine := read(t, w.MainFile(e)) + "\n// my work\n"
		write(t, w.MainFile(e), mine)
		if err := os.Remove(filepath.Join(w.ExerciseDir(e), tc.given)); err != nil {
			t.Fatal(err)
		}
		r := w.Check(context.Background(), e, CheckOptions{})
		if r.Passed() || r.Report.Summary != tc.want {
			t.Fatalf("%s: check with %s deleted: %v %q\nwant %q", tc.id, tc.given, r.Report.Status, r.Report.Summary, tc.want)
		}
		if err := w.RestoreTests(e); err != nil {
			t.Fatal(err)
		}
		if got := read(t, filepath.Join(w.ExerciseDir(e), tc.given)); got != string(e.StubFiles()[tc.given]) {
			t.Errorf("%s: reset --tests did not write %s back as given", tc.id, tc.given)
		}
		if got := read(t, w.MainFile(e)); got != mine {
			t.Errorf("%s: reset --tests changed the learner's %s", tc.id, e.MainFile())
		}
	}
}

// A given file whose code the learner moved into a file of their own is
// not missing: writing it back would declare everything twice.
func TestGivenFileMovedIsNotMissing(t *testing.T) {
	w := newWorkbook(t)
	e, err := Lookup("03")
	if err != nil {
		t.Fatal(err)
	}
	dir := w.ExerciseDir(e)
	if err := os.Rename(filepath.Join(dir, "window.go"), filepath.Join(dir, "ring.go")); err != nil {
		t.Fatal(err)
	}
	if gone := w.MissingGivenFiles(e); len(gone) != 0 {
		t.Fatalf("window.go's code is in ring.go, yet MissingGivenFiles = %v", gone)
	}
	if err := w.RestoreTests(e); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "window.go")); err == nil {
		t.Fatal("reset --tests wrote window.go back beside ring.go, which declares the same names")
	}
}

// A file renamed by the learner still compiles, and is graded.
func TestCheckRenamedMainFileIsGraded(t *testing.T) {
	needGo(t)
	w := newWorkbook(t)
	kept := keptBinaries(t, w)
	e := catalog[0]
	if err := os.Rename(w.MainFile(e), filepath.Join(w.ExerciseDir(e), "mybreaker.go")); err != nil {
		t.Fatal(err)
	}
	r := kept.check(e, CheckOptions{})
	if r.Report.Status != grade.Failed || strings.Contains(r.Report.Summary, "missing") {
		t.Fatalf("check with the stub renamed: %v %q", r.Report.Status, r.Report.Summary)
	}
}

// A panic cuts the run short; the summary counts every test of the
// exercise, not only those that started.
func TestCheckPanicCountsEveryTest(t *testing.T) {
	needGo(t)
	w := newWorkbook(t)
	e := catalog[0]
	sol := string(e.SolutionFiles()[e.MainFile()])
	broken := strings.Replace(sol, "b.failures++\n", "b.failures++\n\t\tvar m map[string]int\n\t\tm[\"x\"] = b.failures\n", 1)
	if broken == sol {
		t.Fatal("the solution no longer has the line the panic goes after")
	}
	write(t, w.MainFile(e), broken)
	r := w.Check(context.Background(), e, CheckOptions{})
	// TestUsesTheInjectedClock is the first test to record a failure.
	want := "2 of 16 tests pass; a panic in TestUsesTheInjectedClock stopped the other 13: assignment to entry in nil map at breaker.go:91"
	if r.Report.Summary != want {
		t.Fatalf("summary %q\nwant %q\n%s", r.Report.Summary, want, r.Report.Text())
	}
}
