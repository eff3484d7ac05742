package cli

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/internal/stabledir"
)

type run struct {
	out, errOut bytes.Buffer
	err         error
}

func do(t *testing.T, dir string, args ...string) *run {
	t.Helper()
	r := &run{}
	r.err = Run(args, Env{Stdout: &r.out, Stderr: &r.errOut, Dir: dir})
	return r
}

func isUsage(err error) bool {
	var u *UsageError
	return errors.As(err, &u)
}

// initWorkbook makes a workbook in a folder at the same path each run
// (stabledir), so that the build cache serves what the checks of its
// exercises compile and vet.
func initWorkbook(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(stabledir.Dir(t), "wb")
	if r := do(t, "", "init", dir); r.err != nil {
		t.Fatal(r.err)
	}
	return dir
}

// keptBins runs the command's checks of a workbook keeping their test
// binaries (Env.KeepBinaries) from one run of the test to the next, by the
// code they were linked from (stabledir.Binaries): a check of code the
// last run checked finds its binary up to date and skips the link, some
// 0.45 s of a check's 0.9 s of CPU. It is for tests whose subject is not
// how the go command is run: the results are the ones a learner's check,
// which links every time, gives (the exercises package's
// TestCheckPanicCountsEveryTest checks as the learner does).
type keptBins struct {
	dir  string // the workbook's
	bins *stabledir.Binaries
}

// keepBinaries returns the keptBins of the workbook in dir, which
// initWorkbook made.
func keepBinaries(t *testing.T, dir string) keptBins {
	t.Helper()
	return keptBins{dir, stabledir.KeepBinaries(t, filepath.Dir(dir))}
}

// run is Run(args, env), keeping the test binaries.
func (k keptBins) run(args []string, env Env) *run {
	r := &run{}
	env.Stdout, env.Stderr, env.KeepBinaries = &r.out, &r.errOut, true
	state := filepath.Join(k.dir, ".breakerlab")
	k.bins.Around(k.dir, filepath.Base(state), filepath.Join(state, "bin"), func() { r.err = Run(args, env) })
	return r
}

// do is the package's do, keeping the test binaries.
func (k keptBins) do(dir string, args ...string) *run {
	return k.run(args, Env{Dir: dir})
}

func TestInit(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "wb")
	r := do(t, "", "init", dir)
	if r.err != nil || !strings.Contains(r.out.String(), fmt.Sprintf("Wrote a workbook of %d exercises", len(exercises.All()))) || !strings.Contains(r.out.String(), "01-consecutive-breaker/breaker.go") {
		t.Fatalf("init: %v\n%s", r.err, r.out.String())
	}
	r = do(t, "", "init", dir)
	if !isUsage(r.err) || !strings.Contains(r.err.Error(), "never overwrites") {
		t.Fatalf("a second init = %v, want a usage error saying nothing is overwritten", r.err)
	}
	if r := do(t, "", "init", "a", "b"); !isUsage(r.err) {
		t.Fatalf("init with two folders = %v", r.err)
	}
	// Not a workbook inside another.
	inner := filepath.Join(dir, "01-consecutive-breaker", "breakerlab-workbook")
	r = do(t, "", "init", inner)
	if !isUsage(r.err) || !strings.Contains(r.err.Error(), "is inside the workbook "+dir+" already") {
		t.Fatalf("init inside a workbook = %v", r.err)
	}
	if _, err := os.Stat(inner); err == nil {
		t.Fatal("init inside a workbook wrote a second one")
	}
}

func TestOutsideAWorkbook(t *testing.T) {
	for _, args := range [][]string{{"check", "1"}, {"reset", "1", "--yes"}, {}} {
		r := do(t, t.TempDir(), args...)
		if !isUsage(r.err) || !strings.Contains(r.err.Error(), "exercises init") {
			t.Errorf("%v outside a workbook = %v, want a usage error pointing to init", args, r.err)
		}
	}
}

