package engine_test

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A dependency's series counts the calls along it that were answered and
// those that failed: where every request of an endpoint makes one call and
// waits for it (no worker is ever short), the counts at a sample's end are
// the endpoint's outcomes up to then. Cascade's first variant before its
// fault takes the fast path (no policy); the breaker timeline's every
// layer, its breaker refusing calls as rejected.
func TestDependencySamplesCountAnswers(t *testing.T) {
	for _, c := range []struct {
		sc       *engine.Scenario
		v        int
		at       time.Duration
		ep, dep  string
		failures bool
	}{
		{scenarios.Cascade(), 0, 9 * time.Second, "search", "search-index", false},
		{scenarios.BreakerTimeline(), 0, 70 * time.Second, "caller", "dependency", true},
	} {
		r, err := engine.New(c.sc, c.v, 5)
		if err != nil {
			t.Fatal(err)
		}
		r.Advance(c.at)
		s := r.Snapshot()
		ep, _ := s.Endpoint(c.ep)
		dep, _ := s.Dependency(c.dep)
		var all, bad uint32
		for i, b := range ep.Series {
			for o, n := range b.Outcomes {
				all += n
				if engine.Outcome(o) == engine.Failed || engine.Outcome(o) == engine.Rejected {
					bad += n
				}
			}
			d := dep.Series[i]
			if d.Answered != all || d.FailedCalls != bad {
				t.Fatalf("%s at sample %d: %d answered, %d failed; the endpoint's outcomes say %d and %d", c.dep, i, d.Answered, d.FailedCalls, all, bad)
			}
		}
		if all == 0 || (bad > 0) != c.failures {
			t.Errorf("%s: %d answered, %d failed: the case does not test what it should", c.dep, all, bad)
		}
	}
}
