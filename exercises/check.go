package exercises

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/exercises/grade"
)

// CheckOptions tune a check. The zero value is the default.
type CheckOptions struct {
	Timeout time.Duration // per exercise; DefaultTimeout if zero
	Go      string        // the go command; found on PATH if empty
	// MoreTime is how the learner gives the tests more time
	// (grade.Options.MoreTime): the runner's way differs from check's.
	MoreTime string
	// ForceRace runs every exercise with the race detector, not only the
	// concurrent ones.
	ForceRace bool
	// KeepBinaries keeps each exercise's test binary in the workbook's
	// state folder (grade.Options.Binary), so that grading code that has
	// not changed since it was last graded skips the link. The catalog
	// check sets it; a learner's code changes between checks, and the
	// binaries would fill their workbook.
	KeepBinaries bool
	// OnProgress, if set, is told what Check is doing while the learner
	// waits: compiling, then running the tests (grade.Options.OnProgress;
	// compiling again if the race detector cannot run and the tests are
	// graded without it). It must return at once. CheckAll does not pass
	// it on: phases of exercises graded at once would not say whose they
	// are (OnPhase does).
	OnProgress func(grade.Progress)
	// OnPhase is OnProgress with the exercise whose phase it is, for
	// CheckAll, which grades several at once; Check tells it too. Of
	// several graded at once it is told grade.Ended too, when an
	// exercise's tests have run (its result comes with the others'), and
	// an exercise graded again on its own goes through its phases again
	// (grade.Options.OnPackage). It is called from the goroutine reading
	// go test's output, and must return at once.
	OnPhase func(Exercise, grade.Progress)
	// buildTime is grade.Options.BuildTime, its default if zero: the
	// tests of a check stopped while compiling set it, rather than wait
	// the minutes a first build is allowed.
	buildTime time.Duration
}

// DefaultTimeout is how long an exercise's tests may run (compiling them
// not included) before the test binary stops itself and dumps where every
// goroutine is. A mistake that blocks a test for ever outside a synctest
// bubble (a mutex locked twice, a channel no one reads) is seen by nothing
// but this limit: the runtime's "all goroutines are asleep" cannot fire
// inside go test, whose own goroutines are awake, so the learner waits it
// out for the verdict. The bundled tests of every exercise, run on its
// solution as graded (go test -count=1, -race where the exercise asks,
// GORACE=atexit_sleep_ms=0 as the grader sets it), took at most 1.42 s a
// package (11-shuffle-shard with the race detector; 1.21 s for 15, the
// slowest graded with it; 0.41 s without it), measured on a 2-core
// machine at a load average of 17 to 26, every package at once; see
// StuckAfter for a quiet machine. 10 s is seven times the slowest on that
// busy machine, a third of the grader's 30 s (grade.DefaultTimeout) that
// had a learner wait half a minute for the verdict, and twice StuckAfter,
// so that the note that the tests may be stuck comes well before it.
// --timeout gives more where a machine is slower still, as the verdict
// says.
const DefaultTimeout = 10 * time.Second

// timeout is the time limit of the tests: Timeout, or DefaultTimeout.
func (opt CheckOptions) timeout() time.Duration {
	if opt.Timeout > 0 {
		return opt.Timeout
	}
	return DefaultTimeout
}

// progressOf is what Check tells the grader to call with the phases of e:
// OnProgress and OnPhase, whichever are set.
func (opt CheckOptions) progressOf(e Exercise) func(grade.Progress) {
	switch {
	case opt.OnPhase == nil:
		return opt.OnProgress
	case opt.OnProgress == nil:
		return func(p grade.Progress) { opt.OnPhase(e, p) }
	}
	return func(p grade.Progress) {
		opt.OnProgress(p)
		opt.OnPhase(e, p)
	}
}

