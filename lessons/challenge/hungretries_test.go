package challenge

import (
	"maps"
	"slices"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// TestHungInstanceRetriesSendItNoFewerCalls holds hung-instance's why of
// retries to what the engine does: with a balancer that does not look at
// the instances, every design that retries sends the hung instance at
// least as many calls, on each seed, as the start, where the why says
// the retries hide its failures and do not stop the calls. Before it,
// retries alone were told only the balancer's why.
func TestHungInstanceRetriesSendItNoFewerCalls(t *testing.T) {
	racefree.Only(t) // grading runs the engine in this goroutine, no other
	c, err := Lookup("hung-instance")
	if err != nil {
		t.Fatal(err)
	}
	k := &c.Knobs[slices.IndexFunc(c.Knobs, func(k Knob) bool { return k.Path == "catalog.retry.attempts" })]
	if len(k.Ranges) == 0 {
		t.Fatal("no why of retries")
	}
	hung := func(s Setting) []float64 { return goalValues(t, c, s, "calls sent to the hung instance") }
	start := c.Start()
	before := hung(start)
	for _, balancer := range []any{"round-robin", "random"} {
		for n := int64(k.Ranges[0].Min); n <= int64(k.Ranges[0].Max); n++ {
			s := maps.Clone(start)
			s["catalog.balancer"], s[k.Path] = balancer, n
			for i, calls := range hung(s) {
				if calls < before[i] {
					t.Errorf("%s with %d attempts sends the hung instance %v calls on seed %d, fewer than the start's %v: its why says no fewer", balancer, n, calls, c.Seeds[i], before[i])
				}
			}
		}
	}
}