// Outside a workbook, list shows the catalog and says why there is no
// progress.
func TestListOutsideAWorkbookShowsTheCatalog(t *testing.T) {
	r := do(t, t.TempDir(), "list")
	if r.err != nil {
		t.Fatalf("list outside a workbook = %v, want the catalog", r.err)
	}
	out := r.out.String()
	for _, e := range exercises.All() {
		if !strings.Contains(out, e.Name) || !strings.Contains(out, e.Title) {
			t.Fatalf("the catalog lacks %s (%s):\n%s", e.Name, e.Title, out)
		}
	}
	if !strings.Contains(r.errOut.String(), "No workbook here") || !strings.Contains(r.errOut.String(), "exercises init") {
		t.Fatalf("list outside a workbook should say there is none and how to make one: %q", r.errOut.String())
	}
}

func TestListRebuildsLostProgress(t *testing.T) {
	dir := initWorkbook(t)
	os.Remove(filepath.Join(dir, ".breakerlab", "progress.json"))
	t.Setenv("PATH", "") // no go: the rebuild finds nothing done, quickly
	r := do(t, dir, "list")
	if r.err != nil {
		t.Fatal(r.err)
	}
	lines := strings.Split(strings.TrimSpace(r.out.String()), "\n")
	// Each check failed (no go to run), and none was ever solved, nor
	// begun: pending, as the runner says of them.
	if len(lines) != len(exercises.All()) || listedStatus(r.out.String(), "01") != "pending" {
		t.Fatalf("list printed:\n%s", r.out.String())
	}
	if !strings.Contains(r.errOut.String(), "checking every exercise to rebuild") {
		t.Fatalf("list did not say it was rebuilding lost progress: %q", r.errOut.String())
	}
}

