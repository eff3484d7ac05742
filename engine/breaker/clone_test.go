package breaker

import (
	"math/rand/v2"
	"testing"
	"time"
)

// TestCloneIntoGoesOnAlike drives a breaker partway, clones it, and checks
// that the clone and the original answer the same calls the same way
// afterwards, and that the clone's window is its own (recording into one
// does not change the other).
func TestCloneIntoGoesOnAlike(t *testing.T) {
	for _, cfg := range []Config{
		{WindowSize: 10, FailureRate: 0.5, OpenFor: time.Second, HalfOpenTrials: 2, OpenJitter: 0.3},
		{Window: TimeWindow, WindowSpan: 5 * time.Second, MinimumCalls: 5, FailureRate: 0.5, OpenFor: time.Second, HalfOpenTrials: 2},
	} {
		srcA, srcB := rand.NewPCG(1, 2), rand.NewPCG(0, 0)
		var logA, logB []Transition
		a, err := NewWithOptions(cfg, Options{Rand: rand.New(srcA).Float64, OnTransition: func(tr Transition) { logA = append(logA, tr) }})
		if err != nil {
			t.Fatal(err)
		}
		draw := rand.New(rand.NewPCG(7, 7))
		step := func(b *Breaker, now time.Duration, fail bool) string {
			p, err := b.Allow(now)
			if err != nil {
				return "refused"
			}
			res := Success
			if fail {
				res = Failure
			}
			b.Record(now+10*time.Millisecond, p, res)
			return b.State().String()
		}
		now := time.Duration(0)
		for range 200 {
			now += time.Duration(draw.IntN(100)) * time.Millisecond
			step(a, now, draw.IntN(3) == 0)
		}
		var b Breaker
		*srcB = *srcA
		a.CloneInto(&b, Options{Rand: rand.New(srcB).Float64, OnTransition: func(tr Transition) { logB = append(logB, tr) }})
		logA = logA[:0]
		for i := range 400 {
			now += time.Duration(draw.IntN(100)) * time.Millisecond
			fail := draw.IntN(2) == 0
			if ga, gb := step(a, now, fail), step(&b, now, fail); ga != gb {
				t.Fatalf("call %d: original %s, clone %s", i, ga, gb)
			}
		}
		if len(logA) == 0 || len(logA) != len(logB) {
			t.Fatalf("transitions after the clone: original %d, clone %d", len(logA), len(logB))
		}
		for i := range logA {
			if logA[i] != logB[i] {
				t.Fatalf("transition %d: original %+v, clone %+v", i, logA[i], logB[i])
			}
		}
	}
}
