package exercises

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/breakerlab/breakerlab/exercises/internal/unidiff"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The mutants are known-wrong solutions, each a solution with one mistake a
// learner is likely to make, kept so that the bundled tests must go on
// rejecting them: a test that stops catching a mistake is a test that
// cannot fail. They live in testdata/mutants, outside the embedded catalog,
// because only the catalog check needs them. Each is a patch on its
// exercise's solution, in the unified diff format:
//
//	testdata/mutants/<exercise>/<mistake>.patch
//
// The patch opens with a paragraph that starts "Mutant: " and says what is
// wrong; then come the file headers and hunks, the way `diff -u` writes
// them. To make one, copy the solution file, put the mistake in, and diff:
//
//	diff -u --label a/F --label b/F solution/F mistaken/F >> <mistake>.patch
//
// (`git diff --no-index` works too). Lines of that paragraph that start
// "Expect: " say what the summary of its failing run must contain, for a
// mistake whose failure must read as what it is (a goroutine left blocked,
// a data race) rather than only fail. Lines that start "Says: " give what
// the messages of its failing tests must say somewhere, and lines that
// start "Not: " what none of them may say: for a mistake the messages must
// name (a rate over the window's size, the wall clock read instead of the
// clock given), not blame on a rule the mutant keeps. A patch whose hunks no longer match
// the solution fails TestMutantsTree and TestCatalogCheck, naming the
// mutant and the hunk; a hunk whose lines merely moved still applies.
const mutantsRoot = "testdata/mutants"

// alternativesRoot holds the alternatives: patches of the same format on a
// solution, each a right solution written another way that the README or a
// hint leads to, opening with a paragraph that starts "Alternative: ". The
// catalog check grades them, and each must pass.
const alternativesRoot = "testdata/alternatives"

type mutant struct {
	Exercise Exercise
	Name     string            // the mistake: the patch's name without .patch
	Why      string            // the patch's opening paragraph
	Expect   []string          // what the summary of its run must contain: the paragraph's "Expect: " lines
	Says     []string          // what its failing tests' messages must say: the "Says: " lines
	Not      []string          // what none of them may say: the "Not: " lines
	Files    map[string][]byte // the solution's files the patch changes, changed
}

// where names the mutant in messages: its exercise and mistake.
func (m mutant) where() string { return m.Exercise.Name + "/" + m.Name }

// patchPath is the patch's path from the package folder.
func (m mutant) patchPath() string { return path.Join(mutantsRoot, m.Exercise.Name, m.Name+".patch") }

// loadMutants reads every mutant from dir, in exercise and name order, and
// applies each to its solution. A patch that cannot be read or applied is
// an error naming the mutant (and the hunk); the mutants that loaded are
// returned with it.
func loadMutants(dir fs.FS) ([]mutant, error) {
	var out []mutant
	var errs []error
	for _, e := range catalog {
		entries, err := fs.ReadDir(dir, e.Name)
		if err != nil {
			continue // an exercise without mutants
		}
		for _, ent := range entries {
			name, ok := strings.CutSuffix(ent.Name(), ".patch")
			if ent.IsDir() || !ok {
				continue // mutantProblems reports it
			}
			m := mutant{Exercise: e, Name: name}
			b, err := fs.ReadFile(dir, path.Join(e.Name, ent.Name()))
			if err == nil {
				err = m.apply(b)
			}
			if err != nil {
				errs = append(errs, fmt.Errorf("the mutant %s (%s): %w", m.where(), m.patchPath(), err))
				continue
			}
			out = append(out, m)
		}
	}
	return out, errors.Join(errs...)
}

