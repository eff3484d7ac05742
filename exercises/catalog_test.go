package exercises

import (
	"bytes"
	"context"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// TestCatalogTree checks the embedded files of every exercise without
// running anything: they exist, they are gofmt-clean, they declare the
// right package, and nothing in the tree would break `go install`.
func TestCatalogTree(t *testing.T) {
	racefree.Only(t) // reads and formats the embedded files: no goroutine
	if len(catalog) < 12 {
		t.Fatalf("the catalog has %d exercises, want at least 12", len(catalog))
	}
	seen := map[string]bool{}
	for i, e := range catalog {
		if e.Number != i+1 || !strings.HasPrefix(e.Name, e.ID()+"-") {
			t.Errorf("exercise %d is numbered %d and named %q", i+1, e.Number, e.Name)
		}
		seen[e.Name] = true
		if strings.TrimSpace(e.README()) == "" || strings.HasPrefix(e.README(), "(this exercise has no README)") {
			t.Errorf("%s: no README.md", e.Name)
		}
		if len(e.Hints()) == 0 {
			t.Errorf("%s: no hints in hints.md", e.Name)
		}
		stubs, tests, sols := e.StubFiles(), e.TestFiles(), e.SolutionFiles()
		if len(stubs) == 0 || len(tests) == 0 || len(sols) == 0 {
			t.Errorf("%s: %d stub, %d test and %d solution files; want some of each", e.Name, len(stubs), len(tests), len(sols))
			continue
		}
		if !slices.Equal(sortedKeys(stubs), sortedKeys(sols)) {
			t.Errorf("%s: stub files %v but solution files %v; a solution must replace the stub file for file", e.Name, sortedKeys(stubs), sortedKeys(sols))
		}
		todo := false
		for name, b := range stubs {
			todo = todo || bytes.Contains(b, []byte("// TODO"))
			checkGoFile(t, e, "stub/"+name, b)
		}
		if !todo {
			t.Errorf("%s: no // TODO in the stub", e.Name)
		}
		for name, b := range tests {
			if !strings.HasSuffix(name, "_test.go") {
				t.Errorf("%s: test/%s is not a _test.go file", e.Name, name)
			}
			checkGoFile(t, e, "test/"+name, b)
		}
		for name, b := range sols {
			checkGoFile(t, e, "solution/"+name, b)
		}
		if e.MainFile() == "" {
			t.Errorf("%s: no main file", e.Name)
		}
	}
	err := fs.WalkDir(catalogFS, catalogRoot, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(p, catalogRoot+"/")
		switch {
		case d.Name() == "go.mod" || d.Name() == "go.sum":
			t.Errorf("%s: a go.mod inside the embedded tree makes it a nested module, which `go install` leaves out", p)
		case d.IsDir() && strings.Count(rel, "/") == 0 && rel != catalogRoot && !seen[rel]:
			t.Errorf("%s: a folder in the catalog tree with no entry in the catalog", p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func checkGoFile(t *testing.T, e Exercise, name string, b []byte) {
	t.Helper()
	for _, p := range goFileProblems(e, name, b) {
		t.Error(p)
	}
}

// goFileProblems says what is wrong with a Go file of exercise e: it must
// parse, be gofmt-clean and declare the exercise's package.
func goFileProblems(e Exercise, name string, b []byte) []string {
	formatted, err := format.Source(b)
	if err != nil {
		return []string{fmt.Sprintf("%s/%s does not parse: %v", e.Name, name, err)}
	}
	var out []string
	if !bytes.Equal(formatted, b) {
		out = append(out, fmt.Sprintf("%s/%s is not gofmt-clean", e.Name, name))
	}
	f, err := parser.ParseFile(token.NewFileSet(), name, b, parser.PackageClauseOnly)
	if err != nil {
		return append(out, fmt.Sprintf("%s/%s: %v", e.Name, name, err))
	}
	if f.Name.Name != e.Package {
		out = append(out, fmt.Sprintf("%s/%s declares package %s, want %s", e.Name, name, f.Name.Name, e.Package))
	}
	return out
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// TestCatalogCheck grades every exercise twice, as rustlings checks its
// own: the stub must compile and fail at least one of its tests, and the
// solution must pass all of them under the race detector and be vet-clean.
// Then it grades every mutant (a solution with one known mistake, see
// mutants_test.go): each must compile and fail at least one test, so the
// bundled tests cannot quietly lose the power to catch that mistake. It
// grades through the grader the learner's runner uses, the stubs and the
// solutions as a workbook's exercises are checked together, with one go
// test for those under the race detector and one for the others, the
// mutants and the alternatives likewise from one module of their own
// (catalogpatched_test.go), two go commands at a time, and keeps the test
// binaries: a later run links only what changed (see checkTogether).
//
// It runs without the race detector (its first line, internal/racefree):
// its own goroutines are the grader's (grade.RunPackages, read by
// checkTogether), which TestCheckAllGivesEachTheResultOfItsOwnCheck and
// the grader's tests run under it; here they only read more packages'
// output, and the detector doubled the CPU of the test's own process. The
// exercises' tests run with -race as the catalog asks either way: that is
// the go commands' flag.
func TestCatalogCheck(t *testing.T) {
	racefree.Only(t)
	if testing.Short() {
		t.Skip("runs go test on every exercise; skipped with -short")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	start := time.Now()
	// The workbooks are kept between runs so that the build cache serves
	// their compilation (checkdirs_test.go); -count=1 keeps the test cache
	// from answering for the tests themselves.
	t.Setenv("GOFLAGS", strings.TrimSpace(os.Getenv("GOFLAGS")+" -count=1"))
	root := checkDirsRoot(t)
	stubs, err := keptWorkbook(t, root, func(*Workbook) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	sols, err := keptWorkbook(t, root, func(w *Workbook) error {
		for _, e := range catalog {
			if err := writeFiles(w.ExerciseDir(e), e.SolutionFiles()); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	mutants, err := loadMutants(os.DirFS(mutantsRoot))
	if err != nil {
		// A patch that no longer applies is a mutant no longer checked:
		// fail, and grade the others.
		t.Error(err)
	}

	// The alternatives are right solutions written another way that the
	// texts allow (the same patches as the mutants, opening
	// "Alternative: "): each must pass, so that a learner who follows the
	// README or a hint to the letter is not failed by the tests.
	alternatives, err := loadMutants(os.DirFS(alternativesRoot))
	if err != nil {
		t.Error(err)
	}
	patched, err := patchedWorkbook(t, root, mutants, alternatives)
	if err != nil {
		t.Fatal(err)
	}

	// A job is one go command, or one per race setting: the stubs and the
	// solutions graded as Check grades them (checkTogether), and the
	// mutants and alternatives, each in a folder of its own of one module
	// (patchedWorkbook), graded by the grader Check uses.
	type job func()
	jobs := []job{
		func() {
			for i, r := range stubs.checkTogether(context.Background(), catalog, 0, catalogCheckOptions(false)) {
				checkStub(t, catalog[i], r)
			}
		},
		func() {
			for i, r := range sols.checkTogether(context.Background(), catalog, 0, catalogCheckOptions(true)) {
				if !r.Passed() {
					t.Errorf("%s: the solution does not pass its tests with -race:\n%s", catalog[i].Name, r.Report.Text())
				}
			}
		},
	}
	for _, race := range []bool{false, true} {
		jobs = append(jobs, func() { patched.gradePatched(t, race) })
	}
	queue := make(chan job)
	var wg sync.WaitGroup
	for range 2 { // the machine is shared: two go commands at a time
		wg.Go(func() {
			for j := range queue {
				j()
			}
		})
	}
	for _, j := range jobs {
		queue <- j
	}
	close(queue)
	wg.Wait()

	// The next run links only what changed (CheckOptions.KeepBinaries).
	for _, e := range catalog {
		if _, err := os.Stat(sols.binaryPath(e, true)); err != nil {
			t.Errorf("%s: the solution's test binary was not kept: %v", e.Name, err)
		}
	}

	vet := exec.Command("go", "vet", "./...")
	vet.Dir = sols.Dir
	vet.Env = append(os.Environ(), "GOWORK=off")
	if out, err := vet.CombinedOutput(); err != nil {
		t.Errorf("go vet on the solutions: %v\n%s", err, out)
	}
	t.Logf("checked %d exercises (stub and solution) and %d mutants in %v", len(catalog), len(mutants), time.Since(start).Round(100*time.Millisecond))
}

// failureMessages is what the failing tests of r printed, one line after
// another, for a mutant's "Says: " and "Not: " lines to be looked up in.
func failureMessages(r grade.Report) string {
	var lines []string
	for _, t := range r.Failures() {
		lines = append(lines, t.Output...)
	}
	return strings.Join(lines, "\n")
}

// failsATest reports whether code was rejected the way a stub or a mutant
// must be: it compiled, and at least one test ran and failed. A build
// failure or a timeout proves nothing about the tests.
func failsATest(r grade.Report) bool {
	return r.Status == grade.Failed && len(r.Failures()) > 0
}

func TestFailsATest(t *testing.T) {
	failing := grade.TestResult{Name: "TestX"}
	passing := grade.TestResult{Name: "TestY", Passed: true}
	for _, tc := range []struct {
		name string
		r    grade.Report
		want bool
	}{
		{"a failing test", grade.Report{Status: grade.Failed, Tests: []grade.TestResult{passing, failing}}, true},
		{"every test passes", grade.Report{Status: grade.Passed, Tests: []grade.TestResult{passing}}, false},
		{"does not compile", grade.Report{Status: grade.BuildFailed}, false},
		{"timed out", grade.Report{Status: grade.TimedOut, Tests: []grade.TestResult{failing}}, false},
		{"failed with no test failing", grade.Report{Status: grade.Failed, Tests: []grade.TestResult{passing}}, false},
	} {
		if got := failsATest(tc.r); got != tc.want {
			t.Errorf("%s: failsATest = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// Each README names the package's API the tests use; a light guard that the
// README and the stub did not drift apart.
func TestReadmeMentionsMainFile(t *testing.T) {
	for _, e := range catalog {
		if !strings.Contains(e.README(), path.Base(e.MainFile())) && !strings.Contains(e.README(), "func ") {
			t.Errorf("%s: the README names neither %s nor any function", e.Name, e.MainFile())
		}
	}
}
