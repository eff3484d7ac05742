package challenge

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestBudgetPermitsShortWaitWhyEndsWhereAnswersMiss holds budget-permits'
// why of a permit wait too short to the engine. A design with no permit
// wait missed its endpoints' answers with no why at all, where the level
// is about sizing the wait as well as the permits. Each wait knob's short
// why ends at the longest wait, on the knob's grid below the reference's,
// at which that endpoint's answered goal misses with the reference's other
// knobs, and the waits past it up to the reference's meet every goal.
func TestBudgetPermitsShortWaitWhyEndsWhereAnswersMiss(t *testing.T) {
	c, err := Lookup("budget-permits")
	if err != nil {
		t.Fatal(err)
	}
	ref := referenceSettings[c.ID]
	checked := 0
	for _, k := range c.Knobs {
		if !strings.HasSuffix(k.Path, ".bulkhead_wait") {
			continue
		}
		i := slices.IndexFunc(k.Ranges, func(r RangeWhy) bool { return r.Min == k.Min })
		if i < 0 {
			t.Errorf("%s has no why of a wait too short", k.Label)
			continue
		}
		why := k.Ranges[i]
		if len(why.Goals) != 1 {
			t.Fatalf("%s's short wait why names goals %q; the test reads one, its endpoint's answers", k.Label, why.Goals)
		}
		refWait, _ := k.number(ref[k.Path])
		last := -1.0
		for at := any(k.fromNumber(k.Min)); ; at = k.Move(at, 1) {
			f, _ := k.number(at)
			if f >= refWait {
				break
			}
			s := maps.Clone(ref)
			s[k.Path] = at
			r, err := gradeOnce(c, s)
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range r.Goals {
				if g.Goal.Label == why.Goals[0] && !g.Pass {
					last = f
				}
			}
		}
		if last < 0 {
			t.Errorf("%s: no wait short of the reference's misses %q", k.Label, why.Goals[0])
			continue
		}
		if why.Max != last {
			t.Errorf("%s: the short wait's why ends at %v s; %q misses up to %v s", k.Label, why.Max, why.Goals[0], last)
		}
		checked++
	}
	if checked != 3 {
		t.Errorf("%d permit waits checked; the level has three", checked)
	}
}
