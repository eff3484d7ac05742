package grade

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The tests' modules are kept between runs in folders named after their
// files (module): without -trimpath, which the grader drops, the build
// cache keys a package by its folder too, and a new temporary folder each
// run compiled and vetted every module again. -count=1 keeps the test
// cache from answering for a graded run, as `make test` keeps it from
// answering for these tests.
func TestMain(m *testing.M) {
	os.Setenv("GOFLAGS", strings.TrimSpace(os.Getenv("GOFLAGS")+" -count=1"))
	os.Exit(m.Run())
}

// modulesMaxAge is how long a module folder no test used is kept.
const modulesMaxAge = 7 * 24 * time.Hour

// modulesRoot is where module keeps its folders ("" when there is no user
// cache folder: then each test writes to a temporary one); folders unused
// for modulesMaxAge are removed the first time it is called.
var modulesRoot = sync.OnceValue(func() string {
	cache, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	root := filepath.Join(cache, "breakerlab", "grade-test")
	if err := os.MkdirAll(root, 0o755); err != nil {
		return ""
	}
	entries, _ := os.ReadDir(root)
	for _, ent := range entries {
		if info, err := ent.Info(); err == nil && time.Since(info.ModTime()) > modulesMaxAge {
			os.RemoveAll(filepath.Join(root, ent.Name()))
		}
	}
	return root
})

// module writes a one-package Go module with the given files and returns the
// package directory: modulesRoot's folder named after a hash of the files,
// made now or left by an earlier run (if it holds exactly those files).
func module(t *testing.T, files map[string]string) string {
	t.Helper()
	files["go.mod"] = "module example.com/p\n\ngo 1.25\n"
	write := func(dir string) {
		for name, body := range files {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	root := modulesRoot()
	if root == "" {
		dir := t.TempDir()
		write(dir)
		return dir
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	slices.Sort(names)
	h := sha256.New()
	for _, name := range names {
		fmt.Fprintf(h, "%s\x00%d\x00%s", name, len(files[name]), files[name])
	}
	dir := filepath.Join(root, hex.EncodeToString(h.Sum(nil))[:24])
	if !holdsExactly(dir, files) {
		tmp, err := os.MkdirTemp(root, ".new-")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(tmp) })
		write(tmp)
		if _, err := os.Stat(dir); err == nil && !holdsExactly(dir, files) {
			os.RemoveAll(dir) // changed since it was made: make it again
		}
		if err := os.Rename(tmp, dir); err != nil && !holdsExactly(dir, files) {
			return tmp // another test put it there first, or a rename failed: test the new one
		}
	}
	now := time.Now()
	os.Chtimes(dir, now, now)
	return dir
}

// holdsExactly reports whether dir holds files (names with slashes are in
// folders) and nothing else.
func holdsExactly(dir string, files map[string]string) bool {
	seen := 0
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		want, ok := files[filepath.ToSlash(rel)]
		if !ok || !d.Type().IsRegular() {
			return errors.New("not one of the files")
		}
		if b, err := os.ReadFile(p); err != nil || string(b) != want {
			return errors.New("changed")
		}
		seen++
		return nil
	})
	return err == nil && seen == len(files)
}

func needGo(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs go test; skipped with -short")
	}
}

const code = "package p\n\nfunc Add(a, b int) int { return a + b }\n"

