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
