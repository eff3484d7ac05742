package grade

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The streams replayed here are real `go test -json -race` runs, the
// workbook folder rewritten to /w/p, of two mistakes that hang a test:
// exercise 04 with Allow calling b.State() while it holds b.mu (outside a
// synctest bubble: the test binary's own 30 s timeout stops it), exercise
// 06 with Acquire spinning in a select with an empty default until its
// wait is over (inside a bubble, whose clock cannot move while a goroutine
// runs), and exercise 06 with Acquire a plain send on the semaphore's
// channel (the bubble finds every goroutine blocked).

// A run stopped by the test binary's timeout says in its summary where the
// learner's code is stuck, and what to look for there: the dump knows it.
func TestTimeoutSaysWhereTheCodeIsStuck(t *testing.T) {
	for _, tc := range []struct{ file, summary string }{
		{"timeout-04-allow-locks-twice.json",
			"TestClosedCountsFailuresInARow did not finish within 30s: your code is stuck waiting on a mutex at breaker.go:127 in (*Breaker).State: locked twice, or never unlocked? " + slowAdvice},
		{"timeout-06-busy-acquire.json",
			"TestAdmitsUpToTheLimit did not finish within 30s: your code is still running at bulkhead.go:38 in (*Bulkhead).Acquire: a busy loop? " + slowAdvice},
	} {
		t.Run(tc.file, func(t *testing.T) {
			r := replayRun(t, tc.file)
			if r.Status != TimedOut || r.Summary != tc.summary {
				t.Fatalf("summary: %v %q\nwant timed out, %q", r.Status, r.Summary, tc.summary)
			}
		})
	}
}

// A synctest deadlock panics in the test's call of synctest.Test; its
// summary names the learner's line that is blocked instead.
func TestDeadlockSaysWhereTheCodeIsBlocked(t *testing.T) {
	r := replayRun(t, "deadlock-06-acquire-sends.json")
	want := "0 of 1 tests pass; a panic in TestAdmitsUpToTheLimit stopped the test process: " +
		"deadlock: every goroutine in the test's synctest bubble is blocked; your code is waiting on a channel send at bulkhead.go:31 in (*Bulkhead).Acquire: is anything left to receive?"
	if r.Status != Failed || r.Summary != want {
		t.Fatalf("summary: %v %q\nwant failed, %q", r.Status, r.Summary, want)
	}
}

// The frames of each goroutine of a dump are headed by whose goroutine it
// is (the test's, in or out of its synctest bubble, or another) and what it
// was doing, in words rather than the runtime's states; the goroutine that
// panicked has no header, the panic line being its own.
func TestGoroutinesAreNamedForALearner(t *testing.T) {
	for _, tc := range []struct {
		file   string
		frames []string // lines the report must show, in order
	}{
		{"timeout-04-allow-locks-twice.json", []string{
			"panic: test timed out after 30s",
			"  the test's goroutine, waiting on a mutex:",
			"  at 04-half-open-trials.(*Breaker).State (breaker.go:127)",
			"  at 04-half-open-trials.(*Breaker).Allow (breaker.go:76)",
			"  at 04-half-open-trials.TestClosedCountsFailuresInARow (breaker_test.go:69)"}},
		{"timeout-06-busy-acquire.json", []string{
			"panic: test timed out after 30s",
			"  the test's goroutine, waiting for its synctest bubble to finish:",
			"  at 06-semaphore-bulkhead.TestAdmitsUpToTheLimit (bulkhead_test.go:19)",
			"  the test's goroutine in its synctest bubble, running (a busy loop?):",
			"  at 06-semaphore-bulkhead.(*Bulkhead).Acquire (bulkhead.go:38)"}},
		{"deadlock-06-acquire-sends.json", []string{
			"panic: deadlock: all goroutines in bubble are blocked",
			"  at 06-semaphore-bulkhead.TestAdmitsUpToTheLimit (bulkhead_test.go:19)",
			"  the test's goroutine in its synctest bubble, waiting on a channel send:",
			"  at 06-semaphore-bulkhead.(*Bulkhead).Acquire (bulkhead.go:31)"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			text := replayRun(t, tc.file).Text()
			rest := text
			for _, f := range tc.frames {
				i := strings.Index(rest, f+"\n")
				if i < 0 {
					t.Fatalf("the report lacks %q after what came before:\n%s", f, text)
				}
				rest = rest[i+len(f):]
			}
			for _, raw := range []string{"blocked on", "runnable", "another goroutine"} {
				if strings.Contains(text, raw) {
					t.Errorf("the report says %q:\n%s", raw, text)
				}
			}
		})
	}
}

