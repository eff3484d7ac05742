package grade

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// sameReports reports whether a package's report from RunPackages is the
// report Run gives it, times aside.
func sameReports(grouped, own Report) bool {
	clear := func(r Report) Report {
		r.Elapsed = 0
		r.Tests = slices.Clone(r.Tests)
		for i := range r.Tests {
			r.Tests[i].Elapsed = 0
		}
		return r
	}
	return reflect.DeepEqual(clear(grouped), clear(own))
}

// A package that does not build, among others that do, gets the report its
// own run gives it: the compiler's messages name its files from its own
// folder, and a package that cannot load an import (whose messages the go
// command files under that import) is still said not to compile, and why.
// The others are graded in the shared run, each told its phases to
// OnPackage, up to Ended, and their test binaries are kept in the folder
// given, as <folder>.test. Each is reported as Run reports it alone: a
// pass, a failure with its test's output, a compile error with its file,
// and a folder that is not there; folders may be given relative to
// Options.Dir or absolute. (RunPackages' first test, of a pass, a
// failure, a compile error and a missing folder, is this one: the same
// packages, graded here already, cost it two go commands and a second of
// CPU more.)
// A package that does not build gets its report from a go command of its
// own, run as Run runs it: the test sees that command in a log its go
// wrapper keeps, the same as Run's for a package that builds, rather than
// running it a second time through Run (four go commands, some 2 s of CPU).
func TestRunPackagesGivesABrokenBuildItsOwnReport(t *testing.T) {
	needGo(t)
	t.Parallel()
	dir := module(t, map[string]string{
		"good/p.go":              "package good\n\nfunc Add(a, b int) int { return a + b }\n",
		"good/p_test.go":         addTest("good"),
		"typo/p.go":              "package typo\n\nfunc Add(a, b int) int { return a + c }\n",
		"typo/p_test.go":         addTest("typo"),
		"noimport/p.go":          "package noimport\n\nimport \"example.org/nowhere/sum\"\n\nfunc Add(a, b int) int { return sum.Of(a, b) }\n",
		"noimport/p_test.go":     addTest("noimport"),
		"bad/p.go":               "package bad\n\nfunc Add(a, b int) int { return a * b }\n",
		"bad/p_test.go":          addTest("bad"),
		"twonames/p.go":          "package other\n\nfunc Add(a, b int) int { return a + b }\n",
		"twonames/p_test.go":     addTest("twonames"),
		"wronguse/p.go":          "package wronguse\n\nfunc Add(a, b int) int { return a + b }\n",
		"wronguse/p_test.go":     "package wronguse\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) { Add(1) }\n",
		"alsogood/p.go":          "package alsogood\n\nfunc Add(a, b int) int { return b + a }\n",
		"alsogood/p_test.go":     addTest("alsogood"),
		"alsogood/other_test.go": "package alsogood\n\nimport \"testing\"\n\nfunc TestZero(t *testing.T) {\n\tif Add(0, 0) != 0 {\n\t\tt.Fatal(\"Add(0, 0) is not 0\")\n\t}\n}\n",
	})
	names := []string{"good", "typo", "noimport", "bad", "twonames", "wronguse", "alsogood", "missing"}
	dirs := slices.Clone(names)
	dirs[0] = filepath.Join(dir, "good")
	var mu sync.Mutex
	phases := map[int][]Phase{}
	// The binaries are kept between runs (keptBins), but bad's: the go
	// command links it again, which shows that RunPackages keeps each.
	bins := keptBins(t)
	if err := os.Remove(filepath.Join(bins, "bad.test")); err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	// The wrapper notes where each go command ran and what it was asked.
	goLog, goBin := "", ""
	if runtime.GOOS != "windows" {
		realGo, err := exec.LookPath("go")
		if err != nil {
			t.Fatal(err)
		}
		goLog = filepath.Join(t.TempDir(), "go.log")
		goBin = fakeGo(t, "printf '%s|%s\\n' \"$(pwd -P)\" \"$*\" >> '"+goLog+"'\nexec '"+realGo+"' \"$@\"\n")
	}
	grouped := RunPackages(context.Background(), Options{Dir: dir, Go: goBin, Binary: bins, OnPackage: func(i int, p Progress) {
		mu.Lock()
		defer mu.Unlock()
		phases[i] = append(phases[i], p.Phase)
	}}, dirs)
	if len(grouped) != len(names) {
		t.Fatalf("%d reports for %d folders", len(grouped), len(names))
	}
	for _, name := range []string{"good", "bad", "alsogood"} {
		if _, err := os.Stat(filepath.Join(bins, name+".test")); err != nil {
			t.Errorf("the test binary %s.test was not kept: %v", name, err)
		}
	}
	// A package graded alone by RunPackages: its report is that go
	// command's, graded as Run grades it (runGo, one package from its own
	// folder); what is left to see is that the command was Run's.
	gradedAlone := map[string]bool{"typo": true, "noimport": true, "twonames": true, "wronguse": true}
	if goLog == "" {
		clear(gradedAlone) // no log to read: each is graded by Run again
	}
	for i, name := range names {
		if gradedAlone[name] {
			continue
		}
		own := Run(context.Background(), Options{Dir: filepath.Join(dir, name), Go: goBin, Binary: filepath.Join(bins, name+".test")})
		if !sameReports(grouped[i], own) {
			t.Errorf("%s: graded with the others:\n%#v\ngraded alone:\n%#v", name, grouped[i], own)
		}
	}
	if goLog != "" {
		ranIn := readGoLog(t, goLog)
		root, err := filepath.EvalSymlinks(dir)
		if err != nil {
			t.Fatal(err)
		}
		// Run's command for good, which names good's binary; the shared
		// run's is in the module's folder.
		if shared := ranIn[root]; len(shared) != 1 {
			t.Errorf("go commands in the module's folder: %q; want the shared run's", shared)
		}
		runArgs := ranIn[filepath.Join(root, "good")]
		if len(runArgs) != 1 {
			t.Fatalf("go commands in good's folder: %q; want Run's", runArgs)
		}
		own := runArgs[0]
		for name := range gradedAlone {
			want := []string{strings.Replace(own, filepath.Join(bins, "good.test"), filepath.Join(bins, name+".test"), 1)}
			if got := ranIn[filepath.Join(root, name)]; !slices.Equal(got, want) {
				t.Errorf("%s: go commands in its folder %q; want Run's, %q", name, got, want)
			}
			// And its report is that command's: the shared run names
			// its files from the module's folder ("typo/p.go:3:37"),
			// Run from its own ("./p.go:3:37").
			i := slices.Index(names, name)
			for _, l := range grouped[i].BuildOutput {
				if strings.HasPrefix(l, name+"/") {
					t.Errorf("%s: the report is the shared run's, not its own run's: %q", name, grouped[i].BuildOutput)
					break
				}
			}
		}
	}
	for i, want := range []Status{Passed, BuildFailed, BuildFailed, Failed, BuildFailed, BuildFailed, Passed, Errored} {
		if grouped[i].Status != want {
			t.Errorf("%s: %v, want %v: %s", names[i], grouped[i].Status, want, grouped[i].Summary)
		}
	}
	if r := grouped[0]; r.Summary != "the test passes" {
		t.Errorf("good: summary %q; report:\n%s", r.Summary, r.Text())
	}
	if r := grouped[3]; !strings.Contains(strings.Join(find(t, r, "TestAdd").Output, "\n"), "p_test.go:7: Add(1, 2) = 2") {
		t.Errorf("bad: TestAdd's output lacks its message; report:\n%s", r.Text())
	}
	if r := grouped[1]; len(r.BuildErrors) != 1 || r.BuildErrors[0].File != "p.go" {
		t.Errorf("typo: build errors %v, want one in p.go; report:\n%s", r.BuildErrors, r.Text())
	}
	if r := grouped[7]; !strings.Contains(r.Summary, "missing") {
		t.Errorf("missing: summary %q, want it to say the folder is missing", r.Summary)
	}
	mu.Lock()
	defer mu.Unlock()
	for i, name := range names[:len(names)-1] { // the missing folder is not graded
		got := phases[i]
		if len(got) == 0 || got[0] != Compiling || got[len(got)-1] != Ended {
			t.Errorf("%s: phases %v; want compiling first and ended last", name, got)
		}
	}
	if want := []Phase{Compiling, Testing, Ended}; !slices.Equal(phases[0], want) {
		t.Errorf("good: phases %v, want %v", phases[0], want)
	}
}

