package engine_test

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/deepequal"
)

// varyKnobs changes one or two knobs of sc's first variant, drawn from
// rng among those a fork may carry (workers, the queue, an endpoint's
// patience, a dependency's faults, timeouts, bulkhead sizes, waits and
// queues, breaker settings, retry attempts): what a sweep's cells differ
// in.
func varyKnobs(rng *rand.Rand, sc *engine.Scenario) string {
	sys := &sc.Variants[0].System
	ms := func(lo, hi int) time.Duration { return time.Duration(lo+rng.IntN(hi-lo+1)) * time.Millisecond }
	what := ""
	for range 1 + rng.IntN(2) {
		if len(sys.Dependencies) == 0 || rng.IntN(5) == 0 {
			sys.Workers = 1 + rng.IntN(2*sys.Workers)
			what += " workers"
			continue
		}
		if rng.IntN(6) == 0 {
			sys.Queue = rng.IntN(2*sys.Queue+3) - 1 // -1 (unbounded) to twice the bound
			what += " queue"
			continue
		}
		if e := &sys.Endpoints[rng.IntN(len(sys.Endpoints))]; e.Patience > 0 && rng.IntN(5) == 0 {
			e.Patience = ms(1, 5000)
			what += " patience"
			continue
		}
		if d := &sys.Dependencies[rng.IntN(len(sys.Dependencies))]; len(d.Faults) > 0 && rng.IntN(4) == 0 {
			what += " fault" + varyFault(rng, d, sc.Duration)
			continue
		}
		p := &sys.Dependencies[rng.IntN(len(sys.Dependencies))].Policy
		switch k := rng.IntN(6); {
		case k == 0 && p.Timeout > 0:
			p.Timeout = ms(1, 4000)
			what += " timeout"
		case k == 1 && p.Bulkhead > 0 && rng.IntN(3) == 0:
			p.BulkheadWait = ms(0, 500)
			if p.BulkheadKind == engine.ThreadPoolBulkhead {
				p.BulkheadQueue = rng.IntN(20)
			}
			what += " bulkhead wait"
		case k == 1 && p.Bulkhead > 0:
			p.Bulkhead = 1 + rng.IntN(sys.Workers)
			what += " bulkhead"
		case k == 2 && p.Retry != nil && p.Retry.Attempts > 1:
			p.Retry = &engine.RetryPolicy{Attempts: 2 + rng.IntN(4), Backoff: p.Retry.Backoff, RetryBulkheadFull: p.Retry.RetryBulkheadFull,
				WaitForBreaker: p.Retry.WaitForBreaker, Budget: p.Retry.Budget}
			what += " retry attempts"
		case k >= 3 && p.Breaker != nil:
			b := *p.Breaker
			switch rng.IntN(5) {
			case 0:
				b.FailureRate = 0.01 + 0.99*rng.Float64()
			case 1:
				b.OpenFor = ms(1, 5000)
			case 2:
				if b.Window == 0 {
					b.WindowSize = 1 + rng.IntN(30)
					b.MinimumCalls = min(b.MinimumCalls, b.WindowSize)
				}
			case 3:
				b.MaxConsecutiveFailures = rng.IntN(6)
			case 4:
				b.HalfOpenTrials = 1 + rng.IntN(5)
			}
			p.Breaker = &b
			what += " breaker"
		}
	}
	return what
}

// varyFault changes one of d's faults, drawn from rng: when it starts or
// ends, how slow it makes the dependency, its share of errors, or its
// kind; it says which.
func varyFault(rng *rand.Rand, d *engine.Dependency, duration time.Duration) string {
	faults := slices.Clone(d.Faults) // the scenario's variants may share the array
	f := &faults[rng.IntN(len(faults))]
	d.Faults = faults
	switch rng.IntN(5) {
	case 0:
		length := f.To - f.From
		f.From = time.Duration(rng.Int64N(int64(duration)))
		if f.To != 0 {
			f.To = f.From + length
		}
		return " start"
	case 1:
		if f.To != 0 {
			f.To = f.From + time.Duration(1+rng.Int64N(int64(duration)))
		}
		return " end"
	case 2:
		f.Latency = time.Duration(1+rng.IntN(5000)) * time.Millisecond
		return " latency"
	case 3:
		f.Probability = rng.Float64()
		return " errors"
	}
	f.Kind = engine.FaultKind(1 + rng.IntN(3))
	if f.Kind == engine.Slow && f.Latency == 0 {
		f.Latency = time.Second
	}
	return " kind"
}

