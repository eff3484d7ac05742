package engine_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/deepequal"
)

// shortened is a built-in tasks scenario cut to end 5 s after its fault
// starts (the fault then lasts to the end), so that a fork test's runs
// are short.
func shortened(build func() *engine.Scenario, fault time.Duration) func(edit func(*engine.System)) *engine.Scenario {
	return func(edit func(*engine.System)) *engine.Scenario {
		sc := build()
		sc.Duration, sc.MeasureFrom, sc.MeasureTo = fault+5*time.Second, 0, fault+5*time.Second
		for v := range sc.Variants {
			sys := &sc.Variants[v].System
			for i := range sys.Dependencies {
				for k := range sys.Dependencies[i].Faults {
					sys.Dependencies[i].Faults[k].To = 0
				}
			}
			if edit != nil {
				edit(sys)
			}
		}
		return sc
	}
}

// retimed is the edit giving a policy with a timeout (a variant without
// one keeps none) the timeout d.
func retimed(d time.Duration) func(*engine.Policy) {
	return func(p *engine.Policy) {
		if p.Timeout > 0 {
			p.Timeout = d
		}
	}
}

// taskCell is one cell of a tasks fork test: its name and its edit.
type taskCell struct {
	name string
	edit func(*engine.System)
}

// A tasks server's run forked from another's prefix, or from its end, goes
// on exactly as a run of its own scenario from the start, snapshot for
// snapshot (the tasks server, the pools and the permits included),
// whenever ForkInto takes the fork; the cells change timeouts, semaphores,
// pool caps and memory limits, some of which mattered by then (refused)
// and some not (taken).
func TestTaskForksGiveWhatNewGives(t *testing.T) {
	mib := int64(1) << 20
	dep := func(name string, f func(*engine.Policy)) func(*engine.System) {
		return func(s *engine.System) {
			for i := range s.Dependencies {
				if s.Dependencies[i].Name == name {
					f(&s.Dependencies[i].Policy)
				}
			}
		}
	}
	cases := []struct {
		name  string
		build func(func(*engine.System)) *engine.Scenario
		fault time.Duration
		cells []taskCell
	}{
		{"async-cascade", shortened(scenarios.AsyncCascade, 20*time.Second), 20 * time.Second, []taskCell{
			{"search timeout 100ms", dep("search-api", func(p *engine.Policy) { p.Timeout = 100 * time.Millisecond })},
			{"search timeout 40ms", dep("search-api", func(p *engine.Policy) { p.Timeout = 40 * time.Millisecond })},
			{"search timeout 10m", dep("search-api", func(p *engine.Policy) { p.Timeout = 10 * time.Minute })},
			{"search semaphore 8", dep("search-api", func(p *engine.Policy) { p.Bulkhead = max(p.Bulkhead, 1) * 8 / 10 })},
			{"search semaphore 2", dep("search-api", func(p *engine.Policy) { p.Bulkhead = min(p.Bulkhead, 2) })},
			{"pool size 30", func(s *engine.System) { s.Pools[0].Size = 30 }},
			{"pool size 3", func(s *engine.System) { s.Pools[0].Size = 3 }},
			{"pool per host 40", func(s *engine.System) { s.Pools[0].PerHost = 40 }},
			{"pool idle per host 2", func(s *engine.System) { s.Pools[0].IdlePerHost = 2 }},
			{"pool idle per host 1000", func(s *engine.System) { s.Pools[0].IdlePerHost = 1000 }},
			{"pool dials run on", func(s *engine.System) { s.Pools[0].AbandonedDial = engine.DialRunsOn }},
			{"pool wait 1s", func(s *engine.System) { s.Pools[0].Wait = time.Second }},
			{"pool dial 1ms", func(s *engine.System) { s.Pools[0].Dial = time.Millisecond }},
			{"memory 1 GiB", func(s *engine.System) { s.Tasks.Memory.Limit = 1024 * mib }},
			{"memory 121 MiB", func(s *engine.System) { s.Tasks.Memory.Limit = 121 * mib }},
			{"threads 2", func(s *engine.System) { s.Tasks.Threads = 2 }},
		}},
		{"go-server", shortened(scenarios.GoServer, 20*time.Second), 20 * time.Second, []taskCell{
			{"payments timeout 300ms", dep("payments", retimed(300*time.Millisecond))},
			{"orders-db semaphore 12", dep("orders-db", func(p *engine.Policy) {
				if p.Bulkhead > 0 {
					p.Bulkhead = 12
				}
			})},
			{"database size 10", func(s *engine.System) { s.Pools[1].Size = 10 }},
			{"database size 2", func(s *engine.System) { s.Pools[1].Size = 2 }},
			{"transport per host 80", func(s *engine.System) { s.Pools[0].PerHost = 80 }},
			{"transport idle per host 2", func(s *engine.System) { s.Pools[0].IdlePerHost = 2 }},
			{"transport idle per host 0", func(s *engine.System) { s.Pools[0].IdlePerHost = 0 }},
			{"transport dials run on", func(s *engine.System) { s.Pools[0].AbandonedDial = engine.DialRunsOn }},
			{"memory 128 MiB", func(s *engine.System) { s.Tasks.Memory.Limit = 128 * mib }},
			{"memory 49 MiB", func(s *engine.System) { s.Tasks.Memory.Limit = 49 * mib }},
			{"a task 16 KiB", func(s *engine.System) { s.Tasks.Memory.PerTask = 16 << 10 }},
			{"a task 4 MiB", func(s *engine.System) { s.Tasks.Memory.PerTask = 4 * mib }},
			{"a task 32 MiB", func(s *engine.System) { s.Tasks.Memory.PerTask = 32 * mib }},
		}},
		{"go-inventory", shortened(scenarios.GoInventory, 20*time.Second), 20 * time.Second, []taskCell{
			{"inventory timeout 300ms", dep("inventory", retimed(300*time.Millisecond))},
			{"inventory timeout 5s", dep("inventory", retimed(5*time.Second))},
			{"database timeout 30ms", func(s *engine.System) { retimed(30 * time.Millisecond)(&s.Services[0].Dependencies[0].Policy) }},
			{"database timeout 3s", func(s *engine.System) { retimed(3 * time.Second)(&s.Services[0].Dependencies[0].Policy) }},
			{"inventory workers 64", func(s *engine.System) { s.Services[0].Workers = 64 }},
			{"inventory workers 3", func(s *engine.System) { s.Services[0].Workers = 3 }},
			{"transport per host 40", func(s *engine.System) { s.Pools[0].PerHost = 40 }},
			{"transport per host 2", func(s *engine.System) { s.Pools[0].PerHost = 2 }},
			{"memory 1 GiB", func(s *engine.System) { s.Tasks.Memory.Limit = 1024 * mib }},
			{"memory 49 MiB", func(s *engine.System) { s.Tasks.Memory.Limit = 49 * mib }},
			{"a task 1 MiB", func(s *engine.System) { s.Tasks.Memory.PerTask = mib }},
			{"a task 32 MiB", func(s *engine.System) { s.Tasks.Memory.PerTask = 32 * mib }},
		}},
	}
	taken, refused := 0, 0
	for _, c := range cases {
		base := c.build(nil)
		caseTaken, caseRefused := 0, 0
		for v := range base.Variants {
			at := engine.ForkAt(base, v)
			if at != c.fault-1 {
				t.Fatalf("%s: ForkAt = %v, want just before the fault at %v", c.name, at, c.fault)
			}
			for _, from := range []time.Duration{at, base.Duration + engine.DrainLimit} {
				tk, rf := checkTaskForks(t, c.name, base, v, 3, from, c.build, c.cells)
				caseTaken, caseRefused = caseTaken+tk, caseRefused+rf
			}
		}
		t.Logf("%s: forks taken %d, refused %d", c.name, caseTaken, caseRefused)
		if caseTaken == 0 {
			t.Errorf("%s: no fork taken", c.name)
		}
		taken, refused = taken+caseTaken, refused+caseRefused
	}
	if taken < 20 || refused < 10 {
		t.Fatalf("forks taken %d, refused %d: want many of each", taken, refused)
	}
	t.Logf("forks taken %d, refused %d", taken, refused)
}

