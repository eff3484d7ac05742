package grade

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// feed runs canned go test -json output through a collector.
func feed(lines ...string) Report {
	c := newCollector("/w/p", 5, 40)
	for _, l := range lines {
		c.line([]byte(l))
	}
	return c.report()
}

func TestLongLinesSplitByTest2jsonAreJoined(t *testing.T) {
	r := feed(
		`{"Action":"run","Test":"TestA"}`,
		`{"Action":"output","Test":"TestA","Output":"    a_test.go:3: aaaaaaaaaa"}`,
		`{"Action":"output","Test":"TestA","Output":"bbbbbbbbbb\n"}`,
		`{"Action":"output","Test":"TestA","Output":"    a_test.go:4: next\n"}`,
		`{"Action":"fail","Test":"TestA"}`,
		`{"Action":"fail"}`,
	)
	out := r.Tests[0].Output
	if len(out) != 2 || out[0] != "a_test.go:3: aaaaaaaaaabbbbbbbbbb" || out[1] != "a_test.go:4: next" {
		t.Fatalf("output = %q", out)
	}
}

func TestNonJSONLinesArePackageOutput(t *testing.T) {
	r := feed(`something the go command printed`, `{"Action":"pass"}`)
	if r.Status != NoTests || len(r.Output) != 1 || r.Output[0] != "something the go command printed" {
		t.Fatalf("report: %v %q", r.Status, r.Output)
	}
}

func TestFailureOutsideTests(t *testing.T) {
	r := feed(
		`{"Action":"run","Test":"TestA"}`,
		`{"Action":"pass","Test":"TestA"}`,
		`{"Action":"output","Output":"exit status 1\n"}`,
		`{"Action":"fail"}`,
	)
	if r.Status != Failed || !strings.Contains(r.Summary, "outside them") {
		t.Fatalf("report: %v %q", r.Status, r.Summary)
	}
}

func TestStatusNames(t *testing.T) {
	for s := Passed; s <= Errored; s++ {
		if name := s.String(); name == "" || strings.HasPrefix(name, "Status(") {
			t.Errorf("status %d has no name", s)
		}
	}
	if Status(99).String() != "Status(99)" {
		t.Error("an unknown status should print its number")
	}
}

// feedTest runs a test's output lines, each as go test -json would give
// it, through a collector that keeps maxLines printed lines, and returns
// the test as reported.
func feedTest(t *testing.T, maxLines int, lines ...string) TestResult {
	t.Helper()
	c := newCollector("/w/p", maxLines, 400)
	c.line([]byte(`{"Action":"run","Test":"TestA"}`))
	for _, l := range lines {
		b, err := json.Marshal(event{Action: "output", Test: "TestA", Output: l + "\n"})
		if err != nil {
			t.Fatal(err)
		}
		c.line(b)
	}
	c.line([]byte(`{"Action":"fail","Test":"TestA"}`))
	c.line([]byte(`{"Action":"fail"}`))
	r := c.report()
	if len(r.Tests) != 1 {
		t.Fatalf("%d tests reported, want 1", len(r.Tests))
	}
	return r.Tests[0]
}

// printed returns n lines as a learner's debug prints would come out.
func printed(from, n int) []string {
	var out []string
	for i := range n {
		out = append(out, fmt.Sprintf("debug line %d", from+i))
	}
	return out
}

// shown is the test's output as a report shows it, one string a line.
func shown(tr TestResult) []string {
	var out []string
	for _, l := range tr.Shown() {
		out = append(out, l.Text)
	}
	return out
}

