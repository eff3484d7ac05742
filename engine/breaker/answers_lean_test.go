package breaker

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// leanConfig draws a configuration that is lean (setLean) about half the
// time: anyConfig's count windows without slow calls or an Interval, and
// the rest of anyConfig's mixes.
func leanConfig(t *rapid.T) Config {
	c := anyConfig(t)
	if rapid.Bool().Draw(t, "makeLean") {
		c.Window, c.WindowSpan, c.WindowBuckets, c.FloatingBuckets = CountWindow, 0, 0, false
		c.WindowSize = rapid.IntRange(1, 12).Draw(t, "leanWindow")
		c.MinimumCalls = rapid.IntRange(0, c.WindowSize).Draw(t, "leanMin")
		c.SlowCallDuration, c.SlowCallRate, c.Interval = 0, 0, 0
		if c.FailureRate == 0 {
			c.FailureRate = 0.5 // the slow-call rate it may have stood for is gone
		}
	}
	return c
}

// comparable is b's state with what cannot be compared (the functions it
// calls) and the lean state left out.
func comparable(b *Breaker) Breaker {
	c := *b
	c.rand, c.onTransition, c.leanState = nil, nil, 0
	return c
}

// TestLeanBreakerMatchesGeneral drives two breakers of one random
// configuration with the same random script of calls, results (late ones
// and ignored ones included), ticks, operator overrides and rebases: one
// takes Allow's and recordLean's short ways where it may, the other never
// does (lean forced off after every change of settings), and a call that
// Refused says is refused must be. After every step the two must be the
// same breaker, window, counts, evidence and all, and have reported the
// same transitions.
func TestLeanBreakerMatchesGeneral(t *testing.T) {
	leanSeen := false
	rapid.Check(t, func(t *rapid.T) {
		cfg := leanConfig(t)
		if err := cfg.Validate(); err != nil {
			t.Fatalf("drew an invalid config: %v\n%+v", err, cfg)
		}
		seed := rapid.Uint64().Draw(t, "seed")
		var trsA, trsB []Transition
		srcA, srcB := rand.New(rand.NewPCG(seed, 1)), rand.New(rand.NewPCG(seed, 1))
		a, err := NewWithOptions(cfg, Options{OnTransition: func(tr Transition) { trsA = append(trsA, tr) }, Rand: srcA.Float64})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := NewWithOptions(cfg, Options{OnTransition: func(tr Transition) { trsB = append(trsB, tr) }, Rand: srcB.Float64})
		b.leanState = notLean
		leanSeen = leanSeen || a.leanState == Closed
		var pending []Permit
		var now time.Duration
		for step := range rapid.IntRange(1, 300).Draw(t, "steps") {
			now += time.Duration(rapid.IntRange(0, 800).Draw(t, "dtMs")) * time.Millisecond
			if a.state == Open && rapid.IntRange(0, 3).Draw(t, "toWaitEnd") == 0 {
				// To the open wait's last instants, where StrictWaitEnd tells.
				now = max(now, a.openedAt+a.openWait+time.Duration(rapid.IntRange(-1, 1).Draw(t, "nearEnd")))
			}
			switch op := rapid.IntRange(0, 29).Draw(t, "op"); {
			case op < 12:
				refused := a.Refused(now)
				if b.Refused(now) {
					t.Fatalf("step %d: a breaker that is not lean knows it refuses", step)
				}
				pa, errA := a.Allow(now)
				if refused && errA == nil {
					t.Fatalf("step %d: Refused, then Allow let the call through", step)
				}
				pb, errB := b.Allow(now)
				if pa != pb || errA != errB {
					t.Fatalf("step %d: Allow gave %v %v and %v %v", step, pa, errA, pb, errB)
				}
				if errA == nil {
					pending = append(pending, pa)
				}
			case op < 26:
				if len(pending) == 0 {
					continue
				}
				i := rapid.IntRange(0, len(pending)-1).Draw(t, "which")
				p := pending[i]
				pending = slices.Delete(pending, i, i+1)
				r := rapid.SampledFrom([]Result{Success, Success, Success, Failure, Failure, Ignored}).Draw(t, "result")
				if rapid.IntRange(0, 9).Draw(t, "timedOut") == 0 {
					a.TimedOut(now, p)
					b.TimedOut(now, p)
				} else {
					a.Record(now, p, r)
					b.Record(now, p, r)
				}
			case op < 27:
				a.Tick(now)
				b.Tick(now)
			case op < 28:
				// A rebase to another window size, as a fork does.
				c := a.Config()
				if c.Window == CountWindow && c.WindowSize > 0 {
					c.WindowSize = rapid.IntRange(1, 12).Draw(t, "rebaseWindow")
					c.MinimumCalls = min(c.MinimumCalls, c.WindowSize)
					if c.Validate() == nil && a.Unused(c) {
						a.Rebase(c)
						b.Rebase(c)
						b.leanState = notLean
					}
				}
			default:
				switch rapid.IntRange(0, 3).Draw(t, "operator") {
				case 0:
					a.Reset(now)
					b.Reset(now)
				case 1:
					a.SetMetricsOnly(now)
					b.SetMetricsOnly(now)
				case 2:
					a.ForceOpen(now)
					b.ForceOpen(now)
				default:
					a.Disable(now)
					b.Disable(now)
				}
			}
			if ca, cb := comparable(a), comparable(b); !reflect.DeepEqual(ca, cb) {
				t.Fatalf("step %d: lean and general breakers differ:\n%+v\n%+v", step, ca, cb)
			}
			if !slices.Equal(trsA, trsB) {
				t.Fatalf("step %d: transitions differ:\n%v\n%v", step, trsA, trsB)
			}
		}
	})
	if !leanSeen {
		t.Fatal("no lean breaker was drawn")
	}
}
