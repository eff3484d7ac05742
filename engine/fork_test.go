package engine_test

import (
	"fmt"
	"hash"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// cascadeWith is the cascade with w workers and recommendations' and
// search-index's timeouts set.
func cascadeWith(w int, recs, search time.Duration) *engine.Scenario {
	sc := scenarios.Cascade()
	for v := range sc.Variants {
		sys := &sc.Variants[v].System
		sys.Workers = w
		for i := range sys.Dependencies {
			switch sys.Dependencies[i].Name {
			case "recommendations":
				sys.Dependencies[i].Policy.Timeout = recs
			case "search-index":
				sys.Dependencies[i].Policy.Timeout = search
			}
		}
	}
	return sc
}

// A run forked from another's prefix goes on exactly as a run of its own
// scenario from the start would, snapshot for snapshot, whenever ForkInto
// takes the fork; across a grid of workers and timeouts some forks are
// taken and some refused (a timeout some call outlasted, a pool smaller
// than the prefix's busiest moment).
func TestForkGivesWhatNewGives(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	base := cascadeWith(400, 5*time.Second, 5*time.Second)
	at := engine.ForkAt(base, 0)
	if at != 10*time.Second-1 {
		t.Fatalf("ForkAt(cascade) = %v, want just before the fault at 10 s", at)
	}
	var cells []*engine.Scenario
	var names []string
	for _, w := range []int{3, 20, 60, 200, 400, 1000} {
		for _, recs := range []time.Duration{30 * time.Millisecond, 150 * time.Millisecond, 400 * time.Millisecond, time.Second, 5 * time.Second} {
			for _, search := range []time.Duration{100 * time.Millisecond, 5 * time.Second} {
				cells = append(cells, cascadeWith(w, recs, search))
				names = append(names, fmt.Sprintf("workers %d timeouts %v %v", w, recs, search))
			}
		}
	}
	taken, refused := 0, 0
	for v := range base.Variants {
		for _, seed := range []uint64{1, 5} {
			tk, rf := checkForks(t, base, v, seed, at, cells, names)
			taken, refused = taken+tk, refused+rf
		}
	}
	if taken == 0 || refused == 0 {
		t.Fatalf("forks taken %d, refused %d: want some of each", taken, refused)
	}
	t.Logf("forks taken %d, refused %d", taken, refused)
}

// A bulkhead's size forks too: a cap the prefix never reached has not
// mattered. Across caps and times some forks are taken (the larger caps,
// the earlier times) and some refused (a cap the prefix's busiest moment
// passed, or, after the fault at 10 s, a larger cap than the prefix's own,
// which it reached and so refused calls the larger one would have let in).
func TestForkBulkheadGivesWhatNewGives(t *testing.T) {
	withBulkhead := func(b int, recs time.Duration) *engine.Scenario {
		sc := cascadeWith(200, recs, 5*time.Second)
		for v := 1; v < len(sc.Variants); v++ {
			sc.Variants[v].System.Dependencies[2].Policy.Bulkhead = b
		}
		return sc
	}
	base := withBulkhead(60, 5*time.Second)
	var cells []*engine.Scenario
	var names []string
	for _, b := range []int{1, 4, 6, 8, 10, 14, 60, 200} {
		for _, recs := range []time.Duration{150 * time.Millisecond, 5 * time.Second} {
			cells = append(cells, withBulkhead(b, recs))
			names = append(names, fmt.Sprintf("bulkhead %d timeout %v", b, recs))
		}
	}
	taken, refused := 0, 0
	for _, v := range []int{1, 2} {
		for _, at := range []time.Duration{time.Second, 4 * time.Second, engine.ForkAt(base, v), 12 * time.Second} {
			tk, rf := checkForks(t, base, v, 3, at, cells, names)
			taken, refused = taken+tk, refused+rf
		}
	}
	if taken == 0 || refused == 0 {
		t.Fatalf("forks taken %d, refused %d: want some of each", taken, refused)
	}
	t.Logf("forks taken %d, refused %d", taken, refused)
}

// checkForks forks base's variant v run on seed at time at into every
// cell, and checks that each fork taken goes on exactly as a new run of
// its cell: it returns how many were taken and refused.
func checkForks(t *testing.T, base *engine.Scenario, v int, seed uint64, at time.Duration, cells []*engine.Scenario, names []string) (taken, refused int) {
	t.Helper()
	tr, err := engine.NewTraffic(base, seed)
	if err != nil {
		t.Fatal(err)
	}
	prefix, err := engine.NewShared(base, v, tr)
	if err != nil {
		t.Fatal(err)
	}
	prefix.AdvanceTo(at)
	var dst, other engine.Run // reused through every fork, as a sweep's worker does
	for k, sc := range cells {
		name := fmt.Sprintf("variant %d seed %d at %v, %s", v+1, seed, at, names[k])
		if !prefix.ForkInto(&dst, sc, v) {
			refused++
			continue
		}
		taken++
		fresh, err := engine.New(sc, v, seed)
		if err != nil {
			t.Fatal(err)
		}
		fresh.AdvanceTo(at)
		// A second fork of the prefix moves on in step with this one:
		// forks share nothing they write.
		if !prefix.ForkInto(&other, base, v) {
			t.Fatalf("%s: the prefix does not fork into its own scenario", name)
		}
		if got, want := lockstepHash(&dst, &other), stepHash(fresh, 0); got != want {
			t.Fatalf("%s: forked run hashes %016x, new run %016x", name, got, want)
		}
	}
	// The prefix itself is untouched by the forks taken from it.
	again, _ := engine.New(base, v, seed)
	again.AdvanceTo(at)
	if got, want := stepHash(prefix, 9), stepHash(again, 9); got != want {
		t.Fatalf("variant %d seed %d: the prefix changed under its forks", v+1, seed)
	}
	return taken, refused
}

// ForkInto refuses a scenario that differs in anything but workers,
// timeouts, bulkhead sizes and the like (the accept queue's bound, never
// reached before the fault, forks), and a pool or a bulkhead smaller than
// the prefix's busiest moment.
func TestForkRefusesOtherKnobs(t *testing.T) {
	base := cascadeWith(400, 5*time.Second, 5*time.Second)
	prefix, err := engine.New(base, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	prefix.AdvanceTo(engine.ForkAt(base, 1))
	var dst engine.Run
	for _, c := range []struct {
		name string
		edit func(*engine.System)
	}{
		{"a rate", func(s *engine.System) { s.Endpoints[0].Rate++ }},
		{"a bulkhead turned off", func(s *engine.System) { s.Dependencies[2].Policy.Bulkhead = 0 }},
		{"a bulkhead below the prefix's busiest moment", func(s *engine.System) { s.Dependencies[2].Policy.Bulkhead = 1 }},
		{"a latency", func(s *engine.System) { s.Dependencies[0].Latency.Mean++ }},
		{"a timeout turned off", func(s *engine.System) { s.Dependencies[0].Policy.Timeout = 0 }},
		{"one worker", func(s *engine.System) { s.Workers = 1 }},
	} {
		sc := cascadeWith(400, 5*time.Second, 5*time.Second)
		c.edit(&sc.Variants[1].System)
		if prefix.ForkInto(&dst, sc, 1) {
			t.Errorf("a fork was taken with %s changed", c.name)
		}
	}
	if !prefix.ForkInto(&dst, cascadeWith(300, 2*time.Second, time.Second), 1) {
		t.Error("a fork with only workers and timeouts changed, unused, was refused")
	}
	// No arrival has found every worker busy before the fault: the
	// accept queue's bound has decided nothing yet (fork_limits.go).
	queued := cascadeWith(400, 5*time.Second, 5*time.Second)
	queued.Variants[1].System.Queue = 5
	if !prefix.ForkInto(&dst, queued, 1) {
		t.Error("a fork with only the queue's bound changed, never reached, was refused")
	}
}

// A finished run forks too: a cell whose knob never mattered is the
// finished run with its own knob, and its snapshot is a separate run's.
func TestForkAtTheEnd(t *testing.T) {
	h := func(r *engine.Run) uint64 {
		hash := newStateHash()
		s := r.Snapshot()
		fingerprintSnapshot(hash, &s)
		return hash.Sum64()
	}
	var dst engine.Run
	taken, refused := 0, 0
	for v := range scenarios.Cascade().Variants {
		for _, seed := range []uint64{2, 5} {
			done, err := engine.New(cascadeWith(400, 2*time.Second, 5*time.Second), v, seed)
			if err != nil {
				t.Fatal(err)
			}
			done.Run()
			for _, w := range []int{10, 40, 100, 200, 399, 1000} {
				sc := cascadeWith(w, 2*time.Second, 5*time.Second)
				if !done.ForkInto(&dst, sc, v) {
					refused++
					continue
				}
				taken++
				dst.Run() // nothing is left to do
				fresh, _ := engine.New(sc, v, seed)
				fresh.Run()
				if got, want := h(&dst), h(fresh); got != want {
					t.Fatalf("variant %d seed %d workers %d: forked at the end hashes %016x, a separate run %016x", v+1, seed, w, got, want)
				}
			}
		}
	}
	if taken == 0 || refused == 0 {
		t.Fatalf("forks at the end taken %d, refused %d: want some of each", taken, refused)
	}
	t.Logf("forks at the end taken %d, refused %d", taken, refused)
}

// lockstepHash is stepHash(r, 0), with other advanced by the same steps
// between r's.
func lockstepHash(r, other *engine.Run) uint64 {
	return lockstepHashBy(r, other, fingerprintSnapshot)
}

// lockstepHashBy is lockstepHash with the snapshots hashed by fp; other
// may be nil.
func lockstepHashBy(r, other *engine.Run, fp func(hash.Hash64, *engine.Snapshot)) uint64 {
	h := newStateHash()
	steps := rand.New(rand.NewPCG(0, 0x57e9))
	for !r.Done() && r.Now() < r.End() {
		dt := time.Duration(steps.Int64N(int64(4*time.Second))) + time.Millisecond
		r.Advance(dt)
		if other != nil {
			other.Advance(dt)
		}
		s := r.Snapshot()
		fp(h, &s)
	}
	r.Run()
	s := r.Snapshot()
	fp(h, &s)
	return h.Sum64()
}

// checkWrongForkRefused checks that prefix, a run advanced to some time,
// refuses to fork into cell's variant v there, and that the fork taken
// anyway (ForkUnchecked) hashes, by fp, otherwise than cell's own run on
// seed stepped to the same time: the comparison the fork tests rest on
// sees a wrong fork. what names the case in a failure.
func checkWrongForkRefused(t *testing.T, what string, prefix *engine.Run, cell *engine.Scenario, v int, seed uint64, fp func(hash.Hash64, *engine.Snapshot)) {
	t.Helper()
	var dst engine.Run
	if prefix.ForkInto(&dst, cell, v) {
		t.Errorf("%s: ForkInto took a fork whose knob has mattered", what)
		return
	}
	prefix.ForkUnchecked(&dst, cell, v)
	fresh, err := engine.New(cell, v, seed)
	if err != nil {
		t.Fatal(err)
	}
	fresh.AdvanceTo(prefix.Now())
	if lockstepHashBy(&dst, nil, fp) == lockstepHashBy(fresh, nil, fp) {
		t.Errorf("%s: a wrong fork hashes as the cell's own run: the comparison cannot see it", what)
	}
}

// KeepInto's copy of a run (what a sweep keeps of a finished run, and of
// a run as it goes) is the run: the same snapshot, the same run on to the
// end, and the same forks, though it holds its arrays at their length and
// so fewer bytes than CloneInto's copy, in every kind of server
// (services, tenants with shedding, a tasks server with pools). The run
// copied has the buffers of a whole run before it, as a sweep's Runner's
// has: the compact copy holds what the run holds, as a copy of a new run
// would, not the room its buffers grew to (a go-server run at its hang's
// start, copied with its requests' room, held three times the bytes).
func TestKeepIntoCopiesCompactly(t *testing.T) {
	h := func(r *engine.Run) uint64 {
		hash := newStateHash()
		s := r.Snapshot()
		fingerprintSnapshot(hash, &s)
		return hash.Sum64()
	}
	for _, c := range []struct {
		name string
		v    int
		at   time.Duration
	}{{"cascade", 1, 20 * time.Second}, {"fleet-probes", 1, 48 * time.Second}, {"noisy-tenant", 2, 30 * time.Second}, {"go-server", 1, 30 * time.Second}} {
		b, ok := scenarios.Lookup(c.name)
		if !ok {
			t.Fatalf("no scenario %s", c.name)
		}
		sc := b.Build()
		r := new(engine.Run)
		for range 2 {
			if err := r.Reset(sc, c.v, 5); err != nil {
				t.Fatal(err)
			}
			r.Run()
		}
		if err := r.Reset(sc, c.v, 5); err != nil {
			t.Fatal(err)
		}
		r.AdvanceTo(c.at)
		fresh, err := engine.New(sc, c.v, 5)
		if err != nil {
			t.Fatal(err)
		}
		fresh.AdvanceTo(c.at)
		var kept, full, keptFresh engine.Run
		r.KeepInto(&kept)
		r.CloneInto(&full)
		fresh.KeepInto(&keptFresh)
		if k, f := kept.Footprint(), full.Footprint(); k >= f {
			t.Errorf("%s: KeepInto's copy holds %d bytes, CloneInto's %d: want fewer", c.name, k, f)
		}
		if k, want := kept.Footprint(), keptFresh.Footprint(); k > want+want/8 {
			t.Errorf("%s: KeepInto's copy of a run with a whole run's buffers holds %d bytes, a copy of a new run %d", c.name, k, want)
		}
		if h(&kept) != h(r) {
			t.Fatalf("%s: KeepInto's copy's snapshot differs from the run's", c.name)
		}
		// A fork of the compact copy into the run's own scenario, and the
		// copy itself, go on to the end as the run does.
		var fork engine.Run
		if !kept.ForkInto(&fork, sc, c.v) {
			t.Fatalf("%s: KeepInto's copy does not fork into its own scenario", c.name)
		}
		r.Run()
		kept.Run()
		fork.Run()
		if want := h(r); h(&kept) != want || h(&fork) != want {
			t.Errorf("%s: KeepInto's copy or its fork ran on otherwise than the run", c.name)
		}
	}
}

// cascadeFault is the cascade with recommendations' fault f instead of its
// hang from 10 s.
func cascadeFault(f engine.Fault) *engine.Scenario {
	sc := scenarios.Cascade()
	for v := range sc.Variants {
		deps := sc.Variants[v].System.Dependencies
		for i := range deps {
			if deps[i].Name == "recommendations" {
				deps[i].Faults = []engine.Fault{f}
			}
		}
	}
	return sc
}

// A fault that has not begun has changed nothing: a run forks into a cell
// whose fault starts at another time, or slows or fails calls otherwise,
// until the sooner of the two faults begins. Forked at 5 s every cell is
// taken and goes on as its own run; at 9 s the faults from 6 s and 8 s
// have begun and are refused, and so, at 12 s, is every change to the
// hang under way, its end too (a call sent into a hang is answered when
// it ends). A fault moved earlier (8 s) is met at its own start, not at
// the old one's (faultUntil is worked out afresh).
func TestForkFaults(t *testing.T) {
	s := time.Second
	base := cascadeFault(engine.Fault{Kind: engine.Hang, From: 10 * s})
	faults := []engine.Fault{
		{Kind: engine.Hang, From: 6 * s},
		{Kind: engine.Hang, From: 8 * s, To: 14 * s},
		{Kind: engine.Hang, From: 20 * s},
		{Kind: engine.Slow, From: 10 * s, Latency: 800 * time.Millisecond},
		{Kind: engine.Error, From: 10 * s, Probability: 0.5},
		{Kind: engine.Hang, From: 10 * s},
		{Kind: engine.Hang, From: 10 * s, To: 30 * s},
	}
	var cells []*engine.Scenario
	var names []string
	for _, f := range faults {
		cells = append(cells, cascadeFault(f))
		names = append(names, fmt.Sprintf("%+v", f))
	}
	checkForkCounts(t, base, cells, names, fingerprintSnapshot, []forksAt{{5 * s, 7, 0}, {9 * s, 5, 2}, {12 * s, 1, 6}})
}