// A fork ForkInto takes is exact whatever the scenario: across random
// scenarios using every policy (randomScenario: retries and their
// budgets, breakers, bulkheads, deadlines, layer orders, faults), random
// knob changes and random times, every fork taken goes on as a new run of
// its cell, snapshot for snapshot at random steps and at the end, and the
// run it was forked from, going on in step, as a new run of its own. Some
// forks are taken, mid-run and at the end, and some refused; CanFork
// answers as ForkInto does.
func TestPropertyForkIsExact(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	taken, refused, atEnd := checkRandomForks(t, 1500, forkSample, nil, varyKnobs)
	t.Logf("forks taken %d (%d at the end), refused %d", taken, atEnd, refused)
	if taken < 40 || refused < 40 || atEnd == 0 {
		t.Fatalf("forks taken %d (%d at the end), refused %d: want many of each", taken, atEnd, refused)
	}
}

// The same for an endpoint's patience alone, in scenarios where some
// endpoint has one: forks to a longer and a shorter patience are taken
// (before any client gave up, and for a shorter one while every wait was
// under it) and refused, and each taken goes on as a new run of its cell.
func TestPropertyForkPatienceIsExact(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	patient := func(sc *engine.Scenario) bool {
		for _, e := range sc.Variants[0].System.Endpoints {
			if e.Patience > 0 {
				return true
			}
		}
		return false
	}
	varyPatience := func(rng *rand.Rand, sc *engine.Scenario) string {
		eps := sc.Variants[0].System.Endpoints
		e := &eps[rng.IntN(len(eps))]
		if e.Patience <= 0 {
			return ""
		}
		if rng.IntN(2) == 0 {
			e.Patience += time.Duration(1+rng.IntN(3000)) * time.Millisecond
			return " patience longer"
		}
		e.Patience = time.Duration(1 + rng.Int64N(int64(e.Patience)))
		return " patience shorter"
	}
	taken, refused, atEnd := checkRandomForks(t, 1500, patienceSample, patient, varyPatience)
	t.Logf("forks taken %d (%d at the end), refused %d", taken, atEnd, refused)
	if taken < 40 || refused < 40 {
		t.Fatalf("forks taken %d (%d at the end), refused %d: want many of each", taken, atEnd, refused)
	}
}

// The same with every breaker of a scenario shared (engine's shared
// breakers): one breaker behind every dependency that has one, its
// settings the first's, in the run forked from and in the cell, whose
// changed knobs may be that breaker's (then the fork is refused).
func TestPropertyForkWithSharedBreakersIsExact(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	share := func(sc *engine.Scenario) bool {
		deps := sc.Variants[0].System.Dependencies
		var first *engine.Dependency
		n := 0
		for i := range deps {
			d := &deps[i]
			if d.Policy.Breaker == nil {
				continue
			}
			if first == nil {
				first = d
			}
			b := *first.Policy.Breaker
			d.Policy.Breaker, d.Policy.SharedBreaker = &b, "shared"
			n++
		}
		return n >= 2
	}
	taken, refused, _ := checkRandomForks(t, 10000, sharedBreakersSample, share, varyKnobs)
	t.Logf("forks taken %d, refused %d", taken, refused)
	if taken < 20 || refused < 20 {
		t.Fatalf("forks taken %d, refused %d: want many of each", taken, refused)
	}
}

