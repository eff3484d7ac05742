package grade

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The streams replayed here are real `go test -json -race` runs of
// exercises of the catalog with a learner's mistake put into the solution
// (the mutants of the same names in exercises/testdata/mutants), the
// workbook folder rewritten to /w/p.
func replayRun(t *testing.T, file string) Report {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	c := newCollector("/w/p", DefaultMaxLines, DefaultMaxLineLen)
	for _, l := range strings.Split(string(b), "\n") {
		c.line([]byte(l))
	}
	return c.report()
}

// A goroutine the learner's code leaves blocked makes the synctest bubble
// panic when the test ends. The summary says that, what the goroutine was
// blocked on in the learner's words (not the runtime's "chan send"), at
// which line and function, and where it was started, in the learner's code
// rather than the test file; the frames under the panic keep their function names and are
// grouped by goroutine.
func TestLeftBlockedGoroutineIsNamed(t *testing.T) {
	for _, tc := range []struct {
		file, summary string
		frames        []string // lines the report must show, in order
	}{
		{"leak-06-waiter-left-behind.json",
			"2 of 3 tests pass; in TestWaitsAtMostMaxWait, a goroutine your code started at bulkhead.go:45 never finished: when the test ended it was blocked sending on a channel no one receives from, at bulkhead.go:46 in (*Bulkhead).Acquire.func1; that stopped the test process (every goroutine must be able to finish)",
			[]string{"at 06-semaphore-bulkhead.TestWaitsAtMostMaxWait (bulkhead_test.go:56)",
				"another goroutine, waiting on a channel send:",
				"at 06-semaphore-bulkhead.(*Bulkhead).Acquire.func1 (bulkhead.go:46)",
				"started by 06-semaphore-bulkhead.(*Bulkhead).Acquire (bulkhead.go:45)"}},
		{"leak-07-close-leaves-workers.json",
			"a goroutine your code started at pool.go:35 never finished: when the test ended it was blocked receiving from a channel no one sends on or closes, at pool.go:42 in (*Pool).work;",
			[]string{"another goroutine, waiting on a channel receive:",
				"at 07-thread-pool-bulkhead.(*Pool).work (pool.go:42)",
				"started by 07-thread-pool-bulkhead.New (pool.go:35)"}},
		{"leak-08-unbuffered-result.json",
			"a goroutine your code started at attempt.go:36 never finished: when the test ended it was blocked sending on a channel no one receives from, at attempt.go:36 in Call.func2;",
			[]string{"at 08-attempt-timeout.Call.func2 (attempt.go:36)",
				"started by 08-attempt-timeout.Call (attempt.go:36)"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			r := replayRun(t, tc.file)
			if r.Status != Failed || !strings.Contains(r.Summary, tc.summary) {
				t.Fatalf("summary: %v %q\nwant failed, with %q", r.Status, r.Summary, tc.summary)
			}
			text := r.Text()
			rest := text
			for _, f := range tc.frames {
				i := strings.Index(rest, f)
				if i < 0 {
					t.Fatalf("the report lacks %q after what came before:\n%s", f, text)
				}
				rest = rest[i+len(f):]
			}
			if strings.Contains(text, " in goroutine ") || strings.Contains(text, ". (") {
				t.Errorf("a frame is garbled:\n%s", text)
			}
		})
	}
}

// A data race is named in the summary, with the two places in the
// learner's code that raced, not only as the first failing test.
func TestDataRaceIsNamed(t *testing.T) {
	r := replayRun(t, "race-07-active-read-without-lock.json")
	want := "7 of 8 tests pass; first failure: TestNeverMoreThanWorkersAtOnce, a data race between pool.go:75 and pool.go:54"
	if r.Status != Failed || !strings.HasPrefix(r.Summary, want) {
		t.Fatalf("summary: %v %q\nwant failed, starting %q", r.Status, r.Summary, want)
	}
}