// The frames of the last goroutine a dump lists are kept even when no line
// ends it: the process was killed in the middle of printing it.
func TestFramesOfADumpCutShortAreKept(t *testing.T) {
	c := newCollector("/w/p", DefaultMaxLines, DefaultMaxLineLen)
	for _, l := range []string{
		`{"Action":"run","Test":"TestA"}`,
		`{"Action":"output","Test":"TestA","Output":"panic: test timed out after 1s\n"}`,
		`{"Action":"output","Test":"TestA","Output":"goroutine 7 [select]:\n"}`,
		`{"Action":"output","Test":"TestA","Output":"example.com/p.(*Pool).wait()\n"}`,
		`{"Action":"output","Test":"TestA","Output":"\t/w/p/pool.go:12 +0x2c\n"}`,
	} {
		c.line([]byte(l))
	}
	r := c.report()
	out := strings.Join(r.Tests[0].Output, "\n")
	if !strings.Contains(out, "  another goroutine, waiting in a select:\n  at p.(*Pool).wait (pool.go:12)") {
		t.Fatalf("output:\n%s", out)
	}
	if want := "TestA did not finish within 1s: your code is stuck waiting in a select at pool.go:12 in (*Pool).wait: can none of its cases go on?"; !strings.Contains(r.Summary, want) {
		t.Fatalf("summary %q, want it to hold %q", r.Summary, want)
	}
}

// Of the goroutines a timeout's dump finds in the learner's code, one that
// runs is named over one that waits, listed first: a loop that never ends
// holding a lock is what the others wait for.
func TestTimeoutNamesARunningGoroutineOverAWaitingOne(t *testing.T) {
	c := newCollector("/w/p", DefaultMaxLines, DefaultMaxLineLen)
	for _, l := range []string{
		"panic: test timed out after 1s",
		"goroutine 7 [sync.Mutex.Lock]:",
		"example.com/p.(*Pool).Get()",
		"\t/w/p/pool.go:20 +0x2c",
		"created by testing.(*T).Run in goroutine 1",
		"\t/usr/local/go/src/testing/testing.go:2101 +0xb13",
		"",
		"goroutine 8 [runnable]:",
		"example.com/p.(*Pool).refill()",
		"\t/w/p/pool.go:40 +0x2c",
		"created by example.com/p.New in goroutine 7",
		"\t/w/p/pool.go:31 +0x2c",
	} {
		b, err := json.Marshal(event{Action: "output", Output: l + "\n"})
		if err != nil {
			t.Fatal(err)
		}
		c.line(b)
	}
	r := c.report()
	if want := "the tests did not finish within 1s: your code is still running at pool.go:40 in (*Pool).refill: a busy loop?"; r.Status != TimedOut || !strings.Contains(r.Summary, want) {
		t.Fatalf("summary: %v %q\nwant timed out, with %q", r.Status, r.Summary, want)
	}
}

