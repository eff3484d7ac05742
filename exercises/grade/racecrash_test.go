package grade

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// racyCode is a counter two goroutines bump with nothing ordering them,
// the race every test below finds first, and the ways a later test can
// end the test process.
const racyCode = `package p

import (
	"os"
	"sync"
)

var counter int

func Bump() { counter++ }

func BumpTwice() {
	var wg sync.WaitGroup
	wg.Go(Bump)
	wg.Go(Bump)
	wg.Wait()
}

func Store() {
	var m map[string]int
	m["a"] = 1
}

func Quit() { os.Exit(3) }
`

// racyAt is where racyCode's two goroutines race.
const racyAt = "a data race at p.go:10 ("

// A data race the detector reported before the test process crashed is as
// much the learner's to fix as the crash, and the first thing to fix: the
// crash may come of it. The summary names the race first, in the words a
// race alone gets, then the crash; and the race's report stays in the
// test's output. The two panics are replayed from recorded streams
// (recorded_test.go): TestPanic is a real run of a panic, and the other
// two cases real runs of a race, which each of them finds first.
func TestRaceBeforeACrashIsSummarizedFirst(t *testing.T) {
	for _, tc := range []struct {
		name, tests string
		timeout     time.Duration
		status      Status
		// prefix is how the summary starts, with the race; crash is what
		// it says after the race.
		prefix, crash string
		// recorded names the stream a case replays ("" for a real run).
		recorded string
	}{
		{"panic in a later test",
			"func TestRace(t *testing.T) { BumpTwice() }\n\nfunc TestStore(t *testing.T) { Store() }\n\nfunc TestAfter(t *testing.T) {}\n",
			0, Failed, "0 of 3 tests pass; TestRace found " + racyAt,
			"; then a panic in TestStore stopped the other 1: assignment to entry in nil map at p.go:21",
			"race-then-panic-in-a-later-test"},
		{"panic in the racing test",
			"func TestRace(t *testing.T) {\n\tBumpTwice()\n\tStore()\n}\n",
			0, Failed, "0 of 1 tests pass; TestRace found " + racyAt,
			"; then a panic in TestRace stopped the test process: assignment to entry in nil map at p.go:21",
			"race-then-panic-in-the-racing-test"},
		{"os.Exit in a later test",
			"func TestRace(t *testing.T) { BumpTwice() }\n\nfunc TestQuit(t *testing.T) { Quit() }\n",
			0, Failed, "TestRace found " + racyAt,
			"; then the test process exited during TestQuit, after 0 of 2 tests passed: your code calls os.Exit at p.go:24", ""},
		// The later test blocks rather than spins (an endless loop is
		// TestEndlessLoopInTest's): the binary's timeout stops either
		// alike, and a blocked test costs no CPU for its 2 s.
		{"the test binary's timeout in a later test",
			"func TestRace(t *testing.T) { BumpTwice() }\n\nfunc TestHang(t *testing.T) { select {} }\n",
			2 * time.Second, TimedOut, "TestRace found " + racyAt,
			// What follows the colon is the timeout's own summary, where
			// TestHang waits (TestTimeoutSaysWhereTheCodeIsStuck).
			"; then TestHang did not finish within 2s: ", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			files := map[string]string{
				"p.go":      racyCode,
				"p_test.go": "package p\n\nimport \"testing\"\n\n" + tc.tests,
			}
			var r Report
			if tc.recorded != "" {
				r = recorded{name: tc.recorded, files: files, race: true, timeout: tc.timeout}.replay(t, Options{Race: true, Timeout: tc.timeout})
			} else {
				needGo(t)
				r = Run(context.Background(), Options{Dir: module(t, files), Race: true, Timeout: tc.timeout, Binary: keptBin(t)})
			}
			if needsCgoToRace(r) {
				t.Skip("the race detector needs cgo here")
			}
			if r.Status != tc.status || !strings.HasPrefix(r.Summary, tc.prefix) || !strings.Contains(r.Summary, tc.crash) {
				t.Fatalf("report: %v %q\nwant %v, starting %q, then %q\n%s", r.Status, r.Summary, tc.status, tc.prefix, tc.crash, r.Text())
			}
			if race := find(t, r, "TestRace"); !strings.Contains(strings.Join(race.Output, "\n"), "at p.Bump (p.go:10)") {
				t.Errorf("TestRace's output lacks the race's condensed report:\n%s", r.Text())
			}
		})
	}
}