// apply parses patch and fills in m's description and files.
func (m *mutant) apply(patch []byte) error {
	p, err := unidiff.Parse(patch)
	if err != nil {
		return err
	}
	m.Why = strings.TrimSpace(p.Preamble)
	for _, l := range strings.Split(m.Why, "\n") {
		if e, ok := strings.CutPrefix(l, "Expect: "); ok {
			m.Expect = append(m.Expect, strings.TrimSpace(e))
		}
		if e, ok := strings.CutPrefix(l, "Says: "); ok {
			m.Says = append(m.Says, strings.TrimSpace(e))
		}
		if e, ok := strings.CutPrefix(l, "Not: "); ok {
			m.Not = append(m.Not, strings.TrimSpace(e))
		}
	}
	sols := m.Exercise.SolutionFiles()
	for _, f := range p.Files {
		if _, ok := sols[f.Name]; !ok {
			return fmt.Errorf("%s: the solution has no file of that name (it has %v)", f.Name, sortedKeys(sols))
		}
	}
	if !p.Touches() {
		return errors.New("the patch changes no line")
	}
	m.Files, err = p.Apply(sols)
	if err != nil {
		return fmt.Errorf("no longer applies to the solution: %w", err)
	}
	return nil
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

// mutantProblems says what is wrong with the mutants in dir: each must be a
// patch in the folder of an exercise of the catalog, apply to that
// exercise's solution, change it into a well-formed Go file of the
// exercise's package, and open with a paragraph saying what is wrong.
func mutantProblems(dir fs.FS) ([]string, []mutant) {
	var out []string
	mutants, err := loadMutants(dir)
	if err != nil {
		out = append(out, strings.Split(err.Error(), "\n")...)
	}
	// Every folder at the top names an exercise, so a renamed exercise
	// cannot silently leave its mutants unchecked; and every file in it is
	// a patch, so a mutant saved under another name is not silently skipped.
	top, err := fs.ReadDir(dir, ".")
	if err != nil {
		return []string{err.Error()}, nil
	}
	for _, ent := range top {
		known := slices.ContainsFunc(catalog, func(e Exercise) bool { return e.Name == ent.Name() })
		if !ent.IsDir() || !known {
			out = append(out, fmt.Sprintf("%s is not the folder of an exercise of the catalog", ent.Name()))
			continue
		}
		inside, err := fs.ReadDir(dir, ent.Name())
		if err != nil {
			out = append(out, err.Error())
		}
		for _, f := range inside {
			if f.IsDir() || !strings.HasSuffix(f.Name(), ".patch") {
				out = append(out, fmt.Sprintf("%s/%s is not a mutant: a mutant is a <mistake>.patch file", ent.Name(), f.Name()))
			}
		}
	}
	for _, m := range mutants {
		if !strings.HasPrefix(m.Why, "Mutant: ") {
			out = append(out, fmt.Sprintf("%s: the patch does not open with a paragraph starting \"Mutant: \" that says what is wrong", m.where()))
		}
		sols := m.Exercise.SolutionFiles()
		for _, name := range sortedKeys(m.Files) {
			b := m.Files[name]
			if bytes.Equal(sols[name], b) {
				out = append(out, fmt.Sprintf("%s/%s: identical to the solution once patched", m.where(), name))
			}
			out = append(out, goFileProblems(m.Exercise, "mutant "+m.Name+"/"+name, b)...)
		}
	}
	return out, mutants
}

// TestMutantsTree checks the mutants without running them; TestCatalogCheck
// runs them.
func TestMutantsTree(t *testing.T) {
	racefree.Only(t) // parses the patches: no goroutine
	problems, mutants := mutantProblems(os.DirFS(mutantsRoot))
	for _, p := range problems {
		t.Errorf("%s: %s", mutantsRoot, p)
	}
	// The two mistakes issue 11 found passing the bundled tests: keep them
	// in the set.
	var names []string
	for _, m := range mutants {
		names = append(names, m.where())
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
		// And the learner's mistakes issue 23 names for exercise 16.
		"16-context-bulkhead/release-skipped-on-error",
		"16-context-bulkhead/double-release",
		"16-context-bulkhead/wait-ignores-context",
		"16-context-bulkhead/canceled-counted-as-timeout",
		"16-context-bulkhead/racy-counters",
		"16-context-bulkhead/handed-over-permit-leaks-on-cancel",
		// And the breaker a tester got past exercise 02's tests by judging
		// the rate only when a failure came in (findings I, F5).
		"02-rate-window-breaker/judge-only-on-failure",
		// And its twin in exercise 03, which had the same gap.
		"03-slow-calls/judge-only-on-a-bad-call",
		// And the reads without the lock that passed the tests of the
		// exercises graded with -race, none of which read while the state
		// changed (findings 2).
		"04-half-open-trials/state-read-without-lock",
		"06-semaphore-bulkhead/inuse-read-without-lock",
		"07-thread-pool-bulkhead/active-read-without-lock",
		"14-token-bucket/tokens-read-without-lock",
		"15-tenant-bulkhead/inuse-read-without-lock",
		// And the goroutines left blocked and the ignored queue of
		// findings 2 and 3, each with the summary it must get.
		"06-semaphore-bulkhead/waiter-left-behind",
		"07-thread-pool-bulkhead/close-leaves-workers-waiting",
		"07-thread-pool-bulkhead/queue-ignored",
		"08-attempt-timeout/unbuffered-result",
		// And the reviewer's solutions that passed, or failed in a test
		// that blamed the wrong thing: the wall clock read in exercise 01,
		// the binomial in an int and unchecked in 11, the clock going
		// back draining a full bucket in 14.
		"01-consecutive-breaker/wall-clock-in-allow",
		"01-consecutive-breaker/opened-at-wall-clock",
		"11-shuffle-shard/shards-in-int",
		"11-shuffle-shard/binomial-without-a-range-check",
		"14-token-bucket/clock-back-drains-the-bucket",
		"14-token-bucket/clock-back-drains-a-bucket-not-full",
		// And a learner's walk through exercises 02 and 04: failures
		// counted in a row, whose rate of 0 the messages blamed on the
		// window's size, and a permit from before the breaker opened
		// taken as a trial, told only that the state was wrong.
		"02-rate-window-breaker/failures-in-a-row",
		"04-half-open-trials/stale-permit-counts",
		// And a learner's walk through exercises 03 to 15: a Close that
		// returned before its tasks finished, told that 0 tasks ran at
		// once, and then by a deadlock panic that stopped the other tests.
		"07-thread-pool-bulkhead/close-returns-before-tasks-finish",
		// And one shard for every customer (the stub's own way), told
		// that its hash picked neighbouring workers.
		"11-shuffle-shard/one-shard-for-all",
	} {
		if !slices.Contains(names, want) {
			t.Errorf("the mutant %s is missing (have %v)", want, names)
		}
	}
}

// Each kind of broken mutant is reported, and a good one is not.
func TestMutantProblems(t *testing.T) {
	sol := catalog[0].SolutionFiles()["breaker.go"]
	first, _, ok := strings.Cut(string(sol), "\n")
	if !ok || !strings.HasPrefix(first, "// Package breaker") {
		t.Fatalf("exercise 01's solution/breaker.go should open with its package comment, not %q", first)
	}
	// patch makes a patch that replaces the first line of file with line.
	patch := func(why, file, line string) *fstest.MapFile {
		return &fstest.MapFile{Data: fmt.Appendf(nil, "%s\n\n--- a/%s\n+++ b/%s\n@@ -1 +1 @@\n-%s\n+%s\n", why, file, file, first, line)}
	}
	good := patch("Mutant: one word more.", "breaker.go", first+" again")
	for _, tc := range []struct {
		name string
		fsys fstest.MapFS
		want string // "" for no problem
	}{
		{"a good mutant", fstest.MapFS{"01-consecutive-breaker/m.patch": good}, ""},
		{"an unknown exercise", fstest.MapFS{"99-nothing/m.patch": good}, "99-nothing is not the folder"},
		{"a file the solution lacks", fstest.MapFS{"01-consecutive-breaker/m.patch": patch("Mutant: x.", "other.go", first)}, "other.go: the solution has no file"},
		{"no change", fstest.MapFS{"01-consecutive-breaker/m.patch": {Data: []byte("Mutant: x.\n\n--- a/breaker.go\n+++ b/breaker.go\n@@ -1 +1 @@\n " + first + "\n")}}, "changes no line"},
		{"the solution itself", fstest.MapFS{"01-consecutive-breaker/m.patch": patch("Mutant: x.", "breaker.go", first)}, "identical to the solution"},
		{"no description", fstest.MapFS{"01-consecutive-breaker/m.patch": patch("Another paragraph.", "breaker.go", first+" again")}, "does not open with a paragraph"},
		{"not gofmt-clean", fstest.MapFS{"01-consecutive-breaker/m.patch": patch("Mutant: x.", "breaker.go", first+"\t")}, "not gofmt-clean"},
		{"not a patch", fstest.MapFS{"01-consecutive-breaker/m/breaker.go": {Data: sol}}, "01-consecutive-breaker/m is not a mutant"},
		{"not a diff", fstest.MapFS{"01-consecutive-breaker/m.patch": {Data: []byte("Mutant: x.\n")}}, "the mutant 01-consecutive-breaker/m (testdata/mutants/01-consecutive-breaker/m.patch): no file header"},
		{"stale", fstest.MapFS{"01-consecutive-breaker/m.patch": {Data: []byte("Mutant: x.\n\n--- a/breaker.go\n+++ b/breaker.go\n@@ -1 +1 @@\n-// Package breaker was here\n+// x\n")}},
			`the mutant 01-consecutive-breaker/m (testdata/mutants/01-consecutive-breaker/m.patch): no longer applies to the solution: breaker.go: hunk 1 (@@ -1 +1 @@, patch line 5) does not apply: it expects "// Package breaker was here" at line 1`},
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

// The patches are standard unified diffs: GNU patch, where there is one,
// makes the same files from them as the catalog check does.
func TestMutantsApplyWithGNUPatch(t *testing.T) {
	bin, err := exec.LookPath("patch")
	if err != nil {
		t.Skip("no patch command on PATH")
	}
	mutants, err := loadMutants(os.DirFS(mutantsRoot))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mutants {
		dir := t.TempDir()
		if err := writeFiles(dir, m.Exercise.SolutionFiles()); err != nil {
			t.Fatal(err)
		}
		abs, err := filepath.Abs(m.patchPath())
		if err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "-p1", "--batch", "--quiet", "--force", "--no-backup-if-mismatch", "-i", abs)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: patch -p1 < %s: %v\n%s", m.where(), m.patchPath(), err, out)
			continue
		}
		for name, want := range m.Files {
			got, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s: GNU patch made a different %s (err %v)", m.where(), name, err)
			}
		}
	}
}

// The alternatives apply to their solutions and say what they do;
// TestCatalogCheck runs them.
func TestAlternativesTree(t *testing.T) {
	alts, err := loadMutants(os.DirFS(alternativesRoot))
	if err != nil {
		t.Error(err)
	}
	if len(alts) == 0 {
		t.Fatalf("no alternatives in %s", alternativesRoot)
	}
	for _, a := range alts {
		if !strings.HasPrefix(a.Why, "Alternative: ") {
			t.Errorf("%s: the patch does not open with a paragraph starting \"Alternative: \" that says what it does", a.where())
		}
	}
}