// A package whose test binary never starts its tests (an init that never
// returns) has the go command killed once its time is up; a package whose
// tests had not started by then, cut short through no fault of its own,
// is graded again on its own, as Run grades it.
func TestRunPackagesGradesAgainWhatAnotherPackagesKillCutShort(t *testing.T) {
	needGo(t)
	t.Parallel()
	dir := module(t, map[string]string{
		"hangs/p.go":      "package hangs\n\nimport \"time\"\n\nfunc init() {\n\tfor {\n\t\ttime.Sleep(time.Hour)\n\t}\n}\n",
		"hangs/p_test.go": "package hangs\n\nimport \"testing\"\n\nfunc TestNothing(t *testing.T) {}\n",
		"fine/p.go":       "package fine\n\nfunc Add(a, b int) int { return a + b }\n",
		"fine/p_test.go":  "package fine\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) {\n\tif Add(1, 2) != 3 {\n\t\tt.Fatal(\"Add(1, 2) is not 3\")\n\t}\n}\n",
	})
	// One package at a time, the one that hangs first: the other's tests
	// are still to start when the kill comes.
	bins := keptBins(t)
	opt := Options{Dir: dir, Timeout: time.Second, Grace: time.Second, Parallel: 1, Binary: bins}
	grouped := RunPackages(context.Background(), opt, []string{"hangs", "fine"})
	if r := grouped[1]; r.Status != Passed {
		t.Errorf("fine: %v (%s), want passed: its own run passes", r.Status, r.Summary)
	}
	if r := grouped[0]; r.Status != TimedOut || !strings.Contains(r.Summary, "init") {
		t.Errorf("hangs: %v (%s), want timed out before any test, with init named", r.Status, r.Summary)
	}
	opt.Dir, opt.Binary = filepath.Join(dir, "hangs"), filepath.Join(bins, "hangs.test")
	if own := Run(context.Background(), opt); !sameReports(grouped[0], own) {
		t.Errorf("hangs: graded with fine:\n%#v\ngraded alone:\n%#v", grouped[0], own)
	}
}