// checkTaskForks forks base's variant v run on seed, advanced to at, into
// each cell and checks each fork taken against a new run of its cell.
func checkTaskForks(t *testing.T, name string, base *engine.Scenario, v int, seed uint64, at time.Duration,
	build func(func(*engine.System)) *engine.Scenario, cells []taskCell) (taken, refused int) {
	t.Helper()
	prefix, err := engine.New(base, v, seed)
	if err != nil {
		t.Fatal(err)
	}
	prefix.AdvanceTo(at)
	var dst, other engine.Run // reused through every fork, as a sweep's worker does
	for _, c := range cells {
		sc := build(c.edit)
		what := fmt.Sprintf("%s variant %d from %v, %s", name, v+1, at, c.name)
		if !prefix.ForkInto(&dst, sc, v) {
			refused++
			continue
		}
		taken++
		if !prefix.ForkInto(&other, base, v) {
			t.Fatalf("%s: the prefix does not fork into its own scenario", what)
		}
		fresh, err := engine.New(sc, v, seed)
		if err != nil {
			t.Fatal(err)
		}
		fresh.AdvanceTo(at)
		if got, want := taskStepHash(&dst, &other), taskStepHash(fresh, nil); got != want {
			t.Fatalf("%s: the forked run hashes %016x, a new run %016x", what, got, want)
		}
		if a, b := dst.Snapshot(), fresh.Snapshot(); !deepequal.Equal(a, b) {
			t.Fatalf("%s: the forked run's last snapshot differs from a new run's", what)
		}
	}
	again, _ := engine.New(base, v, seed)
	again.AdvanceTo(at)
	if a, b := prefix.Snapshot(), again.Snapshot(); !deepequal.Equal(a, b) {
		t.Fatalf("%s variant %d: the prefix changed under its forks", name, v+1)
	}
	return taken, refused
}

