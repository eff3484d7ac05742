package exercises

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The hint under an edited test file's failure gave the command that puts
// the bundled one back and never said that the learner's version is
// copied first, nor where: a learner who had added tests of their own
// there held back, or ran it and thought them lost. It names the folder,
// and the folder is the one the restore copies to.
func TestTheEditedTestsHintNamesTheBackup(t *testing.T) {
	racefree.Only(t) // no goroutine: files written and read, nothing graded
	w := newWorkbook(t)
	e := catalog[0]
	test := filepath.Join(w.ExerciseDir(e), "breaker_test.go")
	write(t, test, strings.Replace(read(t, test), "package ", "// mine\npackage ", 1)+"\nfunc TestMine(t *testing.T) {}\n")
	c := w.ChangedTests(e)
	if len(c.Learners()) != 1 {
		t.Fatalf("ChangedTests = %+v, want breaker_test.go edited", c)
	}
	note := ChangedTestsNote(e, c)
	want := "`breakerlab exercises reset --tests " + e.ID() + " --yes` restores it (yours is copied to the workbook's " +
		filepath.Join(".breakerlab", "backup", e.Name) + " first; your code is kept; " + OwnTestsNote + ")"
	if !strings.Contains(note, want) {
		t.Errorf("the hint lacks where the copy goes:\n got %q\nwant …%q", note, want)
	}
	// The restore puts the learner's file where the hint said.
	b, err := w.RestoreTestsWithBackup(e)
	if err != nil {
		t.Fatal(err)
	}
	if rel, err := filepath.Rel(filepath.Join(w.Dir, BackupFolder(e)), b.Dir); err != nil || strings.HasPrefix(rel, "..") {
		t.Errorf("the copy went to %s, not under the hint's %s", b.Dir, BackupFolder(e))
	}
	if got, err := os.ReadFile(filepath.Join(b.Dir, "breaker_test.go")); err != nil || !strings.Contains(string(got), "TestMine") {
		t.Errorf("the copy in %s does not hold the learner's version: %v", b.Dir, err)
	}
}
