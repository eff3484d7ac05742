package grade

import (
	"fmt"
	"strings"
	"time"
)

// Status is the verdict on one run of a package's tests.
type Status int

// The verdicts, from best to worst. Every Report has exactly one.
const (
	Passed      Status = iota // every test ran and passed
	Failed                    // at least one test failed, or the test binary crashed
	BuildFailed               // the code (or the tests) did not compile
	TimedOut                  // the tests did not finish in time and were stopped
	NoTests                   // the package has no test files, or no tests ran
	NoGo                      // the go command could not be found or started
	Canceled                  // the caller stopped the run (a newer save, or quitting)
	Errored                   // go test itself failed for another reason
)

var statusNames = [...]string{"passed", "failed", "build failed", "timed out", "no tests", "no go toolchain", "canceled", "error"}

func (s Status) String() string {
	if s < 0 || int(s) >= len(statusNames) {
		return fmt.Sprintf("Status(%d)", int(s))
	}
	return statusNames[s]
}

// TestResult is one test (or subtest) as go test reported it.
type TestResult struct {
	Name    string
	Passed  bool
	Skipped bool
	// Running is true when the test started and never reported an end: the
	// test binary exited, crashed or was killed while it ran.
	Running bool
	// Panic is the message of a panic in the test's output and the
	// learner's file:line it happened at ("assignment to entry in nil map
	// at breaker.go:12"), or "". A panic ends the test process, so the
	// test counts as failed even if go test reported it passed.
	Panic string
	// Fatal is true when Panic is a fatal error of the runtime (a stack
	// overflow, a map written by two goroutines at once) rather than a
	// panic: no recover stops one, and the summary says which it was.
	Fatal bool
	// Race says where the race detector found the first data race in the
	// test's output, in the learner's code ("a data race between pool.go:75
	// and pool.go:54 …"), or "".
	Race    string
	Elapsed time.Duration
	// Output is what the test printed (t.Log, t.Error, panics, race
	// reports) and what the code under test printed, framing lines such as
	// "=== RUN" removed. The test's own lines are kept up to twice
	// Options.MaxLines, the code's prints up to Options.MaxLines, each
	// capped apart so that prints never push out why the test failed.
	Output []string
	// Gaps says where lines were left out of Output, in order; Shown puts
	// a note in the place of each.
	Gaps []Gap
	// Cut counts the lines left out of Output, in all the gaps.
	Cut int
}

// Failed reports whether the test ended in failure or never ended.
func (t TestResult) Failed() bool { return !t.Passed && !t.Skipped }

// BuildError is one compiler or vet message tied to a place in a file. The
// compiler's messages about one name the tests use and the learner's files
// do not define (one at each use, in the test files) are one BuildError,
// worded for the learner and placed in their file where it can be
// (explainUndefined): "bulkhead.go:56:20: the tests call
// (*Bulkhead).Release, which bulkhead.go does not define; the nearest name
// it defines is Releas".
type BuildError struct {
	File    string // relative to the package directory, e.g. "breaker.go"
	Line    int
	Col     int
	Message string
}

func (e BuildError) String() string {
	if e.Col > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Message)
	}
	return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Message)
}

// Report is everything a run found out.
type Report struct {
	Status Status
	// Summary is one line for a human: "3 of 8 tests pass", "does not
	// compile: breaker.go:12:2: undefined: x", "TestX did not finish within
	// 30s: …".
	Summary string
	Tests   []TestResult
	// BuildErrors holds the compile errors that name a file and line;
	// BuildOutput holds the compiler's output as printed (capped).
	BuildErrors []BuildError
	BuildOutput []string
	// Vet is set when the build failure is go vet's, which go test runs
	// once the code compiles: the code compiles, and vet found a likely
	// mistake in it (a Printf verb for the wrong type, a lock copied).
	Vet bool
	// Output is what was printed outside any test: a panic in init, the go
	// command's own errors, the process being killed. Capped.
	Output  []string
	Elapsed time.Duration
	// NotStarted is set, with Status TimedOut, when the run was stopped
	// before the test binary started: compiling took longer than
	// Options.BuildTime (the first run on an empty build cache, on a busy
	// machine), or another package's tests ran too long. Nothing is known
	// of the tests then, not even which would fail.
	NotStarted bool
}

// Counts returns how many tests passed and how many ran in all: the
// top-level tests, the ones a test file declares and the runner and
// check list by name (a test fails when a subtest of it does). Counting
// subtests too, a learner read "14 of 15 tests pass" over 13 tests
// named. Skipped tests count as neither.
func (r Report) Counts() (passed, total int) {
	for _, t := range r.Tests {
		if t.Skipped || strings.Contains(t.Name, "/") {
			continue
		}
		total++
		if t.Passed {
			passed++
		}
	}
	return passed, total
}

// Failures returns the tests that failed or never finished, in the order
// they started.
func (r Report) Failures() []TestResult {
	var out []TestResult
	for _, t := range r.Tests {
		if t.Failed() {
			out = append(out, t)
		}
	}
	return out
}

// Text renders the report as plain text for a terminal or a log: the
// summary, then the compile errors or the failing tests with their output.
func (r Report) Text() string {
	var b strings.Builder
	b.WriteString(r.Summary)
	b.WriteByte('\n')
	for _, e := range r.BuildErrors {
		fmt.Fprintf(&b, "  %s\n", e)
	}
	if len(r.BuildErrors) == 0 {
		for _, l := range r.BuildOutput {
			fmt.Fprintf(&b, "  %s\n", l)
		}
	}
	for _, t := range r.Tests {
		mark := "ok  "
		switch {
		case t.Skipped:
			mark = "skip"
		case t.Running, t.Panic != "":
			mark = "STOP"
		case !t.Passed:
			mark = "FAIL"
		}
		fmt.Fprintf(&b, "  %s %s\n", mark, t.Name)
		if t.Failed() {
			for _, l := range t.Shown() {
				fmt.Fprintf(&b, "         %s\n", l.Text)
			}
		}
	}
	for _, l := range r.Output {
		fmt.Fprintf(&b, "  %s\n", l)
	}
	return b.String()
}