// taskStepHash is hashTaskSteps' hash of r's run from now on.
func taskStepHash(r, other *engine.Run) uint64 {
	h := newStateHash()
	hashTaskSteps(h, r, other, 0, 2*time.Second)
	return h.Sum64()
}

// dialling is a tasks server calling d, which answers in 10 ms, every
// 50 ms from the start through a pool that dials in 20 ms: the first call
// dials its connection, the others reuse it. edit, if not nil, changes
// its system.
func dialling(edit func(*engine.System)) *engine.Scenario {
	sc := &engine.Scenario{Name: "dial", Duration: 2 * time.Second, MeasureTo: 2 * time.Second, Variants: []engine.Variant{{Name: "v", System: engine.System{
		Tasks:        &engine.TaskServer{},
		Pools:        []engine.Pool{{Name: "p", Dial: 20 * time.Millisecond}},
		Endpoints:    []engine.Endpoint{{Name: "e", Interval: 50 * time.Millisecond, Calls: "d"}},
		Dependencies: []engine.Dependency{{Name: "d", Pool: "p", Latency: engine.Latency{Kind: engine.Constant, Value: 10 * time.Millisecond}, Policy: engine.Policy{Timeout: time.Second}}},
	}}}}
	if edit != nil {
		edit(&sc.Variants[0].System)
	}
	return sc
}

// dialTimeout is the edit giving dialling's d the timeout d.
func dialTimeout(d time.Duration) func(*engine.System) {
	return func(s *engine.System) { s.Dependencies[0].Policy.Timeout = d }
}

// A dial is spent inside the attempt's timeout: a timeout longer than
// every call's latency but not than a dial and a call has mattered, and
// the fork is refused (or, were it taken, would have to equal a new run).
func TestTaskForkCountsTheDial(t *testing.T) {
	cells := []taskCell{{"timeout 25ms", dialTimeout(25 * time.Millisecond)}, {"timeout 31ms", dialTimeout(31 * time.Millisecond)}}
	taken, refused := checkTaskForks(t, "dial", dialling(nil), 0, 1, time.Second, dialling, cells)
	if taken != 1 || refused != 1 {
		t.Errorf("forks taken %d, refused %d: want the 31 ms timeout taken, the 25 ms one refused", taken, refused)
	}
}

// A dial under way is counted at its start: armTimeout judges its end
// against the timeout then (a timeout no longer than the dial arms the
// timer at once), so a fork made during the first dial, before any call
// was sent, to a timeout shorter than the dial is refused; one longer
// than the dial, which arms no timer before the call either, is taken.
func TestTaskForkCountsADialUnderWay(t *testing.T) {
	cells := []taskCell{{"timeout 15ms", dialTimeout(15 * time.Millisecond)}, {"timeout 25ms", dialTimeout(25 * time.Millisecond)}}
	taken, refused := checkTaskForks(t, "dial under way", dialling(nil), 0, 1, 10*time.Millisecond, dialling, cells)
	if taken != 1 || refused != 1 {
		t.Errorf("forks taken %d, refused %d: want the 25 ms timeout taken, the 15 ms one refused", taken, refused)
	}
}

// A tasks server killed at its memory limit comes back after its restart
// time, an event that names no request: a fork while it is down, to
// a timeout whose armed timers had not fired, moves the pending timers
// and leaves the restart where it is (a fork once read the request of
// every pending event, and the restart's is none).
func TestTaskForkWhileDown(t *testing.T) {
	build := func(edit func(*engine.System)) *engine.Scenario {
		sc := &engine.Scenario{Name: "down", Duration: 8 * time.Second, MeasureTo: 8 * time.Second, Variants: []engine.Variant{{Name: "v", System: engine.System{
			Tasks:     &engine.TaskServer{Threads: 1, Memory: engine.Memory{Base: 1 << 20, PerTask: 1 << 10, Limit: 1<<20 + 20<<10, Restart: 2 * time.Second}},
			Endpoints: []engine.Endpoint{{Name: "e", Rate: 100, Calls: "d"}},
			Dependencies: []engine.Dependency{{Name: "d", Latency: engine.Latency{Kind: engine.Constant, Value: 5 * time.Millisecond},
				// A hang with no end: each call's timer is armed when it
				// is sent, and none fires before the kill.
				Faults: []engine.Fault{{Kind: engine.Hang, From: 500 * time.Millisecond}},
				Policy: engine.Policy{Timeout: 5 * time.Second}}},
		}}}}
		if edit != nil {
			edit(&sc.Variants[0].System)
		}
		return sc
	}
	timeout := func(d time.Duration) func(*engine.System) {
		return func(s *engine.System) { s.Dependencies[0].Policy.Timeout = d }
	}
	base := build(nil)
	cells := []taskCell{{"timeout 6s", timeout(6 * time.Second)}, {"timeout 100ms", timeout(100 * time.Millisecond)}}
	taken, refused := checkTaskForks(t, "down", base, 0, 1, 1500*time.Millisecond, build, cells)
	if taken != 1 || refused != 1 {
		t.Errorf("forks taken %d, refused %d: want the 6 s timeout taken, the 100 ms one refused", taken, refused)
	}
}