// Of several packages, one whose tests have not started by the time
// compiling would have taken too long may be waiting its turn behind the
// others' tests: the time to compile counts from the last package that
// started or ended, not from the go command's start.
func TestRunDeadlineLetsAPackageWaitItsTurn(t *testing.T) {
	begun := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	opt := Options{Timeout: 30 * time.Second, Grace: 10 * time.Second, BuildTime: 5 * time.Minute}
	done := newCollector("", 0, 0)
	done.pkgAction, done.started, done.ended = "fail", begun.Add(4*time.Minute), begun.Add(4*time.Minute+30*time.Second)
	waiting := newCollector("", 0, 0)
	if got, want := runDeadline([]*collector{done, waiting}, begun, opt), done.ended.Add(opt.BuildTime); !got.Equal(want) {
		t.Errorf("with a package's tests ended 4m30s in and another's to start, the deadline is %v in; want %v in", got.Sub(begun), want.Sub(begun))
	}
	if got, want := runDeadline([]*collector{newCollector("", 0, 0)}, begun, opt), begun.Add(opt.BuildTime); !got.Equal(want) {
		t.Errorf("one package compiling: the deadline is %v in; want %v in", got.Sub(begun), want.Sub(begun))
	}
}

// readGoLog reads the log fakeGo's logging wrapper kept: the arguments of
// each go command, by the folder it ran in.
func readGoLog(t *testing.T, file string) map[string][]string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	ran := map[string][]string{}
	for l := range strings.Lines(string(b)) {
		dir, args, _ := strings.Cut(strings.TrimSuffix(l, "\n"), "|")
		// The overlay that limits the tests' stack is written to a new
		// temporary folder for each go command (and left out for a
		// folder whose files declare no one package): the rest of the
		// command is what says whose it is.
		fields := strings.Fields(args)
		fields = slices.DeleteFunc(fields, func(f string) bool { return strings.HasPrefix(f, "-overlay=") })
		ran[dir] = append(ran[dir], strings.Join(fields, " "))
	}
	return ran
}