// A learner who prints 45 lines before the test fails still sees the
// failure: the first 35 prints, a note for the 5 left out, the last 5
// before the failure, then the failure itself (findings 1). Keeping the
// first 40 lines, whatever they were, lost the failure.
func TestPrintsDoNotHideTheFailure(t *testing.T) {
	lines := append(printed(0, 45), "    breaker_test.go:42: State() = closed, want open")
	tr := feedTest(t, 40, lines...)
	want := append(printed(0, 35), "… 5 lines your code printed are not shown")
	want = append(append(want, printed(40, 5)...), "breaker_test.go:42: State() = closed, want open")
	if got := shown(tr); !slices.Equal(got, want) {
		t.Fatalf("shown:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if tr.Cut != 5 {
		t.Errorf("Cut = %d, want 5", tr.Cut)
	}
}

// Prints between the test's lines are cut in their place, and the test's
// lines stay in order: a message of several lines, a second failure after
// more prints, and a race report (condensed, as racedump.go does).
func TestTestLinesSurviveAmongPrints(t *testing.T) {
	var lines []string
	lines = append(lines, printed(0, 10)...)
	lines = append(lines, "    a_test.go:7: first failure", "        its second line")
	lines = append(lines, printed(10, 20)...)
	lines = append(lines, "    a_test.go:9: second failure")
	lines = append(lines, printed(30, 3)...)
	race := []string{raceRule, "WARNING: DATA RACE", "Read at 0x00c000012345 by goroutine 7:",
		"  example.com/p.(*Breaker).State()", "      /w/p/breaker.go:20 +0x3c", raceRule}
	lines = append(lines, race...)
	lines = append(lines, "    testing.go:1712: race detected during execution of test")
	lines = append(lines, printed(33, 4)...)
	tr := feedTest(t, 8, lines...) // 8 printed lines: 6 first, 2 of the last before a test's line
	want := printed(0, 6)
	want = append(want, "… 2 lines your code printed are not shown")
	want = append(want, printed(8, 2)...)
	want = append(want, "a_test.go:7: first failure", "    its second line")
	want = append(want, "… 20 lines your code printed are not shown")
	want = append(want, "a_test.go:9: second failure")
	want = append(want, "… 3 lines your code printed are not shown")
	// The race report condensed (racedump.go): its access and the
	// learner's frame, without the address.
	want = append(want, "WARNING: DATA RACE", "read by goroutine 7:", "  at p.(*Breaker).State (breaker.go:20)")
	want = append(want, "testing.go:1712: race detected during execution of test")
	want = append(want, "… 4 lines your code printed are not shown")
	if got := shown(tr); !slices.Equal(got, want) {
		t.Fatalf("shown:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if tr.Cut != 2+20+3+4 {
		t.Errorf("Cut = %d, want 29", tr.Cut)
	}
}

// A print with no newline before a failure shares its line: the line is
// the test's, and kept.
func TestFailureAfterAPrintWithoutNewline(t *testing.T) {
	lines := append(printed(0, 10), "state open    a_test.go:5: want closed")
	tr := feedTest(t, 4, lines...)
	if got := shown(tr); got[len(got)-1] != "state open    a_test.go:5: want closed" {
		t.Fatalf("shown:\n%s", strings.Join(got, "\n"))
	}
}

// The test's own lines have a cap too, twice the printed lines', for a
// test that logs in a loop; what is past it is noted at the end.
func TestOwnLinesAreCappedToo(t *testing.T) {
	var lines []string
	for i := range 30 {
		lines = append(lines, fmt.Sprintf("    a_test.go:3: log %d", i))
	}
	lines = append(lines, printed(0, 5)...)
	tr := feedTest(t, 5, lines...)
	got := shown(tr)
	if len(tr.Output) != 10 || got[9] != "a_test.go:3: log 9" || got[10] != "… 25 more lines not shown" || tr.Cut != 25 {
		t.Fatalf("kept %d lines, cut %d:\n%s", len(tr.Output), tr.Cut, strings.Join(got, "\n"))
	}
}

// Whatever go test prints, the collector never panics, keeps its caps and
// counts consistently.
func FuzzCollector(f *testing.F) {
	for _, seed := range []string{
		`{"Action":"run","Test":"TestA"}` + "\n" + `{"Action":"output","Test":"TestA","Output":"panic: x\n"}`,
		`{"ImportPath":"p","Action":"build-output","Output":"./p.go:1:2: bad\n"}` + "\n" + `{"Action":"build-fail"}`,
		`{"Action":"output","Output":"?   \tp\t[no test files]\n"}`,
		`{"Action":"output","Test":"T/x","Output":"\t/w/p/p.go:3 +0x1\n"}`,
		"not json\n{\"Action\":",
		`{"Action":"output","Test":"T","Output":"panic: test timed out after 1s\n"}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		c := newCollector("/w/p", 3, 20)
		for _, l := range strings.Split(input, "\n") {
			c.line([]byte(l))
		}
		r := c.report()
		passed, total := r.Counts()
		if passed > total || total > len(r.Tests) {
			t.Fatalf("counts %d of %d with %d tests", passed, total, len(r.Tests))
		}
		for _, tr := range r.Tests {
			// Up to 3 printed lines and 6 of the test's own.
			if len(tr.Output) > 9 {
				t.Fatalf("kept %d lines, cap 3 printed and 6 own", len(tr.Output))
			}
			cut, at := 0, 0
			for _, g := range tr.Gaps {
				if g.At < at || g.At > len(tr.Output) || g.Lines < 1 {
					t.Fatalf("gap %+v out of place in %d lines (gaps %+v)", g, len(tr.Output), tr.Gaps)
				}
				cut, at = cut+g.Lines, g.At
			}
			if cut != tr.Cut {
				t.Fatalf("Cut = %d, but the gaps leave out %d", tr.Cut, cut)
			}
		}
		if r.Summary == "" {
			t.Fatal("empty summary")
		}
		_ = r.Text()
	})
}

// A run stopped for taking too long ends by saying how to give the tests
// more time, in the words of where the learner is: the check command's
// flag by default, the runner's own (Options.MoreTime) inside it.
func TestTimeoutSaysHowToGiveMoreTime(t *testing.T) {
	timedOut := []string{
		`{"Action":"run","Test":"TestSpin"}`,
		`{"Action":"output","Output":"panic: test timed out after 1s\n"}`,
		`{"Action":"fail"}`,
	}
	for _, tc := range []struct{ more, want string }{
		{"", slowAdvice},
		{"start the runner again with --timeout 2m", "start the runner again with --timeout 2m"},
	} {
		c := newCollector("/w/p", 5, 40)
		c.moreTime = Options{MoreTime: tc.more}.moreTime()
		for _, l := range timedOut {
			c.line([]byte(l))
		}
		r := c.report()
		if r.Status != TimedOut || !strings.HasSuffix(r.Summary, tc.want) {
			t.Errorf("MoreTime %q: %v %q, want it to end %q", tc.more, r.Status, r.Summary, tc.want)
		}
	}
}
