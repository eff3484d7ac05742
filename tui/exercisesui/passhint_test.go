package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A hint opened while the exercise failed stayed open above "✓ PASS", as
// if the learner were still stuck. The pass closes it; h opens it again,
// and a pass after a pass keeps it open.
func TestAPassClosesTheHint(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	d := start(t, f, 100, 40)
	d.keys("h")
	d.wantView("Hint 1 of", "✗ FAIL")
	f.pass("01-consecutive-breaker")
	d.send(fileSavedMsg{"01-consecutive-breaker"})
	if v := d.view(); strings.Contains(v, "Hint 1 of") || !strings.Contains(v, "✓ PASS") {
		t.Fatalf("after the pass, the hint should be closed under ✓ PASS:\n%s", v)
	}
	d.keys("h")
	d.wantView("Hint 1 of", "✓ PASS")
	d.send(fileSavedMsg{"01-consecutive-breaker"})
	d.wantView("Hint 1 of", "✓ PASS")
}