// A busy loop that keeps calling a helper is mostly caught inside the
// helper, which may be a file the exercise hands the learner done: the
// headline names the caller in the learner's other file too, where the
// loop is.
func TestStuckInAHelperNamesTheCaller(t *testing.T) {
	c := newCollector("/w/p", DefaultMaxLines, DefaultMaxLineLen)
	for _, l := range []string{
		"panic: test timed out after 1s",
		"goroutine 7 [running]:",
		"example.com/p.(*window).add(...)",
		"\t/w/p/window.go:24 +0x2c",
		"example.com/p.(*window).reset()",
		"\t/w/p/window.go:40 +0x2c",
		"example.com/p.(*Breaker).record()",
		"\t/w/p/breaker.go:128 +0x2c",
		"example.com/p.(*Breaker).Call()",
		"\t/w/p/breaker.go:89 +0x2c",
		"created by testing.(*T).Run in goroutine 1",
		"\t/usr/local/go/src/testing/testing.go:2101 +0xb13",
	} {
		b, err := json.Marshal(event{Action: "output", Output: l + "\n"})
		if err != nil {
			t.Fatal(err)
		}
		c.line(b)
	}
	r := c.report()
	if want := "the tests did not finish within 1s: your code is still running at window.go:24 in (*window).add, called at breaker.go:128 in (*Breaker).record: a busy loop?"; r.Status != TimedOut || !strings.Contains(r.Summary, want) {
		t.Fatalf("summary: %v %q\nwant timed out, with %q", r.Status, r.Summary, want)
	}
}

// replayRunIn is replayRun with the learner's folder at dir instead of
// /w/p, for a grader that reads the learner's files.
func replayRunIn(t *testing.T, file, dir string) Report {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	quoted, err := json.Marshal(abs + string(filepath.Separator))
	if err != nil {
		t.Fatal(err)
	}
	inDir := string(quoted[1 : len(quoted)-1]) // as the path is written inside a JSON string
	c := newCollector(abs, DefaultMaxLines, DefaultMaxLineLen)
	for _, l := range strings.Split(string(b), "\n") {
		c.line([]byte(strings.ReplaceAll(l, "/w/p/", inDir)))
	}
	return c.report()
}

// The stream replayed is a real run of exercise 02's solution with a loop
// that never ends put into FailureRate (written out here from the
// catalog's solution, as the run had it): `i := 0; for i < 10 { i *= 2 }`.
// The compiler makes it a jump to itself with no line, and the traceback
// gives line 1 of breaker.go, a comment, for FailureRate inlined into
// record. The summary names the function, and its one loop, not line 1.
func TestStuckLineOutsideTheFunctionIsNotNamed(t *testing.T) {
	solution, err := os.ReadFile(filepath.Join("..", "testdata", "catalog", "02-rate-window-breaker", "solution", "breaker.go"))
	if err != nil {
		t.Fatal(err)
	}
	const head = "func (b *Breaker) FailureRate() float64 {\n"
	if !strings.Contains(string(solution), head) {
		t.Fatalf("exercise 02's solution has no %q to put the loop in", head)
	}
	dir := t.TempDir()
	busy := strings.Replace(string(solution), head, head+"\ti := 0\n\tfor i < 10 {\n\t\ti *= 2\n\t}\n", 1)
	if err := os.WriteFile(filepath.Join(dir, "breaker.go"), []byte(busy), 0o644); err != nil {
		t.Fatal(err)
	}
	r := replayRunIn(t, "timeout-02-busy-failure-rate.json", dir)
	want := "TestMinimumCallsBeforeAVerdict did not finish within 4s: your code is still running somewhere in (*Breaker).FailureRate, whose one loop starts at breaker.go:134: a busy loop? " + slowAdvice
	if r.Status != TimedOut || r.Summary != want {
		t.Fatalf("summary: %v %q\nwant timed out, %q", r.Status, r.Summary, want)
	}
}

