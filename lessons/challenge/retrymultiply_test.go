package challenge

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// TestRetryHopsTopRetriesMultiplyOnlyWithRetriesBelow holds retry-hops'
// why of retries above the database to the engine: retried at the top
// alone, each attempt is one call at every hop below (inventory and the
// database get as many calls, on every seed), so nothing multiplies; with
// every hop retrying, as at the start, the database gets more calls than
// inventory, each inventory call's attempts on top of orders'. The why
// told a design that retries at the top only that its attempts multiply.
func TestRetryHopsTopRetriesMultiplyOnlyWithRetriesBelow(t *testing.T) {
	racefree.Only(t) // grading runs the engine in this goroutine, no other
	c, err := Lookup("retry-hops")
	if err != nil {
		t.Fatal(err)
	}
	const inventory, database = "calls orders sent to inventory", "calls that reached the database"
	for n := int64(2); n <= 5; n++ {
		top := Setting{"orders.retry.attempts": n, "orders/inventory.retry.attempts": int64(1), "inventory/database.retry.attempts": int64(1)}
		inv, db := goalValues(t, c, top, inventory), goalValues(t, c, top, database)
		for i := range inv {
			if inv[i] != db[i] {
				t.Errorf("%d attempts at the top only, seed %d: inventory gets %v calls and the database %v; its why says each attempt is one call at every hop", n, c.Seeds[i], inv[i], db[i])
			}
		}
	}
	start := c.Start()
	inv, db := goalValues(t, c, start, inventory), goalValues(t, c, start, database)
	for i := range inv {
		if db[i] <= inv[i] {
			t.Errorf("the start, seed %d: the database gets %v calls, inventory %v; its why says the attempts multiply where a hop below retries too", c.Seeds[i], db[i], inv[i])
		}
	}
}
