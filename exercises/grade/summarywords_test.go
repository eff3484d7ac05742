package grade

import (
	"strings"
	"testing"
)

// A timeout's summary is two sentences: where the code was stuck (or,
// when the dump found none of the learner's code, what usually keeps a
// test from finishing), then how to give it more time. The first
// sentence must end before the second begins: the fallback once ran
// into it ("...or a loop may never end If the tests are only slow").
func TestTimeoutSummaryEndsItsSentence(t *testing.T) {
	for i, dump := range [][]string{
		// No goroutine in the learner's code: the fallback words.
		{
			`{"Action":"run","Test":"TestSpin"}`,
			`{"Action":"output","Output":"panic: test timed out after 1s\n"}`,
			`{"Action":"fail"}`,
		},
		// The busy goroutine ran on another thread, so the dump has no
		// stack for it, as a synctest bubble's often does.
		{
			`{"Action":"run","Test":"TestSpin"}`,
			`{"Action":"output","Output":"panic: test timed out after 10s\n"}`,
			`{"Action":"output","Output":"\trunning tests:\n"}`,
			`{"Action":"output","Output":"\t\tTestSpin (10s)\n"}`,
			`{"Action":"output","Output":"\n"}`,
			`{"Action":"output","Output":"goroutine 7 [running]:\n"}`,
			`{"Action":"output","Output":"\tgoroutine running on other thread; stack unavailable\n"}`,
			`{"Action":"fail"}`,
		},
	} {
		r := feed(dump...)
		if r.Status != TimedOut {
			t.Fatalf("status %v, want TimedOut: %q", r.Status, r.Summary)
		}
		first, _, ok := strings.Cut(r.Summary, " "+slowAdvice)
		if !ok {
			t.Fatalf("the summary %q does not end with the advice %q", r.Summary, slowAdvice)
		}
		if !strings.HasSuffix(first, ".") && !strings.HasSuffix(first, "?") {
			t.Errorf("the sentence before the advice does not end: %q", r.Summary)
		}
		// A goroutine the dump saw running, stack or none, is the likely
		// culprit: the summary says a loop, not "blocked for ever".
		if running := strings.Contains(first, "still running"); running != (i == 1) {
			t.Errorf("dump %d: the summary %q says a goroutine was still running: %v, want %v", i, r.Summary, running, i == 1)
		}
	}
}

// A Printf verb for the wrong type compiles; go test stops at go vet,
// which it runs first, and prints vet's findings as build output under a
// "# [pkg]" header. The summary said "does not compile", and a learner
// whose go build succeeds looked for a compile error that was not there.
func TestVetFindingsAreNotCompileErrors(t *testing.T) {
	const pkg = `{"ImportPath":"wb/p [wb/p.test]","Action":"build-output","Output":`
	r := feed(
		pkg+`"# wb/p\n"}`,
		pkg+`"# [wb/p]\n"}`,
		pkg+`"./breaker.go:27:28: fmt.Sprintf format %d has arg \"x\" of wrong type string\n"}`,
		`{"ImportPath":"wb/p [wb/p.test]","Action":"build-fail"}`,
		`{"Action":"output","Output":"FAIL\twb/p [build failed]\n"}`,
		`{"Action":"fail"}`,
	)
	if r.Status != BuildFailed || !r.Vet || strings.Contains(r.Summary, "does not compile") || !strings.Contains(r.Summary, "go vet") || !strings.Contains(r.Summary, "breaker.go:27:28") {
		t.Errorf("vet's finding: %v, Vet %v, summary %q; want BuildFailed, Vet, and a summary naming go vet and breaker.go:27:28, not saying it does not compile", r.Status, r.Vet, r.Summary)
	}
	// A compile error stays one.
	r = feed(
		pkg+`"# wb/p\n"}`,
		pkg+`"./breaker.go:3:2: undefined: x\n"}`,
		`{"ImportPath":"wb/p [wb/p.test]","Action":"build-fail"}`,
		`{"Action":"fail"}`,
	)
	if r.Vet || !strings.HasPrefix(r.Summary, "does not compile: breaker.go:3:2") {
		t.Errorf("a compile error: Vet %v, summary %q; want no Vet and 'does not compile: breaker.go:3:2…'", r.Vet, r.Summary)
	}
}