// Result is the outcome of checking one exercise.
type Result struct {
	Exercise Exercise
	Report   grade.Report
	// ProgressErr is set when the outcome could not be saved to the
	// progress file; the grading itself stands.
	ProgressErr error
	// RaceUnchecked is set when the exercise is graded with the race
	// detector but this machine cannot run it (no cgo or no C compiler): its
	// tests ran without it, so a pass is not a full pass.
	RaceUnchecked bool
	// TestsOutdated is set when the exercise's bundled test files are as
	// the workbook wrote them but the bundled tests have changed since:
	// putting back the bundled tests (reset --tests) is all it takes.
	TestsOutdated bool
	// TestsChanged is set when a bundled test file differs from the bundled
	// one, edited by the learner or not (TestsOutdated): the check cannot
	// pass, and putting back the bundled tests (reset --tests) is the way
	// out, with the learner's code kept.
	TestsChanged bool
	// MainMissing is set when the check stopped because the file the
	// learner edits is missing, its folder with it or with no other Go file
	// of theirs standing in: a reset has none of their code to copy, and
	// only writes the stub back.
	MainMissing bool
	// FolderMissing is set, with MainMissing, when the check stopped
	// because the exercise's folder is missing. Renaming it back is the
	// first way out; a reset writes a fresh folder, which is only the way
	// when the learner's code is nowhere else (RenamedTo is "").
	FolderMissing bool
	// RenamedTo is the workbook's folder that holds the package of an
	// exercise whose folder is missing (FolderMissing): the folder renamed,
	// by the look of it. A reset would start a new folder while the
	// learner's code stayed there, so renaming it back is the one way out.
	RenamedTo string
	// BuiltWithoutMain is set when the build failed with the file the
	// learner edits missing and other Go files of theirs in the folder,
	// which did not stand in for it: a reset writes the stub back and
	// moves those files to the backup.
	BuiltWithoutMain bool
	// TestsMissing is set when the check stopped because a bundled test
	// file is missing: putting back the bundled tests (reset --tests) is
	// the way out, with the learner's code kept.
	TestsMissing bool
	// GivenMissing is set when the check stopped because a file the
	// workbook gave the learner to build on, not to edit, is missing
	// (MissingGivenFiles): reset --tests writes it back, with the learner's
	// code kept.
	GivenMissing bool
	// Fault is the summary without the way out it names in the words of
	// `breakerlab exercises` (`breakerlab exercises reset --tests 01`,
	// "check again"), when TestsMissing, GivenMissing, MainMissing,
	// FolderMissing, BuiltWithoutMain or TestsChanged is set: the runner
	// says its own way out (x, r) under it.
	// The summary is built from the same words, so the two say the same
	// fault. Empty otherwise.
	Fault string
	// ChangedTestsFault is how Fault starts when TestsChanged: what
	// differs and why the check cannot pass, then what the report that
	// follows ran with ("With your version: "). The runner puts it before
	// a report it says in its own words, as it does a build's errors, each
	// with its place. Empty otherwise.
	ChangedTestsFault string
	// Untouched is set when the exercise's Go files are the stub and the
	// bundled tests as the workbook wrote them, and no others: the learner
	// has not started on it. The runner then shows the task before the
	// failures, which only repeat that nothing is written yet; once they
	// have started, the failures come first.
	Untouched bool
	// Solved is set when the exercise has passed, at this check or an
	// earlier one since its last reset. A pass sticks: a result that does
	// not pass, of a solved exercise, is "done, failing now".
	Solved bool
}

// NotRaceChecked is what the runner and `exercises check` say of a pass
// whose tests ran without the race detector.
const NotRaceChecked = "not checked for data races: the race detector needs cgo and a C compiler (install gcc or clang and set CGO_ENABLED=1)"

// FirstBuildNote is what the runner and `exercises check` say while a first
// check compiles: on an empty Go build cache it compiles the standard
// library's packages the tests use too (grade.Options.BuildTime), and the
// race detector's build compiles them all again, instrumented. On a 2-core
// machine (GOCACHE emptied, `exercises check` timed) the first check of 01
// took 31 s with the load average at 5, and 89 s at 25; of 04, graded with
// the race detector, 105 and 106 s after 01's had filled the cache, 117 and
// 162 s from empty, at load averages of 21 to 26; once built, 1.3 to 1.5 s.
const FirstBuildNote = "the first build with a fresh Go cache can take from half a minute to two minutes, more on a busy machine"

// SlowBuildAfter is how long compiling runs before the runner and
// `exercises check` say why it may take long (SlowBuildNote). After a
// change to the learner's code, compiling and linking the tests took 0.3
// to 1.0 s (go test -c -race on three solutions, each after an edit, on a
// busy 2-core machine); only the first build compiles the standard
// library's packages too. Said before every check, the note was noise on
// every build after the first.
const SlowBuildAfter = 5 * time.Second

