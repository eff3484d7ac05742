package shuffle

import (
	"slices"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// TestAssignHashNumberedMatchesIDs holds Assign's hashed shards, which spell
// the customer ids into a buffer, to AssignHash's on the ids as CustomerID
// writes them: the ids cross 1 to 5 digits, with and without zones, so no
// shard a seed or a view shows can move.
func TestAssignHashNumberedMatchesIDs(t *testing.T) {
	// No goroutine: pure assignment, nothing for the race detector to watch.
	racefree.Only(t)
	const customers = 10_001
	ids := make([]string, customers)
	for c := range ids {
		ids[c] = CustomerID(c)
	}
	for _, f := range []Fleet{
		{Workers: 8, PerCustomer: 2},
		{Workers: 2048, PerCustomer: 4},
		{Workers: 12, PerCustomer: 6, Zones: 3},
	} {
		f.Customers, f.Strategy = customers, StrategyHash
		got, err := Assign(f, 5)
		if err != nil {
			t.Fatalf("%+v: %v", f, err)
		}
		want, err := AssignHash(f.Workers, f.PerCustomer, ids, HashOptions{Zones: f.Zones})
		if err != nil {
			t.Fatalf("%+v: %v", f, err)
		}
		if got.Zones() != want.Zones() {
			t.Fatalf("%+v: %d zones, AssignHash %d", f, got.Zones(), want.Zones())
		}
		for c := range customers {
			if !slices.Equal(got.Shard(c), want.Shard(c)) {
				t.Fatalf("%+v: customer %d (%s) got %v, AssignHash on its id %v",
					f, c, ids[c], got.Shard(c), want.Shard(c))
			}
		}
	}
}

// TestAssignHashAllocatesNothingPerCustomer: the shard view draws hashed
// shards for up to 10,000 customers on every key of its knob form, so the
// allocations must be the assignment's storage and a few tables, not one
// or two ids per customer as they once were.
func TestAssignHashAllocatesNothingPerCustomer(t *testing.T) {
	// No goroutine; and the race detector's own allocations would blur the count.
	racefree.Only(t)
	f := Fleet{Workers: 2048, PerCustomer: 4, Customers: 10_000, Strategy: StrategyHash}
	allocs := testing.AllocsPerRun(5, func() {
		if _, err := Assign(f, 5); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > 20 {
		t.Fatalf("hashed shards for %d customers took %.0f allocations, want at most 20", f.Customers, allocs)
	}
}
