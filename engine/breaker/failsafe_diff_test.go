package breaker

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/failsafe-go/failsafe-go/circuitbreaker"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// FailsafeWith is checked against the real module, failsafe-go v0.9.8 (a
// test-only dependency pinned in go.mod): random option sets (a failure
// threshold as a count, a ratio, a count in a period or a rate in a period;
// a success threshold or ratio; a delay) build both breakers, random
// scripts of permits asked, results recorded (success or failure, in any
// order, late ones included) and clock moves drive them side by side, and
// they must agree on every permit and on the state after every step.
// failsafe-go reads time.Now (util.WallClock): inside a testing/synctest
// bubble it is virtual and time.Sleep moves it exactly. Its time buckets
// sit on a grid of UnixNano, so this package's clock reads UnixNano too.

// failsafeDraw is one option set, as the builder calls and as options.
type failsafeDraw struct {
	calls []string
	opts  []FailsafeOption
	build func(circuitbreaker.Builder[any]) circuitbreaker.Builder[any]
}

func drawFailsafe(r *rand.Rand) failsafeDraw {
	var d failsafeDraw
	var steps []func(circuitbreaker.Builder[any]) circuitbreaker.Builder[any]
	add := func(call string, o FailsafeOption, f func(circuitbreaker.Builder[any]) circuitbreaker.Builder[any]) {
		d.calls = append(d.calls, call)
		d.opts = append(d.opts, o)
		steps = append(steps, f)
	}
	period := func() time.Duration {
		if r.IntN(3) == 0 {
			return time.Duration(10+r.IntN(4000))*time.Millisecond + time.Duration(r.IntN(10)) // not always a whole bucket
		}
		return time.Duration(1+r.IntN(40)) * 100 * time.Millisecond
	}
	switch r.IntN(5) {
	case 1:
		n := 1 + r.IntN(5)
		add(fmt.Sprintf("WithFailureThreshold(%d)", n), FailsafeFailureThreshold(n),
			func(b circuitbreaker.Builder[any]) circuitbreaker.Builder[any] {
				return b.WithFailureThreshold(uint(n))
			})
	case 2:
		c := 1 + r.IntN(8)
		f := 1 + r.IntN(c)
		add(fmt.Sprintf("WithFailureThresholdRatio(%d, %d)", f, c), FailsafeFailureThresholdRatio(f, c),
			func(b circuitbreaker.Builder[any]) circuitbreaker.Builder[any] {
				return b.WithFailureThresholdRatio(uint(f), uint(c))
			})
	case 3:
		f, p := 1+r.IntN(5), period()
		add(fmt.Sprintf("WithFailureThresholdPeriod(%d, %v)", f, p), FailsafeFailureThresholdPeriod(f, p),
			func(b circuitbreaker.Builder[any]) circuitbreaker.Builder[any] {
				return b.WithFailureThresholdPeriod(uint(f), p)
			})
	case 4:
		rate := []float64{0.5, 0.25, 0.33, 0.333, 0.667, 0.67, 0.1, 0.9, 1, 0.005, 0.495, float64(1+r.IntN(100)) / 100}[r.IntN(12)]
		m, p := 1+r.IntN(6), period()
		add(fmt.Sprintf("WithFailureRateThreshold(%v, %d, %v)", rate, m, p), FailsafeFailureRateThreshold(rate, m, p),
			func(b circuitbreaker.Builder[any]) circuitbreaker.Builder[any] {
				return b.WithFailureRateThreshold(rate, uint(m), p)
			})
	}
	switch r.IntN(3) {
	case 1:
		s := 1 + r.IntN(4)
		add(fmt.Sprintf("WithSuccessThreshold(%d)", s), FailsafeSuccessThreshold(s),
			func(b circuitbreaker.Builder[any]) circuitbreaker.Builder[any] {
				return b.WithSuccessThreshold(uint(s))
			})
	case 2:
		c := 1 + r.IntN(6)
		s := 1 + r.IntN(c)
		add(fmt.Sprintf("WithSuccessThresholdRatio(%d, %d)", s, c), FailsafeSuccessThresholdRatio(s, c),
			func(b circuitbreaker.Builder[any]) circuitbreaker.Builder[any] {
				return b.WithSuccessThresholdRatio(uint(s), uint(c))
			})
	}
	if len(d.calls) > 0 || r.IntN(2) == 0 {
		delay := time.Duration(1+r.IntN(3000)) * time.Millisecond
		add(fmt.Sprintf("WithDelay(%v)", delay), FailsafeDelay(delay),
			func(b circuitbreaker.Builder[any]) circuitbreaker.Builder[any] { return b.WithDelay(delay) })
	}
	d.build = func(b circuitbreaker.Builder[any]) circuitbreaker.Builder[any] {
		for _, s := range steps {
			b = s(b)
		}
		return b
	}
	return d
}

