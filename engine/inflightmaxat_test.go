package engine_test

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// InFlightMaxAt is when a dependency's calls in flight first reached their
// peak, and the series agrees with it: no sample ending before it holds the
// peak, and the first sample that holds the peak ends at or after it. Every
// built-in scenario's every edge, the services' edges (summed over their
// instances) included.
func TestInFlightMaxAtAgreesWithTheSeries(t *testing.T) {
	racefree.Only(t) // whole runs of every built-in scenario: slow under the detector, and no goroutine to watch
	seen := 0        // edges whose series holds the peak: the check is not vacuous
	for _, b := range scenarios.All() {
		snaps, err := engine.RunAll(b.Build(), 5)
		if err != nil {
			t.Fatalf("%s: %v", b.Name, err)
		}
		for _, s := range snaps {
			deps := append([]engine.DependencySnapshot(nil), s.Dependencies...)
			for i := range s.Services {
				deps = append(deps, s.Services[i].Dependencies...)
			}
			for _, d := range deps {
				where := b.Name + " / " + s.Variant + " / " + d.Name
				if d.InFlightMaxAt < 0 || d.InFlightMaxAt > s.Now {
					t.Errorf("%s: peak at %v, outside the run (0 to %v)", where, d.InFlightMaxAt, s.Now)
				}
				if d.InFlightMax == 0 && d.InFlightMaxAt != 0 {
					t.Errorf("%s: no call in flight ever, yet a peak at %v", where, d.InFlightMaxAt)
				}
				first := -1
				for k, sample := range d.Series {
					end := time.Duration(k+1) * s.SampleEvery
					n := int(sample.InFlight)
					if n > d.InFlightMax {
						t.Errorf("%s: %d in flight at %v, above the peak %d", where, n, end, d.InFlightMax)
					}
					if n == d.InFlightMax && end < d.InFlightMaxAt {
						t.Errorf("%s: the sample ending at %v holds the peak %d, before it was first reached at %v", where, end, n, d.InFlightMaxAt)
					}
					if n == d.InFlightMax && first < 0 {
						first = k
					}
				}
				if first >= 0 && d.InFlightMax > 0 {
					seen++
					if end := time.Duration(first+1) * s.SampleEvery; d.InFlightMaxAt > end {
						t.Errorf("%s: the sample ending at %v holds the peak %d, yet it was first reached at %v", where, end, d.InFlightMax, d.InFlightMaxAt)
					}
				}
			}
		}
	}
	if seen == 0 {
		t.Error("no edge's series ever holds its peak: the test checks nothing")
	}
}