// SlowBuildNote is FirstBuildNote as a sentence, once compiling has lasted
// SlowBuildAfter; "" before, and in any phase but compiling. It is the one
// rule for when the runner and `exercises check` say it.
func SlowBuildNote(p grade.Progress, compiled time.Duration) string {
	if p.Phase != grade.Compiling || compiled < SlowBuildAfter {
		return ""
	}
	return strings.ToUpper(FirstBuildNote[:1]) + FirstBuildNote[1:] + "."
}

// StuckAfter is how long tests run before the runner and `exercises check`
// say they may be stuck. The bundled tests of every exercise, run on its
// solution as they are graded (go test -json -count=1, with -race where
// the exercise is graded with the race detector), finished within 1.2 s:
// the test binary's own time (the package's Elapsed) was 0.003 to 0.05 s
// without the race detector and 1.02 to 1.15 s with it, whose runtime
// waits a second before it exits.
const StuckAfter = 5 * time.Second

// StuckNote says why tests that have been running for ran may not be done
// yet, once ran reaches StuckAfter; "" before, and in any phase but
// running the tests. It is the one wording of it: the runner and
// `exercises check` each follow it with how to stop the run, which differs
// between them.
func StuckNote(p grade.Progress, ran time.Duration) string {
	if p.Phase != grade.Testing || ran < StuckAfter {
		return ""
	}
	return "With working code these tests finish within a second or two, so yours may be stuck: a deadlock, or a loop that never ends."
}

// FullyPassed reports whether every test passed with every check the
// exercise asks for, the race detector included.
func (r Result) FullyPassed() bool { return r.Passed() && !r.RaceUnchecked }

// Passed reports whether every test of the exercise passed.
func (r Result) Passed() bool { return r.Report.Status == grade.Passed }

// Check grades e in the workbook and records the outcome in the progress
// file. It never panics; every failure, down to a missing Go toolchain,
// comes back as a Report with a readable Summary.
func (w *Workbook) Check(ctx context.Context, e Exercise, opt CheckOptions) Result {
	if r, stop := w.precheck(e); stop {
		return r
	}
	fp := w.fingerprint(e)
	edited := w.ChangedTests(e)
	race := e.Race || opt.ForceRace
	gopt := grade.Options{Dir: w.ExerciseDir(e), Timeout: opt.timeout(), Go: opt.Go, Race: race, MoreTime: opt.MoreTime, OnProgress: opt.progressOf(e), BuildTime: opt.buildTime}
	if opt.KeepBinaries {
		gopt.Binary = w.binaryPath(e, race)
	}
	r := grade.Run(ctx, gopt)
	unchecked := false
	if race && needsCgo(r) {
		// The race detector needs cgo and a C compiler. Grade without it
		// rather than not at all.
		gopt.Race = false
		if opt.KeepBinaries {
			gopt.Binary = w.binaryPath(e, false)
		}
		r = grade.Run(ctx, gopt)
		r.Summary += "; " + NotRaceChecked
		unchecked = true
	}
	res := Result{Exercise: e, Report: r, RaceUnchecked: unchecked, Untouched: w.untouched(e)}
	w.postcheck(e, &res, edited) // a pass with changed tests is no pass
	if finished(res.Report) {
		res.ProgressErr = w.setDone(e, res.Report, fp)
	}
	res.Solved = w.Solved(e)
	return res
}

// precheck is Check's result for e when its files are not there to be
// graded (stop is then true): its folder, a bundled test file or the file
// the learner edits is missing. Each is said as such, with what to do,
// rather than as the compile errors or the empty run it would cause.
func (w *Workbook) precheck(e Exercise) (r Result, stop bool) {
	var msg string
	var missing bool
	r.Fault, msg, r.RenamedTo, missing = w.folderFault(e)
	r.MainMissing, r.FolderMissing = missing, missing
	status := grade.Errored
	if !missing {
		if files := w.MissingTests(e); len(files) > 0 {
			r.Fault = fmt.Sprintf("the bundled test file %s is missing, so nothing can be graded", strings.Join(files, ", "))
			msg, missing, status = fmt.Sprintf("%s; put it back with `breakerlab exercises reset --tests %s` (your code is kept)",
				r.Fault, e.ID()), true, grade.NoTests
			r.TestsMissing = true
		}
	}
	if !missing {
		missing = w.missingMain(e)
		r.MainMissing = missing
		if missing {
			r.Fault, msg = MainMissingFault(e), mainMissing(e)
		}
	}
	if !missing {
		r.Fault, msg, missing = w.missingGiven(e)
		r.GivenMissing = missing
	}
	if !missing {
		return Result{}, false
	}
	r.Exercise, r.Report = e, grade.Report{Status: status, Summary: msg}
	r.ProgressErr = w.setDone(e, r.Report, w.fingerprint(e))
	r.Solved = w.Solved(e)
	return r, true
}