func TestPassAndFail(t *testing.T) {
	needGo(t)
	t.Parallel()
	dir := module(t, map[string]string{
		"p.go": code,
		"p_test.go": `package p

import "testing"

func TestGood(t *testing.T) {
	if Add(1, 2) != 3 {
		t.Fatal("1+2")
	}
}

func TestBad(t *testing.T) {
	t.Log("checking 2+2")
	t.Errorf("Add(2, 2) = %d, want 5", Add(2, 2))
}

func TestSub(t *testing.T) {
	t.Run("inner", func(t *testing.T) { t.Error("inner went wrong") })
}
`})
	r := Run(context.Background(), Options{Dir: dir, Binary: keptBin(t)})
	if r.Status != Failed {
		t.Fatalf("status = %v, want failed; report:\n%s", r.Status, r.Text())
	}
	passed, total := r.Counts()
	// The tests a learner sees named: TestSub/inner is part of TestSub.
	if passed != 1 || total != 3 {
		t.Errorf("counts = %d of %d, want 1 of 3 (TestGood passes; TestBad and TestSub fail, TestSub by its subtest)", passed, total)
	}
	bad := find(t, r, "TestBad")
	if got := strings.Join(bad.Output, "\n"); !strings.Contains(got, "p_test.go:13: Add(2, 2) = 4, want 5") || !strings.Contains(got, "checking 2+2") {
		t.Errorf("TestBad output = %q, want the log line and the error with file:line", got)
	}
	inner := find(t, r, "TestSub/inner")
	if len(inner.Output) == 0 || !strings.HasPrefix(inner.Output[0], "p_test.go:") {
		t.Errorf("subtest output = %q, want it to start with its file:line", inner.Output)
	}
	if !strings.Contains(r.Summary, "1 of 3 tests pass") {
		t.Errorf("summary = %q", r.Summary)
	}
}

// A kept binary is linked once: a second run of the same code runs the
// binary the first left, and a run of other code at the same path links
// and grades that code, not the binary left there.
// The first run is also the package's passing run, told to OnProgress as
// compiling, then testing, each with the time the tests may take
// (phase_test.go): once a test of its own, which graded this same code with
// -race a go command more.
func TestBinaryIsKeptAndReused(t *testing.T) {
	needGo(t)
	t.Parallel()
	test := "package p\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) {\n\tif Add(1, 1) != 2 {\n\t\tt.Fatal(\"Add(1, 1) is not 2\")\n\t}\n}\n"
	good := module(t, map[string]string{"p.go": code, "p_test.go": test})
	bin := filepath.Join(t.TempDir(), "bin", "p.test")
	var p phases
	opt := Options{Dir: good, Race: true, Binary: bin, Timeout: 45 * time.Second, OnProgress: p.add}
	t.Run("a passing run", func(t *testing.T) {
		r := Run(context.Background(), opt)
		if r.Status != Passed || r.Summary != "the test passes" {
			t.Fatalf("first run: status %v, summary %q; report:\n%s", r.Status, r.Summary, r.Text())
		}
		if got, want := p.list(), []Progress{{Compiling, 45 * time.Second}, {Testing, 45 * time.Second}}; !slices.Equal(got, want) {
			t.Errorf("phases reported: %v, want %v", got, want)
		}
	})
	first, err := os.Stat(bin)
	if err != nil {
		t.Fatalf("no test binary kept: %v", err)
	}
	opt.OnProgress = nil
	if r := Run(context.Background(), opt); r.Status != Passed {
		t.Fatalf("second run: status %v; report:\n%s", r.Status, r.Text())
	}
	second, err := os.Stat(bin)
	// The go command touches an up-to-date target but leaves its file be;
	// a new link would have been renamed or copied over it.
	if err != nil || !os.SameFile(first, second) {
		t.Errorf("the second run of the same code linked the test binary again (err %v)", err)
	}
	bad := module(t, map[string]string{"p.go": "package p\n\nfunc Add(a, b int) int { return a - b }\n", "p_test.go": test})
	r := Run(context.Background(), Options{Dir: bad, Race: true, Binary: bin})
	if r.Status != Failed || len(r.Failures()) != 1 {
		t.Errorf("other code at the same binary path: status %v, want one failing test; report:\n%s", r.Status, r.Text())
	}
}

// addTest is the test file of a package pkg whose Add(1, 2) must be 3.
func addTest(pkg string) string {
	return "package " + pkg + "\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) {\n\tif got := Add(1, 2); got != 3 {\n\t\tt.Errorf(\"Add(1, 2) = %d\", got)\n\t}\n}\n"
}

