package engine

import (
	"slices"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// An endpoint's arrivals in the measurement window, however the run
// counts them (arrival by arrival today; taken as a difference where the
// run crosses the window's edges was tried, SPEED.md's e-rec round): on
// random scenarios with a random window, stepped in random sizes and
// exactly at the edges and a nanosecond before them, WindowArrived must
// be the arrivals in [from, to) so far, counted from a second run's
// Arrived alone (an arrival at t is in after AdvanceTo(t), so those before
// x are Arrived after AdvanceTo(x-1)). Such a count taken one edge late
// fails it.
func TestPropertyWindowArrivedIsTakenAtItsEdges(t *testing.T) {
	for _, g := range []struct {
		name string
		gen  func(*rapid.T) *Scenario
	}{
		{"policies", genScenario}, {"limits", genLimitedScenario}, {"chains", genChain}, {"tasks", genTasksScenario},
	} {
		t.Run(g.name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				sc := g.gen(t)
				ms := int(sc.Duration / time.Millisecond)
				if ms < 2 {
					t.Skip("too short for a window")
				}
				from := rapid.IntRange(0, ms-1).Draw(t, "fromMs")
				to := rapid.IntRange(from+1, ms).Draw(t, "toMs")
				sc.MeasureFrom, sc.MeasureTo = time.Duration(from)*time.Millisecond, time.Duration(to)*time.Millisecond
				if err := sc.Validate(); err != nil {
					t.Skip(err)
				}
				seed := rapid.Uint64().Draw(t, "seed")
				shared := rapid.Bool().Draw(t, "shared")
				stepped, oracle := twoRuns(t, sc, seed, shared) // arrive_fast_test.go
				steps := rapid.SliceOfN(rapid.Int64Range(1, int64(sc.Duration+DrainLimit)), 0, 12).Draw(t, "steps")
				for _, e := range []time.Duration{sc.MeasureFrom, sc.MeasureTo} {
					steps = append(steps, int64(e), int64(e-1))
				}
				slices.Sort(steps)
				// atFrom: each endpoint's arrivals before from.
				atFrom := make([]uint64, len(oracle.endpoints))
				if sc.MeasureFrom > 0 {
					oracle.AdvanceTo(sc.MeasureFrom - 1)
				}
				for i, e := range oracle.Snapshot().Endpoints {
					atFrom[i] = e.Arrived
				}
				for _, at := range steps {
					at := time.Duration(at)
					stepped.AdvanceTo(at)
					if at < sc.MeasureFrom {
						for _, e := range stepped.Snapshot().Endpoints {
							if e.WindowArrived != 0 {
								t.Fatalf("at %v, before the window (%v): %s has %d arrivals in it", at, sc.MeasureFrom, e.Name, e.WindowArrived)
							}
						}
						continue
					}
					oracle.AdvanceTo(min(at, sc.MeasureTo-1))
					want := oracle.Snapshot().Endpoints
					for i, e := range stepped.Snapshot().Endpoints {
						if w := want[i].Arrived - atFrom[i]; e.WindowArrived != w {
							t.Fatalf("at %v, window %v to %v: %s has %d arrivals in it, want %d (%d before it, %d by %v)",
								at, sc.MeasureFrom, sc.MeasureTo, e.Name, e.WindowArrived, w, atFrom[i], want[i].Arrived, min(at, sc.MeasureTo-1))
						}
					}
				}
			})
		})
	}
}
