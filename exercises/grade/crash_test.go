package grade

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// exercise04Tests are the tests of the package the recorded streams in
// testdata come from (exercise 04 of the catalog, with a goroutine that
// dereferences nil), in the order its test file declares them.
var exercise04Tests = []string{
	"TestClosedCountsFailuresInARow", "TestLetsExactlyNTrialsThrough", "TestAllTrialsMustSucceed",
	"TestOneFailedTrialReopens", "TestStalePermitsAreIgnored", "TestDoneCountsOnce", "TestZeroConfigCountsAsOne",
	"TestConcurrentCallersGetExactlyNTrials", "TestConcurrentUse", "TestConcurrentFailuresOpen",
}

// replay feeds a recorded go test -json stream (paths rewritten to /w/p)
// to a collector that knows the package's tests.
func replay(t *testing.T, file string) Report {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	c := newCollector("/w/p", DefaultMaxLines, DefaultMaxLineLen)
	c.declared = exercise04Tests
	for _, l := range strings.Split(string(b), "\n") {
		c.line([]byte(l))
	}
	return c.report()
}

// A panic in a goroutine the learner started ends the test process. go
// test -json tags its output to the test that was running, and reports
// that test passed when the test's "--- PASS" line came out before the
// panic, or never ends it when it did not; or it reports the test passed
// and then tags the panic with no test. The same code gives any of these
// streams from run to run. Each must give the same verdict, with the
// panic, where it happened, and how many tests it kept from running.
func TestPanicInAGoroutineIsShownWhateverTheOrder(t *testing.T) {
	const (
		msg = "runtime error: invalid memory address or nil pointer dereference at breaker.go:75"
	)
	for _, tc := range []struct{ file, summary string }{
		{"panic-tagged-then-pass.json", "0 of 10 tests pass; a panic in TestClosedCountsFailuresInARow stopped the other 9: " + msg},
		{"panic-tagged-never-ends.json", "0 of 10 tests pass; a panic in TestClosedCountsFailuresInARow stopped the other 9: " + msg},
		{"panic-after-pass-untagged.json", "0 of 10 tests pass; a panic in TestClosedCountsFailuresInARow stopped the other 9: " + msg},
		{"panic-in-fourth-test.json", "3 of 10 tests pass; a panic in TestOneFailedTrialReopens stopped the other 6: " + msg},
	} {
		t.Run(tc.file, func(t *testing.T) {
			r := replay(t, tc.file)
			if r.Status != Failed || r.Summary != tc.summary {
				t.Fatalf("report: %v %q\nwant failed %q", r.Status, r.Summary, tc.summary)
			}
			text := r.Text()
			for _, want := range []string{"STOP", "panic: runtime error: invalid memory address", "(breaker.go:75)"} {
				if !strings.Contains(text, want) {
					t.Errorf("the report lacks %q:\n%s", want, text)
				}
			}
			if strings.Contains(text, "all ") || strings.Contains(text, "outside them") {
				t.Errorf("a crashed run reads as passing:\n%s", text)
			}
		})
	}
}

// A panic printed outside any test after one ran (its goroutine outlived
// it) is that test's, as when test2json tags it so, and shown with the
// learner's frame.
func TestPanicAfterATestIsThatTests(t *testing.T) {
	c := newCollector("/w/p", DefaultMaxLines, DefaultMaxLineLen)
	c.declared = []string{"TestA", "TestB", "TestC"}
	for _, l := range []string{
		`{"Action":"start"}`,
		`{"Action":"run","Test":"TestA"}`,
		`{"Action":"pass","Test":"TestA"}`,
		`{"Action":"output","Output":"panic: assignment to entry in nil map\n"}`,
		`{"Action":"output","Output":"\n"}`,
		`{"Action":"output","Output":"goroutine 7 [running]:\n"}`,
		`{"Action":"output","Output":"example.com/p.(*Breaker).leak()\n"}`,
		`{"Action":"output","Output":"\t/w/p/breaker.go:31 +0x2c\n"}`,
		`{"Action":"output","Output":"created by testing.tRunner\n"}`,
		`{"Action":"output","Output":"\t/usr/local/go/src/testing/testing.go:1934 +0x2c\n"}`,
		`{"Action":"output","Output":"FAIL\texample.com/p\t0.1s\n"}`,
		`{"Action":"fail"}`,
	} {
		c.line([]byte(l))
	}
	r := c.report()
	want := "0 of 3 tests pass; a panic in TestA stopped the other 2: assignment to entry in nil map at breaker.go:31"
	if r.Status != Failed || r.Summary != want {
		t.Fatalf("report: %v %q\nwant %q", r.Status, r.Summary, want)
	}
	if text := r.Text(); !strings.Contains(text, "at p.(*Breaker).leak (breaker.go:31)") || strings.Contains(text, "testing.go") {
		t.Errorf("the report should show the learner's frame and no others:\n%s", text)
	}
}

// A panic before any test started is in init.
func TestPanicInInit(t *testing.T) {
	c := newCollector("/w/p", DefaultMaxLines, DefaultMaxLineLen)
	c.declared = []string{"TestA", "TestB"}
	for _, l := range []string{
		`{"Action":"start"}`,
		`{"Action":"output","Output":"panic: bad config\n"}`,
		`{"Action":"output","Output":"goroutine 1 [running]:\n"}`,
		`{"Action":"output","Output":"example.com/p.init.0()\n"}`,
		`{"Action":"output","Output":"\t/w/p/p.go:4 +0x2c\n"}`,
		`{"Action":"fail"}`,
	} {
		c.line([]byte(l))
	}
	r := c.report()
	want := "a panic before any test ran (in init, or in a package-level variable's initializer) stopped all 2 tests: bad config at p.go:4"
	if r.Status != Failed || r.Summary != want {
		t.Fatalf("report: %v %q\nwant %q", r.Status, r.Summary, want)
	}
}

