package shuffle

import (
	"errors"
	"strings"
	"testing"
)

// Challenge 8's fleet with 4 workers each and at most 2 shared is under the
// bound (1,240) and still runs out of room near 970 customers. The refusal
// read "...found no shard for the next in 1000 random draws and a scan of
// every shard; the bound is 1,240": how the search looked, and a bound the
// fleet was under. It says what the fleet got and what makes room.
func TestOverlapSearchRefusalSaysWhatToChange(t *testing.T) {
	_, err := Assign(Fleet{Workers: 32, Customers: 1000, PerCustomer: 4, Strategy: StrategyOverlapLimited, MaxShared: 2}, 1)
	if !errors.Is(err, ErrOverlapLimit) {
		t.Fatalf("error %v, want the search to run out of room", err)
	}
	msg := err.Error()
	for _, bad := range []string{"random draws", "scan", "bound", "1,240"} {
		if strings.Contains(msg, bad) {
			t.Errorf("the refusal says %q: %s", bad, msg)
		}
	}
	for _, want := range []string{"of 1,000 customers got 4 of 32 workers each with at most 2 shared", "allow more workers shared, give each customer fewer workers, or add workers"} {
		if !strings.Contains(msg, want) {
			t.Errorf("the refusal lacks %q: %s", want, msg)
		}
	}
}
