package shuffle

import (
	"errors"
	"reflect"
	"testing"
	"time"

	"pgregory.net/rapid"
)

func mustSim(t interface{ Fatalf(string, ...any) }, cfg SimConfig, seed uint64) *Sim {
	sim, err := New(cfg, seed)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return sim
}

func mustAdvance(t interface{ Fatalf(string, ...any) }, sim *Sim, to time.Duration) {
	if err := sim.AdvanceTo(to); err != nil {
		t.Fatalf("AdvanceTo(%v): %v", to, err)
	}
}

// checkSnapshot fails unless a snapshot agrees with itself: statuses follow
// from the workers, counts from the statuses, requests add up.
func checkSnapshot(t interface{ Fatalf(string, ...any) }, a *Assignment, s Snapshot) {
	var counts CustomerCounts
	for c, status := range s.Statuses {
		up := int32(0)
		for _, w := range a.Shard(c) {
			if s.Workers[w].Phase == WorkerUp {
				up++
			}
		}
		if want := statusOf(up, int32(a.PerCustomer())); status != want {
			t.Fatalf("at %v customer %d is %v, but %d of its workers are up", s.At, c, status, up)
		}
		if c != s.Poisoned {
			counts.add(status, 1)
		}
	}
	if counts != s.Now {
		t.Fatalf("at %v counts are %+v, statuses give %+v", s.At, s.Now, counts)
	}
	if s.EverLost < s.Now.Lost || s.EverDegraded > a.Customers()-1 {
		t.Fatalf("at %v ever lost %d, lost now %d, ever degraded %d", s.At, s.EverLost, s.Now.Lost, s.EverDegraded)
	}
	r := s.Requests
	if r.Sent != r.Served+r.ServedOnRetry+r.Failed {
		t.Fatalf("at %v requests do not add up: %+v", s.At, r)
	}
	for w, ws := range s.Workers {
		if (ws.Phase == WorkerUp) != (ws.Until == 0) || ws.Since > s.At {
			t.Fatalf("at %v worker %d is in an impossible state %+v", s.At, w, ws)
		}
	}
}

// The scenario's fleet on plain shards: nothing happens before the poisoned
// customer starts; then its shard goes down and the 249 others on it lose
// service, and as its workers come back and go down again the counts move.
func TestSimPlainShardsGoDownAndComeBack(t *testing.T) {
	cfg := DefaultSimConfig()
	sim := mustSim(t, cfg, 5)
	mustAdvance(t, sim, cfg.PoisonFrom-time.Millisecond)
	calm := sim.Snapshot()
	if calm.Now != (CustomerCounts{Healthy: 999}) || calm.Requests.Failed != 0 || calm.Requests.ServedOnRetry != 0 {
		t.Fatalf("before the poisoned customer starts: %+v %+v", calm.Now, calm.Requests)
	}

	mustAdvance(t, sim, cfg.PoisonFrom)
	first := sim.Snapshot()
	crashed := sim.Assignment().Shard(cfg.Poisoned)
	if first.Requests.Crashes != 1 || first.Now.Degraded != 249 {
		t.Fatalf("after the first poisoned request: %d crashes, %+v; want 1 crash and 249 degraded", first.Requests.Crashes, first.Now)
	}

	mustAdvance(t, sim, cfg.PoisonFrom+cfg.RetryAfter)
	both := sim.Snapshot()
	checkSnapshot(t, sim.Assignment(), both)
	if both.Now.Lost != 249 || both.EverLost != 249 || both.Requests.Crashes != 2 {
		t.Fatalf("after the retry: %+v, ever lost %d, %d crashes; want 249 lost", both.Now, both.EverLost, both.Requests.Crashes)
	}
	for _, w := range crashed {
		ws := both.Workers[w]
		if ws.Phase != WorkerCrashed || ws.Until != ws.Since+cfg.CrashedFor {
			t.Fatalf("worker %d: %+v, want crashed until %v after its crash", w, ws, cfg.CrashedFor)
		}
	}

	mustAdvance(t, sim, cfg.PoisonFrom+cfg.CrashedFor+time.Millisecond)
	restarting := sim.Snapshot().Workers[crashed[0]]
	if restarting.Phase != WorkerRestarting || restarting.Until != cfg.PoisonFrom+cfg.CrashedFor+cfg.RestartFor {
		t.Fatalf("first crashed worker after %v: %+v, want restarting until %v", cfg.CrashedFor, restarting, cfg.PoisonFrom+cfg.CrashedFor+cfg.RestartFor)
	}

	// Step through a minute: the shard keeps going down, nobody outside it
	// is ever touched, and failed requests pile up for the lost customers.
	for at := time.Duration(0); at <= time.Minute; at += 250 * time.Millisecond {
		mustAdvance(t, sim, max(at, sim.Now()))
		s := sim.Snapshot()
		checkSnapshot(t, sim.Assignment(), s)
		if s.EverLost != 249 || s.Now.Lost+s.Now.Degraded > 249 {
			t.Fatalf("at %v: %+v, ever lost %d", s.At, s.Now, s.EverLost)
		}
	}
	end := sim.Snapshot()
	if end.Requests.Failed == 0 || end.Requests.ServedOnRetry == 0 || end.Requests.Crashes < 10 {
		t.Fatalf("after a minute: %+v", end.Requests)
	}
	for _, w := range crashed {
		if end.Workers[w].Crashes < 5 {
			t.Fatalf("worker %d crashed only %d times in a minute", w, end.Workers[w].Crashes)
		}
	}
}