// Every state the grader can find a left-behind goroutine in is worded for
// the learner, never as the runtime writes it ("on chan send"), with the
// learner's line and function as the other headlines name them; a state
// the grader does not know is named as Go names it, and said to be one.
func TestEveryLeftBehindStateIsWorded(t *testing.T) {
	states := []string{"no such state", ""}
	for s := range goStates {
		states = append(states, s)
	}
	for _, state := range states {
		for _, startedAt := range []string{"pool.go:35", "pool_test.go:20", ""} {
			st := stack{stuckState: state, stuckAt: "pool.go:42", stuckIn: "p.(*Pool).work", startedAt: startedAt}
			text := leakText(st)
			left := describeState(state).left
			if g, known := goStates[state]; left == "" || left == state || known && g.left == "" {
				t.Errorf("state %q is worded %q: not at all, or in the runtime's words", state, left)
			}
			if !strings.Contains(text, left) || !strings.Contains(text, "pool.go:42 in (*Pool).work") || strings.Contains(text, "on "+state+" ") {
				t.Errorf("state %q, started at %q: %q; want %q and the line and function, not the runtime's words", state, startedAt, text, left)
			}
			if !strings.HasPrefix(text, leakPrefix) {
				t.Errorf("state %q: %q does not open with %q, which verdict looks for", state, text, leakPrefix)
			}
		}
	}
	if got := describeState("no such state").left; !strings.Contains(got, `the state Go calls "no such state"`) {
		t.Errorf("an unknown state is worded %q", got)
	}
}

// A race headline names each place once: two goroutines bumping one
// counter race on one line, which must not read "tenants.go:88tenants.go:88".
func TestRacePlacesAreNamedOnce(t *testing.T) {
	for _, tc := range []struct {
		at   [2]string
		want string
	}{
		{[2]string{"tenants.go:88", "tenants.go:88"}, "a data race at tenants.go:88 ("},
		{[2]string{"tenants.go:88", ""}, "a data race at tenants.go:88 ("},
		{[2]string{"", "tenants.go:61"}, "a data race at tenants.go:61 ("},
		{[2]string{"tenants.go:88", "tenants.go:61"}, "a data race between tenants.go:88 and tenants.go:61 ("},
	} {
		if got := (raceReport{seen: true, at: tc.at}).text(); !strings.HasPrefix(got, tc.want) {
			t.Errorf("accesses at %q: %q, want it to start %q", tc.at, got, tc.want)
		}
	}
}

// A race report is shown as a panic's stack is: each access with the
// learner's frames, not the detector's dump of addresses, runtime frames
// and goroutine starts; the same race reported again, the other way round,
// is one line.
func TestRaceReportIsCondensed(t *testing.T) {
	text := replayRun(t, "race-07-active-read-without-lock.json").Text()
	want := []string{
		"WARNING: DATA RACE",
		"read by goroutine 32:",
		"at 07-thread-pool-bulkhead.(*Pool).Active (pool.go:75)",
		"at 07-thread-pool-bulkhead.TestNeverMoreThanWorkersAtOnce.func1.1 (pool_test.go:140)",
		"previous write by goroutine 30:",
		"at 07-thread-pool-bulkhead.(*Pool).count (pool.go:54)",
		"at 07-thread-pool-bulkhead.(*Pool).work (pool.go:44)",
		"at 07-thread-pool-bulkhead.New.gowrap1 (pool.go:36)",
		"WARNING: DATA RACE again between pool.go:54 and pool.go:75 (the same race as above; not shown)",
		"race detected during execution of test",
	}
	rest := text
	for _, w := range want {
		i := strings.Index(rest, w)
		if i < 0 {
			t.Fatalf("the report lacks %q after what came before:\n%s", w, text)
		}
		rest = rest[i+len(w):]
	}
	for _, dump := range []string{"0x00c0", "/usr/local/go/", "created at:", raceRule, "testing.tRunner"} {
		if strings.Contains(text, dump) {
			t.Errorf("the report keeps %q of the detector's dump:\n%s", dump, text)
		}
	}
	if n := strings.Count(text, "WARNING: DATA RACE"); n != 2 {
		t.Errorf("%d race headers, want the report and one line for its repeat:\n%s", n, text)
	}
}