// missingFolder says whether e's folder is missing from the workbook, and
// what to do: if another folder holds a package of e's name (the folder
// renamed), rename it back; resetting would start a new folder while the
// learner's code stayed in the other.
func (w *Workbook) missingFolder(e Exercise) (msg string, missing bool) {
	_, msg, _, missing = w.folderFault(e)
	return msg, missing
}

// folderFault is missingFolder with the parts the runner says in its own
// words: fault is msg without its way out, which is check's
// (Result.Fault), and renamedTo the folder that holds e's package, if one
// does (Result.RenamedTo).
func (w *Workbook) folderFault(e Exercise) (fault, msg, renamedTo string, missing bool) {
	if _, err := os.Stat(w.ExerciseDir(e)); !errors.Is(err, fs.ErrNotExist) {
		return "", "", "", false
	}
	if other := w.folderOfPackage(e); other != "" {
		fault = fmt.Sprintf("the folder %s is missing, and %s holds its package %s (renamed?)", e.Name, other, e.Package)
		return fault, fmt.Sprintf("%s; rename %s back to %s, and check again", fault, other, e.Name), other, true
	}
	fault = fmt.Sprintf("the folder %s is missing (renamed or deleted?)", e.Name)
	return fault, fmt.Sprintf("%s; rename it back, or `breakerlab exercises reset %s --yes` writes a fresh stub", fault, e.ID()), "", true
}

// folderOfPackage returns the folder of the workbook, other than the
// exercises' own, whose Go files declare e's package; "" if none does.
func (w *Workbook) folderOfPackage(e Exercise) string {
	entries, err := os.ReadDir(w.Dir)
	if err != nil {
		return ""
	}
	own := map[string]bool{stateDir: true, "solutions": true}
	for _, x := range catalog {
		own[x.Name] = true
	}
	for _, ent := range entries {
		if !ent.IsDir() || own[ent.Name()] {
			continue
		}
		files, _ := filepath.Glob(filepath.Join(w.Dir, ent.Name(), "*.go"))
		for _, f := range files {
			if name := packageName(f); name == e.Package || name == e.Package+"_test" {
				return ent.Name()
			}
		}
	}
	return ""
}

// packageName returns the package clause of a Go file, "" if it has none.
func packageName(file string) string {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.PackageClauseOnly)
	if err != nil || f.Name == nil {
		return ""
	}
	return f.Name.Name
}

// missingMain says whether the file the learner edits is missing, with no
// other Go file of theirs in the folder to stand in for it (a file renamed
// to mybreaker.go still compiles, and is graded as it is).
func (w *Workbook) missingMain(e Exercise) bool {
	if e.MainFile() == "" {
		return false
	}
	if _, err := os.Stat(w.MainFile(e)); !errors.Is(err, fs.ErrNotExist) {
		return false
	}
	return !w.learnerGoFiles(e)
}

// mainMissing says the file the learner edits is missing and how check's
// reader writes the stub back; MainMissingFault is its first part, which
// the runner follows with its own way (x), and names beside the compile
// errors it lists.
func mainMissing(e Exercise) string {
	return fmt.Sprintf("%s; `breakerlab exercises reset %s --yes` writes the stub again", MainMissingFault(e), e.ID())
}

// MainMissingFault says the file the learner edits is missing.
func MainMissingFault(e Exercise) string {
	return fmt.Sprintf("%s, the file you edit, is missing", e.MainFile())
}