// With every pair distinct nobody can lose both workers.
func TestSimOverlapLimitedLosesNobody(t *testing.T) {
	cfg := DefaultSimConfig()
	cfg.Customers, cfg.Strategy, cfg.MaxShared = 28, StrategyOverlapLimited, 1
	sim := mustSim(t, cfg, 9)
	mustAdvance(t, sim, time.Minute)
	s := sim.Snapshot()
	checkSnapshot(t, sim.Assignment(), s)
	if s.EverLost != 0 || s.EverDegraded != 12 || s.Requests.Failed != 0 {
		t.Fatalf("overlap-limited: ever lost %d, ever degraded %d, failed %d; want 0, 12, 0", s.EverLost, s.EverDegraded, s.Requests.Failed)
	}
}

func TestSimIsDeterministic(t *testing.T) {
	for _, strategy := range Strategies() {
		cfg := DefaultSimConfig()
		cfg.Strategy = strategy
		if strategy == StrategyOverlapLimited {
			cfg.Customers = 28
		}
		one, two := mustSim(t, cfg, 42), mustSim(t, cfg, 42)
		mustAdvance(t, one, 45*time.Second)
		mustAdvance(t, two, 45*time.Second)
		if !reflect.DeepEqual(one.Snapshot(), two.Snapshot()) {
			t.Errorf("%s: two runs with seed 42 differ", strategy)
		}
		if !reflect.DeepEqual(one.Assignment(), two.Assignment()) {
			t.Errorf("%s: two runs with seed 42 drew different shards", strategy)
		}
	}
}

// Any sequence of steps to a moment gives the state one step gives, and a
// snapshot keeps its contents after the simulation moves on.
func TestSimStepsEqualOneStep(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := DefaultSimConfig()
		cfg.Customers = rapid.IntRange(2, 120).Draw(t, "customers")
		cfg.Strategy = rapid.SampledFrom([]Strategy{StrategyPlain, StrategyShuffle, StrategyHash}).Draw(t, "strategy")
		cfg.Poisoned = rapid.IntRange(0, cfg.Customers-1).Draw(t, "poisoned")
		cfg.RetryAfter = time.Duration(rapid.IntRange(0, 500).Draw(t, "retryMs")) * time.Millisecond
		cfg.CrashedFor = time.Duration(rapid.IntRange(0, 1000).Draw(t, "crashedMs")) * time.Millisecond
		seed := rapid.Uint64().Draw(t, "seed")
		steps := rapid.SliceOfN(rapid.IntRange(0, 3000), 1, 40).Draw(t, "stepsMs")

		stepped := mustSim(t, cfg, seed)
		var kept []Snapshot
		for _, ms := range steps {
			if err := stepped.Advance(time.Duration(ms) * time.Millisecond); err != nil {
				t.Fatal(err)
			}
			s := stepped.Snapshot()
			checkSnapshot(t, stepped.Assignment(), s)
			kept = append(kept, s)
		}
		once := mustSim(t, cfg, seed)
		mustAdvance(t, once, stepped.Now())
		if !reflect.DeepEqual(stepped.Snapshot(), once.Snapshot()) {
			t.Fatalf("at %v stepping and one step differ", stepped.Now())
		}
		// Replaying to each kept moment gives the kept snapshot back: it did
		// not change as the simulation ran on.
		replay := mustSim(t, cfg, seed)
		for _, s := range kept {
			mustAdvance(t, replay, s.At)
			if !reflect.DeepEqual(replay.Snapshot(), s) {
				t.Fatalf("snapshot at %v changed after it was taken", s.At)
			}
		}
	})
}

func TestSimRejectsBadConfig(t *testing.T) {
	base := DefaultSimConfig()
	cases := map[string]func(*SimConfig){
		"one customer":      func(c *SimConfig) { c.Customers = 1 },
		"poisoned too high": func(c *SimConfig) { c.Poisoned = c.Customers },
		"zero interval":     func(c *SimConfig) { c.RequestEvery = 0 },
		"negative restart":  func(c *SimConfig) { c.RestartFor = -time.Second },
		"unknown strategy":  func(c *SimConfig) { c.Strategy = "round-robin" },
		"plain, odd fleet":  func(c *SimConfig) { c.Workers = 9 },
		"overlap too full":  func(c *SimConfig) { c.Strategy = StrategyOverlapLimited },
	}
	for name, change := range cases {
		cfg := base
		change(&cfg)
		if _, err := New(cfg, 1); err == nil {
			t.Errorf("%s: no error", name)
		} else if !errors.Is(err, ErrInvalidInput) && !errors.Is(err, ErrOverlapLimit) {
			t.Errorf("%s: error %v wraps neither ErrInvalidInput nor ErrOverlapLimit", name, err)
		}
	}
	sim := mustSim(t, base, 1)
	mustAdvance(t, sim, time.Second)
	if err := sim.AdvanceTo(time.Second / 2); err == nil {
		t.Error("going back in time gave no error")
	}
	if err := sim.Advance(-time.Second); err == nil {
		t.Error("a negative step gave no error")
	}
}

func TestNamesOfStates(t *testing.T) {
	for value, want := range map[string]string{
		WorkerUp.String(): "up", WorkerCrashed.String(): "crashed", WorkerRestarting.String(): "restarting",
		CustomerHealthy.String(): "healthy", CustomerDegraded.String(): "degraded", CustomerLost.String(): "lost",
	} {
		if value != want {
			t.Errorf("got %q, want %q", value, want)
		}
	}
}
