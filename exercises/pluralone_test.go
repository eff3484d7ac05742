package exercises

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises/grade"
)

// oneThenPlural matches a count of one followed by a word ending in s,
// "1 calls", "1 more failures": a message that put a count into "%d calls". The count stands
// alone (not 0.1, 21 or 1.5), and the word is checked against notPlural.
var oneThenPlural = regexp.MustCompile(`(?:^|[^\w.,:/-])1 (?:more |other )?([a-z]+s)\b`)

// notPlural are the words ending in s that may follow a 1 in a message
// without being a plural: a verb ("1 is"), a unit ("1 ms", "1 s" has no
// letter before its s), a word that ends so in the singular (and any in
// ss: "1 success").
var notPlural = map[string]bool{
	"is": true, "was": true, "has": true, "does": true, "ms": true, "ns": true, "us": true,
	"plus": true, "minus": true, "this": true, "its": true,
}

// pluralAfterOne returns the first message of a failing test in r that
// says "1 calls", "1 failures": a bundled test counts in words a learner
// reads, the singular for one (the tests' own count helper). "" if none.
func pluralAfterOne(r grade.Report) string {
	for _, t := range r.Failures() {
		for _, l := range t.Output {
			if !testMessage.MatchString(l) {
				continue
			}
			for _, m := range oneThenPlural.FindAllStringSubmatch(l, -1) {
				// "1 success", "1 process": a word ending in ss is singular.
				if !notPlural[m[1]] && !strings.HasSuffix(m[1], "ss") {
					return t.Name + ": " + l
				}
			}
		}
	}
	return ""
}

func TestPluralAfterOne(t *testing.T) {
	failed := func(line string) grade.Report {
		return grade.Report{Tests: []grade.TestResult{{Name: "TestX", Output: []string{line}}}}
	}
	for _, tc := range []struct {
		line string
		want bool
	}{
		{"retry_test.go:62: 1 calls and 0 sleeps, want 3 and 2", true},
		{"window_test.go:36: after 3 s: Counts() = 2 calls, 1 failures; want 2, 0", true},
		{"compose_test.go:153: the breaker recorded 1 failures for 3 failed attempts", true},
		{"breaker_test.go:95: after 1 more failures FailureRate() = 45.45454545454545, want 40", true},
		{"budget_test.go:9: 1 other goroutines still hold a token", true},
		{"breaker_test.go:95: after 1 more failure FailureRate() = 45.45454545454545, want 40", false},
		{"retry_test.go:62: 1 call and 0 sleeps, want 3 and 2", false},
		{"window_test.go:36: after 3 s: Counts() = 2 calls, 1 failure; want 2, 0", false},
		{"window_test.go:36: Counts() = 21 calls after 0.1 s", false},
		{"breaker_test.go:9: the cooldown of 1 ms was 1 s; want 10 s", false},
		{"shard_test.go:9: shard 1 is shared by 3 customers", false},
		{"compose_test.go:248: the breaker recorded 0 failures and 1 success, want 1 and 1", false},
	} {
		if got := pluralAfterOne(failed(tc.line)); (got != "") != tc.want {
			t.Errorf("pluralAfterOne(%q) = %q, want a line: %v", tc.line, got, tc.want)
		}
	}
}
