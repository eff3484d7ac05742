package exercises

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises/grade"
)

// racesOnce is a file that makes the solution of 06-semaphore-bulkhead
// race, the same way every run: a goroutine writes and ends, and then New
// reads, with nothing ordering the two for the race detector (the count of
// goroutines is no synchronisation). A race that two goroutines run into
// in either order, as a learner's mistake does, is reported with its
// accesses in that order, which changes from run to run: two runs could
// not be compared.
const racesOnce = `package bulkhead

import (
	"runtime"
	"sync/atomic"
	"time"
)

var (
	raced         atomic.Bool
	written, read int
)

func raceOnce() {
	if raced.Swap(true) {
		return
	}
	before := runtime.NumGoroutine()
	go func() { written = 1 }()
	for runtime.NumGoroutine() > before {
		time.Sleep(time.Millisecond)
	}
	read = written
}
`

// CheckAll grades a workbook with one go test of the exercises' packages
// per race setting, and each exercise gets the result its own Check gives
// it: one solved, one failing a test (the stub), one that does not compile
// (in the go command without the race detector), one that cannot load an
// import (in the one with it) and one with a data race. Only the two that
// do not compile are graded again on their own, where the compiler names
// their files as their own run does.
func TestCheckAllGivesEachTheResultOfItsOwnCheck(t *testing.T) {
	needGo(t)
	if runtime.GOOS == "windows" {
		t.Skip("the go command is wrapped in a shell script")
	}
	realGo, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH")
	}
	// The wrapper notes where each go command ran and what it was asked.
	tmp := t.TempDir()
	goLog := filepath.Join(tmp, "go.log")
	wrapper := filepath.Join(tmp, "go")
	script := "#!/bin/sh\nprintf '%s|%s\\n' \"$(pwd -P)\" \"$*\" >> '" + goLog + "'\nexec '" + realGo + "' \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	solved, failing, broken, noImport, racy := catalog[0], catalog[1], catalog[2], catalog[3], catalog[5]
	const newFunc = "func New(maxConcurrent int, maxWait time.Duration) *Bulkhead {\n"
	racyFiles := racy.SolutionFiles()
	racyMain := string(racyFiles[racy.MainFile()])
	if !strings.Contains(racyMain, newFunc) {
		t.Fatalf("the solution of %s no longer declares %q: give the test another place to call raceOnce", racy.Name, newFunc)
	}
	racyFiles[racy.MainFile()] = []byte(strings.Replace(racyMain, newFunc, newFunc+"\traceOnce()\n", 1))
	racyFiles["raceonce.go"] = []byte(racesOnce)
	if broken.Race || !noImport.Race || !racy.Race {
		t.Fatal("the test wants 03 graded without the race detector and 04 and 06 with it")
	}
	// The workbook's folder is kept between runs (keptWorkbook), so that
	// the build cache serves what compiles.
	w, err := keptWorkbook(t, checkDirsRoot(t), func(w *Workbook) error {
		if err := writeFiles(w.ExerciseDir(solved), solved.SolutionFiles()); err != nil {
			return err
		}
		code := slices.Concat(broken.SolutionFiles()[broken.MainFile()], []byte("\nvar broken = notDeclared\n"))
		if err := os.WriteFile(w.MainFile(broken), code, 0o644); err != nil {
			return err
		}
		if err := writeFiles(w.ExerciseDir(noImport), noImport.SolutionFiles()); err != nil {
			return err
		}
		extra := "package " + noImport.Package + "\n\nimport _ \"example.org/nowhere/clock\"\n"
		if err := os.WriteFile(filepath.Join(w.ExerciseDir(noImport), "clock.go"), []byte(extra), 0o644); err != nil {
			return err
		}
		return writeFiles(w.ExerciseDir(racy), racyFiles)
	})
	if err != nil {
		t.Fatal(err)
	}
	exs := []Exercise{solved, failing, broken, noImport, racy}
	// The test binaries are kept in the workbook's state folder too: a
	// later run links none of them (nor does each exercise's own check,
	// which finds the binary the shared run linked), and the reports are
	// the ones a learner's check, which links every time, gives.
	opt := CheckOptions{Go: wrapper, KeepBinaries: true}
	grouped := w.CheckAll(context.Background(), exs, 2, opt, nil)
	log, err := os.ReadFile(goLog)
	if err != nil {
		t.Fatal(err)
	}

	for i, e := range exs {
		own := w.Check(context.Background(), e, opt)
		if !sameResults(grouped[i], own) {
			t.Errorf("%s: graded with the others:\n%+v\ngraded alone:\n%+v", e.Name, grouped[i], own)
		}
	}
	for i, want := range []grade.Status{grade.Passed, grade.Failed, grade.BuildFailed, grade.BuildFailed, grade.Failed} {
		if got := grouped[i].Report.Status; got != want {
			t.Errorf("%s: %v, want %v: %s", exs[i].Name, got, want, grouped[i].Report.Summary)
		}
	}
	if r := grouped[4]; !strings.Contains(r.Report.Summary, "a data race between") && !r.RaceUnchecked {
		t.Errorf("%s: the race is not said: %s", racy.Name, r.Report.Summary)
	}
	if r := grouped[3]; !strings.Contains(r.Report.Summary, "example.org/nowhere/clock") {
		t.Errorf("%s: the import it cannot load is not said: %s", noImport.Name, r.Report.Summary)
	}

	// Which go commands graded them: one per race setting from the
	// workbook's folder, for several exercises each, and one in the folder
	// of each exercise that does not compile.
	root, err := filepath.EvalSymlinks(w.Dir)
	if err != nil {
		t.Fatal(err)
	}
	var shared, alone []string
	for _, l := range strings.Split(strings.TrimSpace(string(log)), "\n") {
		dir, args, _ := strings.Cut(l, "|")
		if dir == root {
			shared = append(shared, args)
			continue
		}
		alone = append(alone, filepath.Base(dir))
	}
	raceUnchecked := slices.ContainsFunc(grouped, func(r Result) bool { return r.RaceUnchecked })
	if !raceUnchecked && (len(shared) != 2 || strings.Contains(shared[0], "-race") || !strings.Contains(shared[1], "-race")) {
		t.Errorf("the workbook's folder ran %d go commands; want one without the race detector and one with it:\n%s", len(shared), strings.Join(shared, "\n"))
	}
	for _, args := range shared {
		if strings.Count(args, " ./") < 2 {
			t.Errorf("a go command from the workbook's folder graded fewer than two exercises: %s", args)
		}
	}
	slices.Sort(alone)
	if want := []string{broken.Name, noImport.Name}; !raceUnchecked && !slices.Equal(alone, want) {
		t.Errorf("go commands ran on their own in %v; want one in each folder that does not compile, %v", alone, want)
	}
}

// sameResults reports whether a result from CheckAll is the one Check
// gives, times aside.
func sameResults(grouped, own Result) bool {
	clear := func(r Result) Result {
		r.Report.Elapsed = 0
		r.Report.Tests = slices.Clone(r.Report.Tests)
		for i := range r.Report.Tests {
			r.Report.Tests[i].Elapsed = 0
		}
		return r
	}
	return reflect.DeepEqual(clear(grouped), clear(own))
}
