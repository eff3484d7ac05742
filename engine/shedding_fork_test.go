package engine_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/shed"
)

// noisyShedding is the noisy tenant's shedding variant (2) with w workers
// and the bounds critical, default and sheddable.
func noisyShedding(w int, bounds [shed.NumClasses]time.Duration) *engine.Scenario {
	sc := noisyWith(w, 60, bounds[shed.Default])
	sc.Variants[2].System.Shed.MaxWait = bounds
	return sc
}

// Shedding's bounds fork once arrivals have queued, as long as the new
// bounds would have decided every arrival judged as the old ones did. Four
// seconds into acme's burst, 120 workers have kept the oldest waiting
// request under 20 ms (no default request was shed at 600 ms, none waited
// as long as 20 ms): a default bound of 20 ms or 150 ms forks, exactly.
// With 60 workers the queue's oldest request has waited some 300 ms: a
// bound of 150 ms would have shed what 600 ms took, and a run that sheds
// at 150 ms has shed waits below 600 ms; both are refused, and the wrong
// forks are seen.
func TestForkShedBoundsThatDecideAlike(t *testing.T) {
	const ms = time.Millisecond
	at := 14 * time.Second
	b := func(def time.Duration) [shed.NumClasses]time.Duration {
		return [shed.NumClasses]time.Duration{600 * ms, def, 20 * ms}
	}
	cells := []*engine.Scenario{noisyShedding(120, b(20*ms)), noisyShedding(120, b(150*ms))}
	taken, _ := checkForksBy(t, noisyShedding(120, b(600*ms)), 2, 5, at, cells, []string{"default 20 ms", "default 150 ms"}, fingerprintLimits)
	if taken != len(cells) {
		t.Errorf("120 workers at %v: %d of %d forks into other default bounds taken, want all", at, taken, len(cells))
	}
	for _, c := range []struct {
		name     string
		from, to time.Duration
	}{
		{"600 ms to 150 ms with 60 workers", 600 * ms, 150 * ms},
		{"150 ms to 600 ms with 60 workers", 150 * ms, 600 * ms},
	} {
		prefix, err := engine.New(noisyShedding(60, b(c.from)), 2, 5)
		if err != nil {
			t.Fatal(err)
		}
		prefix.AdvanceTo(at)
		checkWrongForkRefused(t, c.name, prefix, noisyShedding(60, b(c.to)), 2, 5, fingerprintLimits)
	}
}

// randomBounds draws valid shedding bounds (critical ≥ default ≥
// sheddable), from 1 ms to 1 s.
func randomBounds(rng *rand.Rand) [shed.NumClasses]time.Duration {
	var b [shed.NumClasses]time.Duration
	for c := range b {
		b[c] = time.Duration(1+rng.IntN(1000)) * time.Millisecond
	}
	b[1] = min(b[1], b[0])
	b[2] = min(b[2], b[1])
	return b
}

// estimating has sc's shedding judge by the estimated wait, from a
// service time of 80 ms (the database's median).
func estimating(sc *engine.Scenario) *engine.Scenario {
	sh := sc.Variants[2].System.Shed
	sh.Signal, sh.ServiceTime = shed.Estimated, 80*time.Millisecond
	return sc
}

// Every fork of a shedding run into other bounds that ForkInto takes, at
// any moment, goes on exactly as the cell's own run: random workers,
// bounds (often one class's only), signals, seeds and fork times, some
// forks taken and some refused.
func TestPropertyShedBoundsForkIsExact(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	rng := rand.New(rand.NewPCG(28, 14))
	// make test checks the first 8 cases, and the 12th and 14th, the
	// first to reach blocks of the engine the 8 do not (go test
	// -coverprofile): the blocks all 24 cover. Every case draws its
	// numbers, so that each is the same case either way.
	sample := caseSample{short: 8, rare: []int{11, 13}}
	taken, refused := 0, 0
	for k := range 24 {
		w := 40 + rng.IntN(90)
		from := randomBounds(rng)
		signal := func(sc *engine.Scenario) *engine.Scenario { return sc }
		if k%3 == 2 {
			signal = estimating
		}
		var cells []*engine.Scenario
		var names []string
		for range 3 {
			to := from
			if rng.IntN(2) == 0 {
				c := rng.IntN(int(shed.NumClasses))
				to[c] = randomBounds(rng)[c]
				if to[1] > to[0] || to[2] > to[1] {
					to = from
				}
			} else {
				to = randomBounds(rng)
			}
			cells = append(cells, signal(noisyShedding(w, to)))
			names = append(names, fmt.Sprintf("case %d: %d workers, bounds %v to %v", k, w, from, to))
		}
		at := 10*time.Second + time.Duration(rng.Int64N(int64(25*time.Second)))
		seed := uint64(1 + rng.IntN(9))
		if !sample.runs(k) {
			continue
		}
		tk, rf := checkForksBy(t, signal(noisyShedding(w, from)), 2, seed, at, cells, names, fingerprintLimits)
		taken, refused = taken+tk, refused+rf
	}
	if taken == 0 || refused == 0 {
		t.Errorf("forks taken %d, refused %d: want some of each", taken, refused)
	}
	t.Logf("forks taken %d, refused %d", taken, refused)
}
