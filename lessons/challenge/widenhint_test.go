package challenge

import (
	"slices"
	"testing"
)

// Challenge 8 with overlap-limited shards of 2 workers and at most 2
// shared refused the 2 with "(lower most workers shared for less)", and
// at most 1 shared was then refused too: no shard of 1 shared serves 1000
// customers (C(32, 2) = 496). A hint to move the other knob is given only
// where moving it gives this one a value; else the refusal names the move
// that does: this knob's own, onto its range.
func TestOverlapHintsOnlyWhatWidens(t *testing.T) {
	c := lookup(t, "shuffle-shards")
	s := Setting{"strategy": "overlap-limited", "max_shared": int64(2), "per_customer": int64(2)}
	const two = "workers per customer must be 3, more than the most workers shared, got 2 (raise it to 3)"
	if err := c.Limit(s, c.knobIndex("per_customer")).Check(int64(2)); err == nil || err.Error() != two {
		t.Errorf("workers per customer 2: %v\nwant %s", err, two)
	}
	// At most 1 shared, with 2 each: only more workers each helps.
	one := with(s, "max_shared", int64(1))
	const shared = "most workers shared has no value until you raise workers per customer, got 1"
	if err := c.Limit(one, c.knobIndex("max_shared")).Check(int64(1)); err == nil || err.Error() != shared {
		t.Errorf("most workers shared 1: %v\nwant %s", err, shared)
	}
	// And the hint holds: 3 each takes 2 shared.
	if lim := c.Limit(with(one, "per_customer", int64(3)), c.knobIndex("max_shared")); lim.Empty() || lim.Max < 2 {
		t.Errorf("with 3 each, most workers shared is %s", lim.Range())
	}
}

// Where no move of the knobs that narrow it gives a knob a value, its
// range says so plainly: here the most shared can be only 1, and no shard
// of at most 1 shared serves 1000 customers.
func TestNoSettingGivesAValue(t *testing.T) {
	c := *lookup(t, "shuffle-shards")
	c.Knobs = slices.Clone(c.Knobs)
	c.Knobs[c.knobIndex("max_shared")].Max = 1
	s := Setting{"strategy": "overlap-limited", "max_shared": int64(1), "per_customer": int64(2)}
	lim := c.Limit(s, c.knobIndex("per_customer"))
	const want = "workers per customer has no value that fits any setting of most workers shared (more than the most workers shared; the most that 1000 customers can each get with at most 1 shared), got 2"
	if err := lim.Check(int64(2)); err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	if got, want := lim.Range(), "no value fits any setting of most workers shared (more than the most workers shared; the most that 1000 customers can each get with at most 1 shared)"; got != want {
		t.Errorf("Range() = %q\nwant %q", got, want)
	}
}

// A pool's workers at the top of their own range cannot be raised: a
// bulkhead past them is not told to raise them, but to come down to them.
func TestNoHintPastTheOtherKnobsOwnRange(t *testing.T) {
	c := *lookup(t, "bulkhead-40")
	c.Knobs = slices.Clone(c.Knobs)
	c.Knobs[c.knobIndex("workers")].Max = 40
	s := Setting{"workers": int64(40)}
	const want = "recommendations bulkhead must be between 0 (not set) and 40, the workers of the pool it takes them from, got 60 (lower it to 40)"
	if err := c.Limit(s, c.knobIndex("recommendations.bulkhead")).Check(int64(60)); err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// A range of one value reads as that value wherever a knob's range is
// told, not as a span "3 to 3".
func TestAOneValueKnobRange(t *testing.T) {
	k := Knob{Label: "workers per customer", Kind: KnobInt, Min: 3, Max: 3, Step: 1}
	if got := k.Range(); got != "3" {
		t.Errorf("Range() = %q, want 3", got)
	}
	k.Max = 4
	if got := k.Range(); got != "3 to 4" {
		t.Errorf("Range() = %q, want 3 to 4", got)
	}
}
