package sandbox

import (
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/internal/deepequal"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// replayed is what a run that never stopped shows at t: engine.New, then
// AdvanceTo(t); and, at the end, the run played on through its drain.
func replayed(t testing.TB, sc *engine.Scenario, v int, seed uint64, at time.Duration) (engine.Snapshot, *engine.Snapshot) {
	t.Helper()
	r, err := engine.New(sc, v, seed)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(at)
	snap := r.Snapshot()
	if at < sc.Duration {
		return snap, nil
	}
	r.AdvanceTo(r.End())
	final := r.Snapshot()
	return snap, &final
}

// checkShown holds what s shows to a replay from 0 s, bit for bit.
func checkShown(t *testing.T, what string, s *sim) {
	t.Helper()
	snap, final := replayed(t, s.sc, s.variant, s.seed, s.at)
	if !deepequal.Equal(s.snap, snap) {
		t.Errorf("%s: variant %d at %v differs from a replay from 0 s", what, s.variant+1, s.at)
	}
	if !deepequal.Equal(s.final, final) {
		t.Errorf("%s: variant %d at %v: final snapshot differs from a replay's (have one: %v, want one: %v)",
			what, s.variant+1, s.at, s.final != nil, final != nil)
	}
}

// checkSteps holds every every-th step snapshot of s, and the last, to
// a replay's at its time.
func checkSteps(t *testing.T, what string, s *sim, every int) {
	t.Helper()
	r, err := engine.New(s.sc, s.variant, s.seed)
	if err != nil {
		t.Fatal(err)
	}
	at := make([]time.Duration, 0, len(s.steps))
	for g := range s.steps {
		at = append(at, g)
	}
	slices.Sort(at)
	for i, g := range at {
		if i%every != 0 && i != len(at)-1 {
			continue
		}
		r.AdvanceTo(g)
		if !deepequal.Equal(s.steps[g], r.Snapshot()) {
			t.Fatalf("%s: variant %d's step snapshot at %v differs from a replay's", what, s.variant+1, g)
		}
	}
}

// TestKeptRunIsTheReplay switches variants back and forth, forwards, to
// the end and after rewinds, on built-in scenarios (a thread pool with
// breakers, limiters and shedding, services, tenants, tasks servers) and,
// less, on a 20-minute scenario file, and holds every snapshot shown (the
// final one at the end, and the step snapshots that rewinding looks up)
// to a replay from 0 s, bit for bit. It checks that a switch back to a
// variant takes up the run it left (the same engine run, the same
// generation) rather than replaying one, and that a new run gets a
// generation of its own.
func TestKeptRunIsTheReplay(t *testing.T) {
	racefree.Only(t)
	t.Parallel() // parallel_test.go says which tests may
	var cases []*engine.Scenario
	for _, name := range []string{"cascade", "multi-hop", "noisy-tenant", "go-server", "event-loop-stall", "rate-limit-vs-bulkhead", "api-gateway"} {
		cases = append(cases, tuitest.Scenario(t, name))
	}
	// The 20-minute file: switches at 712 s, and back after a step forward
	// (each check replays 12 minutes and compares a million latencies, so
	// only these, and one step snapshot in 50).
	t.Run("teacher-20m", func(t *testing.T) {
		s, err := newSim(teacher20m(t), 0, tuitest.Seed)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.seek(712 * time.Second); err != nil {
			t.Fatal(err)
		}
		first := s.run
		for _, v := range []int{1, 2, 0} {
			if err := s.setVariant(v); err != nil {
				t.Fatal(err)
			}
		}
		if s.run != first {
			t.Error("variant 1 is not the run it left")
		}
		if err := s.seek(730 * time.Second); err != nil {
			t.Fatal(err)
		}
		if err := s.setVariant(2); err != nil {
			t.Fatal(err)
		}
		checkShown(t, "advanced from 712 s", s)
		checkSteps(t, "advanced from 712 s", s, 50)
	})
	for _, sc := range cases {
		t.Run(sc.Name, func(t *testing.T) {
			d := sc.Duration
			at := func(f float64) time.Duration { return time.Duration(f*float64(d)) / step * step }
			s, err := newSim(sc, 0, tuitest.Seed)
			if err != nil {
				t.Fatal(err)
			}
			left := map[int]*keptRun{} // each variant's run and generation as it was left
			seek := func(what string, t2 time.Duration) {
				t.Helper()
				if err := s.seek(t2); err != nil {
					t.Fatal(err)
				}
				checkShown(t, what, s)
			}
			switchTo := func(what string, v int, same bool) {
				t.Helper()
				left[s.variant] = s.shown()
				if err := s.setVariant(v); err != nil {
					t.Fatal(err)
				}
				checkShown(t, what, s)
				if k := left[v]; same && (k == nil || s.run != k.run || s.gen != k.gen) {
					t.Errorf("%s: variant %d is not the run it left", what, v+1)
				}
				if k := left[v]; k == nil || !same {
					for w, o := range left {
						if w != v && o.gen == s.gen {
							t.Errorf("%s: variant %d's new run has variant %d's generation", what, v+1, w+1)
						}
					}
				}
			}
			seek("forward", at(0.4))
			switchTo("first switch", 1, false)
			switchTo("back at the same time", 0, true)
			seek("forward again", at(0.6))
			switchTo("back later: advanced from 40%", 1, true)
			checkSteps(t, "advanced", s, 1)
			if n := len(sc.Variants); n > 2 {
				switchTo("another first switch", n-1, false)
				switchTo("back from it", 1, true)
			}
			seek("rewound", at(0.5))
			// Variant 1 stands at 60 %, ahead, and was never rewound: it has
			// no step snapshots, so it is replayed from 0 s.
			switchTo("back after a rewind", 0, false)
			seek("to the end", d)
			switchTo("to the end: advanced through the drain", 1, true)
			switchTo("back at the end", 0, true)
			seek("rewound from the end", at(0.2))
			switchTo("behind the kept run", 1, false)
			checkSteps(t, "behind", s, 1)
			seek("forward from a step snapshot", at(0.3))
		})
	}
}

// TestEditsLetKeptRunsGo edits the knobs, injects a fault and changes the
// seed after switching variants: each lets the kept runs go, and the next
// switch shows the new scenario's or seed's run.
func TestEditsLetKeptRunsGo(t *testing.T) {
	racefree.Only(t)
	m := newModel(t, 120, 40, Options{})
	m = seekTo(t, m, 14*time.Second)
	m = press(m, "2", "3")
	if len(m.sim.kept.runs) != 2 {
		t.Fatalf("after two switches %d runs kept, want 2", len(m.sim.kept.runs))
	}
	check := func(what string) {
		t.Helper()
		if len(m.sim.kept.runs) != 0 {
			t.Errorf("%s: %d runs kept, want none", what, len(m.sim.kept.runs))
		}
		m = press(m, "1")
		checkShown(t, what, m.sim)
		m = press(m, "3")
		checkShown(t, what, m.sim)
	}

	sc := cloneScenario(m.sim.knobs())
	for v := range sc.Variants {
		sc.Variants[v].System.Workers += 5
	}
	if err := m.sim.setScenario(sc, []change{{words: "workers"}}); err != nil {
		t.Fatal(err)
	}
	check("knobs")

	sp, err := chaos.Parse("16s search-index slow 900ms for 5s")
	if err != nil {
		t.Fatal(err)
	}
	if err := m.sim.setInjected([]chaos.Spec{sp}); err != nil {
		t.Fatal(err)
	}
	check("fault")

	m.setSeed(9)
	check("seed")
}

// TestKeptRunsStayInTheirBudget holds the kept runs to their budget: step
// snapshots go first, the oldest run's first, then the runs shown longest
// ago, and a run over the budget alone is not kept; every switch stays
// exact.
func TestKeptRunsStayInTheirBudget(t *testing.T) {
	racefree.Only(t)
	sc := tuitest.Scenario(t, "rate-limit-vs-bulkhead")
	n := len(sc.Variants)
	s, err := newSim(sc, 0, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.seek(25 * time.Second); err != nil {
		t.Fatal(err)
	}
	// Every variant once: each run replayed from 0 s, with its step
	// snapshots, and kept.
	var runs, most int
	for v := 1; v <= n; v++ {
		if err := s.setVariant(v % n); err != nil {
			t.Fatal(err)
		}
	}
	runs, most = s.run.Footprint(), s.stepBytes
	for _, k := range s.kept.runs {
		runs += k.run.Footprint()
		most = max(most, k.stepBytes)
	}
	check := func(what string, left int) {
		t.Helper()
		checkShown(t, what, s)
		if b := s.kept.bytes(); b > s.kept.limit {
			t.Errorf("%s: %d bytes kept, over the budget of %d", what, b, s.kept.limit)
		}
		last := s.kept.runs[len(s.kept.runs)-1]
		if last.variant != left {
			t.Errorf("%s: the run kept last is variant %d's, not variant %d's, shown last", what, last.variant+1, left+1)
		}
	}

	// Room for every run without its step snapshots, and for the step
	// snapshots of one.
	s.kept.limit = runs + most
	for v := 1; v <= n; v++ {
		left, had := s.variant, len(s.steps) > 0
		if err := s.setVariant(v % n); err != nil {
			t.Fatal(err)
		}
		check("room for the runs", left)
		if got := len(s.kept.runs); got != n-1 {
			t.Errorf("room for the runs: %d runs kept, want %d", got, n-1)
		}
		if last := s.kept.runs[len(s.kept.runs)-1]; had && last.steps == nil {
			t.Error("room for the runs: the run left last lost its step snapshots")
		}
	}
	// Room for about two runs without their step snapshots.
	s.kept.limit = runs * 2 / n
	for v := 1; v <= n; v++ {
		left := s.variant
		if err := s.setVariant(v % n); err != nil {
			t.Fatal(err)
		}
		check("room for two", left)
		if got := len(s.kept.runs); got > 3 {
			t.Errorf("room for two: %d runs kept", got)
		}
	}
	// No room.
	s.kept.limit = 1
	left := s.variant
	if err := s.setVariant((left + 1) % n); err != nil {
		t.Fatal(err)
	}
	checkShown(t, "no room", s)
	for _, k := range s.kept.runs {
		if k.variant == left {
			t.Errorf("no room: variant %d's run is kept", left+1)
		}
	}
}

// TestKeptBytesCountWhatTheyHold holds what a kept run counts (its
// Footprint and its step snapshots' own bytes) to the memory letting it go
// frees: on the 20-minute scenario file at 712 s, on a tasks server whose
// snapshots grow as it backs up, and on a fleet, whose step snapshots hold
// twenty times its run.
func TestKeptBytesCountWhatTheyHold(t *testing.T) {
	racefree.Only(t)
	for _, c := range []struct {
		sc *engine.Scenario
		v  int
		at time.Duration
	}{
		{teacher20m(t), 1, 712 * time.Second},
		{tuitest.Scenario(t, "go-server"), 0, 80 * time.Second},
		{tuitest.Scenario(t, "fleet-probes"), 2, 70 * time.Second},
	} {
		s, err := newSim(c.sc, c.v, tuitest.Seed)
		if err != nil {
			t.Fatal(err)
		}
		// A rewind's replay: the run and its minute of step snapshots.
		if err := s.rebuild(c.at); err != nil {
			t.Fatal(err)
		}
		if err := s.setVariant((c.v + 1) % len(c.sc.Variants)); err != nil {
			t.Fatal(err)
		}
		k := s.kept.take(s.sc, s.seed, c.v)
		if k == nil || len(k.steps) == 0 {
			t.Fatalf("%s: variant %d's run is not kept with its step snapshots", c.sc.Name, c.v+1)
		}
		s.kept.forget()
		counted, steps := k.run.Footprint()+k.stepBytes, k.stepBytes
		live := func() uint64 {
			var ms runtime.MemStats
			runtime.GC()
			runtime.GC()
			runtime.ReadMemStats(&ms)
			return ms.HeapAlloc
		}
		held := live()
		runtime.KeepAlive(k)
		k = nil
		freed := int(held) - int(live())
		t.Logf("%s at %v: counted %d KB (step snapshots %d KB), freed %d KB", c.sc.Name, c.at, counted>>10, steps>>10, freed>>10)
		if freed < counted*3/4 || freed > counted*5/4 {
			t.Errorf("%s at %v: a kept run counts %d KB and frees %d KB", c.sc.Name, c.at, counted>>10, freed>>10)
		}
	}
}

// seconds is t as the time prompt (:) takes it.
func seconds(t time.Duration) string { return strconv.Itoa(int(t / time.Second)) }

// TestSwitchBackDrawsAsAFreshSwitch holds the screen after switches back
// to kept runs (their runs, their profiles and their latency charts taken
// up again) to the screen of a sandbox that switched there once.
func TestSwitchBackDrawsAsAFreshSwitch(t *testing.T) {
	racefree.Only(t)
	t.Parallel() // parallel_test.go says which tests may
	for _, c := range []struct {
		name string
		sc   *engine.Scenario
		w, h int
		at   [3]time.Duration
	}{
		{"cascade", tuitest.Scenario(t, "cascade"), 200, 60, [3]time.Duration{12 * time.Second, 21 * time.Second, 16 * time.Second}},
		{"teacher", teacher20m(t), 160, 48, [3]time.Duration{200 * time.Second, 230 * time.Second, 215 * time.Second}},
	} {
		t.Run(c.name, func(t *testing.T) {
			m := newModel(t, c.w, c.h, Options{Scenario: c.sc})
			m = goTo(m, seconds(c.at[0]))
			m = press(m, "2", "3", "1")
			lat, awayMost := m.xp.lat, m.xp.prof.awayMost
			m = press(m, "2")
			m = press(m, "1")
			if m.xp.lat != lat || reflect.ValueOf(m.xp.prof.awayMost).Pointer() != reflect.ValueOf(awayMost).Pointer() {
				t.Error("variant 1's latency chart and profile are not the ones it had")
			}
			for _, at := range c.at[1:] {
				m = goTo(m, seconds(at))
				for _, v := range []string{"2", "3", "1"} {
					m = press(m, v)
					fresh := newModel(t, c.w, c.h, Options{Scenario: c.sc, Variant: 1})
					if v == "2" {
						fresh = newModel(t, c.w, c.h, Options{Scenario: c.sc, Variant: 0})
					}
					fresh = goTo(fresh, seconds(at))
					fresh = press(fresh, v)
					if got, want := m.View(), fresh.View(); got != want {
						t.Errorf("variant %s at %v, switched back to, draws\n%s\nwhere a first switch draws\n%s", v, at, got, want)
					}
				}
			}
		})
	}
}

// TestKeptRunBytesIsTheSandboxsLimit: Options.Limits.KeptRunBytes is the
// kept runs' budget (a class server's sessions set a smaller one), and a
// negative one keeps no run, every switch a replay as before.
func TestKeptRunBytesIsTheSandboxsLimit(t *testing.T) {
	racefree.Only(t)
	sc := tuitest.Scenario(t, "cascade")
	for _, c := range []struct {
		limit, most, runs int
	}{{-1, 0, 0}, {4 << 20, 4 << 20, 2}, {0, keptBudget, 2}} {
		m, err := New(Options{Scenario: sc, Seed: tuitest.Seed, Limits: Limits{KeptRunBytes: c.limit}})
		if err != nil {
			t.Fatal(err)
		}
		if err := m.sim.seek(20 * time.Second); err != nil {
			t.Fatal(err)
		}
		for v := 1; v <= len(sc.Variants); v++ {
			if err := m.sim.setVariant(v % len(sc.Variants)); err != nil {
				t.Fatal(err)
			}
		}
		if got := len(m.sim.kept.runs); got != c.runs {
			t.Errorf("KeptRunBytes %d: %d runs kept, want %d", c.limit, got, c.runs)
		}
		if b := m.sim.kept.bytes(); b > c.most {
			t.Errorf("KeptRunBytes %d: %d bytes kept, over %d", c.limit, b, c.most)
		}
	}
}