// The line of a stuck goroutine is checked against the function its frame
// names, however the frame spells it: a method of a generic type, of a
// value, a closure, a closure in a package-level variable (found by no
// name: only a line at or above the package clause is dropped); a line in
// the function is kept, and so is one in a file that cannot be read. The
// function's loop is named only if it has one.
func TestStuckLineIsCheckedAgainstItsFunction(t *testing.T) {
	dir := t.TempDir()
	src := `// Package p spins.
package p

type Cache[K comparable] struct{}

func (c *Cache[K]) Get() {
	for {
	}
}

type B struct{}

func (b B) State() int {
	for {
	}
}

func Call() {
	go func() {
		for {
		}
	}()
}

func Two() {
	for range 3 {
	}
	for {
	}
}
`
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	c := newCollector(dir, DefaultMaxLines, DefaultMaxLineLen)
	for _, tc := range []struct{ in, at, want string }{
		{"p.(*Cache[...]).Get", "p.go:1", "somewhere in (*Cache[...]).Get, whose one loop starts at p.go:7"},
		{"p.(*Cache[...]).Get", "p.go:7", "at p.go:7 in (*Cache[...]).Get"},
		{"p.B.State", "p.go:2", "somewhere in B.State, whose one loop starts at p.go:14"},
		{"p.Call.func1", "p.go:1", "somewhere in Call.func1, whose one loop starts at p.go:20"},
		{"p.Call.func1", "p.go:20", "at p.go:20 in Call.func1"},
		{"p.Two", "p.go:1", "somewhere in Two"},
		{"p.glob..func1", "p.go:2", "somewhere in glob..func1"},
		{"p.glob..func1", "p.go:9", "at p.go:9 in glob..func1"},
		{"p.Gone", "gone.go:1", "at gone.go:1 in Gone"},
	} {
		st := stack{stuckAt: tc.at, stuckIn: tc.in, stuckState: "running"}
		c.checkStuckLine(&st)
		if got := st.stuckWhere(); got != tc.want {
			t.Errorf("%s at %s: %q, want %q", tc.in, tc.at, got, tc.want)
		}
	}
}

// A mutex locked twice outside a synctest bubble blocks its test for ever:
// the runtime's "all goroutines are asleep" cannot fire, the test runner's
// own goroutines being awake, so only the time limit stops it. The real
// run's verdict says the test did not finish, in the learner's words, and
// the line of their code that is blocked, with the question to ask of it;
// the test's output keeps that line's frame from the dump. The stream is
// replayed (recorded_test.go); real runs the test binary's timeout stops
// are TestEndlessLoopInTest's and TestRaceBeforeACrashIsSummarizedFirst's.
func TestAMutexLockedTwiceSaysWhereItIsBlocked(t *testing.T) {
	t.Parallel()
	r := recorded{name: "mutex-locked-twice", timeout: time.Second, files: map[string]string{
		"p.go": "package p\n\nimport \"sync\"\n\ntype C struct {\n\tmu sync.Mutex\n\tn  int\n}\n\n" +
			"func (c *C) N() int {\n\tc.mu.Lock()\n\tdefer c.mu.Unlock()\n\treturn c.n\n}\n\n" +
			"func (c *C) Add() {\n\tc.mu.Lock()\n\tdefer c.mu.Unlock()\n\tc.n = c.N() + 1\n}\n",
		"p_test.go": "package p\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) {\n\tvar c C\n\tc.Add()\n}\n",
	}}.replay(t, Options{Timeout: time.Second})
	want := "TestAdd did not finish within 1s: your code is stuck waiting on a mutex at p.go:11 in (*C).N: locked twice, or never unlocked? " + slowAdvice
	if r.Status != TimedOut || r.Summary != want {
		t.Fatalf("report: %v %q\nwant timed out, %q\n%s", r.Status, r.Summary, want, r.Text())
	}
	if out := strings.Join(find(t, r, "TestAdd").Output, "\n"); !strings.Contains(out, "at p.(*C).N (p.go:11)") {
		t.Errorf("TestAdd's output lacks the blocked frame p.go:11:\n%s", out)
	}
}
