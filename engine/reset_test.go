package engine_test

import (
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// resetCase is one run of the reset tests: a scenario, variant and seed.
type resetCase struct {
	sc   *engine.Scenario
	v    int
	seed uint64
}

// resetCases mixes the built-in scenarios with random ones, so that a
// reused run goes from larger systems to smaller ones and back (more or
// fewer endpoints, dependencies, workers) and from one policy to another.
func resetCases(t *testing.T) []resetCase {
	var out []resetCase
	builtins := []func() *engine.Scenario{scenarios.Cascade, scenarios.BreakerTimeline, scenarios.Checkout}
	for n := range uint64(30) {
		sc := randomScenario(rand.New(rand.NewPCG(n, 0xf1)))
		if err := sc.Validate(); err != nil {
			t.Fatalf("random scenario %d is not valid: %v", n, err)
		}
		for v := range sc.Variants {
			out = append(out, resetCase{sc, v, n*31 + 1})
		}
		if n%5 == 0 {
			b := builtins[int(n/5)%len(builtins)]()
			for v := range b.Variants {
				out = append(out, resetCase{b, v, n})
			}
		}
	}
	return out
}

// stepHash steps r to its end in uneven steps drawn from stepSeed and
// hashes every snapshot on the way.
func stepHash(r *engine.Run, stepSeed uint64) uint64 {
	h := newStateHash()
	steps := rand.New(rand.NewPCG(stepSeed, 0x57e9))
	for !r.Done() && r.Now() < r.End() {
		r.Advance(time.Duration(steps.Int64N(int64(4*time.Second))) + time.Millisecond)
		s := r.Snapshot()
		fingerprintSnapshot(h, &s)
	}
	r.Run()
	s := r.Snapshot()
	fingerprintSnapshot(h, &s)
	return h.Sum64()
}

// A run reset for another scenario, variant or seed gives what a new run
// gives, snapshot for snapshot, whatever it ran before.
func TestResetGivesWhatNewGives(t *testing.T) {
	for _, shared := range []bool{false, true} {
		var reused engine.Run
		for k, c := range resetCases(t) {
			var fresh *engine.Run
			var err error
			if shared {
				tr := traffic(t, c.sc, c.seed, true)
				fresh, err = engine.NewShared(c.sc, c.v, tr)
				if err == nil {
					err = reused.ResetShared(c.sc, c.v, tr)
				}
			} else {
				fresh, err = engine.New(c.sc, c.v, c.seed)
				if err == nil {
					err = reused.Reset(c.sc, c.v, c.seed)
				}
			}
			if err != nil {
				t.Fatal(err)
			}
			want, got := stepHash(fresh, uint64(k)), stepHash(&reused, uint64(k))
			if got != want {
				t.Fatalf("shared %v, run %d (%s variant %d seed %d): reset run hashes %016x, new run %016x",
					shared, k, c.sc.Name, c.v+1, c.seed, got, want)
			}
		}
	}
}

// A reset after a failed one works, and the failure names what was wrong.
func TestResetRejectsWhatNewRejects(t *testing.T) {
	sc := scenarios.Cascade()
	var r engine.Run
	if err := r.Reset(sc, len(sc.Variants), 1); err == nil {
		t.Fatal("Reset to a variant past the last gave no error")
	}
	if err := r.ResetShared(sc, 0, nil); err == nil {
		t.Fatal("ResetShared without traffic gave no error")
	}
	if err := r.Reset(sc, 0, 1); err != nil {
		t.Fatal(err)
	}
	fresh, _ := engine.New(sc, 0, 1)
	if got, want := stepHash(&r, 3), stepHash(fresh, 3); got != want {
		t.Fatalf("reset after an error hashes %016x, new run %016x", got, want)
	}
}

// A run reset for the same scenario reuses its buffers: a whole cascade run
// allocates a small part of what a new one does.
func TestResetReusesBuffers(t *testing.T) {
	sc := scenarios.Cascade()
	bytes := func(f func()) uint64 {
		var a, b runtime.MemStats
		runtime.ReadMemStats(&a)
		f()
		runtime.ReadMemStats(&b)
		return b.TotalAlloc - a.TotalAlloc
	}
	var r engine.Run
	if err := r.Reset(sc, 0, 1); err != nil {
		t.Fatal(err)
	}
	r.Run()
	reused := bytes(func() {
		if err := r.Reset(sc, 0, 2); err != nil {
			t.Fatal(err)
		}
		r.Run()
	})
	fresh := bytes(func() {
		n, err := engine.New(sc, 0, 2)
		if err != nil {
			t.Fatal(err)
		}
		n.Run()
	})
	if reused*10 > fresh {
		t.Fatalf("a reset cascade run allocated %d bytes, a new one %d: want under a tenth", reused, fresh)
	}
}
