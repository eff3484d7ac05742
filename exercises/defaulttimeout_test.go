package exercises

import (
	"context"
	"sync"
	"testing"

	"github.com/breakerlab/breakerlab/exercises/grade"
)

// A check with no time limit of its own gives the tests DefaultTimeout,
// not the grader's 30 s: a mutex locked twice outside a synctest bubble
// blocks its test until the limit, and the learner waits that long for the
// verdict. Check and CheckAll both tell the limit with the first phase;
// each run is stopped there, once the go command has started.
func TestCheckGivesTheTestsDefaultTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("starts go test")
	}
	w := newWorkbook(t)
	for _, all := range []bool{false, true} {
		ctx, cancel := context.WithCancel(context.Background())
		var mu sync.Mutex
		var told []grade.Progress
		tell := func(p grade.Progress) {
			mu.Lock()
			defer mu.Unlock()
			told = append(told, p)
			cancel()
		}
		if all {
			w.CheckAll(ctx, catalog[:2], 1, CheckOptions{OnPhase: func(_ Exercise, p grade.Progress) { tell(p) }}, nil)
		} else {
			w.Check(ctx, catalog[0], CheckOptions{OnProgress: tell})
		}
		cancel()
		mu.Lock()
		if len(told) == 0 || told[0].Timeout != DefaultTimeout {
			t.Errorf("all %v: told %v; want the first phase with the time limit %v", all, told, DefaultTimeout)
		}
		mu.Unlock()
	}
}