// A package that does not compile is told to OnProgress as compiling and
// never as testing (phase_test.go).
func TestCompileError(t *testing.T) {
	needGo(t)
	t.Parallel()
	dir := module(t, map[string]string{
		"p.go":      "package p\n\nfunc Add(a, b int) int {\n\treturn a + c\n}\n",
		"p_test.go": "package p\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) { Add(1, 1) }\n",
	})
	var p phases
	r := Run(context.Background(), Options{Dir: dir, Binary: keptBin(t), Timeout: 45 * time.Second, OnProgress: p.add})
	if r.Status != BuildFailed {
		t.Fatalf("status = %v, want build failed; report:\n%s", r.Status, r.Text())
	}
	if got, want := p.list(), []Progress{{Compiling, 45 * time.Second}}; !slices.Equal(got, want) {
		t.Errorf("phases reported: %v, want %v", got, want)
	}
	if len(r.BuildErrors) != 1 {
		t.Fatalf("build errors = %v, want one", r.BuildErrors)
	}
	e := r.BuildErrors[0]
	if e.File != "p.go" || e.Line != 4 || e.Col == 0 || !strings.Contains(e.Message, "undefined: c") {
		t.Errorf("build error = %+v, want p.go:4: undefined: c", e)
	}
	if !strings.Contains(r.Summary, "p.go:4:") {
		t.Errorf("summary %q does not name the file and line", r.Summary)
	}
}

func TestPanic(t *testing.T) {
	needGo(t)
	t.Parallel()
	dir := module(t, map[string]string{
		"p.go": "package p\n\nfunc Store() {\n\tvar m map[string]int\n\tm[\"a\"] = 1\n}\n",
		"p_test.go": "package p\n\nimport \"testing\"\n\nfunc TestStore(t *testing.T) { Store() }\n\n" +
			"func TestAfter(t *testing.T) {}\n",
	})
	r := Run(context.Background(), Options{Dir: dir, Binary: keptBin(t)})
	if r.Status != Failed {
		t.Fatalf("status = %v, want failed; report:\n%s", r.Status, r.Text())
	}
	out := strings.Join(find(t, r, "TestStore").Output, "\n")
	if !strings.Contains(out, "panic: assignment to entry in nil map") {
		t.Errorf("output %q lacks the panic message", out)
	}
	if !strings.Contains(out, "at p.Store (p.go:5)") {
		t.Errorf("output %q lacks the learner's frame p.go:5", out)
	}
	if strings.Contains(out, "testing.go") || strings.Contains(out, "runtime/") {
		t.Errorf("output %q keeps frames from the runtime or testing package", out)
	}
}

// The stream is replayed (recorded_test.go); a real run of an os.Exit
// after a race is TestRaceBeforeACrashIsSummarizedFirst's.
func TestOsExit(t *testing.T) {
	t.Parallel()
	r := recorded{name: "os-exit", files: map[string]string{
		"p.go":      "package p\n\nimport \"os\"\n\nfunc Quit() { os.Exit(3) }\n",
		"p_test.go": "package p\n\nimport \"testing\"\n\nfunc TestOK(t *testing.T) {}\n\nfunc TestQuit(t *testing.T) { Quit() }\n",
	}}.replay(t, Options{})
	if r.Status != Failed {
		t.Fatalf("status = %v, want failed; report:\n%s", r.Status, r.Text())
	}
	if q := find(t, r, "TestQuit"); !q.Running || !q.Failed() {
		t.Errorf("TestQuit = %+v, want it marked as never finished", q)
	}
	// os.Exit prints no stack: the summary names the running test, the
	// learner's call and its line, and what to write instead.
	for _, want := range []string{"exited during TestQuit", "after 1 of 2 tests passed", "calls os.Exit at p.go:5", "return an error"} {
		if !strings.Contains(r.Summary, want) {
			t.Errorf("summary = %q, want it to say %q", r.Summary, want)
		}
	}
}