// needsCgoToRace reports whether r is a run the race detector could not
// make: without cgo there is no race to find.
func needsCgoToRace(r Report) bool {
	return strings.Contains(strings.Join(append(append([]string{r.Summary}, r.Output...), r.BuildOutput...), "\n"), "-race requires cgo")
}

// The grader's own kill, of a test binary that ran past its time limit
// and the grace after it, comes after the race the run had found: the
// summary names the race first.
func TestRaceBeforeTheKillIsSummarizedFirst(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	lines := append([]string{`{"Action":"start"}`, `{"Action":"run","Test":"TestRace"}`}, raceEvents(dir, "TestRace")...)
	lines = append(lines, `{"Action":"run","Test":"TestHang"}`)
	script := ""
	for _, l := range lines {
		script += "printf '%s\\n' '" + l + "'\n" // sh's echo would turn the events' \n into newlines
	}
	// The fake command would end by itself after 30 s, 15 times the
	// grader's limits and before the default ones (30 s plus 10 s):
	// TimedOut, which only the grader's deadline kill reports, shows that
	// the kill came first and honoured the options.
	goCmd := fakeGo(t, script+"exec sleep 30\n")
	r := Run(context.Background(), Options{Dir: dir, Go: goCmd, Timeout: time.Second, Grace: time.Second})
	want := "TestRace found a data race at p.go:10 (two goroutines touch the same memory, at least one writing, with no lock or channel ordering them); " +
		"then the run was stopped after 2s (the 1s time limit, plus 1s for the test process to stop) while TestHang was still running"
	if r.Status != TimedOut || !strings.HasPrefix(r.Summary, want) {
		t.Fatalf("%v %q\nwant timed out, starting %q", r.Status, r.Summary, want)
	}
}

// raceEvents are the events of test's output reporting a race at p.go:10
// in dir, as go test -json -race gives them, and of the test's failing for
// it.
func raceEvents(dir, test string) []string {
	var events []string
	for _, l := range []string{
		raceRule, "WARNING: DATA RACE",
		"Write at 0x00c000012345 by goroutine 8:", "  example.com/p.Bump()", "      " + dir + "/p.go:10 +0x3c",
		"Previous write at 0x00c000012345 by goroutine 7:", "  example.com/p.Bump()", "      " + dir + "/p.go:10 +0x3c",
		raceRule,
		"--- FAIL: " + test + " (0.00s)", "    testing.go:1617: race detected during execution of test",
	} {
		events = append(events, fmt.Sprintf(`{"Action":"output","Test":%q,"Output":%q}`, test, l+"\n"))
	}
	return append(events, fmt.Sprintf(`{"Action":"fail","Test":%q}`, test))
}

// A goroutine left blocked at a test's end, which synctest's panic
// reports, is a crash like another: a race found before it comes first.
// The stream is a real run of a mistake of exercise 06
// (leak-06-waiter-left-behind.json) with a race reported in the test
// before.
func TestRaceBeforeALeftBehindGoroutineIsSummarizedFirst(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "leak-06-waiter-left-behind.json"))
	if err != nil {
		t.Fatal(err)
	}
	c := newCollector("/w/p", DefaultMaxLines, DefaultMaxLineLen)
	for _, l := range strings.Split(string(b), "\n") {
		if strings.Contains(l, `"Action":"pass"`) && strings.Contains(l, `"Test":"TestZeroWaitRejectsAtOnce"`) {
			for _, e := range raceEvents("/w/p", "TestZeroWaitRejectsAtOnce") {
				c.line([]byte(e))
			}
			continue
		}
		c.line([]byte(l))
	}
	r := c.report()
	want := "1 of 3 tests pass; TestZeroWaitRejectsAtOnce found a data race at p.go:10 (two goroutines touch the same memory, at least one writing, with no lock or channel ordering them); " +
		"then in TestWaitsAtMostMaxWait, a goroutine your code started at bulkhead.go:45 never finished"
	if r.Status != Failed || !strings.HasPrefix(r.Summary, want) {
		t.Fatalf("summary: %v %q\nwant failed, starting %q", r.Status, r.Summary, want)
	}
}
