package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// At 80 columns a panic's frame in a synctest bubble is too long for one
// line. Its wrapped end ("(bulkhead_test.go:81)") must stay indented under
// the frame, not fall back to the column of the panic line, where it read
// as a line of its own.
func TestAWrappedFrameKeepsItsIndent(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	const frame = "  at 16-context-bulkhead.TestAdmitsUpToThePermits.func1 (bulkhead_test.go:81)"
	f := newFake()
	f.script["01-consecutive-breaker"] = grade.Report{Status: grade.Failed,
		Summary: "0 of 1 tests pass; a panic in TestAdmitsUpToThePermits",
		Tests: []grade.TestResult{{Name: "TestAdmitsUpToThePermits",
			Panic:  "runtime error: index out of range [2] with length 0 at bulkhead.go:155",
			Output: []string{"panic: runtime error: index out of range [2] with length 0", frame}}}}
	d := start(t, f, 80, 40)
	v := d.view()
	lines := strings.Split(v, "\n")
	for i, l := range lines {
		if !strings.Contains(l, "TestAdmitsUpToThePermits.func1") {
			continue
		}
		at := strings.Index(l, "at 16-context")
		if strings.Contains(l, "(bulkhead_test.go:81)") {
			t.Skipf("the frame fits on one line at 80 columns; this test needs it to wrap:\n%s", v)
		}
		if i+1 >= len(lines) {
			t.Fatalf("the frame's end is missing:\n%s", v)
		}
		next := lines[i+1]
		if got := len(next) - len(strings.TrimLeft(next, " ")); !strings.Contains(next, "(bulkhead_test.go:81)") || got != at {
			t.Errorf("the frame's wrapped end %q starts at column %d, want %d, under the frame's %q:\n%s", strings.TrimSpace(next), got, at, "at", v)
		}
		return
	}
	t.Fatalf("the view lacks the frame:\n%s", v)
}