func TestEndlessLoopInTest(t *testing.T) {
	needGo(t)
	t.Parallel()
	dir := module(t, map[string]string{
		"p.go":      "package p\n\nfunc Spin() int {\n\tn := 0\n\tfor {\n\t\tn++\n\t}\n}\n",
		"p_test.go": "package p\n\nimport \"testing\"\n\nfunc TestSpin(t *testing.T) { Spin() }\n",
	})
	// The limit counts only the test binary's run (compiling comes first,
	// under BuildTime), and the loop spins a core all that time: a quarter
	// of a second shows the timeout as well as the second it was (0.8 s of
	// CPU more) or more would, since the binary's clock starts as its
	// tests do. The binary's own timeout must stop it before the grader's
	// kill, 20 s later: the summary tells which came first, "did not
	// finish within 250ms" being the binary's panic and "stopped after
	// 20s" the kill's.
	r := Run(context.Background(), Options{Dir: dir, Timeout: 250 * time.Millisecond, Grace: 20 * time.Second, Binary: keptBin(t)})
	if r.Status != TimedOut {
		t.Fatalf("status = %v, want timed out; report:\n%s", r.Status, r.Text())
	}
	if !strings.Contains(r.Summary, "TestSpin did not finish within 250ms") {
		t.Errorf("summary = %q, want the test binary's own timeout and the test name", r.Summary)
	}
}

