package engine_test

import (
	"encoding/binary"
	"fmt"
	"hash"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// The fingerprint test pins the engine's results: a few hundred seeded runs
// (the built-in scenarios on several seeds, and random scenarios that use
// every policy), each stepped in uneven steps, with a hash of every snapshot
// taken on the way. The recorded values come from the engine before its hot
// path was rewritten for speed; a change to how the engine computes must
// leave them as they are. A change that means to alter results (a new rule,
// a fixed bug) records new values and says why in its commit.
//
// The hash covers the snapshot's fields one by one (fingerprintSnapshot),
// not its encoding, so fields added later do not move it. The values were
// recorded again (on 2026-12-06) when the hash became stateHash (words mixed
// whole) where it was FNV-1a byte by byte, half of these tests' CPU: that
// commit changed no engine file, and the FNV values held at its parent.

var recordedFingerprints = map[string]string{
	"cascade":  "f3f612d76af8f9c9",
	"checkout": "9ca7d662fa8e7d1d",
	"random-0": "b85f32bca10f5d91",
	"random-1": "12d956d921dcc485",
	"random-2": "f301e589508727b2",
	"random-3": "adc05a777e13db8d",
	"random-4": "587db0f8178d0fac",
	"random-5": "b73652884fcda4e0",
	"random-6": "cf01eb69cea5d680",
	"random-7": "e1c08025563486fc",
	"timeline": "c47a1771c23d219e", // the variant name writes 50%, not 50 % (the results are those of dc50618c890e4576)
}

func TestFingerprints(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	t.Run("new", func(t *testing.T) { checkFingerprints(t, fingerprints(t, false)) })
	// Runs that replay shared traffic (engine.NewShared) give the same.
	t.Run("shared", func(t *testing.T) { checkFingerprints(t, fingerprints(t, true)) })
}

func checkFingerprints(t *testing.T, got map[string]string) {
	if len(recordedFingerprints) == 0 {
		for _, k := range sortedKeys(got) {
			t.Logf("%q: %q,", k, got[k])
		}
		t.Fatal("no recorded fingerprints")
	}
	for _, k := range sortedKeys(got) {
		if want, ok := recordedFingerprints[k]; !ok {
			t.Errorf("%s: no recorded fingerprint (got %s)", k, got[k])
		} else if got[k] != want {
			t.Errorf("%s: fingerprint %s, recorded %s: the engine's results changed", k, got[k], want)
		}
	}
	for k := range recordedFingerprints {
		if _, ok := got[k]; !ok {
			t.Errorf("%s: recorded but not run", k)
		}
	}
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// fingerprints runs every case and returns one hash per group of runs.
func fingerprints(t *testing.T, shared bool) map[string]string {
	out := map[string]string{}
	for _, b := range []struct {
		name  string
		build func() *engine.Scenario
	}{{"cascade", scenarios.Cascade}, {"timeline", scenarios.BreakerTimeline}, {"checkout", scenarios.Checkout}} {
		sc := b.build()
		h := newStateHash()
		for seed := range uint64(12) {
			tr := traffic(t, sc, seed, shared)
			for v := range sc.Variants {
				fingerprintRun(t, h, sc, v, seed, seed*7919+uint64(v), tr)
			}
		}
		out[b.name] = fmt.Sprintf("%016x", h.Sum64())
	}
	// Random scenarios, in groups of 25 so a difference is easier to place.
	for g := range 8 {
		h := newStateHash()
		for i := range 25 {
			n := uint64(g*25 + i)
			sc := randomScenario(rand.New(rand.NewPCG(n, 0xf1)))
			if err := sc.Validate(); err != nil {
				t.Fatalf("random scenario %d is not valid: %v", n, err)
			}
			tr := traffic(t, sc, n*31+1, shared)
			for v := range sc.Variants {
				fingerprintRun(t, h, sc, v, n*31+1, n, tr)
			}
		}
		out[fmt.Sprintf("random-%d", g)] = fmt.Sprintf("%016x", h.Sum64())
	}
	return out
}

// traffic draws the scenario's traffic for seed when shared, or gives nil.
func traffic(t *testing.T, sc *engine.Scenario, seed uint64, shared bool) *engine.Traffic {
	if !shared {
		return nil
	}
	tr, err := engine.NewTraffic(sc, seed)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// fingerprintRun steps one run to its end in uneven steps drawn from
// stepSeed, hashing the snapshot after every step. With tr, the run replays
// it.
func fingerprintRun(t *testing.T, h hash.Hash64, sc *engine.Scenario, v int, seed, stepSeed uint64, tr *engine.Traffic) {
	r, err := engine.New(sc, v, seed)
	if tr != nil {
		r, err = engine.NewShared(sc, v, tr)
	}
	if err != nil {
		t.Fatal(err)
	}
	steps := rand.New(rand.NewPCG(stepSeed, 0x57e9))
	for !r.Done() && r.Now() < r.End() {
		r.Advance(time.Duration(steps.Int64N(int64(4*time.Second))) + time.Millisecond)
		s := r.Snapshot()
		fingerprintSnapshot(h, &s)
	}
	r.Run()
	s := r.Snapshot()
	fingerprintSnapshot(h, &s)
}

// hasher writes a snapshot's fields to h one word at a time.
type hasher struct {
	h    hash.Hash64
	fast *stateHash // h, when it is one: its words skip the byte slice
	buf  [8]byte
}

// newHasher is a hasher writing to h.
func newHasher(h hash.Hash64) *hasher {
	fast, _ := h.(*stateHash)
	return &hasher{h: h, fast: fast}
}

func (w *hasher) u(v uint64) {
	if w.fast != nil {
		w.fast.word(v)
		return
	}
	binary.LittleEndian.PutUint64(w.buf[:], v)
	w.h.Write(w.buf[:])
}
func (w *hasher) i(v int64)         { w.u(uint64(v)) }
func (w *hasher) d(v time.Duration) { w.u(uint64(v)) }
func (w *hasher) s(v string)        { w.u(uint64(len(v))); w.h.Write([]byte(v)) }
func (w *hasher) counts(c engine.Counts) {
	for _, n := range c {
		w.u(n)
	}
}
func (w *hasher) b(v bool) {
	if v {
		w.u(1)
	} else {
		w.u(0)
	}
}

// fingerprintSnapshot hashes the fields the engine computes.
func fingerprintSnapshot(h hash.Hash64, s *engine.Snapshot) {
	w := newHasher(h)
	w.s(s.Scenario)
	w.s(s.Variant)
	w.d(s.Now)
	w.b(s.Done)
	w.i(int64(s.Busy))
	w.i(int64(s.Queued))
	w.u(uint64(len(s.WorkerOwner)))
	for _, o := range s.WorkerOwner {
		w.i(int64(o))
	}
	w.u(uint64(len(s.Transitions)))
	for _, tr := range s.Transitions {
		w.s(tr.Dependency)
		w.d(tr.At)
		w.u(uint64(tr.From))
		w.u(uint64(tr.To))
		w.u(uint64(tr.Cause))
		w.i(int64(tr.Failures))
		w.i(int64(tr.Calls))
		w.d(tr.Wait)
	}
	for _, e := range s.Endpoints {
		w.s(e.Name)
		w.i(int64(e.Busy))
		w.u(e.Arrived)
		w.u(e.WindowArrived)
		w.u(e.GaveUp)
		w.counts(e.Total)
		w.counts(e.Window)
		w.d(e.P50)
		w.d(e.P95)
		w.d(e.P99)
		w.u(uint64(len(e.Series)))
		for _, x := range e.Series {
			w.u(uint64(x.Arrivals))
			for _, n := range x.Outcomes {
				w.u(uint64(n))
			}
			w.i(int64(x.Busy))
		}
		w.u(uint64(len(e.Latencies)))
		for _, l := range e.Latencies {
			w.u(uint64(l))
		}
	}
	for _, d := range s.Dependencies {
		w.s(d.Name)
		for _, n := range []int{d.InFlight, d.InFlightMax, d.Abandoned, d.Bulkhead, d.BulkheadWaiting, d.BudgetTokens} {
			w.i(int64(n))
		}
		for _, n := range []uint64{d.Calls, d.BulkheadFull, d.ShortCircuited, d.Retries, d.RetriesDenied, d.FellBack, d.QueuedForLater} {
			w.u(n)
		}
		w.d(d.RetryAfter)
		w.b(d.Fault != nil)
		if d.Fault != nil {
			w.u(uint64(d.Fault.Kind))
			w.d(d.Fault.From)
		}
		w.b(d.Breaker != nil)
		if b := d.Breaker; b != nil {
			w.u(uint64(b.State))
			w.u(uint64(len(b.Window)))
			for _, x := range b.Window {
				w.u(uint64(x))
			}
			w.u(uint64(len(b.Buckets)))
			for _, x := range b.Buckets {
				w.d(x.Start)
				w.i(int64(x.Calls))
				w.i(int64(x.Failures))
				w.i(int64(x.Slow))
			}
			for _, n := range []int{b.Calls, b.Failures, b.Slow, b.Consecutive, b.TrialsSent, b.TrialsPassed} {
				w.i(int64(n))
			}
			w.d(b.OpenRemaining)
		}
		w.u(uint64(len(d.Series)))
		for _, x := range d.Series {
			for _, n := range []int32{x.InFlight, x.Abandoned, x.Bulkhead, x.Calls, x.Failures, x.Slow, x.Consecutive} {
				w.i(int64(n))
			}
			w.i(int64(x.Breaker))
		}
	}
}

// randomScenario draws a scenario that uses every policy, from rng alone,
// so the same rng seed always gives the same scenario. Rates are kept high
// enough that queues, bulkheads and breakers are exercised.
func randomScenario(rng *rand.Rand) *engine.Scenario {
	ms := func(lo, hi int) time.Duration { return time.Duration(lo+rng.IntN(hi-lo+1)) * time.Millisecond }
	coin := func() bool { return rng.IntN(2) == 0 }
	workers := 1 + rng.IntN(60)
	duration := time.Duration(2+rng.IntN(18)) * time.Second
	nDeps := rng.IntN(4)
	var deps []engine.Dependency
	for i := range nDeps {
		d := engine.Dependency{Name: fmt.Sprintf("dep%d", i)}
		switch rng.IntN(3) {
		case 0:
			d.Latency = engine.Latency{Kind: engine.Exponential, Mean: ms(1, 400)}
		case 1:
			d.Latency = engine.Latency{Kind: engine.Constant, Value: ms(0, 400)}
		default:
			p50 := ms(1, 200)
			d.Latency = engine.Latency{Kind: engine.LogNormal, P50: p50, P99: p50 + ms(1, 2000)}
		}
		at := time.Duration(0)
		for range rng.IntN(4) {
			from := at + ms(0, 3000)
			to := from + ms(1, 5000)
			if to >= duration {
				break
			}
			f := engine.Fault{From: from, To: to}
			switch rng.IntN(3) {
			case 0:
				f.Kind = engine.Hang
			case 1:
				f.Kind, f.Latency = engine.Slow, ms(1, 8000)
			default:
				f.Kind, f.Probability = engine.Error, rng.Float64()
			}
			d.Faults = append(d.Faults, f)
			at = to
		}
		if rng.IntN(4) == 0 {
			d.Faults = append(d.Faults, engine.Fault{Kind: engine.Hang, From: at})
		}
		p := &d.Policy
		if rng.IntN(4) != 0 {
			p.Timeout = ms(1, 3000)
		}
		plain := rng.IntN(3) == 0 // a timeout alone: the fast path
		if !plain {
			if coin() {
				p.Bulkhead = rng.IntN(workers + 1)
			}
			if coin() {
				p.BulkheadKind = engine.ThreadPoolBulkhead
				p.BulkheadQueue = rng.IntN(11)
			} else {
				p.BulkheadWait = ms(0, 2000)
			}
			if rng.IntN(3) == 0 {
				p.Deadline = ms(1, 5000)
			}
			if coin() {
				p.Retry = &engine.RetryPolicy{
					Attempts:          1 + rng.IntN(5),
					Backoff:           retry.Backoff{Base: 10 * time.Millisecond, Max: ms(10, 2000)},
					RetryBulkheadFull: coin(),
					WaitForBreaker:    coin(),
					Budget:            engine.BudgetKind(rng.IntN(3)),
				}
			}
			if coin() {
				order := append([]engine.Layer(nil), engine.DefaultOrder...)
				rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
				p.Order = order
			}
			if coin() {
				window := 1 + rng.IntN(20)
				b := &breaker.Config{
					WindowSize:     window,
					MinimumCalls:   rng.IntN(window + 1),
					FailureRate:    0.01 + 0.99*rng.Float64(),
					OpenFor:        ms(1, 5000),
					HalfOpenTrials: 1 + rng.IntN(5),
				}
				if coin() {
					b.Window = breaker.TimeWindow
					b.WindowSpan = time.Duration(1+rng.IntN(10)) * time.Second
				}
				if coin() {
					b.SlowCallDuration = ms(1, 1000)
					b.SlowCallRate = 0.01 + 0.99*rng.Float64()
				}
				b.MaxConsecutiveFailures = rng.IntN(6)
				b.JudgeOnFailure = coin()
				if coin() {
					b.OpenJitter = 0.5 * rng.Float64()
				}
				if coin() {
					b.OpenBackoff = 1 + 2*rng.Float64()
					b.OpenMax = b.OpenFor * 10
				}
				b.HalfOpenRule = breaker.HalfOpenRule(rng.IntN(2))
				if coin() {
					b.HalfOpenMax = ms(1, 3000)
				}
				if b.Validate() == nil {
					p.Breaker = b
					p.Fallback = engine.FallbackKind(rng.IntN(5))
				}
			}
		}
		deps = append(deps, d)
	}
	var eps []engine.Endpoint
	for i := range 1 + rng.IntN(3) {
		e := engine.Endpoint{Name: fmt.Sprintf("ep%d", i)}
		if rng.IntN(5) == 0 {
			e.Interval = ms(1, 1000)
		} else {
			e.Rate = 400 * rng.Float64()
		}
		if rng.IntN(3) == 0 {
			e.Patience = ms(1, 5000)
		}
		if nDeps > 0 && rng.IntN(5) != 0 {
			e.Calls = deps[rng.IntN(nDeps)].Name
		}
		eps = append(eps, e)
	}
	from := time.Duration(rng.Int64N(int64(duration)))
	queue := rng.IntN(22) - 1
	sys := engine.System{Workers: workers, Queue: queue, Endpoints: eps, Dependencies: deps}
	// A second variant with a smaller pool, on the same traffic.
	small := sys
	small.Workers = max(1, workers/3)
	small.Dependencies = append([]engine.Dependency(nil), deps...)
	for i := range small.Dependencies {
		small.Dependencies[i].Policy.Bulkhead = min(small.Dependencies[i].Policy.Bulkhead, small.Workers)
	}
	if nDeps > 0 && rng.IntN(3) == 0 {
		// A variant whose dependency is faster draws other latencies: its
		// endpoints cannot replay the first variant's traffic.
		small.Dependencies[0].Latency = engine.Latency{Kind: engine.Exponential, Mean: ms(1, 50)}
	}
	return &engine.Scenario{
		Name: "random", Duration: duration, MeasureFrom: from, MeasureTo: duration,
		Variants: []engine.Variant{{Name: "v", System: sys}, {Name: "small", System: small}},
	}
}

// stateHash is the hash of the fingerprints and of the tests that compare
// two runs with each other (a fork with a new run, a reused Run with a new
// one, two ways of timing one wait): it mixes in a word with one multiply
// and a shift, where FNV-1a takes eight multiplies, one per byte, in a
// chain. Hashing the snapshot at every step with FNV-1a was four fifths of
// those tests' time (TestForkWithDeferredTimeoutsIsExact and
// TestDeferredTimeoutsKeepTheOrder, 9 s of the package's 34), and half of
// the fingerprints'.
type stateHash struct{ h uint64 }

func newStateHash() *stateHash { return &stateHash{h: 0xcbf29ce484222325} }

// word mixes v in: each step is a bijection of the state for a given v,
// so two sequences that differ in a word hash alike only by chance.
func (s *stateHash) word(v uint64) {
	h := (s.h ^ v) * 0x9e3779b97f4a7c15
	s.h = h ^ h>>29
}

// Write mixes p in eight bytes at a time, its last bytes with their count.
func (s *stateHash) Write(p []byte) (int, error) {
	n := len(p)
	for ; len(p) >= 8; p = p[8:] {
		s.word(binary.LittleEndian.Uint64(p))
	}
	if len(p) > 0 {
		var last [8]byte
		copy(last[:], p)
		s.word(binary.LittleEndian.Uint64(last[:]) ^ uint64(len(p))<<59)
	}
	return n, nil
}

func (s *stateHash) Sum(b []byte) []byte { return binary.BigEndian.AppendUint64(b, s.h) }
func (s *stateHash) Reset()              { s.h = newStateHash().h }
func (s *stateHash) Size() int           { return 8 }
func (s *stateHash) BlockSize() int      { return 8 }
func (s *stateHash) Sum64() uint64       { return s.h }

// A stateHash of words tells apart any two sequences that differ in one
// word, whichever word and however little, and strings that differ only
// in their last bytes or their length.
func TestStateHashSeesEveryWord(t *testing.T) {
	words := make([]uint64, 64)
	for i := range words {
		words[i] = uint64(i) * 0x1000193
	}
	sum := func(ws []uint64) uint64 {
		h := newStateHash()
		w := newHasher(h)
		for _, v := range ws {
			w.u(v)
		}
		return h.Sum64()
	}
	base := sum(words)
	for i := range words {
		for _, flip := range []uint64{1, 1 << 63, 0xff00} {
			words[i] ^= flip
			if sum(words) == base {
				t.Errorf("word %d changed by %#x: the same hash", i, flip)
			}
			words[i] ^= flip
		}
	}
	seen := map[uint64]string{}
	for _, s := range []string{"", "a", "a\x00", "ab", "abcdefgh", "abcdefgh\x00", "abcdefghi"} {
		h := newStateHash()
		h.Write([]byte(s))
		if other, ok := seen[h.Sum64()]; ok {
			t.Errorf("%q and %q hash alike", s, other)
		}
		seen[h.Sum64()] = s
	}
}