// A line that starts with "panic: " in a passing run is something a test
// printed, not a crash.
func TestPanicTextInAPassingRunIsOutput(t *testing.T) {
	r := feed(
		`{"Action":"run","Test":"TestA"}`,
		`{"Action":"output","Test":"TestA","Output":"panic: just words\n"}`,
		`{"Action":"pass","Test":"TestA"}`,
		`{"Action":"pass"}`,
	)
	if r.Status != Passed {
		t.Fatalf("report: %v %q", r.Status, r.Summary)
	}
}

func TestDeclaredTests(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"p.go":      "package p\n",
		"a_test.go": "package p\n\nimport \"testing\"\n\nfunc TestMain(m *testing.M) {}\nfunc TestB(t *testing.T) {}\nfunc Testlower(t *testing.T) {}\nfunc helper(t *testing.T) {}\nfunc TestA(t *testing.T) {}\nfunc Test(t *testing.T) {}\n",
		"x_test.go": "package p_test\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) {}\nfunc BenchmarkY(b *testing.B) {}\n",
		"o_test.go": "//go:build never\n\npackage p\n\nimport \"testing\"\n\nfunc TestOff(t *testing.T) {}\n",
	}
	for name, body := range files {
		os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644)
	}
	got := strings.Join(declaredTests(dir), " ")
	if got != "TestB TestA Test TestX" {
		t.Fatalf("declaredTests = %q, want TestB TestA Test TestX", got)
	}
	if got := declaredTests(filepath.Join(dir, "gone")); got != nil {
		t.Fatalf("declaredTests of a missing folder = %q", got)
	}
	if !declaresTestMain(dir) {
		t.Fatal("declaresTestMain missed the TestMain of a_test.go")
	}
	os.Remove(filepath.Join(dir, "a_test.go"))
	if declaresTestMain(dir) {
		t.Fatal("declaresTestMain found a TestMain in test files that have none")
	}
}

// A run in which no test started, the test files being there, says what
// can stop them all: a TestMain without m.Run, something ending the
// process first, or no test at all.
func TestWhyNoTestRan(t *testing.T) {
	for _, tc := range []struct {
		testMain bool
		declared []string
		want     string
	}{
		{true, []string{"TestA"}, "no tests ran, though the package has test files: a TestMain must call m.Run() to run them"},
		{false, []string{"TestA", "TestB"}, "no tests ran, though the package has test files: they declare 2, and none started"},
		{false, nil, "no tests ran, though the package has test files: they declare no Test function"},
	} {
		c := newCollector("/w/p", DefaultMaxLines, DefaultMaxLineLen)
		c.testMain, c.declared = tc.testMain, tc.declared
		c.line([]byte(`{"Action":"start"}`))
		c.line([]byte(`{"Action":"pass"}`))
		if r := c.report(); r.Status != NoTests || !strings.HasPrefix(r.Summary, tc.want) {
			t.Errorf("TestMain %v, declared %q: %v %q, want no tests, %q", tc.testMain, tc.declared, r.Status, r.Summary, tc.want)
		}
	}
}

// fakeGo writes a go command that runs script (sh) in place of go test.
func fakeGo(t *testing.T, script string) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake go command is a shell script")
	}
	p := filepath.Join(t.TempDir(), "go")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+script), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

const fakePass = `echo '{"Action":"start"}'
echo '{"Action":"run","Test":"TestA"}'
echo '{"Action":"pass","Test":"TestA"}'
echo '{"Action":"pass"}'
`

// The first run on an empty build cache spends half a minute compiling
// the standard library: that time is not the tests', and is bounded on
// its own.
func TestCompilingIsNotPartOfTheTimeout(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	slowBuild := fakeGo(t, "sleep 2\n"+fakePass)
	r := Run(context.Background(), Options{Dir: dir, Go: slowBuild, Timeout: 300 * time.Millisecond, Grace: 300 * time.Millisecond})
	if r.Status != Passed {
		t.Fatalf("a 2 s compile with a 0.6 s limit for the tests: %v %q", r.Status, r.Summary)
	}

	// The fake commands below end by themselves after 30 s, 30 and 15
	// times the grader's limits, and before the default limits (5 min to
	// compile, 30 s plus 10 s to run) would have ended them: TimedOut,
	// which only the grader's own deadline kill reports, shows that the
	// kill came first and honoured the options, with no wall-clock bound
	// of the test's own to flake on a loaded machine.
	endless := fakeGo(t, "exec sleep 30\n")
	r = Run(context.Background(), Options{Dir: dir, Go: endless, BuildTime: time.Second, Timeout: 300 * time.Millisecond, Grace: 300 * time.Millisecond})
	if r.Status != TimedOut || !r.NotStarted ||
		!strings.Contains(r.Summary, "compiling the tests took longer than 1s") || !strings.Contains(r.Summary, "run the check again") {
		t.Fatalf("a compile that never ends: %v (not started: %v) %q", r.Status, r.NotStarted, r.Summary)
	}

	stuck := fakeGo(t, `echo '{"Action":"start"}'`+"\nexec sleep 30\n")
	r = Run(context.Background(), Options{Dir: dir, Go: stuck, Timeout: time.Second, Grace: time.Second})
	if r.Status != TimedOut || r.NotStarted ||
		!strings.Contains(r.Summary, "stopped after 2s (the 1s time limit, plus 1s") ||
		!strings.Contains(r.Summary, "init") || !strings.Contains(r.Summary, "--timeout 2m") {
		t.Fatalf("a test binary stuck before its tests: %v (not started: %v) %q", r.Status, r.NotStarted, r.Summary)
	}
}