// missingGiven says whether a file the workbook gave the learner to build
// on but not to edit (03's window.go, 12's policies.go) is missing. Left to
// the compiler, its loss reads as names the learner's own file fails to
// define, which sends them to write code they were given.
// fault is msg without its way out (Result.Fault).
func (w *Workbook) missingGiven(e Exercise) (fault, msg string, missing bool) {
	gone := w.MissingGivenFiles(e)
	if len(gone) == 0 {
		return "", "", false
	}
	what, verb, it := "a file", "is", "it"
	if len(gone) > 1 {
		what, verb, it = "files", "are", "them"
	}
	fault = fmt.Sprintf("%s, %s the workbook gave you (not for you to edit), %s missing", strings.Join(gone, " and "), what, verb)
	return fault, fmt.Sprintf("%s; `breakerlab exercises reset --tests %s` writes %s back (your code is kept)", fault, e.ID(), it), true
}

// MissingGivenFiles returns, sorted, the stub files other than the one the
// learner edits that are gone from e's folder with nothing standing in for
// them. A file whose declarations the learner moved into a file of their
// own is not missing: its code is there, and writing it back would declare
// everything twice.
func (w *Workbook) MissingGivenFiles(e Exercise) []string {
	dir := w.ExerciseDir(e)
	var gone []string
	stubs := e.StubFiles()
	for _, name := range slices.Sorted(maps.Keys(stubs)) {
		if name == e.MainFile() {
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, name)); !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if declaredElsewhere(dir, stubs[name]) {
			continue
		}
		gone = append(gone, name)
	}
	return gone
}

// declaredElsewhere reports whether a top-level name that src declares is
// declared by a non-test Go file in dir: a sign that the learner moved the
// file's code rather than lost it.
func declaredElsewhere(dir string, src []byte) bool {
	want := topLevelNames(src)
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for name := range topLevelNames(b) {
			if want[name] {
				return true
			}
		}
	}
	return false
}

// topLevelNames returns the names src declares at the top level (methods
// are left out: their names are not unique to a file).
func topLevelNames(src []byte) map[string]bool {
	out := map[string]bool{}
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if f == nil {
		return out
	}
	_ = err // a file that does not parse still names what it got to
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil {
				out[d.Name.Name] = true
			}
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				switch sp := sp.(type) {
				case *ast.TypeSpec:
					out[sp.Name.Name] = true
				case *ast.ValueSpec:
					for _, n := range sp.Names {
						if n.Name != "_" {
							out[n.Name] = true
						}
					}
				}
			}
		}
	}
	return out
}

// learnerGoFiles reports whether e's folder holds a non-test Go file that
// is not one of the stub's files: code the learner wrote or renamed.
func (w *Workbook) learnerGoFiles(e Exercise) bool {
	stubs := e.StubFiles()
	files, _ := filepath.Glob(filepath.Join(w.ExerciseDir(e), "*.go"))
	for _, f := range files {
		name := filepath.Base(f)
		if _, ok := stubs[name]; !ok && !strings.HasSuffix(name, "_test.go") {
			return true
		}
	}
	return false
}

// untouched reports whether e's folder holds exactly the Go files the
// workbook wrote, the stub and the bundled tests, each as written (line
// endings aside: an editor may save with CRLF). A test file counts as
// written when it checks what the bundled one checks (sameTestCode): a
// newer breakerlab that rewords the tests' comments has not set the
// learner to work.
func (w *Workbook) untouched(e Exercise) bool {
	stubs, tests := e.StubFiles(), e.TestFiles()
	files, err := filepath.Glob(filepath.Join(w.ExerciseDir(e), "*.go"))
	if err != nil || len(files) != len(stubs)+len(tests) {
		return false
	}
	for _, f := range files {
		got, err := os.ReadFile(f)
		if err != nil {
			return false
		}
		name := filepath.Base(f)
		if b, ok := stubs[name]; ok {
			if !bytes.Equal(bytes.ReplaceAll(got, []byte("\r\n"), []byte("\n")), bytes.ReplaceAll(b, []byte("\r\n"), []byte("\n"))) {
				return false
			}
		} else if b, ok := tests[name]; !ok || !sameTestCode(got, b) {
			return false
		}
	}
	return true
}

