package exercisesui

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/internal/stabledir"
	tea "github.com/charmbracelet/bubbletea"
)

// editedTests is the fake whose checks find a bundled test file edited by
// the learner, as exercises.Result says it (TestsChanged, not
// TestsOutdated: the workbook wrote another version of it).
type editedTests struct{ *fake }

func (b editedTests) Check(ctx context.Context, e exercises.Exercise, progress func(grade.Progress)) exercises.Result {
	r := b.fake.Check(ctx, e, progress)
	r.TestsChanged = true
	return r
}

// With a bundled test file edited, the check's message sends the learner
// to `reset --tests`, which keeps their code: x offers that, not a reset
// of the exercise to its stub, which would set their code aside.
func TestXPutsBackEditedTests(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	d := startOn(t, editedTests{f}, 100, 30)
	d.keys("x")
	d.wantView("Put back the bundled tests of " + d.current() + "?")
	d.keys("y")
	if !slices.Equal(f.restores, []string{d.current()}) || len(f.resets) > 0 {
		t.Fatalf("y restored the tests of %v and reset %v, want the tests of %s restored and nothing reset", f.restores, f.resets, d.current())
	}
}

// putsTheTestsBack is the same on a real workbook, from the edit on, as
// TestVerdictGivesTheRunnersWayOut's check of 01 with its test file edited
// goes on (a go command of its own would cost a second or more of CPU):
// the check says x puts the tests back, x asks that, and y writes the
// bundled test file back and leaves the learner's code (mine) as it is.
// It runs at 100 × 40 in manual mode, as the runner opened on the workbook
// would show it.
func putsTheTestsBack(t *testing.T, d *driver, w *exercises.Workbook, e exercises.Exercise, mine string) {
	t.Helper()
	test := filepath.Join(w.ExerciseDir(e), "breaker_test.go")
	bundled := e.TestFiles()["breaker_test.go"]
	if b, err := os.ReadFile(test); err != nil || string(b) == string(bundled) {
		t.Fatalf("%s's breaker_test.go is not edited (%v)", e.Name, err)
	}
	if r := d.m.results[e.Name]; !strings.Contains(r.Report.Summary, "differs from the bundled one") {
		t.Fatalf("the check of %s with its test edited: %v %q", e.Name, r.Report.Status, r.Report.Summary)
	}
	d.m.opt.Manual = true
	d.send(tea.WindowSizeMsg{Width: 100, Height: 40})
	// The line names where the learner's test goes, as check's hint does
	// (exercises.BackupFolder), and y copies it there.
	if want := "x puts the bundled tests back, yours copied to the workbook's " + exercises.BackupFolder(e) + " first; your code is kept"; !strings.Contains(flowed(d.view()), want) {
		t.Errorf("the view lacks %q:\n%s", want, d.view())
	}
	d.keys("x")
	d.wantView("Put back the bundled tests of " + e.Name + "?")
	d.keys("y")
	if b, err := os.ReadFile(test); err != nil || string(b) != string(bundled) {
		t.Errorf("y did not write breaker_test.go back as bundled (%v)", err)
	}
	if b, err := os.ReadFile(w.MainFile(e)); err != nil || string(b) != mine {
		t.Errorf("y changed the learner's %s (%v)", e.MainFile(), err)
	}
	copies, _ := filepath.Glob(filepath.Join(w.Dir, exercises.BackupFolder(e), "*", "breaker_test.go"))
	if len(copies) != 1 {
		t.Fatalf("the edited breaker_test.go should be copied once under %s, as the line says: %v", exercises.BackupFolder(e), copies)
	}
	if b, err := os.ReadFile(copies[0]); err != nil || !strings.Contains(string(b), "func TestMine") {
		t.Errorf("the copy in %s is not the learner's edited test (%v)", copies[0], err)
	}
}

// With the file the learner edits deleted, x's reset has none of their
// code to copy: its question says it writes the stub back, not that their
// code goes to a backup first, and y makes no backup.
func TestXOnADeletedMainFileSaysItWritesTheStubBack(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand; no go command
	w, err := exercises.Init(filepath.Join(t.TempDir(), "wb"))
	if err != nil {
		t.Fatal(err)
	}
	e := exercises.All()[0]
	if err := w.SetCurrent(e); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(w.MainFile(e)); err != nil {
		t.Fatal(err)
	}
	d := startOn(t, &firstCheckReal{Backend: NewBackend(w, 0)}, 100, 30)
	if r := d.m.results[e.Name]; r.Report.Status != grade.Errored || !r.MainMissing {
		t.Fatalf("the check of %s without %s: %v %q (main missing: %v)", e.Name, e.MainFile(), r.Report.Status, r.Report.Summary, r.MainMissing)
	}
	d.keys("x")
	v := strings.Join(strings.Fields(d.view()), " ")
	if want := "Write the stub of " + e.Name + " back? " + e.MainFile() + " is missing"; !strings.Contains(v, want) {
		t.Errorf("x does not ask %q:\n%s", want, d.view())
	}
	if strings.Contains(v, "backup") {
		t.Errorf("x promises a backup of code that is not there:\n%s", d.view())
	}
	d.keys("y")
	if b, err := os.ReadFile(w.MainFile(e)); err != nil || string(b) != string(e.StubFiles()[e.MainFile()]) {
		t.Errorf("y did not write the stub back (%v)", err)
	}
	if _, err := os.Stat(filepath.Join(w.Dir, ".breakerlab", "backup")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("y made a backup after all (%v), which the question should say", err)
	}
}

// workbookWithWork is a new workbook on exercise id, in a stabledir.Dir so
// that the build cache serves the checks of it, its main file the
// stub with a line of the learner's added: what a test that resets or
// restores files checks is kept.
func workbookWithWork(t *testing.T, id string) (w *exercises.Workbook, e exercises.Exercise, mine string) {
	t.Helper()
	w, err := exercises.Init(filepath.Join(stabledir.Dir(t), "wb"))
	if err != nil {
		t.Fatal(err)
	}
	if e, err = exercises.Lookup(id); err != nil {
		t.Fatal(err)
	}
	if err := w.SetCurrent(e); err != nil {
		t.Fatal(err)
	}
	mine = string(e.StubFiles()[e.MainFile()]) + "\n// my work\n"
	if err := os.WriteFile(w.MainFile(e), []byte(mine), 0o644); err != nil {
		t.Fatal(err)
	}
	return w, e, mine
}
