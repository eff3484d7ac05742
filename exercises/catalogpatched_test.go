package exercises

import (
	"context"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/exercises/grade"
)

// The catalog check grades every mutant and alternative with two go
// commands, one per race setting, as one workbook's exercises are graded
// together (checkTogether): each in a folder of its own, in one module.
// In workbooks of one mutant per exercise (the first of each, then the
// second, and so on) the check took fourteen go commands, some 0.6 s of
// CPU each for the go command's start alone (loading the packages,
// checking its caches and the kept binaries) before any test ran.

// patchedDir is the folder of the module's workbook that holds the patched
// solutions.
const patchedDir = "patched"

// patchedSet is the workbook holding every mutant and alternative, and
// which folder holds which.
type patchedSet struct {
	wb      *Workbook
	patches []patchedSolution
}

// patchedSolution is a mutant, or an alternative (which must pass), in its
// folder of the patched workbook.
type patchedSolution struct {
	mutant
	alternative bool
}

// folder is the patch's folder in the workbook, inside patchedDir: its
// kind, exercise and name, which makes its test binary's name unique too.
func (p patchedSolution) folder() string {
	kind := "mutant"
	if p.alternative {
		kind = "alternative"
	}
	return kind + "--" + p.Exercise.Name + "--" + p.Name
}

// race says whether the patch is graded with the race detector: a mutant
// as the learner's code of its exercise is, an alternative as a solution
// is (always).
func (p patchedSolution) race() bool { return p.alternative || p.Exercise.Race }

// patchedWorkbook returns a workbook (kept between runs, keptWorkbook)
// with every mutant and alternative in a folder of its own under
// patchedDir: the exercise's bundled tests and its solution with the
// patch applied, which is what the exercise's folder holds when a learner
// makes that mistake.
func patchedWorkbook(t *testing.T, root string, mutants, alternatives []mutant) (patchedSet, error) {
	t.Helper()
	var set patchedSet
	for _, m := range mutants {
		set.patches = append(set.patches, patchedSolution{mutant: m})
	}
	for _, a := range alternatives {
		set.patches = append(set.patches, patchedSolution{mutant: a, alternative: true})
	}
	wb, err := keptWorkbook(t, root, func(w *Workbook) error {
		for _, p := range set.patches {
			dir := filepath.Join(w.Dir, patchedDir, p.folder())
			if err := writeFiles(dir, p.Exercise.TestFiles()); err != nil {
				return err
			}
			if err := writeFiles(dir, p.files()); err != nil {
				return err
			}
		}
		return nil
	})
	set.wb = wb
	return set, err
}

// gradePatched grades the patches graded with the race detector (race) or
// without it, with one go command, keeping the test binaries, and checks
// each report.
func (set patchedSet) gradePatched(t *testing.T, race bool) {
	var picked []patchedSolution
	var dirs []string
	for _, p := range set.patches {
		if p.race() == race {
			picked = append(picked, p)
			dirs = append(dirs, filepath.Join(set.wb.Dir, patchedDir, p.folder()))
		}
	}
	if len(dirs) == 0 {
		return
	}
	opt := catalogCheckOptions(false)
	gopt := grade.Options{Dir: set.wb.Dir, Timeout: opt.Timeout, Race: race, Binary: set.wb.binaryDir(race)}
	for i, r := range grade.RunPackages(context.Background(), gopt, dirs) {
		if p := picked[i]; p.alternative {
			checkAlternative(t, p.mutant, r)
		} else {
			checkMutant(t, p.mutant, r)
		}
	}
}

// catalogCheckOptions are the options the catalog check grades with:
// solutions always with the race detector, and the test binaries kept.
func catalogCheckOptions(solution bool) CheckOptions {
	return CheckOptions{Timeout: 2 * time.Minute, ForceRace: solution, KeepBinaries: true}
}