// The cases of the three properties above that make test checks (make
// test-long checks all): the first 300 (1500 with shared breakers, where
// most scenarios have fewer than two breakers and are passed over), and
// after them each case that is the first to reach a block of the engine
// none before it reaches (found with go test -coverprofile, the test
// alone). With them each test covers the blocks its whole set of cases
// does, and takes and refuses as many forks as it asks for.
var (
	forkSample = caseSample{short: 300, rare: []int{321, 369, 379, 384, 417, 423, 437, 452, 460, 538, 554, 701,
		795, 823, 883, 907, 1063, 1165, 1350, 1487}}
	patienceSample = caseSample{short: 300, rare: []int{361, 362, 384, 400, 460, 597, 600, 744, 762, 883, 976,
		984, 987, 1022, 1063, 1086, 1487}}
	sharedBreakersSample = caseSample{short: 1500, rare: []int{1510, 1648, 1749, 1802, 1904, 2125, 2126, 2727, 2804,
		2885, 3520, 3722, 4470, 4769, 5134, 5159, 5307, 5416, 6352, 6409, 7152, 8149, 8770, 9394}}
)

// checkRandomForks forks those of n random scenarios (randomScenario)
// that sample runs into cells with a knob or two changed (vary:
// varyKnobs, say), at random moments or at the end, and checks that
// every fork ForkInto takes goes on as a new run of its cell, snapshot for snapshot at random steps and at the end, and the
// run it was forked from, going on in step, as a new run of its own; and
// that CanFork answers as ForkInto does. edit, if not nil, changes the
// scenario and the cell alike after they are drawn, and says whether the
// scenario is one to check.
func checkRandomForks(t *testing.T, n int, sample caseSample, edit func(*engine.Scenario) bool, vary func(*rand.Rand, *engine.Scenario) string) (taken, refused, atEnd int) {
	t.Helper()
	for i := range n {
		if !sample.runs(i) {
			continue
		}
		seed := uint64(i) + 1000
		base := randomScenario(rand.New(rand.NewPCG(seed, 28)))
		cell := randomScenario(rand.New(rand.NewPCG(seed, 28)))
		rng := rand.New(rand.NewPCG(seed, 29))
		what := vary(rng, cell)
		if edit != nil && (!edit(base) || !edit(cell)) {
			continue
		}
		if base.Validate() != nil || cell.Validate() != nil || what == "" {
			continue
		}
		at := time.Duration(rng.Int64N(int64(base.Duration)))
		end := rng.IntN(4) == 0
		prefix, err := engine.New(base, 0, seed)
		if err != nil {
			t.Fatal(err)
		}
		if end {
			prefix.Run()
		} else {
			prefix.AdvanceTo(at)
		}
		var dst engine.Run
		can := prefix.CanFork(cell, 0) // asked before: it must not change the run
		if !prefix.ForkInto(&dst, cell, 0) {
			if can {
				t.Fatalf("scenario %d, changed%s: CanFork says yes, ForkInto refuses", i, what)
			}
			refused++
			continue
		}
		if !can {
			t.Fatalf("scenario %d, changed%s: CanFork says no, ForkInto forks", i, what)
		}
		taken++
		if end {
			atEnd++
		}
		fresh, err := engine.New(cell, 0, seed)
		if err != nil {
			t.Fatal(err)
		}
		fresh.AdvanceTo(prefix.Now())
		steps := rand.New(rand.NewPCG(seed, 30))
		for k := 0; ; k++ {
			a, b := dst.Snapshot(), fresh.Snapshot()
			if !deepequal.Equal(a, b) {
				t.Fatalf("scenario %d, changed%s, forked at %v: the fork differs from a new run at %v", i, what, prefix.Now(), a.Now)
			}
			if dst.Done() || k > 40 {
				break
			}
			dt := time.Duration(steps.Int64N(int64(2*time.Second))) + time.Millisecond
			dst.Advance(dt)
			fresh.Advance(dt)
			prefix.Advance(dt) // in step, sharing nothing it writes with the fork
		}
		dst.Run()
		fresh.Run()
		if a, b := dst.Snapshot(), fresh.Snapshot(); !deepequal.Equal(a, b) {
			t.Fatalf("scenario %d, changed%s, forked at %v: the fork's end differs from a new run's", i, what, prefix.Now())
		}
		prefix.Run()
		again, _ := engine.New(base, 0, seed)
		again.Run()
		if a, b := prefix.Snapshot(), again.Snapshot(); !deepequal.Equal(a, b) {
			t.Fatalf("scenario %d, changed%s: the run forked from differs from a new run of its own", i, what)
		}
	}
	return taken, refused, atEnd
}
