package exercises

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// The mutants are known-wrong solutions, each a solution with one mistake a
// learner is likely to make, kept so that the bundled tests must go on
// rejecting them: a test that stops catching a mistake is a test that
// cannot fail. They live in testdata/mutants, outside the embedded catalog,
// because only the catalog check needs them:
//
//	testdata/mutants/<exercise>/<mistake>/<file>.go
//
// Each file replaces the solution file of the same name (the others are
// kept) and opens with a "// Mutant:" comment saying what is wrong.
const mutantsRoot = "testdata/mutants"

type mutant struct {
	Exercise Exercise
	Name     string            // the mistake, as its folder is named
	Files    map[string][]byte // replace the solution's files of these names
}

// loadMutants reads every mutant from dir, in exercise and name order.
func loadMutants(dir fs.FS) ([]mutant, error) {
	var out []mutant
	for _, e := range catalog {
		entries, err := fs.ReadDir(dir, e.Name)
		if err != nil {
			continue // an exercise without mutants
		}
		for _, ent := range entries {
			if !ent.IsDir() {
				continue
			}
			m := mutant{Exercise: e, Name: ent.Name(), Files: map[string][]byte{}}
			files, err := fs.ReadDir(dir, path.Join(e.Name, ent.Name()))
			if err != nil {
				return nil, err
			}
			for _, f := range files {
				if f.IsDir() {
					continue
				}
				b, err := fs.ReadFile(dir, path.Join(e.Name, ent.Name(), f.Name()))
				if err != nil {
					return nil, err
				}
				m.Files[f.Name()] = b
			}
			out = append(out, m)
		}
	}
	return out, nil
}

// files returns the mutant's exercise folder: the solution with the
// mutant's files in place of the solution's.
func (m mutant) files() map[string][]byte {
	out := m.Exercise.SolutionFiles()
	for name, b := range m.Files {
		out[name] = b
	}
	return out
}

// mutantProblems says what is wrong with the mutants in dir: each must
// belong to an exercise, replace only solution files, differ from the
// solution, be a well-formed Go file of the exercise's package, and open
// with a comment saying what is wrong with it.
func mutantProblems(dir fs.FS) ([]string, []mutant) {
	mutants, err := loadMutants(dir)
	if err != nil {
		return []string{err.Error()}, nil
	}
	var out []string
	// Every folder at the top names an exercise, so a renamed exercise
	// cannot silently leave its mutants unchecked.
	top, err := fs.ReadDir(dir, ".")
	if err != nil {
		return []string{err.Error()}, nil
	}
	for _, ent := range top {
		known := slices.ContainsFunc(catalog, func(e Exercise) bool { return e.Name == ent.Name() })
		if !ent.IsDir() || !known {
			out = append(out, fmt.Sprintf("%s is not the folder of an exercise of the catalog", ent.Name()))
		}
	}
	for _, m := range mutants {
		where := m.Exercise.Name + "/" + m.Name
		if len(m.Files) == 0 {
			out = append(out, where+": a mutant with no files")
			continue
		}
		sols := m.Exercise.SolutionFiles()
		for _, name := range sortedKeys(m.Files) {
			b := m.Files[name]
			sol, ok := sols[name]
			if !ok {
				out = append(out, fmt.Sprintf("%s/%s: the solution has no file of that name (it has %v)", where, name, sortedKeys(sols)))
				continue
			}
			if bytes.Equal(sol, b) {
				out = append(out, fmt.Sprintf("%s/%s: identical to the solution", where, name))
			}
			out = append(out, goFileProblems(m.Exercise, "mutant "+m.Name+"/"+name, b)...)
			if !bytes.HasPrefix(b, []byte("// Mutant: ")) {
				out = append(out, fmt.Sprintf("%s/%s: does not open with a \"// Mutant: \" comment saying what is wrong", where, name))
			}
		}
	}
	return out, mutants
}

// TestMutantsTree checks the mutants without running them; TestCatalogCheck
// runs them.
func TestMutantsTree(t *testing.T) {
	problems, mutants := mutantProblems(os.DirFS(mutantsRoot))
	for _, p := range problems {
		t.Errorf("%s: %s", mutantsRoot, p)
	}
	// The two mistakes issue 11 found passing the bundled tests: keep them
	// in the set.
	var names []string
	for _, m := range mutants {
		names = append(names, m.Exercise.Name+"/"+m.Name)
	}
	// And the six of issue 26.
	for _, want := range []string{
		"02-rate-window-breaker/rate-over-window-size",
		"10-retry-budget/full-bucket-banks-idle-time",
		"13-shrinking-deadline/negative-own-kept-without-deadline",
		"14-token-bucket/clock-back-moves-last",
		"14-token-bucket/refill-overflows",
		"15-tenant-bulkhead/zero-cap-gets-default",
		"15-tenant-bulkhead/overflow-only-refused",
		"15-tenant-bulkhead/borrowing-counts-as-rejection",
	} {
		if !slices.Contains(names, want) {
			t.Errorf("the mutant %s is missing (have %v)", want, names)
		}
	}
}

// Each kind of broken mutant is reported, and a good one is not.
func TestMutantProblems(t *testing.T) {
	sol := catalog[0].SolutionFiles()["breaker.go"]
	if sol == nil {
		t.Fatal("exercise 01 has no solution/breaker.go")
	}
	good := append([]byte("// Mutant: one more line.\n\n"), sol...)
	for _, tc := range []struct {
		name string
		fsys fstest.MapFS
		want string // "" for no problem
	}{
		{"a good mutant", fstest.MapFS{"01-consecutive-breaker/m/breaker.go": {Data: good}}, ""},
		{"an unknown exercise", fstest.MapFS{"99-nothing/m/breaker.go": {Data: good}}, "99-nothing is not the folder"},
		{"a file the solution lacks", fstest.MapFS{"01-consecutive-breaker/m/other.go": {Data: good}}, "the solution has no file"},
		{"the solution itself", fstest.MapFS{"01-consecutive-breaker/m/breaker.go": {Data: sol}}, "identical to the solution"},
		{"no header", fstest.MapFS{"01-consecutive-breaker/m/breaker.go": {Data: append([]byte("// Another comment.\n\n"), sol...)}}, "does not open with"},
		{"not gofmt-clean", fstest.MapFS{"01-consecutive-breaker/m/breaker.go": {Data: append(append([]byte(nil), good...), "\n\n"...)}}, "not gofmt-clean"},
		{"no files", fstest.MapFS{"01-consecutive-breaker/m/sub/x.txt": {Data: nil}}, "a mutant with no files"},
	} {
		problems, _ := mutantProblems(tc.fsys)
		all := strings.Join(problems, "\n")
		switch {
		case tc.want == "" && len(problems) > 0:
			t.Errorf("%s: problems reported:\n%s", tc.name, all)
		case tc.want != "" && !strings.Contains(all, tc.want):
			t.Errorf("%s: want a problem saying %q, got:\n%s", tc.name, tc.want, all)
		}
	}
}