// postcheck adds to res what the folder says about its report: a bundled
// test file that differs from the bundled one (changed, listed before
// grading) means the run did not grade the exercise, so it cannot pass;
// and a build that failed with the file the learner edits missing says so.
// Each is said in the summary with check's way out, and in res.Fault
// without it.
func (w *Workbook) postcheck(e Exercise, res *Result, changed TestChanges) {
	r := &res.Report
	res.TestsOutdated, res.TestsChanged = changed.outdated(), changed.Any()
	fault := r.Summary
	if r.Status == grade.BuildFailed {
		if _, err := os.Stat(w.MainFile(e)); errors.Is(err, fs.ErrNotExist) {
			r.Summary += "; " + mainMissing(e)
			fault += "; " + MainMissingFault(e)
			res.BuiltWithoutMain = true
		} else if hint := buildHint(e, *r); hint != "" {
			r.Summary += "; " + hint
			fault += "; " + hint
		}
	}
	if !changed.Any() || r.Status == grade.Canceled {
		if res.BuiltWithoutMain {
			res.Fault = fault
		}
		return
	}
	if r.Status == grade.Passed {
		r.Status = grade.Failed
	}
	with := "With your version: "
	if len(changed.Learners()) == 0 {
		with = "With the old tests: "
	}
	res.ChangedTestsFault = changedTestsFault(e, changed) + ". " + with
	r.Summary, res.Fault = ChangedTestsNote(e, changed)+". "+with+r.Summary, res.ChangedTestsFault+fault
}

// mixedPackages matches the go command's complaint about a folder whose
// files name more than one package: "found packages main (breaker.go) and
// ratebreaker (breaker_test.go) in DIR".
var mixedPackages = regexp.MustCompile(`found packages (\w+) \(([^)]+)\) and (\w+) \(([^)]+)\)`)

// buildHint says what to do about a build failure the compiler ties to no
// line, in the cases a learner meets, "" for the others (and for those it
// ties to a line, which say where to look). Go's words alone name the
// packages but not the edit that made them differ: the package clause of a
// file, renamed by an editor's template or by hand.
func buildHint(e Exercise, r grade.Report) string {
	if len(r.BuildErrors) > 0 {
		return ""
	}
	for _, l := range r.BuildOutput {
		m := mixedPackages.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		var wrong []string
		for _, pf := range [][2]string{{m[1], m[2]}, {m[3], m[4]}} {
			pkg, file := pf[0], pf[1]
			// A test file may be of the external test package, x_test.
			if pkg != e.Package && !(strings.HasSuffix(file, "_test.go") && pkg == e.Package+"_test") {
				wrong = append(wrong, file)
			}
		}
		if len(wrong) == 0 {
			return ""
		}
		if len(wrong) == 1 {
			return fmt.Sprintf("the package clause of %s was changed: it must say `package %s`, as the exercise's other files do", wrong[0], e.Package)
		}
		return fmt.Sprintf("the package clauses of %s were changed: each must say `package %s`", strings.Join(wrong, " and "), e.Package)
	}
	return ""
}

// UnquotedBuildOutput returns the compiler's output of a build failure
// that names no line (r.BuildOutput) less the lines r's summary already
// quotes, so that what the runner and check show under the summary does
// not say it twice.
func UnquotedBuildOutput(r grade.Report) []string {
	var out []string
	for _, l := range r.BuildOutput {
		if t := strings.TrimSpace(l); t != "" && strings.Contains(r.Summary, t) {
			continue
		}
		out = append(out, l)
	}
	return out
}

// outdated says the bundled test files differ only because the bundled
// tests changed since the workbook wrote them: none was edited.
func (c TestChanges) outdated() bool { return c.Any() && len(c.Learners()) == 0 }

// ChangedTestsNote says why a check cannot pass while the exercise's
// bundled test files differ from the bundled ones, and what to do, without
// a full stop; "" when none differs. It speaks of the check, not of the
// exercise: a pass sticks (Progress.Solved), so an exercise that passed
// before stays done while its tests differ, as the runner and check say
// beside this note, and one that has not cannot get there until the tests
// are restored. It is the one wording of it: Check's summary, which
// `breakerlab exercises check` prints and the runner shows, is built on it. Each file is said as the workbook knows it:
//
//   - as the workbook wrote it (the bundled tests changed since): "the
//     bundled tests of 02 were updated since this workbook was made …;
//     `breakerlab exercises reset 02 --tests` brings the new ones and keeps
//     your code" (with --yes when another file was edited);
//   - changed since the workbook wrote it: "your breaker_test.go differs
//     from the bundled one, so …; `breakerlab exercises reset --tests 02
//     --yes` restores it …" (--yes: reset --tests asks for it before it puts
//     back a file the learner changed);
//   - with no record of what was written (a workbook made before the record
//     was kept): the same, with "(edited, or the bundled tests changed since
//     this workbook was made)".
func ChangedTestsNote(e Exercise, c TestChanges) string {
	var parts []string
	for _, p := range changedTestsParts(e, c) {
		parts = append(parts, p.fault+"; "+p.way)
	}
	return strings.Join(parts, "; ")
}

