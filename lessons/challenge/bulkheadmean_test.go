package challenge

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Level 2's why of a bulkhead sized at Little's law's mean ends at the
// mean, read from the scenario: past it the bulkhead is not sized at the
// mean, and a bulkhead of 20 said it was. A few slots past the mean have
// a why of their own.
func TestBulkheadMeanWhyEndsAtTheMean(t *testing.T) {
	racefree.Only(t) // grading runs the engine in this goroutine, no other
	c := lookup(t, "bulkhead-20")
	for _, tc := range []struct {
		size      int64
		says, not string
	}{
		{12, "sized at the mean", "a few slots past the mean"},
		{13, "a few slots past the mean", "sized at the mean"},
		{20, "a few slots past the mean", "sized at the mean"},
	} {
		s := c.Start()
		s["recommendations.bulkhead"] = tc.size
		r, err := c.Grade(s)
		if err != nil {
			t.Fatal(err)
		}
		why := strings.Join(c.ExplainResult(s, r), "\n")
		if !strings.Contains(why, tc.says) || strings.Contains(why, tc.not) {
			t.Errorf("a bulkhead of %d: the whys %q, want %q and not %q", tc.size, why, tc.says, tc.not)
		}
	}
}
