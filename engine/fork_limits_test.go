package engine_test

import (
	"fmt"
	"hash"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// noisyWith is the noisy tenant with w workers, every tenant's own slots of
// the per-tenant bulkhead (where a variant has one) set to slots, and load
// shedding's bound for default requests (where a variant sheds) to wait.
func noisyWith(w, slots int, wait time.Duration) *engine.Scenario {
	sc := scenarios.NoisyTenant()
	for v := range sc.Variants {
		sys := &sc.Variants[v].System
		sys.Workers = w
		if tb := sys.Dependencies[0].Policy.TenantBulkhead; tb != nil {
			tb.Default = slots
		}
		if sys.Shed != nil {
			sys.Shed.MaxWait[shed.Default] = wait
		}
	}
	return sc
}

// fingerprintLimits is fingerprintSnapshot with what the front service's
// limits add: the tenants' counts and time series, the requests shed per class and each
// bulkhead's size as reported.
func fingerprintLimits(h hash.Hash64, s *engine.Snapshot) {
	fingerprintSnapshot(h, s)
	w := newHasher(h)
	for _, t := range s.Tenants {
		for _, n := range []uint64{t.Arrived, t.WindowArrived, t.Limited} {
			w.u(n)
		}
		w.counts(t.Total)
		w.counts(t.Window)
		for _, b := range t.Series { // a fork's own, never its siblings'
			w.u(uint64(b.Arrived))
			for _, n := range b.Answered {
				w.u(uint64(n))
			}
		}
	}
	for _, n := range s.Shed {
		w.u(n)
	}
	for _, d := range s.Dependencies {
		w.i(int64(d.BulkheadCap))
	}
}

// noisyCells is a grid of the noisy tenant's workers against the knob
// variant v has of its own (none, the tenant slots, the shedding bound),
// with a name for each cell.
func noisyCells(v int) (cells []*engine.Scenario, names []string) {
	for _, w := range []int{20, 60, 120} {
		for _, k := range []int{0, 1, 2} {
			slots, wait := 60, 600*time.Millisecond
			switch v {
			case 1:
				slots = []int{1, 20, 60}[k]
			case 2:
				wait = []time.Duration{20 * time.Millisecond, 150 * time.Millisecond, 600 * time.Millisecond}[k]
			}
			if v == 0 && k > 0 {
				continue
			}
			cells = append(cells, noisyWith(w, slots, wait))
			names = append(names, fmt.Sprintf("workers %d tenant slots %d default wait %v", w, slots, wait))
		}
	}
	return cells, names
}

// A run with tenants, bursts, per-tenant bulkheads and load shedding forks
// exactly: each fork taken goes on as a new run of its cell, tenants' and
// shed counts included, and across workers, slots, bounds and fork times
// some forks are taken and some refused.
func TestForkLimitsGivesWhatNewGives(t *testing.T) {
	base := noisyWith(120, 60, 600*time.Millisecond)
	if at := engine.ForkAt(base, 0); at != 10*time.Second-1 {
		t.Fatalf("ForkAt(noisy-tenant) = %v, want just before acme's burst at 10 s", at)
	}
	for v := range base.Variants {
		cells, names := noisyCells(v)
		checkSomeForks(t, base, v, []time.Duration{engine.ForkAt(base, v), 14 * time.Second}, cells, names, fingerprintLimits)
	}
}

// checkSomeForks runs checkForksBy on seed 5 at each of times, and checks
// that some forks were taken and some refused.
func checkSomeForks(t *testing.T, base *engine.Scenario, v int, times []time.Duration, cells []*engine.Scenario, names []string,
	fp func(hash.Hash64, *engine.Snapshot)) {
	t.Helper()
	taken, refused := 0, 0
	for _, at := range times {
		tk, rf := checkForksBy(t, base, v, 5, at, cells, names, fp)
		taken, refused = taken+tk, refused+rf
	}
	if taken == 0 || refused == 0 {
		t.Errorf("variant %d: forks taken %d, refused %d: want some of each", v+1, taken, refused)
	}
	t.Logf("variant %d: forks taken %d, refused %d", v+1, taken, refused)
}

// forksAt is how many of a test's cells must fork, and how many be
// refused, at one moment of each variant's run.
type forksAt struct {
	at             time.Duration
	taken, refused int
}

// checkForkCounts forks every variant of base, run on seed 5, at each
// moment of want into each cell, checks every fork taken against a new run
// of its cell (checkForksBy, snapshots hashed by fp), and that as many were
// taken and refused as want says for each variant.
func checkForkCounts(t *testing.T, base *engine.Scenario, cells []*engine.Scenario, names []string,
	fp func(hash.Hash64, *engine.Snapshot), want []forksAt) {
	t.Helper()
	for _, w := range want {
		taken, refused := 0, 0
		for v := range base.Variants {
			tk, rf := checkForksBy(t, base, v, 5, w.at, cells, names, fp)
			taken, refused = taken+tk, refused+rf
		}
		if n := len(base.Variants); taken != w.taken*n || refused != w.refused*n {
			t.Errorf("at %v: forks taken %d, refused %d; want %d and %d", w.at, taken, refused, w.taken*n, w.refused*n)
		}
	}
}

// checkForksBy is checkForks with the snapshots hashed by fp: it forks
// base's variant v on seed at time at into each cell and compares every
// fork taken with a new run of the cell, snapshot for snapshot.
func checkForksBy(t *testing.T, base *engine.Scenario, v int, seed uint64, at time.Duration, cells []*engine.Scenario, names []string,
	fp func(hash.Hash64, *engine.Snapshot)) (taken, refused int) {
	t.Helper()
	prefix, err := engine.New(base, v, seed)
	if err != nil {
		t.Fatal(err)
	}
	prefix.AdvanceTo(at)
	var dst, other engine.Run
	for k, sc := range cells {
		if !prefix.ForkInto(&dst, sc, v) {
			refused++
			continue
		}
		taken++
		if !prefix.ForkInto(&other, base, v) {
			t.Fatalf("variant %d at %v: the prefix does not fork into its own scenario", v+1, at)
		}
		fresh, err := engine.New(sc, v, seed)
		if err != nil {
			t.Fatal(err)
		}
		fresh.AdvanceTo(at)
		if got, want := lockstepHashBy(&dst, &other, fp), lockstepHashBy(fresh, nil, fp); got != want {
			t.Fatalf("variant %d seed %d at %v, %s: forked run hashes %016x, new run %016x", v+1, seed, at, names[k], got, want)
		}
	}
	// The prefix itself is untouched by the forks taken from it.
	again, _ := engine.New(base, v, seed)
	again.AdvanceTo(at)
	if got, want := lockstepHashBy(prefix, nil, fp), lockstepHashBy(again, nil, fp); got != want {
		t.Fatalf("variant %d seed %d: the prefix changed under its forks", v+1, seed)
	}
	return taken, refused
}

// The comparison above can fail: a fork ForkInto refuses, taken anyway
// (ForkUnchecked), differs from the cell's own run, for a per-tenant
// bulkhead smaller than the prefix's busiest tenant held, for shedding
// bounds once arrivals have queued.
func TestForkLimitsWrongForkIsSeen(t *testing.T) {
	for _, c := range []struct {
		name string
		v    int
		at   time.Duration
		cell *engine.Scenario
	}{
		{"one tenant slot", 1, engine.ForkAt(scenarios.NoisyTenant(), 1), noisyWith(120, 1, 600*time.Millisecond)},
		{"a shorter shedding bound after the burst", 2, 14 * time.Second, noisyWith(60, 60, 20*time.Millisecond)},
	} {
		base := noisyWith(120, 60, 600*time.Millisecond)
		if c.v == 2 {
			base = noisyWith(60, 60, 600*time.Millisecond)
		}
		prefix, err := engine.New(base, c.v, 5)
		if err != nil {
			t.Fatal(err)
		}
		prefix.AdvanceTo(c.at)
		checkWrongForkRefused(t, c.name, prefix, c.cell, c.v, 5, fingerprintLimits)
	}
}

// Two cells of a sweep's column share their per-tenant bulkhead's sizes,
// each in a scenario of its own: a run whose bulkhead spilled (its sizes
// mattered) still forks into a cell with equal sizes and more workers,
// exactly; other sizes are refused, and the wrong fork is seen.
func TestForkSpilledTenantBulkheadEqualSizes(t *testing.T) {
	base := noisyWith(100, 5, 600*time.Millisecond)
	at := engine.ForkAt(base, 1)
	prefix, err := engine.New(base, 1, 5)
	if err != nil {
		t.Fatal(err)
	}
	prefix.AdvanceTo(at)
	var dst engine.Run
	if prefix.ForkInto(&dst, noisyWith(100, 6, 600*time.Millisecond), 1) {
		t.Fatal("with 5 slots a tenant's own slots were never full before the burst: the test does not spill")
	}
	cells := []*engine.Scenario{noisyWith(110, 5, 600*time.Millisecond), noisyWith(120, 5, 600*time.Millisecond)}
	taken, _ := checkForksBy(t, base, 1, 5, at, cells, []string{"110 workers, 5 slots", "120 workers, 5 slots"}, fingerprintLimits)
	if taken != len(cells) {
		t.Errorf("%d of %d forks into equal tenant slots taken", taken, len(cells))
	}
	checkWrongForkRefused(t, "6 slots after a spill", prefix, noisyWith(110, 6, 600*time.Millisecond), 1, 5, fingerprintLimits)
}