// changedTestsFault is ChangedTestsNote without its commands: what
// differs and why the check cannot pass, for the runner, which says its
// own way out (x) under it.
func changedTestsFault(e Exercise, c TestChanges) string {
	var parts []string
	for _, p := range changedTestsParts(e, c) {
		parts = append(parts, p.fault)
	}
	return strings.Join(parts, "; ")
}

// changedTestsPart is one sentence of ChangedTestsNote: what differs, and
// the command of `breakerlab exercises` that puts it back.
type changedTestsPart struct{ fault, way string }

func changedTestsParts(e Exercise, c TestChanges) []changedTestsPart {
	// reset --tests asks for --yes when it would put back a test file that
	// may hold the learner's changes (a copy is kept): the command said
	// here must run as said.
	yes := ""
	if len(c.Learners()) > 0 {
		yes = " --yes"
	}
	var parts []changedTestsPart
	if len(c.Updated) > 0 {
		parts = append(parts, changedTestsPart{
			fault: fmt.Sprintf("the bundled tests of %s were updated since this workbook was made (your %s %s as the workbook wrote %s), "+
				"so this check cannot pass with the old ones",
				e.ID(), strings.Join(c.Updated, " and your "), plural(len(c.Updated), "is", "are"), plural(len(c.Updated), "it", "them")),
			way: fmt.Sprintf("`breakerlab exercises reset %s --tests%s` brings the new ones and keeps your code", e.ID(), yes),
		})
	}
	for _, group := range []struct {
		files []string
		why   string
	}{
		{c.Edited, ""},
		{c.Unknown, " (edited, or the bundled tests changed since this workbook was made)"},
	} {
		if len(group.files) == 0 {
			continue
		}
		n := len(group.files)
		parts = append(parts, changedTestsPart{
			fault: fmt.Sprintf("your %s %s from the bundled %s%s, so this check cannot pass",
				strings.Join(group.files, " and your "), plural(n, "differs", "differ"), plural(n, "one", "ones"), group.why),
			way: fmt.Sprintf("`breakerlab exercises reset --tests %s%s` restores %s (yours %s copied to the workbook's %s first; your code is kept; %s)",
				e.ID(), yes, plural(n, "it", "them"), plural(n, "is", "are"), BackupFolder(e), OwnTestsNote),
		})
	}
	return parts
}

// BackupFolder is where a reset or a restore of e's tests copies the
// learner's files first, relative to the workbook's folder: the hint
// under an edited test file's failure names it, so the learner knows
// their version is not lost.
func BackupFolder(e Exercise) string {
	return filepath.Join(stateDir, "backup", e.Name)
}

// OwnTestsNote is the advice check and the runner give with the way to
// put back a bundled test file the learner changed: a restore replaces the
// file, tests they added to it with it.
const OwnTestsNote = "tests of your own can go in a _test.go file of their own"

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// binaryPath is where CheckOptions.KeepBinaries keeps e's test binary:
// binaryDir's <exercise>.test.
func (w *Workbook) binaryPath(e Exercise, race bool) string {
	return filepath.Join(w.binaryDir(race), e.Name+".test")
}

// binaryDir is the folder of the kept test binaries: one for those built
// with the race detector and one for the others, so that grading with and
// without it in turn does not link each time.
func (w *Workbook) binaryDir(race bool) string {
	if race {
		return filepath.Join(w.Dir, stateDir, "bin", "race")
	}
	return filepath.Join(w.Dir, stateDir, "bin", "plain")
}

