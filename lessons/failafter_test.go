package lessons

import (
	"regexp"
	"testing"
)

// failAfterPctRE finds a sentence that says when calls fail by a measured
// percentile: "they fail after about {{p50 step checkout}}".
var failAfterPctRE = regexp.MustCompile(`(?i)\b(?:fail|fails|failed|time out|times out|timed out) (?:after|at|in) (?:about |around |roughly )?\{\{\s*p\d+ [^}]*\}\}`)

// Calls that fail on a timeout fail when the timeout says: the text
// quotes the setting ({{param step payment.timeout}}), which is what the
// learner takes away and sets in their own code. A measured percentile is
// a latency histogram's bucket, printed at its middle: lesson 2's "A
// 500 ms timeout" said checkouts "fail after about 503.8 ms", a number no
// setting has, where the lesson teaches the 500 ms.
func TestAFailureTimeIsTheTimeoutNotAPercentile(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	texts := 0
	for _, l := range all {
		for at, text := range learnerTexts(l) {
			texts++
			for _, m := range failAfterPctRE.FindAllString(oneLine(text), -1) {
				t.Errorf("%s %s says %q: say the timeout that ends these calls ({{param ... timeout}}), not a measured percentile, which is a histogram bucket's middle", l.ID, at, m)
			}
		}
	}
	if texts == 0 {
		t.Fatal("no lesson text to check: the check checked nothing")
	}
}
