package exercises

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/internal/stabledir"
)

// newWorkbook makes a workbook in a folder at the same path each run
// (stabledir), so that the build cache serves what the checks of its
// exercises compile and vet.
func newWorkbook(t *testing.T) *Workbook {
	t.Helper()
	w, err := Init(filepath.Join(stabledir.Dir(t), "wb"))
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// keptChecks checks the exercises of a workbook keeping their test
// binaries (CheckOptions.KeepBinaries) from one run of the test to the
// next, by the code they were linked from (stabledir.Binaries): a check of
// code the last run checked finds its binary up to date and skips the
// link, some 0.45 s of a check's 0.9 s of CPU (0.65 of 1.3 with -race).
// It is for tests whose subject is not how the go command is run: the
// report is the one a learner's check, which links every time, gives.
// TestCheckPanicCountsEveryTest, among others, checks as the learner does.
type keptChecks struct {
	w    *Workbook
	bins *stabledir.Binaries
}

// keptBinaries returns the keptChecks of w, a workbook newWorkbook made.
func keptBinaries(t *testing.T, w *Workbook) keptChecks {
	t.Helper()
	return keptChecks{w, stabledir.KeepBinaries(t, filepath.Dir(w.Dir))}
}

// check is w.Check(e, opt) keeping the test binaries.
func (k keptChecks) check(e Exercise, opt CheckOptions) Result {
	opt.KeepBinaries = true
	var r Result
	k.bins.Around(k.w.Dir, stateDir, filepath.Join(k.w.Dir, stateDir, "bin"), func() {
		r = k.w.Check(context.Background(), e, opt)
	})
	return r
}

func TestInitWritesAModule(t *testing.T) {
	w := newWorkbook(t)
	gomod, err := os.ReadFile(filepath.Join(w.Dir, "go.mod"))
	if err != nil || !strings.Contains(string(gomod), "module "+ModulePath) {
		t.Fatalf("go.mod = %q, %v", gomod, err)
	}
	for _, e := range All() {
		for name := range e.StubFiles() {
			if _, err := os.Stat(filepath.Join(w.ExerciseDir(e), name)); err != nil {
				t.Errorf("%s: stub %s missing: %v", e.Name, name, err)
			}
		}
		if len(w.MissingTests(e)) != 0 {
			t.Errorf("%s: tests missing: %v", e.Name, w.MissingTests(e))
		}
		if _, err := os.Stat(filepath.Join(w.ExerciseDir(e), "README.md")); err != nil {
			t.Errorf("%s: README missing", e.Name)
		}
		if _, err := os.Stat(w.SolutionDir(e)); err == nil {
			t.Errorf("%s: a solution was written before anyone asked", e.Name)
		}
	}
	if w.ProgressLost() != nil {
		t.Errorf("ProgressLost() = %v for a new workbook, want nil: it starts with a progress file", w.ProgressLost())
	}
	os.Remove(w.progressPath())
	if again, _ := Open(w.Dir); !errors.Is(again.ProgressLost(), ErrNoProgress) {
		t.Errorf("ProgressLost() = %v after deleting the file, want ErrNoProgress", again.ProgressLost())
	}
	leftovers, _ := filepath.Glob(filepath.Join(filepath.Dir(w.Dir), ".wb.tmp-*"))
	if len(leftovers) > 0 {
		t.Errorf("Init left temporary folders behind: %v", leftovers)
	}
}

func TestInitNeverOverwrites(t *testing.T) {
	w := newWorkbook(t)
	main := w.MainFile(catalog[0])
	if err := os.WriteFile(main, []byte("package breaker\n// my work\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Init(w.Dir)
	if !errors.Is(err, ErrExists) || !strings.Contains(err.Error(), "already holds a workbook") {
		t.Fatalf("Init over a workbook = %v, want ErrExists naming the workbook", err)
	}
	if b, _ := os.ReadFile(main); !strings.Contains(string(b), "my work") {
		t.Fatal("Init over an existing workbook changed the learner's file")
	}
	other := t.TempDir()
	os.WriteFile(filepath.Join(other, "notes.txt"), []byte("mine"), 0o644)
	if _, err := Init(other); !errors.Is(err, ErrExists) {
		t.Fatalf("Init into a non-empty folder = %v, want ErrExists", err)
	}
	if entries, _ := os.ReadDir(other); len(entries) != 1 {
		t.Fatalf("Init into a non-empty folder wrote files: %d entries", len(entries))
	}
	empty := t.TempDir()
	if _, err := Init(empty); err != nil {
		t.Fatalf("Init into an empty folder = %v, want it to work", err)
	}
}

func TestFindWalksUp(t *testing.T) {
	w := newWorkbook(t)
	got, err := Find(w.ExerciseDir(catalog[3]))
	if err != nil || got.Dir != w.Dir {
		t.Fatalf("Find from an exercise folder = %v, %v; want %s", got, err, w.Dir)
	}
	if _, err := Find(t.TempDir()); !errors.Is(err, ErrNotWorkbook) || !strings.Contains(err.Error(), "exercises init") {
		t.Fatalf("Find outside a workbook = %v, want ErrNotWorkbook suggesting init", err)
	}
}

func TestLookup(t *testing.T) {
	for _, id := range []string{"1", "01", "01-consecutive-breaker", "consecutive-breaker", " 1 ", "01-consecutive-breaker/"} {
		e, err := Lookup(id)
		if err != nil || e.Number != 1 {
			t.Errorf("Lookup(%q) = %v, %v; want exercise 1", id, e.Name, err)
		}
	}
	if e, err := Lookup("12"); err != nil || e.Name != "12-composition" {
		t.Errorf("Lookup(12) = %v, %v", e.Name, err)
	}
	if e, err := Lookup("15"); err != nil || e.Name != "15-tenant-bulkhead" {
		t.Errorf("Lookup(15) = %v, %v", e.Name, err)
	}
	past := strconv.Itoa(len(catalog) + 1)
	for _, id := range []string{"0", past, "breaker", "", "-1"} {
		_, err := Lookup(id)
		if !errors.Is(err, ErrUnknownExercise) || !strings.Contains(err.Error(), "from 1 to "+strconv.Itoa(len(catalog))) {
			t.Errorf("Lookup(%q) = %v, want ErrUnknownExercise saying what is allowed", id, err)
		}
	}
}

func TestHints(t *testing.T) {
	for _, e := range All() {
		for i, h := range e.Hints() {
			if strings.Contains(h, "\n---\n") || strings.TrimSpace(h) != h || h == "" {
				t.Errorf("%s: hint %d is badly split: %q", e.Name, i+1, h)
			}
		}
	}
}

func TestResetKeepsABackup(t *testing.T) {
	w := newWorkbook(t)
	e := catalog[0]
	main := w.MainFile(e)
	mine := []byte("package breaker\n\n// my attempt\n")
	os.WriteFile(main, mine, 0o644)
	extra := filepath.Join(w.ExerciseDir(e), "notes_test.go")
	os.WriteFile(extra, []byte("package breaker\n"), 0o644)
	os.Remove(filepath.Join(w.ExerciseDir(e), "breaker_test.go"))

	backup, err := w.Reset(e)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(main); string(b) != string(e.StubFiles()[e.MainFile()]) {
		t.Fatal("Reset did not put the stub back")
	}
	if b, err := os.ReadFile(filepath.Join(backup, e.MainFile())); err != nil || string(b) != string(mine) {
		t.Fatalf("the backup holds %q, %v; want the learner's file", b, err)
	}
	// A Go file the learner added would be compiled with the stub: it is
	// moved into the backup too, nothing lost (findings 5).
	if _, err := os.Stat(extra); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("a Go file the learner added is still in the exercise after Reset (%v)", err)
	}
	if b, err := os.ReadFile(filepath.Join(backup, "notes_test.go")); err != nil || string(b) != "package breaker\n" {
		t.Fatalf("the backup holds %q, %v; want the file the learner added", b, err)
	}
	if m := w.MissingTests(e); len(m) != 0 {
		t.Fatalf("Reset did not restore the tests: %v missing", m)
	}
}

// After a reset the exercise compiles again, whatever Go files the learner
// had added: a helper of another package, one defining what the stub
// defines (findings 5). Non-Go files stay where they are.
func TestResetMovesAddedGoFilesAway(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	w := newWorkbook(t)
	kept := keptBinaries(t, w)
	e := catalog[2] // 03-slow-calls, where the finding was seen
	dir := w.ExerciseDir(e)
	added := map[string]string{
		"helpers.go":   "package slowcalls\n",               // another package
		"breaker2.go":  string(e.StubFiles()[e.MainFile()]), // everything the stub defines, again
		"mine_test.go": "package " + e.Package + "\n",
	}
	for name, body := range added {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("my notes\n"), 0o644)
	if r := kept.check(e, CheckOptions{}); r.Report.Status != grade.BuildFailed {
		t.Fatalf("before the reset: %v %q, want a build failure (else the test proves nothing)", r.Report.Status, r.Report.Summary)
	}
	b, err := w.ResetWithBackup(e)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"breaker2.go", "helpers.go", "mine_test.go"}; strings.Join(b.Moved, " ") != strings.Join(want, " ") || b.Dir == "" {
		t.Fatalf("Moved = %q into %q, want %q", b.Moved, b.Dir, want)
	}
	for name, body := range added {
		if got, err := os.ReadFile(filepath.Join(b.Dir, name)); err != nil || string(got) != body {
			t.Errorf("the backup's %s holds %q (%v), want the learner's file", name, got, err)
		}
		if _, err := os.Stat(filepath.Join(dir, name)); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s is still in the exercise after the reset (%v)", name, err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "notes.txt")); err != nil {
		t.Errorf("the reset moved a file that is not Go: %v", err)
	}
	if r := kept.check(e, CheckOptions{}); r.Report.Status != grade.Failed {
		t.Fatalf("after the reset: %v %q, want the stub compiling and failing its tests", r.Report.Status, r.Report.Summary)
	}
}

// A check says whether the learner has started on an exercise: its Go
// files are the stub and the bundled tests as written (CRLF line endings
// aside), or not. The runner puts the task first only before they start.
func TestCheckSaysWhetherTheStubIsUntouched(t *testing.T) {
	racefree.Only(t) // no goroutine: files written and compared, nothing graded
	w := newWorkbook(t)
	e := catalog[0]
	if !w.untouched(e) {
		t.Fatal("a new workbook's exercise is not untouched")
	}
	main := w.MainFile(e)
	stub := e.StubFiles()[e.MainFile()]
	os.WriteFile(main, bytes.ReplaceAll(stub, []byte("\n"), []byte("\r\n")), 0o644)
	if !w.untouched(e) {
		t.Fatal("the stub saved with CRLF counts as started")
	}
	os.WriteFile(main, append(stub, "// started\n"...), 0o644)
	if w.untouched(e) {
		t.Fatal("an edited stub counts as untouched")
	}
	os.WriteFile(main, stub, 0o644)
	extra := filepath.Join(w.ExerciseDir(e), "helpers.go")
	os.WriteFile(extra, []byte("package breaker\n"), 0o644)
	if w.untouched(e) {
		t.Fatal("a stub with a Go file added counts as untouched")
	}
	os.Remove(extra)
	// A check's Result.Untouched is this same w.untouched: a check of
	// the stub says it is untouched (TestCheckRecordsProgressAndReportsItsPhases,
	// which checks the stub of this exercise anyway), and one of an
	// exercise the learner changed says it is not
	// (TestCheckWithAnEditedTestIsNotDone), with no go command here.
}

func TestRestoreTestsKeepsCode(t *testing.T) {
	w := newWorkbook(t)
	e := catalog[1]
	main := w.MainFile(e)
	os.WriteFile(main, []byte("package ratebreaker\n// mine\n"), 0o644)
	for name := range e.TestFiles() {
		os.Remove(filepath.Join(w.ExerciseDir(e), name))
	}
	if len(w.MissingTests(e)) == 0 {
		t.Fatal("MissingTests does not see the deleted file")
	}
	if err := w.RestoreTests(e); err != nil {
		t.Fatal(err)
	}
	if len(w.MissingTests(e)) != 0 {
		t.Fatal("RestoreTests did not restore")
	}
	if b, _ := os.ReadFile(main); !strings.Contains(string(b), "// mine") {
		t.Fatal("RestoreTests touched the learner's code")
	}
}

func TestWriteSolution(t *testing.T) {
	w := newWorkbook(t)
	e := catalog[4]
	dir, err := w.WriteSolution(e)
	if err != nil {
		t.Fatal(err)
	}
	if dir != filepath.Join(w.Dir, "solutions", e.Name) {
		t.Fatalf("solution written to %s", dir)
	}
	for name, want := range e.SolutionFiles() {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err != nil || string(b) != string(want) {
			t.Fatalf("solution file %s: %v", name, err)
		}
	}
	if b, _ := os.ReadFile(w.MainFile(e)); string(b) != string(e.StubFiles()[e.MainFile()]) {
		t.Fatal("WriteSolution touched the learner's file")
	}
}

func TestProgressSurvivesAndRebuilds(t *testing.T) {
	w := newWorkbook(t)
	e := catalog[0]
	if err := w.setDone(e, passedReport, w.fingerprint(e)); err != nil {
		t.Fatal(err)
	}
	if err := w.SetCurrent(catalog[2]); err != nil {
		t.Fatal(err)
	}
	again, err := Open(w.Dir)
	if err != nil || again.ProgressLost() != nil {
		t.Fatalf("reopen: %v, %v", err, again.ProgressLost())
	}
	if !again.Done(e) || again.Current().Name != catalog[2].Name {
		t.Fatalf("after reopening: done %v, current %s", again.Done(e), again.Current().Name)
	}
	// Editing the files withdraws the pass.
	os.WriteFile(again.MainFile(e), []byte("package breaker\n// changed\n"), 0o644)
	if again.Done(e) {
		t.Fatal("an exercise still counts as done after its file changed")
	}
	// A corrupt file is reported, not fatal, and the next save replaces it.
	os.WriteFile(w.progressPath(), []byte("{not json"), 0o644)
	broken, err := Open(w.Dir)
	if err != nil || !errors.Is(broken.ProgressLost(), ErrCorruptProgress) {
		t.Fatalf("Open with a corrupt progress file = %v, lost %v", err, broken.ProgressLost())
	}
	if broken.Done(e) {
		t.Fatal("a corrupt progress file still reports an exercise done")
	}
	if err := broken.SetCurrent(e); err != nil || broken.ProgressLost() != nil {
		t.Fatalf("saving over a corrupt file: %v, %v", err, broken.ProgressLost())
	}
	if _, err := Open(w.Dir); err != nil {
		t.Fatal(err)
	}
	leftovers, _ := filepath.Glob(filepath.Join(w.Dir, stateDir, ".progress.json.tmp-*"))
	if len(leftovers) > 0 {
		t.Fatalf("temporary files left behind: %v", leftovers)
	}
}

// A pass sticks, as in rustlings: a later failing check takes back only
// that the exercise passes now. It stays solved (and NextPending skips it)
// until a reset starts it over.
func TestAPassSticks(t *testing.T) {
	w := newWorkbook(t)
	e := catalog[0]
	if st := w.Status(e); st != Pending || w.Solved(e) {
		t.Fatalf("a new workbook: %v, solved %v", st, w.Solved(e))
	}
	if err := w.setDone(e, passedReport, w.fingerprint(e)); err != nil {
		t.Fatal(err)
	}
	if st := w.Status(e); st != Done || !w.Solved(e) || !w.Done(e) {
		t.Fatalf("after a pass: %v, solved %v", st, w.Solved(e))
	}
	// Edited and not checked since: still done, its code not known.
	os.WriteFile(w.MainFile(e), []byte("package breaker\n// broken\n"), 0o644)
	if st := w.Status(e); st != DoneChanged || !w.Solved(e) || w.Done(e) {
		t.Fatalf("after an edit: %v, solved %v, done %v", st, w.Solved(e), w.Done(e))
	}
	// Checked, and it fails.
	if err := w.setDone(e, failedReport, w.fingerprint(e)); err != nil {
		t.Fatal(err)
	}
	again, err := Open(w.Dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, wb := range []*Workbook{w, again} {
		if st := wb.Status(e); st != DoneFailing || !wb.Solved(e) || wb.Done(e) || st.String() != "done, failing now" {
			t.Fatalf("after a failing check: %v (%q), solved %v, done %v", st, st, wb.Solved(e), wb.Done(e))
		}
		if wb.NextPending(catalog[len(catalog)-1]).Name == e.Name {
			t.Fatal("NextPending offers a solved exercise that fails now")
		}
	}
	// A fix not checked yet is no longer said to fail.
	os.WriteFile(w.MainFile(e), []byte("package breaker\n// fixed\n"), 0o644)
	if st := again.Status(e); st != DoneChanged {
		t.Fatalf("after a fix not checked yet: %v, want %v", st, DoneChanged)
	}
	if err := again.setDone(e, passedReport, again.fingerprint(e)); err != nil || again.Status(e) != Done {
		t.Fatalf("passing again: %v, %v", again.Status(e), err)
	}
	// A reset starts over.
	if _, err := again.Reset(e); err != nil {
		t.Fatal(err)
	}
	if st := again.Status(e); st != Pending || again.Solved(e) {
		t.Fatalf("after a reset: %v, solved %v", st, again.Solved(e))
	}
	if reopened, _ := Open(w.Dir); reopened.Solved(e) {
		t.Fatal("the reset did not reach the progress file")
	}
}

// A progress file written before passes stuck (no "solved") still loads:
// its passes count as solved, and stay so when the code breaks.
func TestOldProgressFileLoads(t *testing.T) {
	w := newWorkbook(t)
	e, stale := catalog[0], catalog[1]
	old := fmt.Sprintf(`{
  "version": 1,
  "current": %q,
  "passed": {
    %q: {"fingerprint": %q, "at": "2026-01-02T03:04:05Z"},
    %q: {"fingerprint": "0000", "at": "2026-01-02T03:04:05Z"}
  }
}
`, e.Name, e.Name, w.fingerprint(e), stale.Name)
	if err := os.WriteFile(w.progressPath(), []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	wb, err := Open(w.Dir)
	if err != nil || wb.ProgressLost() != nil {
		t.Fatalf("an old progress file: %v, lost %v", err, wb.ProgressLost())
	}
	if wb.Status(e) != Done || wb.Status(stale) != DoneChanged || wb.Status(catalog[2]) != Pending || wb.Current().Name != e.Name {
		t.Fatalf("from an old file: %v, %v, %v, current %s", wb.Status(e), wb.Status(stale), wb.Status(catalog[2]), wb.Current().Name)
	}
	if err := wb.setDone(e, failedReport, wb.fingerprint(e)); err != nil || wb.Status(e) != DoneFailing {
		t.Fatalf("a failing check after loading an old file: %v, %v", wb.Status(e), err)
	}
	b, _ := os.ReadFile(w.progressPath())
	if !strings.Contains(string(b), `"solved"`) || !strings.Contains(string(b), "2026-01-02T03:04:05Z") {
		t.Fatalf("the saved file does not keep when it was first solved:\n%s", b)
	}
}

func TestNextPending(t *testing.T) {
	w := newWorkbook(t)
	for _, i := range []int{0, 1, 3} {
		w.setDone(catalog[i], passedReport, w.fingerprint(catalog[i]))
	}
	if got := w.NextPending(catalog[0]); got.Number != 3 {
		t.Errorf("NextPending(1) = %d, want 3", got.Number)
	}
	if got := w.NextPending(catalog[2]); got.Number != 5 {
		t.Errorf("NextPending(3) = %d, want 5", got.Number)
	}
	if got := w.Current(); got.Number != 3 {
		t.Errorf("Current() = %d with none recorded, want the first pending, 3", got.Number)
	}
}

func TestCheckMissingTestFile(t *testing.T) {
	w := newWorkbook(t)
	e := catalog[0]
	os.Remove(filepath.Join(w.ExerciseDir(e), "breaker_test.go"))
	r := w.Check(context.Background(), e, CheckOptions{})
	if r.Report.Status != grade.NoTests || !strings.Contains(r.Report.Summary, "breaker_test.go is missing") ||
		!strings.Contains(r.Report.Summary, "reset --tests 01") {
		t.Fatalf("Check with the test file deleted: %v %q", r.Report.Status, r.Report.Summary)
	}
}

func TestCheckWithoutGo(t *testing.T) {
	w := newWorkbook(t)
	t.Setenv("PATH", "")
	r := w.Check(context.Background(), catalog[0], CheckOptions{})
	if r.Report.Status != grade.NoGo {
		t.Fatalf("Check without go = %v %q", r.Report.Status, r.Report.Summary)
	}
}

// Without cgo there is no race detector; the concurrent exercises are then
// graded without it rather than not at all.
func TestCheckWithoutCgoFallsBack(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	w := newWorkbook(t)
	kept := keptBinaries(t, w)
	e, _ := Lookup("04")
	t.Setenv("CGO_ENABLED", "0")
	r := kept.check(e, CheckOptions{})
	if r.Report.Status != grade.Failed || !strings.Contains(r.Report.Summary, "not checked for data races") || !r.RaceUnchecked {
		t.Fatalf("Check of a race exercise without cgo: %v %q", r.Report.Status, r.Report.Summary)
	}
	// Its solution passes, but not fully: the race detector never ran.
	writeFiles(w.ExerciseDir(e), e.SolutionFiles())
	r = kept.check(e, CheckOptions{})
	if !r.Passed() || r.FullyPassed() || !r.RaceUnchecked || !strings.Contains(r.Report.Summary, "not checked for data races") {
		t.Fatalf("the solution without cgo: passed %v, fully %v, %q", r.Passed(), r.FullyPassed(), r.Report.Summary)
	}
}

// Backup.Note is the one sentence the CLI prints and the runner shows after
// a reset: the files, then the folder, relative to base when under it.
func TestBackupNote(t *testing.T) {
	dir := filepath.Join("/wb", ".breakerlab", "backup", "01", "T")
	for _, c := range []struct {
		b          Backup
		base, want string
	}{
		{Backup{}, "", ""},
		{Backup{Dir: dir, Files: []string{"breaker.go"}}, "", "Your previous breaker.go is in " + dir},
		{Backup{Dir: dir, Files: []string{"breaker.go"}}, "/wb", "Your previous breaker.go is in " + filepath.Join(".breakerlab", "backup", "01", "T")},
		{Backup{Dir: dir, Files: []string{"README.md", "a.go", "a_test.go"}}, "/elsewhere", "Your previous README.md, a.go and a_test.go are in " + dir},
		{Backup{Dir: dir, Files: []string{"breaker.go"}, Moved: []string{"helpers.go"}}, "", "Your previous breaker.go is in " + dir + "; helpers.go, a file you added, was moved there too"},
		{Backup{Dir: dir, Moved: []string{"a.go", "b.go", "mine_test.go"}}, "", "a.go, b.go and mine_test.go, files you added, were moved to " + dir},
		// Bundled tests the learner never changed, replaced by newer ones,
		// are not called theirs.
		{Backup{Dir: dir, Files: []string{"a_test.go"}, Updated: []string{"a_test.go"}}, "", "The bundled a_test.go was updated since your workbook got it; the old copy is kept in " + dir},
		{Backup{Dir: dir, Files: []string{"a_test.go", "b_test.go"}, Updated: []string{"a_test.go", "b_test.go"}}, "", "The bundled a_test.go and b_test.go were updated since your workbook got it; the old copies are kept in " + dir},
		{Backup{Dir: dir, Files: []string{"a.go", "a_test.go"}, Updated: []string{"a_test.go"}, Moved: []string{"helpers.go"}}, "", "Your previous a.go is in " + dir +
			"; the bundled a_test.go was updated since your workbook got it; the old copy is kept there too; helpers.go, a file you added, was moved there too"},
	} {
		if got := c.b.Note(c.base); got != c.want {
			t.Errorf("%+v.Note(%q) = %q, want %q", c.b, c.base, got, c.want)
		}
	}
	b := Backup{Dir: dir, Files: []string{"breaker.go"}}
	if got, want := b.SolutionNote("/wb"), "The solution replaced your changed copy of breaker.go; it is kept in "+filepath.Join(".breakerlab", "backup", "01", "T"); got != want {
		t.Errorf("SolutionNote = %q, want %q", got, want)
	}
	if (Backup{}).SolutionNote("") != "" {
		t.Error("SolutionNote of no copy is not empty")
	}
}