// After every exercise is checked (as the runner's c does), list calls
// the stubs the learner has not begun pending, not failing, and the one
// they began and that fails, failing: a learner on their first exercise
// once read fifteen failures.
func TestListAfterCheckAllCallsUntouchedStubsPending(t *testing.T) {
	dir := initWorkbook(t)
	e, _ := exercises.Lookup("2")
	main := filepath.Join(dir, e.Name, e.MainFile())
	stub, err := os.ReadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(main, append(stub, "\n// begun\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", "") // no go: every check fails, quickly
	var failed *CheckFailed
	if r := do(t, dir, "check"); !errors.As(r.err, &failed) || failed.Passed != 0 || failed.Total != len(exercises.All()) {
		t.Fatalf("check of every exercise without go = %v\n%s", r.err, r.out.String())
	}
	r := do(t, dir, "list")
	out := r.out.String()
	if r.err != nil || listedStatus(out, "01") != "pending" || listedStatus(out, "02") != "failing" ||
		strings.Count(out, " failing ") != 1 {
		t.Fatalf("list after checking all, 02 begun: %v\n%s", r.err, out)
	}
}

// listedStatus is the status list printed for the exercise id in out, or
// "" when no line of out is its.
func listedStatus(out, id string) string {
	for _, line := range strings.Split(out, "\n") {
		if e, status, err := ParseListLine(line); err == nil && e.ID() == id {
			return status
		}
	}
	return ""
}

// In a workbook list shows each exercise's status and its title, where it
// showed only the status, and outside one, the titles and the progress of
// the workbook init remembers, where it showed only the titles.
func TestListShowsStatusAndTitle(t *testing.T) {
	dir := initWorkbook(t)
	r := do(t, dir, "list")
	for _, e := range exercises.All() {
		if got := listedStatus(r.out.String(), e.ID()); got != "pending" {
			t.Errorf("in a workbook, list's line for %s has status %q and title %q: want pending and the title:\n%s", e.Name, got, e.Title, r.out.String())
		}
	}
}

func TestHint(t *testing.T) {
	r := do(t, "", "hint", "01")
	if r.err != nil || !strings.Contains(r.out.String(), "Hint 1 of") || !strings.Contains(r.out.String(), "hint 01 2") {
		t.Fatalf("hint 01: %v\n%s", r.err, r.out.String())
	}
	r = do(t, "", "hint", "consecutive-breaker", "2")
	if r.err != nil || !strings.Contains(r.out.String(), "Hint 2 of") {
		t.Fatalf("hint by name: %v\n%s", r.err, r.out.String())
	}
	if r := do(t, "", "hint", "01", "-1"); !isUsage(r.err) || !strings.Contains(r.err.Error(), "hints are numbered from 1, got -1") {
		t.Errorf("hint 01 -1 = %v", r.err)
	}
	// A hint past the last is refused plainly, with the command to type.
	if r := do(t, "", "hint", "1", "6"); !isUsage(r.err) || !strings.HasSuffix(r.err.Error(), "01-consecutive-breaker has 5 hints: hint 1, 2, 3, 4 or 5, not 6; `breakerlab exercises hint 01 5` prints the last") {
		t.Errorf("hint 1 6 = %v", r.err)
	}
	for _, args := range [][]string{{"hint"}, {"hint", "99"}, {"hint", "1", "0"}, {"hint", "1", "x"}, {"hint", "1", "2", "3"}} {
		if r := do(t, "", args...); !isUsage(r.err) {
			t.Errorf("%v = %v, want a usage error", args, r.err)
		}
	}
}

// In an exercise's folder the ID may be left out, so hint 2 in 03's folder
// is 03's hint 2, not exercise 02's first hint; it says how to get 02's.
// 02, written as list writes IDs, still names exercise 02, and so does an
// ID followed by a hint number; a number past 03's hints is refused,
// naming both readings.
func TestHintInAFolderReadsANumberAsAHint(t *testing.T) {
	dir := initWorkbook(t)
	here := filepath.Join(dir, "03-slow-calls")
	r := do(t, here, "hint", "2")
	if r.err != nil || !strings.Contains(r.out.String(), "Hint 2 of 6 for 03-slow-calls") ||
		!strings.Contains(r.errOut.String(), "for 02-rate-window-breaker's first hint, `breakerlab exercises hint 02 1`") {
		t.Errorf("hint 2 in 03's folder = %v\n%s%s; want 03's hint 2, and how to get 02's", r.err, r.out.String(), r.errOut.String())
	}
	for _, args := range [][]string{{"hint", "02"}, {"hint", "2", "1"}} {
		if r := do(t, here, args...); r.err != nil || !strings.Contains(r.out.String(), "Hint 1 of") || !strings.Contains(r.out.String(), "for 02-rate-window-breaker") {
			t.Errorf("%v in 03's folder = %v\n%s; want 02's first hint", args, r.err, r.out.String())
		}
	}
	r = do(t, here, "hint", "9")
	const both = "03-slow-calls has 6 hints: hint 1, 2, 3, 4, 5 or 6, not 9; `breakerlab exercises hint 6` prints the last; for the first hint of 09-retry-backoff, `breakerlab exercises hint 09 1`"
	if !isUsage(r.err) || !strings.Contains(r.err.Error(), both) {
		t.Errorf("hint 9 in 03's folder = %v; want a usage error naming both readings, %q", r.err, both)
	}
	// A number that is no exercise's ID is only a hint too many.
	r = do(t, here, "hint", "99")
	if only := "03-slow-calls has 6 hints: hint 1, 2, 3, 4, 5 or 6, not 99; `breakerlab exercises hint 6` prints the last"; !isUsage(r.err) || !strings.HasSuffix(r.err.Error(), only) {
		t.Errorf("hint 99 in 03's folder = %v; want %q", r.err, only)
	}
	// Outside any exercise's folder a lone number is still an ID.
	if r := do(t, dir, "hint", "2"); r.err != nil || !strings.Contains(r.out.String(), "Hint 1 of") || !strings.Contains(r.out.String(), "for 02-rate-window-breaker") {
		t.Errorf("hint 2 in the workbook's folder = %v\n%s; want 02's first hint", r.err, r.out.String())
	}
}

// reset --tests writes back a file the workbook gave to build on that is
// missing (check sends the learner there), and says it did.
func TestResetTestsBringsBackAGivenFile(t *testing.T) {
	dir := initWorkbook(t)
	policies := filepath.Join(dir, "12-composition", "policies.go")
	os.Remove(policies)
	r := do(t, dir, "reset", "12", "--tests")
	if r.err != nil || !strings.Contains(r.out.String(), "Restored the tests of 12-composition and policies.go, given to you and missing; your code is untouched.") {
		t.Fatalf("reset 12 --tests with policies.go gone = %v\n%s", r.err, r.out.String())
	}
	if _, err := os.Stat(policies); err != nil {
		t.Fatalf("policies.go not written back: %v", err)
	}
}

func TestResetNeedsConfirmation(t *testing.T) {
	dir := initWorkbook(t)
	main := filepath.Join(dir, "01-consecutive-breaker", "breaker.go")
	os.WriteFile(main, []byte("package breaker\n// mine\n"), 0o644)
	r := do(t, dir, "reset", "1")
	if !isUsage(r.err) || !strings.Contains(r.err.Error(), "--yes") {
		t.Fatalf("reset without --yes = %v", r.err)
	}
	if b, _ := os.ReadFile(main); !strings.Contains(string(b), "mine") {
		t.Fatal("reset without --yes changed the file")
	}
	r = do(t, dir, "reset", "1", "--yes")
	if r.err != nil || !strings.Contains(r.out.String(), "Your previous breaker.go is in") {
		t.Fatalf("reset --yes: %v\n%s", r.err, r.out.String())
	}
	os.Remove(filepath.Join(dir, "01-consecutive-breaker", "breaker_test.go"))
	os.WriteFile(main, []byte("package breaker\n// mine again\n"), 0o644)
	if r := do(t, dir, "reset", "--tests", "01"); r.err != nil {
		t.Fatal(r.err)
	}
	if b, _ := os.ReadFile(main); !strings.Contains(string(b), "mine again") {
		t.Fatal("reset --tests changed the learner's code")
	}
	if _, err := os.Stat(filepath.Join(dir, "01-consecutive-breaker", "breaker_test.go")); err != nil {
		t.Fatal("reset --tests did not restore the test file")
	}
}

func TestSolutionNeedsConfirmationBeforePassing(t *testing.T) {
	dir := initWorkbook(t)
	r := do(t, dir, "solution", "3")
	if !isUsage(r.err) || !strings.Contains(r.err.Error(), "--yes") {
		t.Fatalf("solution before passing = %v", r.err)
	}
	r = do(t, dir, "solution", "--yes", "3")
	want := filepath.Join(dir, "solutions", "03-slow-calls")
	if r.err != nil || strings.TrimSpace(r.out.String()) != want {
		t.Fatalf("solution --yes printed %q (%v), want %s", r.out.String(), r.err, want)
	}
	if _, err := os.Stat(filepath.Join(want, "breaker.go")); err != nil {
		t.Fatal(err)
	}
}

func TestBadInput(t *testing.T) {
	dir := initWorkbook(t)
	for _, args := range [][]string{
		{"frobnicate"},
		{"check", strconv.Itoa(len(exercises.All()) + 1)},
		{"check", "1", "2"},
		{"check", "--timeout", "-1s"},
		{"check", "--timeout", "soon"},
		{"--bogus"},
		{"list", "extra"},
		{"solution"},
		{"reset"},
	} {
		r := do(t, dir, args...)
		if !isUsage(r.err) {
			t.Errorf("%v = %v, want a usage error", args, r.err)
		}
	}
	if r := do(t, dir, "help"); r.err != nil || !strings.Contains(r.out.String(), "Usage: breakerlab exercises") {
		t.Errorf("help: %v", r.err)
	}
	if r := do(t, dir, "check", "-h"); r.err != nil || !strings.Contains(r.out.String(), "Usage:") {
		t.Errorf("check -h: %v", r.err)
	}
	if r := do(t, dir); r.err == nil || isUsage(r.err) {
		t.Errorf("the runner with no Runner wired in = %v, want a plain error", r.err)
	}
}

// reset --tests asks before it replaces a test file the learner changed,
// and keeps a copy when told to go ahead.
func TestResetTestsAsksBeforeReplacingAnEditedTest(t *testing.T) {
	dir := initWorkbook(t)
	test := filepath.Join(dir, "01-consecutive-breaker", "breaker_test.go")
	b, _ := os.ReadFile(test)
	os.WriteFile(test, append(b, editedTest...), 0o644)
	r := do(t, dir, "reset", "--tests", "01")
	if !isUsage(r.err) || !strings.Contains(r.err.Error(), "breaker_test.go") || !strings.Contains(r.err.Error(), "--yes") {
		t.Fatalf("reset --tests over an edited test = %v, want a usage error asking for --yes", r.err)
	}
	if b, _ := os.ReadFile(test); !strings.Contains(string(b), "MY NOTE") {
		t.Fatal("reset --tests without --yes replaced the edited test")
	}
	r = do(t, dir, "reset", "--tests", "01", "--yes")
	if r.err != nil || !strings.Contains(r.out.String(), "Your previous breaker_test.go is in ") {
		t.Fatalf("reset --tests --yes: %v\n%s", r.err, r.out.String())
	}
	backup := strings.TrimSpace(r.out.String()[strings.Index(r.out.String(), " is in ")+len(" is in "):])
	if b, err := os.ReadFile(filepath.Join(backup, "breaker_test.go")); err != nil || !strings.Contains(string(b), "MY NOTE") {
		t.Fatalf("the backup in %s lacks the learner's note: %v", backup, err)
	}
}

// A test file as the workbook wrote it, older than the bundled one (the
// workbook made by an older breakerlab), holds nothing of the learner's:
// reset ID --tests brings the new one without asking for --yes.
func TestResetTestsTakesUpdatedTestsWithoutAsking(t *testing.T) {
	dir := initWorkbook(t)
	test := filepath.Join(dir, "01-consecutive-breaker", "breaker_test.go")
	b, _ := os.ReadFile(test)
	old := bytes.Replace(b, []byte("package breaker"), []byte("package breaker\n\n// an older test"), 1)
	os.WriteFile(test, old, 0o644)
	// What an older breakerlab would have recorded writing.
	sum := sha256.Sum256(old)
	rec := fmt.Sprintf(`{"version": 1, "written": {"01-consecutive-breaker/breaker_test.go": %q}}`, hex.EncodeToString(sum[:]))
	os.WriteFile(filepath.Join(dir, ".breakerlab", "tests.json"), []byte(rec), 0o644)

	r := do(t, dir, "reset", "01", "--tests")
	if r.err != nil || !strings.Contains(r.out.String(), "Restored the tests of 01-consecutive-breaker") {
		t.Fatalf("reset 01 --tests over an older bundled test: %v\n%s", r.err, r.out.String())
	}
	if got, _ := os.ReadFile(test); !bytes.Equal(got, b) {
		t.Fatal("reset --tests did not bring the bundled test")
	}
	// The old copy is kept, but it was never the learner's: the note says
	// what happened, not "Your previous breaker_test.go".
	if out := r.out.String(); strings.Contains(out, "Your previous") ||
		!strings.Contains(out, "The bundled breaker_test.go was updated since your workbook got it; the old copy is kept in "+filepath.Join(dir, ".breakerlab", "backup", "01-consecutive-breaker")) {
		t.Errorf("reset 01 --tests over an older bundled test says:\n%s\nwant that the bundled test was updated and where the old copy is kept", out)
	}
}

// reset --yes keeps every file it replaces that the learner changed, the
// test file and README included, and says which.
func TestResetSaysWhatItBackedUp(t *testing.T) {
	dir := initWorkbook(t)
	ex := filepath.Join(dir, "01-consecutive-breaker")
	for _, name := range []string{"breaker_test.go", "README.md"} {
		b, _ := os.ReadFile(filepath.Join(ex, name))
		os.WriteFile(filepath.Join(ex, name), append(b, "\n// my notes\n"...), 0o644)
	}
	r := do(t, dir, "reset", "1", "--yes")
	if r.err != nil || !strings.Contains(r.out.String(), "Your previous README.md and breaker_test.go are in ") {
		t.Fatalf("reset --yes: %v\n%s", r.err, r.out.String())
	}
}

// reset --yes moves the Go files the learner added into its backup
// folder, and says which and where: left in place, they kept the reset
// exercise from compiling (findings 5).
func TestResetMovesAddedGoFiles(t *testing.T) {
	dir := initWorkbook(t)
	ex := filepath.Join(dir, "03-slow-calls")
	os.WriteFile(filepath.Join(ex, "breaker.go"), []byte("package slowcall\n// mine\n"), 0o644)
	os.WriteFile(filepath.Join(ex, "helpers.go"), []byte("package slowcalls\n"), 0o644)
	r := do(t, dir, "reset", "3", "--yes")
	out := r.out.String()
	const moved = "; helpers.go, a file you added, was moved there too"
	if r.err != nil || !strings.Contains(out, "Your previous breaker.go is in ") || !strings.Contains(out, moved) {
		t.Fatalf("reset --yes: %v\n%s", r.err, out)
	}
	backup := out[strings.Index(out, "is in ")+len("is in ") : strings.Index(out, moved)]
	if b, err := os.ReadFile(filepath.Join(backup, "helpers.go")); err != nil || string(b) != "package slowcalls\n" {
		t.Fatalf("the folder reset names, %s, does not hold helpers.go: %q, %v", backup, b, err)
	}
	if _, err := os.Stat(filepath.Join(ex, "helpers.go")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("helpers.go is still in the exercise (%v)", err)
	}
	// Without --yes, reset says it would.
	if r := do(t, dir, "reset", "3"); !isUsage(r.err) || !strings.Contains(r.err.Error(), "the .go files you added are moved there") {
		t.Fatalf("reset without --yes = %v", r.err)
	}
}

// solution does not silently replace a solution file the learner
// annotated: it keeps a copy and says where.
func TestSolutionKeepsAnAnnotatedCopy(t *testing.T) {
	dir := initWorkbook(t)
	if r := do(t, dir, "solution", "--yes", "3"); r.err != nil {
		t.Fatal(r.err)
	}
	sol := filepath.Join(dir, "solutions", "03-slow-calls", "breaker.go")
	b, _ := os.ReadFile(sol)
	os.WriteFile(sol, append(b, "// my annotation\n"...), 0o644)
	r := do(t, dir, "solution", "--yes", "3")
	if r.err != nil || !strings.Contains(r.errOut.String(), "replaced your changed copy of breaker.go; it is kept in ") {
		t.Fatalf("solution over an annotated copy: %v\nstdout %s\nstderr %s", r.err, r.out.String(), r.errOut.String())
	}
	backup, _, _ := strings.Cut(r.errOut.String()[strings.Index(r.errOut.String(), "kept in ")+len("kept in "):], "\n") // the note's line; how to compare follows
	if b, err := os.ReadFile(filepath.Join(backup, "breaker.go")); err != nil || !strings.Contains(string(b), "my annotation") {
		t.Fatalf("the annotated copy is not in %s: %v", backup, err)
	}
}

// The help and the timeout messages give the same default.
func TestHelpGivesTheDefaultTimeout(t *testing.T) {
	if !strings.Contains(Help, "(default "+exercises.DefaultTimeout.String()+")") || !strings.Contains(Help, "compiling") {
		t.Fatalf("the help does not give the default timeout %v, and that compiling is not in it:\n%s", exercises.DefaultTimeout, Help)
	}
}

// solution says how to compare: a diff command per file, in paths that
// work from where the command ran, where it printed a folder's path alone.
func TestSolutionSaysHowToCompare(t *testing.T) {
	dir := initWorkbook(t)
	t.Chdir(dir)
	r := do(t, dir, "solution", "--yes", "3")
	if r.err != nil {
		t.Fatal(r.err)
	}
	for _, want := range []string{
		"Compare the solution with your code:\n",
		"  diff -u 03-slow-calls/breaker.go solutions/03-slow-calls/breaker.go\n",
	} {
		if !strings.Contains(r.errOut.String(), want) {
			t.Errorf("solution's standard error lacks %q:\n%s", want, r.errOut.String())
		}
	}
	// The help says so: its solution entry names the command it prints.
	_, entry, _ := strings.Cut(Help, "  solution ID")
	entry, _, _ = strings.Cut(entry, "\n\n")
	if !strings.Contains(strings.Join(strings.Fields(entry), " "), "a diff -u command per file") {
		t.Errorf("the help's solution entry does not say it prints a diff -u command per file:\n%s", entry)
	}
}

// list says a deleted test file as such, with the way to put it back,
// where the exercise read "failing" after a check stopped on it.
func TestListSaysATestFileIsMissing(t *testing.T) {
	dir := initWorkbook(t)
	e := exercises.All()[1]
	for name := range e.TestFiles() {
		if err := os.Remove(filepath.Join(dir, e.Name, name)); err != nil {
			t.Fatal(err)
		}
	}
	do(t, dir, "check", e.ID())
	r := do(t, dir, "list")
	want := e.ID() + "  " + e.Name
	for _, line := range strings.Split(r.out.String(), "\n") {
		if strings.HasPrefix(line, want) {
			if listedStatus(line, e.ID()) != "test file missing" || !strings.Contains(line, "; `breakerlab exercises reset --tests "+e.ID()+"` puts it back") {
				t.Errorf("list says %q", line)
			}
			return
		}
	}
	t.Fatalf("list has no line for %s:\n%s", e.Name, r.out.String())
}

// On a terminal of 80 columns, list's titles go on under their column,
// no line wider than the terminal; in a pipe each exercise is one line.
func TestListFitsATerminal(t *testing.T) {
	dir := initWorkbook(t)
	r := &run{}
	r.err = Run([]string{"list"}, Env{Stdout: &r.out, Stderr: &r.errOut, Dir: dir, StdoutWidth: 80})
	if r.err != nil {
		t.Fatal(r.err)
	}
	lines := strings.Split(r.out.String(), "\n")
	col := strings.Index(lines[0], exercises.All()[0].Title)
	for _, l := range lines {
		if len([]rune(l)) > 80 {
			t.Errorf("list at 80 columns printed a line of %d: %q", len([]rune(l)), l)
		}
		if l != "" && l[0] == ' ' && len(l)-len(strings.TrimLeft(l, " ")) != col {
			t.Errorf("a title's next line starts at column %d, its first at %d: %q", len(l)-len(strings.TrimLeft(l, " ")), col, l)
		}
	}
	if piped := do(t, dir, "list"); strings.Count(piped.out.String(), "\n") != len(exercises.All()) {
		t.Errorf("list in a pipe printed %d lines for %d exercises:\n%s", strings.Count(piped.out.String(), "\n"), len(exercises.All()), piped.out.String())
	}
}
