package exercises

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// mostRepeats is how many messages of one failing test may read alike,
// their numbers aside. A test that loops over rounds and reports each bad
// one with t.Errorf printed 19 "round N: ..." lines on exercise 15's stub,
// a wall a learner scrolls past to find the one thing wrong: a loop whose
// rounds fail alike stops at the first (t.Fatalf, or a break). A table of
// a few cases, each naming its own input (Shards(8, 2), Shards(16, 4),
// ...), reads as a list and stays under this.
const mostRepeats = 8

// digits matches the numbers that tell alike messages apart.
var digits = regexp.MustCompile(`[0-9]+`)

// repeatedMessages returns the first message of a failing test in r that
// the test printed more than mostRepeats times with only its numbers
// changed, with how many times; "" if none was.
func repeatedMessages(r grade.Report) string {
	for _, t := range r.Failures() {
		// The file:line prefix is the same for every pass of a loop, and
		// the numbers are what the passes change.
		shape := func(l string) string { return digits.ReplaceAllString(testMessage.ReplaceAllString(l, ""), "N") }
		seen := map[string]int{}
		for _, l := range t.Output {
			if testMessage.MatchString(l) {
				seen[shape(l)]++
			}
		}
		for _, l := range t.Output {
			if n := seen[shape(l)]; testMessage.MatchString(l) && n > mostRepeats {
				return fmt.Sprintf("%s: %d messages like %q", t.Name, n, l)
			}
		}
	}
	return ""
}

// mostSameAnswers is how many cases of one table may fail with the same
// answer, each on a line of its own. Exercise 12's stub printed eight
// "BulkheadSize(...) = 1, want N" lines: a function that answers 1
// whatever it is given is one thing wrong, said once ("returned 1 for all
// 9 cases"), and the lines a case are for answers that differ.
const mostSameAnswers = 4

// answer matches what a message says a call returned: "= 1, want 20" or
// "= 800ms, no error; want".
var answer = regexp.MustCompile(` = ([^,;]+)[,;]`)

// sameAnswers returns the first message of a failing test in r that one
// line of the test printed more than mostSameAnswers times with the same
// answer, with how many times; "" if none did.
func sameAnswers(r grade.Report) string {
	for _, t := range r.Failures() {
		seen := map[[2]string]int{}
		for _, l := range t.Output {
			where := testMessage.FindString(l)
			m := answer.FindStringSubmatch(l)
			if where == "" || m == nil {
				continue
			}
			k := [2]string{where, m[1]}
			if seen[k]++; seen[k] > mostSameAnswers {
				return fmt.Sprintf("%s: %d messages answering %q, like %q", t.Name, seen[k], m[1], l)
			}
		}
	}
	return ""
}

func TestSameAnswers(t *testing.T) {
	racefree.Only(t) // no goroutines: it reads reports built here
	failed := func(lines ...string) grade.Report {
		return grade.Report{Tests: []grade.TestResult{{Name: "TestTable", Output: lines}}}
	}
	var ones, differ []string
	for i, want := range []int{20, 4, 8, 2, 21, 55, 2, 4} {
		ones = append(ones, fmt.Sprintf("compose_test.go:68: BulkheadSize(%d/s, 40ms, ×5) = 1, want %d", i, want))
		differ = append(differ, fmt.Sprintf("compose_test.go:68: BulkheadSize(%d/s, 40ms, ×5) = %d, want %d", i, want+1, want))
	}
	for _, tc := range []struct {
		r    grade.Report
		want bool
	}{
		{failed(ones...), true},
		{failed(ones[:mostSameAnswers]...), false},
		{failed(differ...), false},
		{failed("compose_test.go:81: BulkheadSize returned 1 for all 9 cases, whatever the rate, latency and headroom"), false},
		{grade.Report{Tests: []grade.TestResult{{Name: "TestA", Passed: true, Output: ones}}}, false},
	} {
		if got := sameAnswers(tc.r); (got != "") != tc.want {
			t.Errorf("sameAnswers(%q) = %q, want a line: %v", tc.r.Tests[0].Output, got, tc.want)
		}
	}
}

func TestRepeatedMessages(t *testing.T) {
	racefree.Only(t) // no goroutines: it reads reports built here
	failed := func(lines ...string) grade.Report {
		return grade.Report{Tests: []grade.TestResult{{Name: "TestRounds", Output: lines}}}
	}
	var rounds []string
	for i := 2; i <= 20; i++ {
		rounds = append(rounds, fmt.Sprintf("tenants_test.go:239: round %d: Rejected(a) = 0; want %d or %d refusals", i, i-1, i))
	}
	for _, tc := range []struct {
		r    grade.Report
		want bool
	}{
		{failed(rounds...), true},
		{failed(rounds[:mostRepeats]...), false},
		{failed("tenants_test.go:239: round 2 of 20: Rejected(a) = 0; want 1 or 2 refusals (the test stops at the first wrong round)"), false},
		// Different messages from one loop are each worth reading.
		{failed("a_test.go:3: New(0) = nil error", "a_test.go:3: New(-1) = nil error", "a_test.go:9: Allow() refused", "a_test.go:12: Allow() let 3 through"), false},
		// A race report repeats its lines without being a test's message.
		{failed("Read at 0x00c0000 by goroutine 7:", "Read at 0x00c0000 by goroutine 8:", "Read at 0x00c0000 by goroutine 9:", "Read at 0x00c0000 by goroutine 10:"), false},
		{grade.Report{Tests: []grade.TestResult{{Name: "TestA", Passed: true, Output: rounds}}}, false},
	} {
		if got := repeatedMessages(tc.r); (got != "") != tc.want {
			t.Errorf("repeatedMessages(%q) = %q, want a line: %v", tc.r.Tests[0].Output, got, tc.want)
		}
	}
}
