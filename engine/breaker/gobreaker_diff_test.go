package breaker

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/sony/gobreaker/v2"
	"pgregory.net/rapid"
)

// The gobreaker preset is checked against the real module: random scripts
// of calls, results (success, failure, excluded) and clock moves drive
// sony/gobreaker v2.4.0's TwoStepCircuitBreaker and this package's Breaker
// side by side, and they must agree on every permit, on the run of
// consecutive failures while closed, and on the state and the transitions
// whenever both are asked (gobreaker's State() moves the breaker as Tick
// does). Both read one clock: inside a testing/synctest bubble time.Now is
// virtual, and time.Sleep moves it exactly.

// diffOp is one step of a script, drawn before the bubble starts (rapid
// must not fail inside it).
type diffOp struct {
	kind   int           // 0 allow, 1 finish a call, 2 sleep, 3 ask the state
	which  int           // the call to finish, modulo those in flight
	result Result        // how it finished
	sleep  time.Duration // how long to sleep
}

type diffSettings struct {
	maxRequests  int
	timeout      time.Duration
	consecutive  int
	interval     time.Duration
	bucketPeriod time.Duration
}

var (
	errDiffFailed   = errors.New("failed")
	errDiffExcluded = errors.New("excluded")
)

func TestGobreakerDifferential(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		ms := func(label string, lo, hi int) time.Duration {
			return time.Duration(rapid.IntRange(lo, hi).Draw(rt, label)) * time.Millisecond
		}
		st := diffSettings{
			maxRequests: rapid.IntRange(1, 4).Draw(rt, "maxRequests"),
			timeout:     ms("timeout", 1, 3000),
			consecutive: rapid.IntRange(1, 6).Draw(rt, "consecutive"),
		}
		switch rapid.IntRange(0, 2).Draw(rt, "intervalKind") {
		case 1:
			st.interval = ms("interval", 1, 4000)
		case 2:
			st.interval = ms("interval", 1, 4000)
			st.bucketPeriod = ms("bucketPeriod", 1, 1500)
		}
		// Sleeps hit the boundaries exactly as often as they miss them.
		sleeps := []time.Duration{0, 1, time.Millisecond, st.timeout, st.timeout + 1, st.interval, st.bucketPeriod}
		n := rapid.IntRange(1, 250).Draw(rt, "steps")
		ops := make([]diffOp, n)
		for i := range ops {
			op := diffOp{kind: rapid.IntRange(0, 3).Draw(rt, "kind")}
			switch op.kind {
			case 1:
				op.which = rapid.IntRange(0, 1<<10).Draw(rt, "which")
				op.result = rapid.SampledFrom([]Result{Success, Success, Failure, Failure, Failure, Ignored}).Draw(rt, "result")
			case 2:
				if rapid.Bool().Draw(rt, "boundary") {
					op.sleep = rapid.SampledFrom(sleeps).Draw(rt, "sleep")
				} else {
					op.sleep = ms("sleepMs", 0, 2000)
				}
			}
			ops[i] = op
		}
		var mismatch string
		synctest.Test(t, func(*testing.T) { mismatch = runDiff(st, ops) })
		if mismatch != "" {
			rt.Fatalf("%+v\n%s", st, mismatch)
		}
	})
}

// runDiff plays ops on both breakers and returns the first disagreement.
func runDiff(st diffSettings, ops []diffOp) string {
	origin := time.Now()
	now := func() time.Duration { return time.Since(origin) }

	var theirs, ours []string
	gb := gobreaker.NewTwoStepCircuitBreaker[struct{}](gobreaker.Settings{
		MaxRequests:  uint32(st.maxRequests),
		Interval:     st.interval,
		BucketPeriod: st.bucketPeriod,
		Timeout:      st.timeout,
		ReadyToTrip:  func(c gobreaker.Counts) bool { return c.ConsecutiveFailures > uint32(st.consecutive) },
		OnStateChange: func(_ string, from, to gobreaker.State) {
			theirs = append(theirs, from.String()+">"+to.String())
		},
		IsExcluded: func(err error) bool { return errors.Is(err, errDiffExcluded) },
	})
	cfg := Gobreaker()
	cfg.MaxConsecutiveFailures = st.consecutive
	cfg.OpenFor = st.timeout
	cfg.HalfOpenTrials = st.maxRequests
	cfg.Interval, cfg.BucketPeriod = st.interval, st.bucketPeriod
	b, err := New(cfg, func(tr Transition) { ours = append(ours, tr.From.String()+">"+tr.To.String()) })
	if err != nil {
		return err.Error()
	}

	type call struct {
		done   func(error)
		permit Permit
	}
	var inFlight []call
	var trace strings.Builder
	for i, op := range ops {
		fmt.Fprintf(&trace, "%d at %v: ", i, now())
		switch op.kind {
		case 0:
			done, gerr := gb.Allow()
			p, oerr := b.Allow(now())
			fmt.Fprintf(&trace, "allow: gobreaker %v, ours %v\n", gerr, oerr)
			if (gerr == nil) != (oerr == nil) {
				return trace.String() + "the permits differ"
			}
			if gerr == nil {
				inFlight = append(inFlight, call{done, p})
			}
		case 1:
			if len(inFlight) == 0 {
				trace.WriteString("nothing in flight\n")
				continue
			}
			k := op.which % len(inFlight)
			c := inFlight[k]
			inFlight = append(inFlight[:k], inFlight[k+1:]...)
			var e error
			switch op.result {
			case Failure:
				e = errDiffFailed
			case Ignored:
				e = errDiffExcluded
			}
			c.done(e)
			b.Record(now(), c.permit, op.result)
			fmt.Fprintf(&trace, "finish call %d as %v\n", k, op.result)
		case 2:
			time.Sleep(op.sleep)
			fmt.Fprintf(&trace, "sleep %v\n", op.sleep)
			continue
		case 3:
			gs := gb.State()
			b.Tick(now())
			fmt.Fprintf(&trace, "state: gobreaker %v, ours %v\n", gs, b.State())
			if gs.String() != b.State().String() {
				return trace.String() + "the states differ"
			}
			if strings.Join(theirs, " ") != strings.Join(ours, " ") {
				return trace.String() + fmt.Sprintf("transitions differ:\ngobreaker %v\nours      %v", theirs, ours)
			}
		}
		if b.State() == Closed {
			if g, o := gb.Counts().ConsecutiveFailures, b.Counts().ConsecutiveFailures; int(g) != o {
				return trace.String() + fmt.Sprintf("consecutive failures: gobreaker %d, ours %d", g, o)
			}
		}
	}
	return ""
}