// An endless loop in init runs before the test binary arms its own timeout,
// so only the grader's kill can stop it; the whole process group must go.
// The loop sleeps rather than spins: stopping it asks the same of the
// grader, without a core kept busy until the kill.
func TestEndlessLoopInInitIsKilled(t *testing.T) {
	needGo(t)
	t.Parallel()
	pidFile := filepath.Join(t.TempDir(), "pid")
	dir := module(t, map[string]string{
		"p.go": `package p

import (
	"os"
	"strconv"
	"time"
)

func init() {
	if os.Getenv("PIDFILE") == "" {
		return
	}
	os.WriteFile(os.Getenv("PIDFILE"), []byte(strconv.Itoa(os.Getpid())), 0o644)
	for {
		time.Sleep(time.Hour)
	}
}
`,
		"p_test.go": "package p\n\nimport \"testing\"\n\nfunc TestNothing(t *testing.T) {}\n",
	})
	// The binary is kept from run to run (keptBin), so the go command
	// links it only when its code changed; and the limit below counts
	// from the test binary's start, after any compiling and linking
	// (runDeadline), so a go command of its own to link first, which
	// this test ran, spent its CPU for nothing.
	bin := keptBin(t)
	// On a loaded machine, go test may spend the whole limit linking, and
	// the binary never starts: then there is nothing to kill, and the run
	// is repeated with a longer limit rather than failing for the wrong
	// reason.
	var b []byte
	for _, timeout := range []time.Duration{time.Second, 5 * time.Second, 20 * time.Second} {
		const grace = 2 * time.Second
		// Nothing but the grader's deadline kill ends this run in time:
		// without it, the cancel of this context 30 s after that deadline
		// would (or go test's own kill, a minute past its -timeout), and
		// the status would not be TimedOut. The 30 s, ten times the first
		// limit, are for a loaded machine, which may link the test binary
		// slowly before its limit starts; for the first two limits, they
		// end before the default ones (30 s plus 10 s) would have, so
		// these options must count.
		ctx, cancel := context.WithTimeout(context.Background(), timeout+grace+30*time.Second)
		r := Run(ctx, Options{Dir: dir, Timeout: timeout, Grace: grace, Env: []string{"PIDFILE=" + pidFile}, Binary: bin})
		cancel()
		if r.Status != TimedOut {
			t.Fatalf("status = %v, want timed out by the grader's kill; report:\n%s", r.Status, r.Text())
		}
		if want := fmt.Sprintf("stopped after %v", timeout+grace); !strings.Contains(r.Summary, want) {
			t.Errorf("summary = %q, want %q", r.Summary, want)
		}
		var err error
		if b, err = os.ReadFile(pidFile); err == nil {
			break
		}
		t.Logf("the test binary had not started after %v; trying a longer limit", timeout+grace)
	}
	if b == nil {
		t.Fatal("the test binary never started, even with a limit of 22s")
	}
	pid, _ := strconv.Atoi(string(b))
	deadline := time.Now().Add(5 * time.Second)
	for processAlive(t, pid) {
		if time.Now().After(deadline) {
			t.Fatalf("test binary (pid %d) still alive after the grader returned", pid)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestMissingTestFile(t *testing.T) {
	needGo(t)
	t.Parallel()
	dir := module(t, map[string]string{"p.go": code})
	r := Run(context.Background(), Options{Dir: dir})
	if r.Status != NoTests || !strings.Contains(r.Summary, "no _test.go file") {
		t.Fatalf("status %v summary %q, want no tests with a hint about the deleted file", r.Status, r.Summary)
	}
}

// A TestMain that never calls m.Run runs no test, though the test file is
// there: the summary says so and points at m.Run, whether the process
// exits with 0 (no test ran) or 1 (a failure before any test), rather
// than calling the test file missing (findings 4). The streams are
// replayed (recorded_test.go).
func TestTestMainWithoutRun(t *testing.T) {
	t.Parallel()
	test := "package p\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) {\n\tif Add(1, 2) != 3 {\n\t\tt.Fatal(\"1+2\")\n\t}\n}\n"
	for exit, want := range map[int]Status{0: NoTests, 1: Failed} {
		r := recorded{name: "testmain-exits-" + strconv.Itoa(exit), files: map[string]string{
			"p.go":      code,
			"p_test.go": test,
			"mine_test.go": fmt.Sprintf("package p\n\nimport (\n\t\"os\"\n\t\"testing\"\n)\n\n"+
				"func TestMain(m *testing.M) {\n\tos.Exit(%d)\n}\n", exit),
		}}.replay(t, Options{})
		if r.Status != want || !strings.Contains(r.Summary, "no tests ran") || !strings.Contains(r.Summary, "TestMain must call m.Run()") ||
			strings.Contains(r.Summary, "no _test.go file") {
			t.Errorf("TestMain exiting %d without m.Run: status %v, summary %q; want %v, saying no tests ran and that TestMain must call m.Run()", exit, r.Status, r.Summary, want)
		}
	}
}

func TestMissingDirectory(t *testing.T) {
	r := Run(context.Background(), Options{Dir: filepath.Join(t.TempDir(), "gone")})
	if r.Status != Errored || !strings.Contains(r.Summary, "missing") {
		t.Fatalf("status %v summary %q", r.Status, r.Summary)
	}
}

func TestNoGoToolchain(t *testing.T) {
	dir := module(t, map[string]string{"p.go": code})
	t.Setenv("PATH", "")
	r := Run(context.Background(), Options{Dir: dir})
	if r.Status != NoGo || !strings.Contains(r.Summary, "Go toolchain was not found") {
		t.Fatalf("status %v summary %q", r.Status, r.Summary)
	}
	r = Run(context.Background(), Options{Dir: dir, Go: filepath.Join(dir, "no-such-go")})
	if r.Status != NoGo {
		t.Fatalf("with a missing Go path: status %v summary %q", r.Status, r.Summary)
	}
}

// A test's own lines and what the code printed are capped apart, each
// line to MaxLineLen, and the report says what was left out where. The
// stream is replayed (recorded_test.go).
func TestOutputIsCapped(t *testing.T) {
	t.Parallel()
	r := recorded{name: "output-capped", files: map[string]string{
		"p.go": code,
		"p_test.go": `package p

import (
	"fmt"
	"strings"
	"testing"
)

func TestNoisy(t *testing.T) {
	for i := range 500 {
		fmt.Println("printed", i)
	}
	t.Log(strings.Repeat("x", 5000))
	for i := range 30 {
		t.Log("logged", i)
	}
	t.Fail()
}
`}}.replay(t, Options{MaxLines: 10, MaxLineLen: 50})
	n := find(t, r, "TestNoisy")
	// 10 printed lines (the first 8, the last 2 before the test's first
	// line) and 20 of the test's own (twice MaxLines).
	if len(n.Output) != 30 || n.Cut != 501 {
		t.Fatalf("kept %d lines and cut %d, want 30 and 501:\n%s", len(n.Output), n.Cut, r.Text())
	}
	if n.Output[7] != "printed 7" || n.Output[8] != "printed 498" || !strings.HasPrefix(n.Output[10], "p_test.go:13: xxx") {
		t.Errorf("output = %q, want the first 8 prints, the last 2, then the long log line", n.Output[:11])
	}
	for _, l := range n.Output {
		if len(l) > 50+len("…") {
			t.Errorf("line of %d bytes kept, want at most 50", len(l))
		}
	}
	for _, want := range []string{"printed 7\n         … 490 lines your code printed are not shown\n         printed 498", "logged 18\n         … 11 more lines not shown"} {
		if !strings.Contains(r.Text(), want) {
			t.Errorf("text does not say %q:\n%s", want, r.Text())
		}
	}
}

// A learner's code that prints 45 lines in a test that then fails: the
// failure's message is in the report, after the prints kept (findings 1).
// The stream is replayed (recorded_test.go).
func TestPrintsBeforeAFailure(t *testing.T) {
	t.Parallel()
	r := recorded{name: "prints-before-a-failure", files: map[string]string{
		"p.go":      "package p\n\nimport \"fmt\"\n\nfunc Add(a, b int) int {\n\tfor i := range 45 {\n\t\tfmt.Println(\"debug line\", i)\n\t}\n\treturn a - b\n}\n",
		"p_test.go": "package p\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) {\n\tif got := Add(2, 2); got != 4 {\n\t\tt.Errorf(\"Add(2, 2) = %d, want 4\", got)\n\t}\n}\n",
	}}.replay(t, Options{})
	failure := "p_test.go:7: Add(2, 2) = 0, want 4"
	if a := find(t, r, "TestAdd"); !slices.Contains(a.Output, failure) || !slices.Contains(a.Output, "debug line 0") {
		t.Errorf("TestAdd's output lacks the failure %q or the first print:\n%s", failure, r.Text())
	}
	if !strings.Contains(r.Text(), failure) || !strings.Contains(r.Text(), "… 5 lines your code printed are not shown") {
		t.Errorf("the report does not show the failure after the prints:\n%s", r.Text())
	}
}

func TestCanceled(t *testing.T) {
	needGo(t)
	t.Parallel()
	dir := module(t, map[string]string{
		"p.go":      code,
		"p_test.go": "package p\n\nimport (\n\t\"testing\"\n\t\"time\"\n)\n\nfunc TestSlow(t *testing.T) { time.Sleep(time.Minute) }\n",
	})
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Second)
	defer cancel()
	r := Run(ctx, Options{Dir: dir, Binary: keptBin(t)})
	if r.Status != Canceled {
		t.Fatalf("status = %v, want canceled; report:\n%s", r.Status, r.Text())
	}
}

func find(t *testing.T, r Report, name string) TestResult {
	t.Helper()
	for _, x := range r.Tests {
		if x.Name == name {
			return x
		}
	}
	t.Fatalf("no test %s in report:\n%s", name, r.Text())
	return TestResult{}
}

// A learner's panic is traced to their files by path, so the grader's own
// GOFLAGS=-trimpath (make test sets it) does not reach their tests; other
// flags do.
func TestLearnerEnvDropsTrimpath(t *testing.T) {
	got := learnerEnv([]string{"HOME=/h", "GOFLAGS=-trimpath -mod=mod", "GOFLAGS_X=-trimpath"})
	want := []string{"HOME=/h", "GOFLAGS=-mod=mod", "GOFLAGS_X=-trimpath"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("learnerEnv = %q, want %q", got, want)
	}
}

// A binary built with -race waits a second before it exits unless GORACE
// says otherwise; the grader says so, keeping what the learner set.
func TestQuickRaceExit(t *testing.T) {
	for _, c := range []struct{ env, want []string }{
		{[]string{"HOME=/h"}, []string{"HOME=/h", "GORACE=atexit_sleep_ms=0"}},
		{[]string{"GORACE=halt_on_error=1", "HOME=/h"}, []string{"GORACE=halt_on_error=1 atexit_sleep_ms=0", "HOME=/h"}},
		{[]string{"GORACE=atexit_sleep_ms=50"}, []string{"GORACE=atexit_sleep_ms=50"}},
	} {
		if got := quickRaceExit(c.env); strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("quickRaceExit(%q) = %q, want %q", c.env, got, c.want)
		}
	}
}
