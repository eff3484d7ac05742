package exercises

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// overlayFS is the embedded catalog with some of its files replaced.
type overlayFS struct {
	fs.FS
	files fstest.MapFS
}

func (o overlayFS) Open(name string) (fs.File, error) {
	if _, ok := o.files[name]; ok {
		return o.files.Open(name)
	}
	return o.FS.Open(name)
}

// updateCatalog plays a newer breakerlab whose bundled test of e gained a
// test, for the rest of t.
func updateCatalog(t *testing.T, e Exercise) {
	t.Helper()
	old := catalogFS
	t.Cleanup(func() { catalogFS = old })
	name := ""
	for n := range e.TestFiles() {
		name = n
	}
	b := append(e.TestFiles()[name], "\nfunc TestAddedLater(t *testing.T) {}\n"...)
	catalogFS = overlayFS{old, fstest.MapFS{path.Join(catalogRoot, e.Name, "test", name): {Data: b}}}
}

func checkSummary(t *testing.T, w *Workbook, e Exercise, kept keptChecks) string {
	t.Helper()
	r := kept.check(e, CheckOptions{})
	if r.Passed() || w.Done(e) {
		t.Fatalf("a check with a test file that differs from the bundled one passed: %s", r.Report.Summary)
	}
	return r.Report.Summary
}

// The bundled tests changed after the workbook was made, and the learner
// did not touch theirs: the check says the tests were updated, not that
// the learner edited them, and reset --tests brings the new ones.
func TestCheckAfterACatalogUpdate(t *testing.T) {
	needGo(t)
	w := newWorkbook(t)
	kept := keptBinaries(t, w)
	e := catalog[1]
	updateCatalog(t, e)
	c := w.ChangedTests(e)
	if strings.Join(c.Updated, " ") != "breaker_test.go" || len(c.Learners()) != 0 {
		t.Fatalf("ChangedTests = %+v, want breaker_test.go updated", c)
	}
	got := checkSummary(t, w, e, kept)
	want := "the bundled tests of 02 were updated since this workbook was made (your breaker_test.go is as the workbook wrote it), " +
		"so this check cannot pass with the old ones; `breakerlab exercises reset 02 --tests` brings the new ones and keeps your code. With the old tests: "
	if !strings.HasPrefix(got, want) || strings.Contains(got, "differs") {
		t.Fatalf("check after a catalog update:\n got %q\nwant %q…", got, want)
	}

	writeFiles(w.ExerciseDir(e), map[string][]byte{"breaker.go": []byte("package ratebreaker\n\n// my attempt\n")})
	if _, err := w.RestoreTestsWithBackup(e); err != nil {
		t.Fatal(err)
	}
	if c := w.ChangedTests(e); c.Any() {
		t.Fatalf("after reset --tests, ChangedTests = %+v", c)
	}
	if !strings.Contains(read(t, w.MainFile(e)), "my attempt") {
		t.Fatal("reset --tests touched the learner's code")
	}
}

// The learner edited the test file: the check says so, as it always has,
// whether or not the catalog changed too.
func TestCheckAfterEditingTheTestFile(t *testing.T) {
	needGo(t)
	w := newWorkbook(t)
	kept := keptBinaries(t, w)
	e := catalog[1]
	test := filepath.Join(w.ExerciseDir(e), "breaker_test.go")
	write(t, test, read(t, test)+"// MY NOTE\n")
	updateCatalog(t, e)
	if c := w.ChangedTests(e); strings.Join(c.Edited, " ") != "breaker_test.go" || len(c.Updated)+len(c.Unknown) != 0 {
		t.Fatalf("ChangedTests = %+v, want breaker_test.go edited", c)
	}
	got := checkSummary(t, w, e, kept)
	want := "your breaker_test.go differs from the bundled one, so this check cannot pass; " +
		"`breakerlab exercises reset --tests 02 --yes` restores it (yours is copied to the workbook's " + BackupFolder(e) + " first; your code is kept; tests of your own can go in a _test.go file of their own). With your version: "
	if !strings.HasPrefix(got, want) {
		t.Fatalf("check after editing the test:\n got %q\nwant %q…", got, want)
	}
}

// A workbook made before the record was kept cannot tell: the check says
// either may be the case. Restoring the tests starts the record.
func TestCheckWithNoRecordOfTheTests(t *testing.T) {
	needGo(t)
	w := newWorkbook(t)
	kept := keptBinaries(t, w)
	e := catalog[2]
	if err := os.Remove(w.testsRecordPath()); err != nil {
		t.Fatal(err)
	}
	updateCatalog(t, e)
	if c := w.ChangedTests(e); strings.Join(c.Unknown, " ") != "breaker_test.go" || len(c.Updated)+len(c.Edited) != 0 {
		t.Fatalf("ChangedTests = %+v, want breaker_test.go unknown", c)
	}
	got := checkSummary(t, w, e, kept)
	want := "your breaker_test.go differs from the bundled one (edited, or the bundled tests changed since this workbook was made), " +
		"so this check cannot pass; `breakerlab exercises reset --tests 03 --yes` restores it (yours is copied to the workbook's " + BackupFolder(e) + " first; your code is kept"
	if !strings.HasPrefix(got, want) {
		t.Fatalf("check with no record:\n got %q\nwant %q…", got, want)
	}

	if err := w.RestoreTests(e); err != nil {
		t.Fatal(err)
	}
	r := loadTestsRecord(w.testsRecordPath())
	if r.Written[testKey(e, "breaker_test.go")] != testHash(e.TestFiles()["breaker_test.go"]) {
		t.Fatalf("reset --tests did not record what it wrote: %v", r.Written)
	}
}

// Init records every bundled test it writes; Reset records the tests anew.
func TestTheRecordFollowsWhatWasWritten(t *testing.T) {
	w := newWorkbook(t)
	r := loadTestsRecord(w.testsRecordPath())
	for _, e := range All() {
		for name, b := range e.TestFiles() {
			if r.Written[testKey(e, name)] != testHash(b) {
				t.Errorf("Init did not record %s/%s", e.Name, name)
			}
		}
	}
	e := catalog[0]
	updateCatalog(t, e)
	if _, err := w.ResetWithBackup(e); err != nil {
		t.Fatal(err)
	}
	if c := w.ChangedTests(e); c.Any() {
		t.Fatalf("after a reset, ChangedTests = %+v", c)
	}
	// CRLF line endings from an editor are not an edit.
	test := filepath.Join(w.ExerciseDir(e), "breaker_test.go")
	write(t, test, strings.ReplaceAll(read(t, test), "\n", "\r\n"))
	if c := w.ChangedTests(e); c.Any() {
		t.Fatalf("CRLF line endings count as a change: %+v", c)
	}
}