// checkStub checks a stub's result: it compiles and fails a test, whose
// messages say what is wrong in words.
func checkStub(t *testing.T, e Exercise, r Result) {
	t.Helper()
	if l := rawValueShown(r.Report); l != "" {
		t.Errorf("%s: the stub fails a test that prints a value raw (say what is wrong in words):\n%s", e.Name, l)
	}
	if l := pluralAfterOne(r.Report); l != "" {
		t.Errorf("%s: the stub fails a test that counts one in the plural (the singular for one):\n%s", e.Name, l)
	}
	if l := repeatedMessages(r.Report); l != "" {
		t.Errorf("%s: the stub fails a test that says the same thing again and again (stop at the first, and say how many were left):\n%s", e.Name, l)
	}
	if l := sameAnswers(r.Report); l != "" {
		t.Errorf("%s: the stub fails a test whose cases all give the same answer, a line each (say it once: \"returned 1 for all 9 cases\"):\n%s", e.Name, l)
	}
	if l := lateGotWant(r.Report); l != "" {
		t.Errorf("%s: the stub's first failure opens with a long clause before what it got and wanted (the got/want first, the why after):\n%s", e.Name, l)
	}
	if name := firstFailure(r.Report); badInputTest.MatchString(name) {
		t.Errorf("%s: the stub's first failure is %s, a test of bad input; the first failure a learner reads should be about the first thing to write (put the tests of bad input last)", e.Name, name)
	}
	switch {
	case r.Report.Status != grade.Failed:
		t.Errorf("%s: the stub should compile and fail its tests, but: %s\n%s", e.Name, r.Report.Status, r.Report.Text())
	case len(r.Report.Failures()) == 0:
		t.Errorf("%s: the stub fails no test:\n%s", e.Name, r.Report.Text())
	}
}

// badInputTest matches the names the bundled tests give a test of bad
// input (TestBadConfig, TestOddArguments, TestAssignRejectsBadSizes):
// refusing a bad config is the exercise's last rule, never its first idea.
var badInputTest = regexp.MustCompile(`^Test(Bad|Odd)(Config|Arguments|Input|Sizes)$|RejectsBad`)

// firstFailure is the name of the first failing test in r, the one the
// runner and check name in their headline; "" if none failed.
func firstFailure(r grade.Report) string {
	if f := r.Failures(); len(f) > 0 {
		return f[0].Name
	}
	return ""
}

// checkAlternative checks that an alternative passes its tests.
func checkAlternative(t *testing.T, m mutant, r grade.Report) {
	t.Helper()
	if r.Status != grade.Passed {
		t.Errorf("the alternative %s (%s) should pass its tests with -race, but: %s\nwhat it does: %s\n%s",
			m.where(), path.Join(alternativesRoot, m.Exercise.Name, m.Name+".patch"), r.Status, m.Why, r.Text())
	}
}

// checkMutant checks that a mutant compiles and fails a test, with the
// summary and messages its patch asks for.
func checkMutant(t *testing.T, m mutant, r grade.Report) {
	t.Helper()
	if !failsATest(r) {
		t.Errorf("the mutant %s (%s) should compile and fail a test, but: %s\nits mistake: %s\n%s",
			m.where(), m.patchPath(), r.Status, m.Why, r.Text())
	}
	for _, want := range m.Expect {
		if !strings.Contains(r.Summary, want) {
			t.Errorf("the mutant %s (%s): the summary should say %q, but it is %q\n%s",
				m.where(), m.patchPath(), want, r.Summary, r.Text())
		}
	}
	said := failureMessages(r)
	for _, want := range m.Says {
		if !strings.Contains(said, want) {
			t.Errorf("the mutant %s (%s): a failing test's message should say %q, but none does:\n%s",
				m.where(), m.patchPath(), want, said)
		}
	}
	for _, not := range m.Not {
		if strings.Contains(said, not) {
			t.Errorf("the mutant %s (%s): no failing test's message should say %q, but one does:\n%s",
				m.where(), m.patchPath(), not, said)
		}
	}
	if l := pluralAfterOne(r); l != "" {
		t.Errorf("the mutant %s (%s) fails a test that counts one in the plural (the singular for one):\n%s", m.where(), m.patchPath(), l)
	}
	if l := rawValueShown(r); l != "" {
		t.Errorf("the mutant %s (%s) fails a test that prints a value raw (say what is wrong in words):\n%s", m.where(), m.patchPath(), l)
	}
}