// An access with none of its frames in the learner's files says so, and
// a report the test's end cut off is still shown.
func TestRaceAccessOutsideTheLearnersFiles(t *testing.T) {
	tr := feedTest(t, 20, raceRule, "WARNING: DATA RACE",
		"Write at 0x00c000012345 by goroutine 7:", "  sync/atomic.AddInt64()", "      /usr/local/go/src/sync/atomic/x.go:9 +0x3c",
		"Previous read at 0x00c000012345 by goroutine 8:", "  example.com/p.(*Breaker).State()", "      /w/p/breaker.go:20 +0x3c")
	want := []string{"WARNING: DATA RACE", "write by goroutine 7:", "  (none of its frames is in your files)",
		"previous read by goroutine 8:", "  at p.(*Breaker).State (breaker.go:20)"}
	if got := shown(tr); !slices.Equal(got, want) {
		t.Fatalf("shown:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// The detector reports a race again in a later test when its accesses
// come the other way round (it leaves out only a repeat of the same two
// stacks). The stream replayed is a real run of two tests on one counter:
// TestA's goroutine writes it (p.go:7) before TestA reads it (p.go:9),
// TestB's reads it before TestB writes it. The second report is one line
// naming the test that found the race, not a second race to fix.
func TestRaceFoundByAnEarlierTestIsOneLine(t *testing.T) {
	r := replayRun(t, "race-same-race-two-tests.json")
	if len(r.Tests) != 2 {
		t.Fatalf("%d tests, want 2:\n%s", len(r.Tests), r.Text())
	}
	if got := strings.Join(shown(r.Tests[0]), "\n"); !strings.Contains(got, "at p.(*C).Get (p.go:9)") || !strings.Contains(got, "at p.(*C).Bump (p.go:7)") {
		t.Errorf("TestA does not show the race in full:\n%s", got)
	}
	want := "WARNING: DATA RACE again between p.go:7 and p.go:9 (the same race TestA found; not shown)"
	got := shown(r.Tests[1])
	if !slices.Contains(got, want) || slices.ContainsFunc(got, func(l string) bool { return strings.HasPrefix(l, "  at ") }) {
		t.Errorf("TestB shows:\n%s\nwant the line %q and no frames", strings.Join(got, "\n"), want)
	}
}

// A repeat whose accesses were on one line, or only one of them in the
// learner's files, is said with that one place, not "between  and x".
func TestRepeatedRaceAtOnePlace(t *testing.T) {
	// The second report has the accesses the other way round, the
	// learner's frame in the previous one.
	lines := []string{raceRule, "WARNING: DATA RACE",
		"Write at 0x00c000012345 by goroutine 7:", "  example.com/p.(*Pool).count()", "      /w/p/pool.go:54 +0x3c",
		"Previous write at 0x00c000012345 by goroutine 8:", "  sync/atomic.AddInt64()", "      /usr/local/go/src/sync/atomic/x.go:9 +0x3c",
		raceRule, raceRule, "WARNING: DATA RACE",
		"Write at 0x00c000012345 by goroutine 9:", "  sync/atomic.AddInt64()", "      /usr/local/go/src/sync/atomic/x.go:9 +0x3c",
		"Previous write at 0x00c000012345 by goroutine 7:", "  example.com/p.(*Pool).count()", "      /w/p/pool.go:54 +0x3c",
		raceRule}
	want := "WARNING: DATA RACE again at pool.go:54 (the same race as above; not shown)"
	if got := shown(feedTest(t, 20, lines...)); !slices.Contains(got, want) {
		t.Errorf("shown:\n%s\nwant the line %q", strings.Join(got, "\n"), want)
	}
}
