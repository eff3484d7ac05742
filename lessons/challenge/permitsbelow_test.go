package challenge

import (
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// TestBudgetPermitsTooFewPermitsAreExplained: the level is about sizing
// each semaphore by Little's law, and a learner who splits the connector
// evenly (10 permits each) gives profile fewer than its 200 a second
// times its upstream's 60 ms p99. That design fell short on profile's
// answers with no why at all: only permits past Little's law had one.
// With the reference's other knobs, every count under Little's law that
// falls short is told, under its own knob, that it is too few.
func TestBudgetPermitsTooFewPermitsAreExplained(t *testing.T) {
	racefree.Only(t) // grading runs the engine in this goroutine, no other
	c := lookup(t, "budget-permits")
	ref := referenceSettings[c.ID]
	short := 0
	for _, path := range []string{searchPermits, profilePermits, catalogPermits} {
		i := slices.IndexFunc(c.Knobs, func(k Knob) bool { return k.Path == path })
		if i < 0 {
			t.Fatalf("budget-permits has no knob %s", path)
		}
		k := &c.Knobs[i]
		// The reference's permits are Little's law's (levels4_test.go).
		little, _ := k.number(ref[path])
		for n := int64(1); float64(n) < little; n++ {
			s := with(ref, path, n)
			r, err := gradeOnce(c, s)
			if err != nil {
				t.Fatal(err)
			}
			if r.Pass {
				continue
			}
			short++
			prefix := k.Label + " = " + k.Format(n) + ": A semaphore smaller than"
			whys := c.ExplainResult(s, r)
			told := false
			for _, w := range whys {
				told = told || strings.HasPrefix(w, prefix)
			}
			if !told {
				t.Errorf("%s = %d, under Little's law's %v, falls short and is told %q; want a why starting %q", path, n, little, whys, prefix)
			}
		}
	}
	// The design the test is about: the connector split evenly.
	s := permitsDesign(10, 10, 10, "250ms")
	r, err := gradeOnce(c, s)
	if err != nil {
		t.Fatal(err)
	}
	if r.Pass || !strings.Contains(strings.Join(c.ExplainResult(s, r), "\n"), "profile-api permits = 10: A semaphore smaller than") {
		t.Errorf("the connector split evenly: pass %v, whys %q; want it short, told profile's permits are too few", r.Pass, c.ExplainResult(s, r))
	}
	if short == 0 {
		t.Error("no count under Little's law falls short; the test's premise is gone")
	}
}
