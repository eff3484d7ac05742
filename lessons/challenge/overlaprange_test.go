package challenge

import (
	"math/big"
	"testing"

	"github.com/breakerlab/breakerlab/engine/shuffle"
)

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
	// 3 is what the assignment fits, not the mathematical most: the bound
	// on shards allows 1000 customers 4 workers each (the text said "the
	// most that 1000 customers can each get").
	const want = "workers per customer must be 3, the most the overlap-limited assignment finds room for, for 1000 customers with at most 2 shared, got 4 (raise most workers shared for more)"
	if _, err := lim.Parse("4"); err == nil || err.Error() != want {
		t.Errorf("typing 4: %v\nwant %s", err, want)
	}
	_, err := c.Grade(with(s, "per_customer", int64(4)))
	if err == nil || err.Error() != want {
		t.Errorf("grading 4: %v\nwant %s", err, want)
	}
	checkOverlapClaim(t, c, with(s, "per_customer", int64(4)), false)
	checkOverlapClaim(t, c, s, true)
	// And the other way: with 4 each, the most shared starts where the
	// search finds room.
	m := c.knobIndex("max_shared")
	if lim := c.Limit(with(s, "per_customer", int64(4)), m); lim.Min != 3 {
		t.Errorf("most workers shared %s with 4 each, want from 3", lim.Range())
	}
}

// checkOverlapClaim holds a setting's fleet to what engine/shuffle says of
// it: the bound on shards allows its customers, and the engine's
// assignment places them on every seed the level grades (fits) or
// refuses them on one (!fits). A why that says "the most that 1000
// customers can each get" needs the bound itself to refuse the next size.
func checkOverlapClaim(t *testing.T, c *Challenge, s Setting, fits bool) {
	t.Helper()
	_, fl, err := c.applied(s)
	if err != nil || fl == nil {
		t.Fatalf("%v: no fleet (%v)", s, err)
	}
	bound, err := shuffle.OverlapCapacity(fl.Workers, fl.PerCustomer, fl.MaxShared)
	if err != nil {
		t.Fatal(err)
	}
	if bound.Cmp(big.NewInt(int64(fl.Customers))) < 0 {
		t.Fatalf("%d workers, %d each, at most %d shared: the bound (%s) refuses %d customers, so no assignment could place them", fl.Workers, fl.PerCustomer, fl.MaxShared, bound, fl.Customers)
	}
	placed := true
	for _, seed := range append([]uint64{0}, c.Seeds...) {
		if _, err := shuffle.Assign(fl.fleet(), seed); err != nil {
			placed = false
			break // one seed refused is enough: it must place them on every one
		}
	}
	if placed != fits {
		t.Errorf("%d workers, %d each, at most %d shared: the engine places all %d customers on every seed: %v, want %v", fl.Workers, fl.PerCustomer, fl.MaxShared, fl.Customers, placed, fits)
	}
}
