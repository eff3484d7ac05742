package exercises

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/breakerlab/breakerlab/exercises/grade"
)

// CheckOptions tune a check. The zero value is the default.
type CheckOptions struct {
	Timeout time.Duration // per exercise; grade.DefaultTimeout if zero
	Go      string        // the go command; found on PATH if empty
	// ForceRace runs every exercise with the race detector, not only the
	// concurrent ones.
	ForceRace bool
	// KeepBinaries keeps each exercise's test binary in the workbook's
	// state folder (grade.Options.Binary), so that grading code that has
	// not changed since it was last graded skips the link. The catalog
	// check sets it; a learner's code changes between checks, and the
	// binaries would fill their workbook.
	KeepBinaries bool
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
}

// NotRaceChecked is what the runner and `exercises check` say of a pass
// whose tests ran without the race detector.
const NotRaceChecked = "not checked for data races: the race detector needs cgo and a C compiler (install gcc or clang and set CGO_ENABLED=1)"

// FullyPassed reports whether every test passed with every check the
// exercise asks for, the race detector included.
func (r Result) FullyPassed() bool { return r.Passed() && !r.RaceUnchecked }

// Passed reports whether every test of the exercise passed.
func (r Result) Passed() bool { return r.Report.Status == grade.Passed }

// Check grades e in the workbook and records the outcome in the progress
// file. It never panics; every failure, down to a missing Go toolchain,
// comes back as a Report with a readable Summary.
func (w *Workbook) Check(ctx context.Context, e Exercise, opt CheckOptions) Result {
	if r, missing := w.missingTestsReport(e); missing {
		return r
	}
	fp := w.fingerprint(e)
	race := e.Race || opt.ForceRace
	gopt := grade.Options{Dir: w.ExerciseDir(e), Timeout: opt.Timeout, Go: opt.Go, Race: race}
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
	res := Result{Exercise: e, Report: r, RaceUnchecked: unchecked}
	if r.Status != grade.Canceled {
		res.ProgressErr = w.setDone(e, r.Status == grade.Passed, fp)
	}
	return res
}

// missingTestsReport is Check's result for e when a bundled test file is
// missing from the workbook (missing is then true): nothing is graded.
func (w *Workbook) missingTestsReport(e Exercise) (r Result, missing bool) {
	files := w.MissingTests(e)
	if len(files) == 0 {
		return Result{}, false
	}
	return Result{Exercise: e, ProgressErr: w.setDone(e, false, ""), Report: grade.Report{
		Status: grade.NoTests,
		Summary: fmt.Sprintf("the bundled test file %s is missing, so nothing can be graded; "+
			"put it back with `breakerlab exercises reset --tests %s` (your code is kept)",
			strings.Join(files, ", "), e.ID()),
	}}, true
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
// those graded with the race detector and one for the others
// (grade.RunPackages), in that order. Every go command's start costs about
// as much CPU as linking an exercise's test binary: the catalog check,
// which grades dozens of workbooks of the catalog with kept binaries, paid
// more for the starts than for anything else. Results come in the order of
// exs.
func (w *Workbook) checkTogether(ctx context.Context, exs []Exercise, opt CheckOptions) []Result {
	results := make([]Result, len(exs))
	prints := make([]string, len(exs))
	var groups [2][]int // indexes of exs without the race detector, and with it
	for i, e := range exs {
		results[i].Exercise = e
		if r, missing := w.missingTestsReport(e); missing {
			results[i] = r
			continue
		}
		prints[i] = w.fingerprint(e)
		race := e.Race || opt.ForceRace
		groups[btoi(race)] = append(groups[btoi(race)], i)
	}
	run := func(idx []int, race bool) []grade.Report {
		dirs := make([]string, len(idx))
		for j, i := range idx {
			dirs[j] = w.ExerciseDir(exs[i])
		}
		gopt := grade.Options{Dir: w.Dir, Timeout: opt.Timeout, Go: opt.Go, Race: race}
		if opt.KeepBinaries {
			gopt.Binary = w.binaryDir(race)
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
		if prints[i] != "" && results[i].Report.Status != grade.Canceled {
			results[i].ProgressErr = w.setDone(exs[i], results[i].Report.Status == grade.Passed, prints[i])
		}
	}
	return results
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

// CheckAll grades the exercises with at most parallel of them at once (1 if
// parallel < 1), calling each (if not nil) as every result comes in, from
// one goroutine at a time. It returns the results in the order given.
func (w *Workbook) CheckAll(ctx context.Context, exs []Exercise, parallel int, opt CheckOptions, each func(Result)) []Result {
	results := make([]Result, len(exs))
	sem := make(chan struct{}, max(parallel, 1))
	var wg sync.WaitGroup
	var mu sync.Mutex
	for i, e := range exs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			r := w.Check(ctx, e, opt)
			results[i] = r
			if each != nil {
				mu.Lock()
				each(r)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return results
}