// checkTogether grades exs as Check grades each, with one go command for
// those graded without the race detector and one for the others
// (grade.RunPackages), in that order, each building and testing parallel
// packages at a time (go test -p; as many as there are CPUs if parallel is
// 0). Every go command's start costs about as much CPU as linking an
// exercise's test binary: the catalog check, which grades dozens of
// workbooks of the catalog with kept binaries, paid more for the starts
// than for anything else, and `exercises check` of a whole workbook, which
// links every test binary (the tests always run, grade.Run), paid a start
// per exercise. An exercise whose result the shared go command cannot give
// as Check would, one that does not compile say, is graded again on its
// own (grade.RunPackages). Results come in the order of exs; phases go to
// opt.OnPhase.
func (w *Workbook) checkTogether(ctx context.Context, exs []Exercise, parallel int, opt CheckOptions) []Result {
	results := make([]Result, len(exs))
	prints := make([]string, len(exs))
	edited := make([]TestChanges, len(exs))
	var groups [2][]int // indexes of exs without the race detector, and with it
	for i, e := range exs {
		results[i].Exercise = e
		if r, stop := w.precheck(e); stop {
			results[i] = r
			continue
		}
		prints[i] = w.fingerprint(e)
		edited[i] = w.ChangedTests(e)
		race := e.Race || opt.ForceRace
		groups[btoi(race)] = append(groups[btoi(race)], i)
	}
	run := func(idx []int, race bool) []grade.Report {
		dirs := make([]string, len(idx))
		for j, i := range idx {
			dirs[j] = w.ExerciseDir(exs[i])
		}
		gopt := grade.Options{Dir: w.Dir, Timeout: opt.timeout(), Go: opt.Go, Race: race, MoreTime: opt.MoreTime, Parallel: parallel, BuildTime: opt.buildTime}
		if opt.KeepBinaries {
			gopt.Binary = w.binaryDir(race)
		}
		if opt.OnPhase != nil {
			gopt.OnPackage = func(j int, p grade.Progress) { opt.OnPhase(exs[idx[j]], p) }
		}
		return grade.RunPackages(ctx, gopt, dirs)
	}
	for race, idx := range groups {
		if len(idx) == 0 {
			continue
		}
		reports := run(idx, race == 1)
		var again []int // graded without the race detector after all
		for j, i := range idx {
			results[i].Report = reports[j]
			if race == 1 && needsCgo(reports[j]) {
				again = append(again, i)
			}
		}
		if len(again) > 0 {
			for j, r := range run(again, false) {
				i := again[j]
				r.Summary += "; " + NotRaceChecked
				results[i].Report, results[i].RaceUnchecked = r, true
			}
		}
	}
	for i := range results {
		if prints[i] != "" {
			w.postcheck(exs[i], &results[i], edited[i])
			results[i].Untouched = w.untouched(exs[i])
		}
		if prints[i] != "" && finished(results[i].Report) {
			results[i].ProgressErr = w.setDone(exs[i], results[i].Report, prints[i])
		}
		results[i].Solved = w.Solved(exs[i])
	}
	return results
}

// finished reports whether r says how the exercise's code fares, to be
// recorded in the progress: not a run the learner stopped (Canceled), nor
// one stopped before its tests started (grade.Report.NotStarted), which
// tells nothing of the code. The first check on an empty build cache, on
// a busy machine, can run out of time compiling the standard library;
// recorded, it marked the exercise failing with no failed test, and hint
// had no test to choose its hint by, or lost the tests an earlier check
// had found failing. Its summary says to check again.
func finished(r grade.Report) bool {
	return r.Status != grade.Canceled && !r.NotStarted
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func needsCgo(r grade.Report) bool {
	if r.Status != grade.Errored && r.Status != grade.BuildFailed {
		return false
	}
	all := strings.Join(append(append([]string{r.Summary}, r.Output...), r.BuildOutput...), "\n")
	return strings.Contains(all, "-race requires cgo")
}

// CheckAll grades the exercises, each with the result Check gives it, with
// at most parallel of them building or testing at once (1 if parallel <
// 1): several in one go test of their packages per race setting
// (checkTogether). It calls each (if not nil) with every result, in the
// order given, once all are in, and returns them in that order. Phases
// are told to opt.OnPhase only, which says whose they are; an exercise's
// grade.Ended says that its tests have run.
func (w *Workbook) CheckAll(ctx context.Context, exs []Exercise, parallel int, opt CheckOptions, each func(Result)) []Result {
	opt.OnProgress = nil
	var results []Result
	if len(exs) == 1 {
		results = []Result{w.Check(ctx, exs[0], opt)}
	} else {
		results = w.checkTogether(ctx, exs, max(parallel, 1), opt)
	}
	if each != nil {
		for _, r := range results {
			each(r)
		}
	}
	return results
}
