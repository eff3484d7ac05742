package exercises

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises/grade"
)

// gotWantWithin is how far into the first failure's first message what
// it got may start: a short clause ("3 calls within 3 s: Counts() = ...")
// reads with it, a sentence before it hides it.
const gotWantWithin = 80

// lateGotWant returns the first message of the first failing test in r
// when it says what it got and wanted (" = ", then "want") only after
// more than gotWantWithin characters; "" otherwise. That message is the
// first a learner reads of the stub: 02's opened "after the 10th failure
// in 10 calls, with a minimum of 10 calls and a 50 % threshold: the window
// holds its minimum now, and a rate of 100 % is over the threshold: State()
// = closed, want open".
func lateGotWant(r grade.Report) string {
	f := r.Failures()
	if len(f) == 0 {
		return ""
	}
	for _, l := range f[0].Output {
		if !testMessage.MatchString(l) {
			continue
		}
		msg := testMessage.ReplaceAllString(l, "")
		eq := strings.Index(msg, " = ")
		if eq > gotWantWithin && strings.Contains(msg[eq:], "want") {
			return f[0].Name + ": " + l
		}
		return "" // the first message only
	}
	return ""
}

func TestLateGotWant(t *testing.T) {
	failed := func(lines ...string) grade.Report {
		return grade.Report{Tests: []grade.TestResult{{Name: "TestA", Passed: true}, {Name: "TestB", Output: lines}}}
	}
	for _, tc := range []struct {
		r    grade.Report
		want bool
	}{
		{failed("breaker_test.go:64: after the 10th failure in 10 calls, with a minimum of 10 calls and a 50 % threshold: the window holds its minimum now, and a rate of 100 % is over the threshold: State() = closed, want open"), true},
		{failed("=== RUN TestB", "breaker_test.go:64: after the 10th failure in 10 calls, with a minimum of 10 calls and a 50 % threshold: the window holds its minimum now: State() = closed, want open"), true},
		{failed("breaker_test.go:64: State() = closed, want open: after the 10th failure in 10 calls, with a minimum of 10 calls and a 50 % threshold: the window holds its minimum now, and a rate of 100 % is over the threshold"), false},
		{failed("window_test.go:64: 3 calls within 3 s: Counts() = 0 calls, 0 failures; want 3, 2"), false},
		// Only the first message: a later one is read after the first.
		{failed("breaker_test.go:1: State() = closed, want open", "breaker_test.go:2: after a long run of calls that the window holds and a threshold it reaches at the last: State() = closed, want open"), false},
		// A long message that says no got and want is another rule's.
		{failed("breaker_test.go:9: after a long run of calls that the window holds and a threshold it reaches at the last, the breaker never opened"), false},
		{grade.Report{Tests: []grade.TestResult{{Name: "TestA", Passed: true}}}, false},
	} {
		if got := lateGotWant(tc.r); (got != "") != tc.want {
			t.Errorf("lateGotWant(%q) = %q, want a message: %v", tc.r.Tests[len(tc.r.Tests)-1].Output, got, tc.want)
		}
	}
}
