package engine_test

import (
	"fmt"
	"hash"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/ratelimit"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// fingerprintPolicies is fingerprintServices with every dependency's
// snapshot written whole as JSON (writeFields): its breaker's settings,
// state, window and trials, and the rate limiter's counts.
func fingerprintPolicies(h hash.Hash64, s *engine.Snapshot) {
	fingerprintServices(h, s)
	writeFields(h, s.Dependencies)
}

// cascadeBreaker is the cascade with recommendations' breaker (its third
// variant's) given a failure rate, an open time and a window.
func cascadeBreaker(rate float64, open time.Duration, window int) *engine.Scenario {
	sc := scenarios.Cascade()
	for v := range sc.Variants {
		if b := sc.Variants[v].System.Dependencies[2].Policy.Breaker; b != nil {
			b.FailureRate, b.OpenFor, b.WindowSize = rate, open, window
		}
	}
	return sc
}

// A breaker's settings fork while it has not left closed and judged no
// failure: before the cascade's fault every cell's breaker is the base's,
// whatever its failure rate, open time and window; after it the breaker
// has opened, and the forks are refused. Each fork taken goes on as a new
// run of its cell, snapshot for snapshot.
func TestForkBreakerGivesWhatNewGives(t *testing.T) {
	base := cascadeBreaker(0.5, 5*time.Second, 40)
	var cells []*engine.Scenario
	var names []string
	for _, rate := range []float64{0.1, 0.5, 0.9} {
		for _, open := range []time.Duration{time.Second, 20 * time.Second} {
			for _, window := range []int{5, 40} {
				cells = append(cells, cascadeBreaker(rate, open, window))
				names = append(names, fmt.Sprintf("failure rate %v open %v window %d", rate, open, window))
			}
		}
	}
	taken, refused := 0, 0
	// The calls hang from 10 s and time out from 15 s: by 17 s the
	// breaker has judged failures, and opened.
	for _, at := range []time.Duration{engine.ForkAt(base, 2), 17 * time.Second} {
		tk, rf := checkForksBy(t, base, 2, 5, at, cells, names, fingerprintPolicies)
		if at < 10*time.Second && rf > 0 {
			t.Errorf("before the fault: %d forks refused, want none", rf)
		}
		if at > 15*time.Second && tk > 0 {
			t.Errorf("after the breaker opened: %d forks taken, want none", tk)
		}
		taken, refused = taken+tk, refused+rf
	}
	t.Logf("forks taken %d, refused %d", taken, refused)
}

// timelineWith is breaker-timeline with its breaker's window, open time
// and failure rate set, and, when early is above 0, the dependency
// failing that share of calls from the start (the fault at 20 s stays).
func timelineWith(window int, open time.Duration, rate, early float64) *engine.Scenario {
	sc := scenarios.BreakerTimeline()
	d := &sc.Variants[0].System.Dependencies[0]
	d.Policy.Breaker.WindowSize, d.Policy.Breaker.OpenFor, d.Policy.Breaker.FailureRate = window, open, rate
	if early > 0 {
		d.Faults = append([]engine.Fault{{Kind: engine.Error, From: 0, To: 20 * time.Second, Probability: early}}, d.Faults...)
	}
	return sc
}

// With failures judged before the fork, only the thresholds fork, and only
// those the worst judged window stayed below: breaker-timeline failing a
// quarter of its calls from the start forks to higher failure rates and
// refuses lower ones, and any other window.
func TestForkBreakerThresholdsWithFailures(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	base := timelineWith(10, 15*time.Second, 0.6, 0.25)
	var cells []*engine.Scenario
	var names []string
	for _, rate := range []float64{0.2, 0.3, 0.5, 0.6, 0.8, 1} {
		for _, window := range []int{10, 12} {
			for _, open := range []time.Duration{time.Second, 15 * time.Second} {
				cells = append(cells, timelineWith(window, open, rate, 0.25))
				names = append(names, fmt.Sprintf("window %d open %v failure rate %v", window, open, rate))
			}
		}
	}
	var byRate [6]int
	for _, seed := range []uint64{1, 2, 3} {
		for k, sc := range cells {
			prefix, _ := engine.New(base, 0, seed)
			prefix.AdvanceTo(19 * time.Second)
			var dst engine.Run
			if prefix.ForkInto(&dst, sc, 0) {
				byRate[k/4]++
				if sc.Variants[0].System.Dependencies[0].Policy.Breaker.WindowSize != 10 {
					t.Errorf("seed %d, %s: forked with another window after failures were judged", seed, names[k])
				}
			}
		}
		tk, _ := checkForksBy(t, base, 0, seed, 19*time.Second, cells, names, fingerprintPolicies)
		if tk == 0 {
			t.Errorf("seed %d: no fork taken", seed)
		}
	}
	t.Logf("forks taken by failure rate %v", byRate)
	if byRate[0] != 0 || byRate[5] == 0 {
		t.Errorf("forks by failure rate %v: want none at 20 %% (below the worst judged window) and some at 100 %%", byRate)
	}
}

// Before breaker-timeline's failures (one call a second, all well until
// 20 s), its breaker's window and open time fork: from a window of 40,
// which the 20 calls so far never filled, to any window (each would hold
// every call so far, or its last few); from a window of 4, which they
// filled, only to smaller ones (a larger one would have held more calls,
// and the samples of the window's calls would say so). Once the breaker
// has opened they are refused.
func TestForkBreakerWindowGivesWhatNewGives(t *testing.T) {
	var cells []*engine.Scenario
	var names []string
	for _, window := range []int{2, 4, 9, 19, 20, 21, 40} {
		for _, open := range []time.Duration{time.Second, 30 * time.Second} {
			cells = append(cells, timelineWith(window, open, 0.5, 0))
			names = append(names, fmt.Sprintf("window %d open %v", window, open))
		}
	}
	for _, c := range []struct {
		base *engine.Scenario
		at   time.Duration
		take int // forks taken: the cells' first take of them
	}{
		{timelineWith(40, 30*time.Second, 0.5, 0), 20*time.Second - 1, len(cells)},
		{timelineWith(4, time.Second, 0.5, 0), 20*time.Second - 1, 4},
		// Half of the window's 40 calls have failed at 40 s: it opened.
		{timelineWith(40, 30*time.Second, 0.5, 0), 45 * time.Second, 0},
	} {
		tk, _ := checkForksBy(t, c.base, 0, 1, c.at, cells, names, fingerprintPolicies)
		own := 0
		if c.take == 0 {
			own = 1 // the base's own scenario is among the cells
		}
		if tk != c.take+own {
			t.Errorf("window %d at %v: forks taken %d of %d, want %d", c.base.Variants[0].System.Dependencies[0].Policy.Breaker.WindowSize, c.at, tk, len(cells), c.take+own)
		}
	}
}

// limiterWith is rate-limit-vs-bulkhead with the partner's period limiter
// (its second variant's) letting limit calls through every 100 ms, or,
// with burst above 0, a token bucket of 100 a second holding burst.
func limiterWith(limit, burst, catalog int) *engine.Scenario {
	sc := scenarios.RateLimitVsBulkhead()
	for v := range sc.Variants {
		sys := &sc.Variants[v].System
		for i := range sys.Services {
			if sys.Services[i].Name == "catalog" {
				sys.Services[i].Workers = catalog
			}
		}
		for i := range sys.Dependencies {
			p := sys.Dependencies[i].Policy.RateLimiter
			if p == nil {
				continue
			}
			p.Period.LimitForPeriod = limit
			if burst > 0 {
				p.Kind, p.Bucket = engine.TokenBucketLimiter, ratelimit.BucketConfig{Rate: 100, Per: time.Second, Burst: burst}
			}
		}
	}
	return sc
}

// A rate limiter's limit forks while every call got its permit at once and
// no cycle took more permits than the new limit: at the partner's usual 50
// calls a second (some 5 every 100 ms) a limit of 100 forks to 20 and 60,
// not to 5, which some cycle passed; after the burst at 10 s the limit has
// refused calls, and nothing forks. The same for a token bucket's burst.
func TestForkRateLimiterGivesWhatNewGives(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	for _, kind := range []struct {
		name string
		base *engine.Scenario
		cell func(k, catalog int) *engine.Scenario
		ks   []int
	}{
		{"period", limiterWith(100, 0, 40), func(k, c int) *engine.Scenario { return limiterWith(k, 0, c) }, []int{2, 5, 20, 60, 100}},
		{"bucket", limiterWith(10, 100, 40), func(k, c int) *engine.Scenario { return limiterWith(10, k, c) }, []int{1, 5, 20, 60, 100}},
	} {
		var cells []*engine.Scenario
		var names []string
		for _, k := range kind.ks {
			for _, catalog := range []int{20, 40} {
				cells = append(cells, kind.cell(k, catalog))
				names = append(names, fmt.Sprintf("%s %d catalog workers %d", kind.name, k, catalog))
			}
		}
		at := engine.ForkAt(kind.base, 1)
		if at != 10*time.Second-1 {
			t.Fatalf("ForkAt(rate-limit-vs-bulkhead) = %v, want just before the burst at 10 s", at)
		}
		tk, rf := checkForksBy(t, kind.base, 1, 5, at, cells, names, fingerprintPolicies)
		if tk == 0 || rf == 0 {
			t.Errorf("%s before the burst: forks taken %d, refused %d: want some of each", kind.name, tk, rf)
		}
		// The smallest limit is refused: some cycle took more.
		prefix, _ := engine.New(kind.base, 1, 5)
		prefix.AdvanceTo(at)
		var dst engine.Run
		if prefix.ForkInto(&dst, cells[0], 1) {
			t.Errorf("%s: forked to %s", kind.name, names[0])
		}
		if tk, _ := checkForksBy(t, kind.base, 1, 5, 15*time.Second, cells[:len(cells)-2], names, fingerprintPolicies); tk != 0 {
			t.Errorf("%s after the burst: %d forks taken to other limits", kind.name, tk)
		}
	}
}

// The comparisons above can fail: a fork ForkInto refuses, taken anyway
// (ForkUnchecked), differs from the cell's own run, for a breaker that
// opened (another open time), a failure rate below the worst judged
// window, and a limit below the most a cycle took.
func TestForkPoliciesWrongForkIsSeen(t *testing.T) {
	for _, c := range []struct {
		name       string
		base, cell *engine.Scenario
		v          int
		at         time.Duration
	}{
		{"open time of an opened breaker", cascadeBreaker(0.5, 5*time.Second, 20), cascadeBreaker(0.5, time.Second, 20), 2, 17 * time.Second},
		{"a failure rate the failures reached", timelineWith(10, 15*time.Second, 0.6, 0.25), timelineWith(10, 15*time.Second, 0.2, 0.25), 0, 19 * time.Second},
		{"a window after failures", timelineWith(10, 15*time.Second, 0.6, 0.25), timelineWith(12, 15*time.Second, 0.6, 0.25), 0, 19 * time.Second},
		{"a limit a cycle passed", limiterWith(100, 0, 40), limiterWith(2, 0, 40), 1, 10*time.Second - 1},
		{"a burst the bucket passed", limiterWith(10, 100, 40), limiterWith(10, 1, 40), 1, 10*time.Second - 1},
	} {
		prefix, err := engine.New(c.base, c.v, 1)
		if err != nil {
			t.Fatal(err)
		}
		prefix.AdvanceTo(c.at)
		checkWrongForkRefused(t, c.name, prefix, c.cell, c.v, 1, fingerprintPolicies)
	}
}

// goServerBreaker is go-server's first variant (no timeout: the process is
// killed at its memory limit once the provider hangs at 20 s) with a
// breaker on orders' database, which fails every call from 20 s to 25 s.
func goServerBreaker(open time.Duration) *engine.Scenario {
	sc := scenarios.GoServer()
	for i := range sc.Variants[0].System.Dependencies {
		d := &sc.Variants[0].System.Dependencies[i]
		if d.Name == "orders-db" {
			d.Policy.Breaker = &breaker.Config{WindowSize: 10, FailureRate: 0.5, OpenFor: open, HalfOpenTrials: 1}
			d.Faults = []engine.Fault{{Kind: engine.Error, From: 20 * time.Second, To: 25 * time.Second, Probability: 1}}
		}
	}
	return sc
}

// A tasks server killed at its memory limit comes back with new breakers,
// whose evidence starts at the restart: a breaker that opened before the
// kill looks, after it, as if it never had. A fork to another open time is
// then refused, and, taken anyway, differs from the cell's own run.
func TestForkBreakerAfterARestart(t *testing.T) {
	base, cell := goServerBreaker(time.Second), goServerBreaker(10*time.Second)
	at := 45 * time.Second
	prefix, err := engine.New(base, 0, 5)
	if err != nil {
		t.Fatal(err)
	}
	prefix.AdvanceTo(at)
	s := prefix.Snapshot()
	if s.Tasks == nil || s.Tasks.Kills == 0 || len(s.Transitions) == 0 {
		t.Fatalf("by %v the process was not killed, or the breaker never opened: the test shows nothing", at)
	}
	checkWrongForkRefused(t, "a fork across a restart, with another open time", prefix, cell, 0, 5, fingerprintPolicies)
}

// ForkRoom ranks first, of cells that differ in one knob, the one that
// leaves the most room: the larger breaker window and failure rate, the
// larger limit or burst, the longer timeout on a service's edge.
func TestForkRoomPrefersTheRoomiest(t *testing.T) {
	room := func(sc *engine.Scenario, v int) int64 { return engine.ForkRoom(&sc.Variants[v].System) }
	for _, c := range []struct {
		name          string
		v             int
		roomy, narrow *engine.Scenario
	}{
		{"breaker window", 0, timelineWith(40, time.Second, 0.5, 0), timelineWith(4, time.Second, 0.5, 0)},
		{"failure rate", 2, cascadeBreaker(0.9, time.Second, 20), cascadeBreaker(0.1, time.Second, 20)},
		{"period limit", 1, limiterWith(100, 0, 20), limiterWith(5, 0, 20)},
		{"bucket burst", 1, limiterWith(10, 100, 20), limiterWith(10, 5, 20)},
		{"edge timeout", 1, multiHopTimeouts(time.Second, 2*time.Second), multiHopTimeouts(time.Second, 100*time.Millisecond)},
	} {
		if a, b := room(c.roomy, c.v), room(c.narrow, c.v); a <= b {
			t.Errorf("%s: room %d for the larger, %d for the smaller", c.name, a, b)
		}
	}
}

// fleetBreaker is fleet-probes with the api instances' breaker on the
// provider given an open time and a window, and, with storeOpen above 0,
// a breaker of that open time on the provider's calls to its store, which
// fails every call from 10 s to 15 s (before the provider restarts at
// 20 s).
func fleetBreaker(open time.Duration, window int, storeOpen time.Duration) *engine.Scenario {
	sc := scenarios.FleetProbes()
	sc.Duration, sc.MeasureTo = 35*time.Second, 35*time.Second // short: its end is not the point
	for v := range sc.Variants {
		for i := range sc.Variants[v].System.Services {
			s := &sc.Variants[v].System.Services[i]
			for j := range s.Dependencies {
				d := &s.Dependencies[j]
				switch {
				case d.Policy.Breaker != nil:
					b := *d.Policy.Breaker
					b.OpenFor, b.WindowSize = open, window
					d.Policy.Breaker = &b
				case storeOpen > 0 && d.Name == "store":
					d.Policy.Breaker = &breaker.Config{WindowSize: 10, FailureRate: 0.5, OpenFor: storeOpen, HalfOpenTrials: 1}
					d.Faults = append([]engine.Fault{{Kind: engine.Error, From: 10 * time.Second, To: 15 * time.Second, Probability: 1}}, d.Faults...)
				}
			}
		}
	}
	return sc
}

// The breakers on a service's edges fork as the front's do, instance by
// instance: before the provider restarts, the twenty api instances'
// breakers have seen nothing fail, and every open time and window forks;
// once they have opened, none does.
func TestForkServiceBreakersGiveWhatNewGives(t *testing.T) {
	base := fleetBreaker(5*time.Second, 20, 0)
	var cells []*engine.Scenario
	var names []string
	for _, c := range []struct {
		open   time.Duration
		window int
	}{{2 * time.Second, 5}, {5 * time.Second, 10}, {30 * time.Second, 20}} {
		cells = append(cells, fleetBreaker(c.open, c.window, 0))
		names = append(names, fmt.Sprintf("open %v window %d", c.open, c.window))
	}
	at := engine.ForkAt(base, 1)
	if at != 20*time.Second-1 {
		t.Fatalf("ForkAt(fleet-probes) = %v, want just before the provider restarts at 20 s", at)
	}
	if tk, _ := checkForksBy(t, base, 1, 5, at, cells, names, fingerprintPolicies); tk != len(cells) {
		t.Errorf("before the restart: forks taken %d of %d", tk, len(cells))
	}
	if tk, _ := checkForksBy(t, base, 1, 5, 30*time.Second, cells, names, fingerprintPolicies); tk != 0 {
		t.Errorf("after the restart: forks taken %d, want none", tk)
	}
}

// A restarted instance's edges have new breakers, whose evidence starts at
// the restart: the provider's breaker on its store opened at 10 s, and
// after the restart at 20 s looks as if it never had. A fork to another
// open time is refused, and, taken anyway, differs from the cell's own
// run.
func TestForkServiceBreakerAfterARestart(t *testing.T) {
	base, cell := fleetBreaker(5*time.Second, 10, 5*time.Second), fleetBreaker(5*time.Second, 10, 8*time.Second)
	for _, c := range []struct{ at time.Duration }{{19 * time.Second}, {29 * time.Second}} {
		prefix, _ := engine.New(base, 0, 5)
		prefix.AdvanceTo(c.at)
		checkWrongForkRefused(t, fmt.Sprint("at ", c.at), prefix, cell, 0, 5, fingerprintPolicies)
	}
}