// A tasks server whose attempts wait for a pool's connections arms their
// timeouts' timers (when a connection frees is not known): go-server's
// contained variant with twelve connections to the provider waits from
// the start, some attempts for over half a second. A timeout none of
// those timers came near forks all the same, before the hang and in it,
// its pending timers moved, and goes on as a new run of its cell; one
// that an attempt has outlasted (300 ms before the hang) does not.
func TestTaskForkWithArmedTimers(t *testing.T) {
	build := shortened(scenarios.GoServer, 20*time.Second)
	timeout := func(d time.Duration) func(*engine.System) {
		return func(s *engine.System) {
			s.Pools[0].PerHost = 12
			s.Dependencies[0].Policy.Timeout = d
		}
	}
	base := build(timeout(time.Second))
	cells := []taskCell{
		{"timeout 300ms", timeout(300 * time.Millisecond)},
		{"timeout 700ms", timeout(700 * time.Millisecond)},
		{"timeout 2s", timeout(2 * time.Second)},
		{"timeout 5s", timeout(5 * time.Second)},
	}
	for _, c := range []struct {
		at             time.Duration
		taken, refused int
	}{
		{engine.ForkAt(base, 1), 3, 1},
		// In the hang a shorter timeout has mattered (a hung call is
		// known to outlast it); a longer one has not, until the first
		// timer fires (some 800 ms in, for calls that waited before).
		{20*time.Second + 300*time.Millisecond, 2, 2},
	} {
		prefix, err := engine.New(base, 1, 3)
		if err != nil {
			t.Fatal(err)
		}
		prefix.AdvanceTo(c.at)
		if !prefix.TimersArmed(0) {
			t.Fatalf("at %v no timer of the provider's calls was armed: the test does not test armed timers", c.at)
		}
		tk, rf := checkTaskForks(t, "go-server, 12 connections", base, 1, 3, c.at, build, cells)
		if tk != c.taken || rf != c.refused {
			t.Errorf("at %v: forks taken %d, refused %d, want %d and %d", c.at, tk, rf, c.taken, c.refused)
		}
	}
}

// A service's queue bound forks while it has decided nothing differently:
// four seconds into go-inventory's slowdown its inventory has queued some
// hundreds of calls and turned none away, so an unbounded queue or a
// longer one goes on as a new run of its cell, and a shorter one than
// inventory has held, or none, is refused.
func TestTaskForkServiceQueue(t *testing.T) {
	build := shortened(scenarios.GoInventory, 20*time.Second)
	queue := func(n int) func(*engine.System) {
		return func(s *engine.System) { s.Services[0].Queue = n }
	}
	cells := []taskCell{{"queue 100", queue(100)}, {"queue 3000", queue(3000)}, {"unbounded", queue(engine.QueueUnbounded)}, {"no queue", queue(0)}}
	base := build(nil)
	taken, refused := checkTaskForks(t, "go-inventory", base, 1, 3, 24*time.Second, build, cells)
	if taken != 2 || refused != 2 {
		t.Errorf("forks taken %d, refused %d: want the longer and unbounded queues taken, the shorter and none refused", taken, refused)
	}
	if taken, _ := checkTaskForks(t, "go-inventory", base, 1, 3, engine.ForkAt(base, 1), build, cells); taken != len(cells) {
		t.Errorf("before the slowdown %d of %d forks taken: no call had queued", taken, len(cells))
	}
	// A queue of 300 is full within three seconds of the slowdown and
	// turns calls away: a longer one would have queued them.
	full := build(queue(300))
	if taken, _ := checkTaskForks(t, "go-inventory", full, 1, 3, 24*time.Second, build, []taskCell{{"queue 400", queue(400)}}); taken != 0 {
		t.Error("a fork to a longer queue was taken after calls were turned away for want of room")
	}
}
