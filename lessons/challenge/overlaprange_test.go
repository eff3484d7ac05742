package challenge

import "testing"

// Challenge 8 with overlap-limited sharding and at most 2 workers shared
// offered workers per customer 3 to 4, from the bound on shards (1,240 of
// 4 workers each), and 4 was then refused by the engine's search, which
// finds room for about 970 customers. The range holds only what every
// seed the level grades assigns, and 4 is refused in the range's words.
func TestOverlapRangeOffersOnlyWhatIsAssigned(t *testing.T) {
	c := lookup(t, "shuffle-shards")
	k := c.knobIndex("per_customer")
	s := Setting{"strategy": "overlap-limited", "max_shared": int64(2), "per_customer": int64(3)}
	lim := c.Limit(s, k)
	if lim.Min != 3 || lim.Max != 3 {
		t.Fatalf("workers per customer %s with at most 2 shared, want 3", lim.Range())
	}
	if _, err := c.Grade(s); err != nil {
		t.Fatalf("the one size offered is not graded: %v", err)
	}
	const want = "workers per customer must be 3, the most that 1000 customers can each get with at most 2 shared, got 4 (raise most workers shared for more)"
	if _, err := lim.Parse("4"); err == nil || err.Error() != want {
		t.Errorf("typing 4: %v\nwant %s", err, want)
	}
	_, err := c.Grade(with(s, "per_customer", int64(4)))
	if err == nil || err.Error() != want {
		t.Errorf("grading 4: %v\nwant %s", err, want)
	}
	// And the other way: with 4 each, the most shared starts where the
	// search finds room.
	m := c.knobIndex("max_shared")
	if lim := c.Limit(with(s, "per_customer", int64(4)), m); lim.Min != 3 {
		t.Errorf("most workers shared %s with 4 each, want from 3", lim.Range())
	}
}
