package engine

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A service's edge summed over its instances takes the highest peak of
// them, and of a tie the earliest: the peak was first reached then, whichever
// instance the run lists first.
func TestPeakAtKeepsTheFirstTimeOfTheHighest(t *testing.T) {
	racefree.Only(t) // plain arithmetic on one value, no goroutine
	d := DependencySnapshot{InFlightMax: 5, InFlightMaxAt: 9 * time.Second}
	d.peakAt(4, time.Second) // lower: not a peak
	d.peakAt(5, 3*time.Second)
	d.peakAt(5, 7*time.Second) // as high, later: first reached at 3 s still
	if d.InFlightMax != 5 || d.InFlightMaxAt != 3*time.Second {
		t.Errorf("after ties: peak %d at %v, want 5 at 3s", d.InFlightMax, d.InFlightMaxAt)
	}
	d.peakAt(6, 8*time.Second)
	if d.InFlightMax != 6 || d.InFlightMaxAt != 8*time.Second {
		t.Errorf("after a higher one: peak %d at %v, want 6 at 8s", d.InFlightMax, d.InFlightMaxAt)
	}
}
