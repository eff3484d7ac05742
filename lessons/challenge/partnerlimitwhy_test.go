package challenge

import (
	"maps"
	"slices"
	"testing"
)

// TestPartnerLimitWhyStartsWherePagesMiss holds partner-limit's why of a
// limit left high ("lets the excess in") to the engine: it starts at the
// fewest partner calls per 100 ms at which, refused at once (no wait for
// a permit), the shop's pages miss on the grader's seeds. It started at
// 31, so a limit of 34 waiting 1 s for a permit, whose pages miss for the
// wait, was told its limit let the excess in, though 34 refused at once
// earns ★★★.
func TestPartnerLimitWhyStartsWherePagesMiss(t *testing.T) {
	c, err := Lookup("partner-limit")
	if err != nil {
		t.Fatal(err)
	}
	limit, wait := c.Knobs[0], c.Knobs[1]
	if limit.Path != "partner-catalog.ratelimiter.limit_for_period" || wait.Path != "partner-catalog.ratelimiter.timeout_duration" {
		t.Fatalf("knobs %s, %s: the test reads the limit, then the wait", limit.Path, wait.Path)
	}
	i := slices.IndexFunc(limit.Ranges, func(r RangeWhy) bool { return r.Max == limit.Max })
	if i < 0 {
		t.Fatal("partner-limit has no why for a limit left high")
	}
	high := limit.Ranges[i]
	first := firstMiss(t, c, Setting{wait.Path: "0s"}, limit.Path, int64(limit.Min), int64(limit.Max), high.Goals)
	if first == 0 {
		t.Fatal("no limit refused at once misses the shop's pages")
	}
	if high.Min != float64(first) {
		t.Errorf("the why of a limit left high starts at %v; the shop's pages first miss at %d, refused at once", high.Min, first)
	}
}

// firstMiss is the least whole value of the knob at path, from lo to hi,
// at which base with that value misses one of goals on the level's seeds;
// 0 if none does. A value the level refuses (past another knob's bound)
// ends the search.
func firstMiss(t *testing.T, c *Challenge, base Setting, path string, lo, hi int64, goals []string) int64 {
	t.Helper()
	for n := lo; n <= hi; n++ {
		s := maps.Clone(base)
		s[path] = n
		r, err := gradeOnce(c, s)
		if err != nil {
			return 0
		}
		for _, g := range r.Goals {
			if !g.Pass && slices.Contains(goals, g.Goal.Label) {
				return n
			}
		}
	}
	return 0
}
