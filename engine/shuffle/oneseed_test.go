package shuffle

import (
	"slices"
	"testing"
	"time"
)

// oneSeedSeeds are the seeds the one-truth tests try: the references' 5 and
// a spread of others, since a mismatch between two streams shows on almost
// every seed but could hide on one.
var oneSeedSeeds = []uint64{0, 1, 5, 42, 2026, 1 << 40}

// The report and the timeline must hold the very same shards for a seed:
// before they shared Assign, the timeline drew its shards from a stream of
// its own and counted other customers than `run shuffle` did.
func TestTimelineAndReportDrawTheSameShards(t *testing.T) {
	for _, seed := range oneSeedSeeds {
		for _, strategy := range Strategies() {
			cfg := DefaultSimConfig()
			cfg.Strategy = strategy
			if strategy == StrategyOverlapLimited {
				cfg.Customers = scenarioCustomersThatFit(t)
			}
			want, err := Assign(cfg.Fleet(), seed)
			if err != nil {
				t.Fatalf("seed %d, %s: %v", seed, strategy, err)
			}
			got := mustSim(t, cfg, seed).Assignment()
			if !slices.Equal(got.slots, want.slots) {
				t.Errorf("seed %d, %s: the timeline's shards differ from Assign's", seed, strategy)
			}
		}
	}
}

// The numbers themselves: the scenario's timeline, played to the end of a
// lesson step (20 s) and of the shard view (30 s), ends with the report's
// lost and degraded customers for every strategy and seed, both counted
// over the run (EverLost, EverDegraded) and, at 30 s, right then (Now):
// with the default timings every worker of the poisoned customer is down
// from 26.1 s to 31.5 s. (At 20 s the poisoned customer has just crashed
// one worker and retries on the other 100 ms later.)
func TestTimelineEndsWithTheReportsCounts(t *testing.T) {
	for _, seed := range oneSeedSeeds {
		r := mustScenario(t, seed)
		for i, row := range r.Simulation.Rows() {
			if row.Error != "" {
				t.Fatalf("seed %d, %s: %s", seed, row.Strategy, row.Error)
			}
			cfg := DefaultSimConfig()
			cfg.Strategy = row.Strategy
			cfg.MaxShared = r.Setup.MaxShared
			cfg.Customers = row.Customers + 1
			sim := mustSim(t, cfg, seed)
			for _, end := range []time.Duration{20 * time.Second, 30 * time.Second} {
				mustAdvance(t, sim, end)
				s := sim.Snapshot()
				checkSnapshot(t, sim.Assignment(), s)
				if s.EverLost != row.Lost || s.EverDegraded != row.Degraded {
					t.Errorf("seed %d, row %d (%s) at %v: the timeline had %d lost and %d degraded, the report %d and %d",
						seed, i, row.Strategy, end, s.EverLost, s.EverDegraded, row.Lost, row.Degraded)
				}
				if end == 30*time.Second && (s.Now.Lost != row.Lost || s.Now.Degraded != row.Degraded) {
					t.Errorf("seed %d, %s at %v: right now %+v, the report %d lost and %d degraded",
						seed, row.Strategy, end, s.Now, row.Lost, row.Degraded)
				}
			}
		}
	}
}

// A customer is counted once over a run: lost if all its workers were ever
// down together, else degraded if some were. On plain shards the poisoned
// shard's customers pass through degraded for the retry's 100 ms on their
// way to lost; counting them in both made "degraded" include the lost.
func TestEverCountsDoNotCountACustomerTwice(t *testing.T) {
	cfg := DefaultSimConfig()
	sim := mustSim(t, cfg, 5)
	mustAdvance(t, sim, cfg.PoisonFrom)
	if s := sim.Snapshot(); s.EverDegraded != 249 || s.EverLost != 0 {
		t.Fatalf("after the first crash: ever degraded %d, ever lost %d; want 249 and 0", s.EverDegraded, s.EverLost)
	}
	mustAdvance(t, sim, cfg.PoisonFrom+cfg.RetryAfter)
	if s := sim.Snapshot(); s.EverDegraded != 0 || s.EverLost != 249 {
		t.Fatalf("after the retry: ever degraded %d, ever lost %d; want 0 and 249", s.EverDegraded, s.EverLost)
	}
}

// scenarioCustomersThatFit is how many customers the overlap-limited row of
// the scenario places.
func scenarioCustomersThatFit(t *testing.T) int {
	t.Helper()
	capacity, err := OverlapCapacity(scenarioWorkers, scenarioPerCustomer, scenarioMaxShared)
	if err != nil {
		t.Fatal(err)
	}
	return min(int(capacity.Int64()), scenarioCustomers)
}