// failsafeStep is one step of a script, drawn before the bubble starts.
type failsafeStep struct {
	kind  int // 0 ask for a permit, 1 record a result, 2 sleep
	which int // the call to finish, modulo those in flight
	fail  bool
	sleep int // 0: to the end of the open wait; 1: to the next bucket; else ms
	ms    int
}

// failsafeRaceScripts is how many of the scripts TestFailsafeDifferential
// plays, under -race in make test; TestFailsafeRestDifferential plays the
// others without it. Each script is a synctest bubble, its goroutine and
// failsafe-go's locks the same as every other script's: under -race the
// 3,000 took 4.6 s of CPU for 0.7 s of the scripts' own, and the
// detector sees on a hundred what it would on all.
const failsafeRaceScripts = 100

func TestFailsafeDifferential(t *testing.T) {
	playFailsafeScripts(t, 0, failsafeRaceScripts)
}

func TestFailsafeRestDifferential(t *testing.T) {
	racefree.Only(t) // the bubbles' goroutines: TestFailsafeDifferential's, under -race
	playFailsafeScripts(t, failsafeRaceScripts, -1)
}

// playFailsafeScripts draws the differential test's scripts (3000, or
// -diff.scripts) in order and plays those from the index from up to the
// index to (to < 0: to the last), so that two tests share the scripts
// between them, each drawn the same.
func playFailsafeScripts(t *testing.T, from, to int) {
	n := scriptsToPlay(3000)
	if to < 0 || to > n {
		to = n
	}
	r := rand.New(rand.NewPCG(25, 9))
	for i := range to {
		d := drawFailsafe(r)
		steps := make([]failsafeStep, 1+r.IntN(150))
		for j := range steps {
			steps[j] = failsafeStep{kind: []int{0, 0, 0, 1, 1, 1, 2, 2}[r.IntN(8)], which: r.IntN(1 << 10),
				fail: r.IntN(2) == 0, sleep: r.IntN(4), ms: r.IntN(1500)}
		}
		if i < from {
			continue
		}
		var mismatch string
		synctest.Test(t, func(*testing.T) { mismatch = playFailsafe(d, steps) })
		if mismatch != "" {
			t.Fatalf("script %d: %s\n%s", i, strings.Join(d.calls, "."), mismatch)
		}
	}
}

// playFailsafe plays the steps on both breakers and returns the first
// disagreement.
func playFailsafe(d failsafeDraw, steps []failsafeStep) string {
	now := func() time.Duration { return time.Duration(time.Now().UnixNano()) }
	cb := d.build(circuitbreaker.NewBuilder[any]()).Build()
	cfg := FailsafeWith(d.opts...)
	b, err := New(cfg, nil)
	if err != nil {
		return err.Error()
	}
	var inFlight []Permit
	var trace strings.Builder
	for i, st := range steps {
		fmt.Fprintf(&trace, "%d at %v: ", i, time.Now().Format("15:04:05.000000000"))
		switch st.kind {
		case 0:
			theirs := cb.TryAcquirePermit()
			p, oerr := b.Allow(now())
			fmt.Fprintf(&trace, "permit: failsafe-go %v, ours %v", theirs, oerr == nil)
			if theirs != (oerr == nil) {
				return trace.String() + "\nthe permits differ"
			}
			if theirs {
				inFlight = append(inFlight, p)
			}
		case 1:
			if len(inFlight) == 0 {
				trace.WriteString("nothing in flight\n")
				continue
			}
			k := st.which % len(inFlight)
			p := inFlight[k]
			inFlight = slices.Delete(inFlight, k, k+1)
			if st.fail {
				cb.RecordFailure()
				b.Record(now(), p, Failure)
			} else {
				cb.RecordSuccess()
				b.Record(now(), p, Success)
			}
			fmt.Fprintf(&trace, "record call %d failed %v", k, st.fail)
		case 2:
			var dt time.Duration
			switch st.sleep {
			case 0:
				dt = b.OpenRemaining(now())
			case 1:
				if cfg.Window == TimeWindow {
					w := cfg.WindowSpan / time.Duration(cfg.WindowBuckets)
					dt = w - now()%w
				}
			default:
				dt = time.Duration(st.ms) * time.Millisecond
			}
			time.Sleep(dt)
			fmt.Fprintf(&trace, "sleep %v", dt)
		}
		fmt.Fprintf(&trace, "; state: failsafe-go %v, ours %v\n", cb.State(), b.State())
		if cb.State().String() != b.State().String() {
			return trace.String() + "the states differ"
		}
	}
	return ""
}
