package breaker

import (
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// forkCall is one call of a sequence fed to breakers: asked at at, its
// result recorded dur later.
type forkCall struct {
	at, dur time.Duration
	fail    bool
}

// forkEvent is one decision of a breaker driven by forkDrive, with what
// it reported then.
type forkEvent struct {
	at     time.Duration
	record bool   // a Record; else an Allow
	result Result // the result recorded
	ok     bool   // the Allow's answer
	state  State
	counts Counts
}

// capped is log with the window's calls capped at n, as a smaller count
// window of n would have reported them (n 0: as it is).
func capped(log []forkEvent, n int) []forkEvent {
	out := append([]forkEvent(nil), log...)
	for i := range out {
		if n > 0 {
			out[i].counts.Calls = min(out[i].counts.Calls, n)
		}
	}
	return out
}

// forkDrive feeds calls to b in time order (an answer before a later
// call's Allow) and logs every decision.
func forkDrive(b *Breaker, calls []forkCall, log *[]forkEvent) {
	type pending struct {
		end  time.Duration
		p    Permit
		fail bool
	}
	var open []pending
	flush := func(until time.Duration) {
		for len(open) > 0 {
			k := 0
			for i := range open {
				if open[i].end < open[k].end {
					k = i
				}
			}
			if open[k].end > until {
				return
			}
			r := Success
			if open[k].fail {
				r = Failure
			}
			b.Record(open[k].end, open[k].p, r)
			*log = append(*log, forkEvent{at: open[k].end, record: true, result: r, state: b.State(), counts: b.Counts()})
			open = append(open[:k], open[k+1:]...)
		}
	}
	for _, c := range calls {
		flush(c.at)
		p, err := b.Allow(c.at)
		*log = append(*log, forkEvent{at: c.at, ok: err == nil, state: b.State(), counts: b.Counts()})
		if err == nil {
			open = append(open, pending{c.at + c.dur, p, c.fail})
		}
	}
	flush(1 << 62)
}

// forkCalls draws n calls from rng, failing from failFrom on with
// probability pFail (and with probability pEarly before).
func forkCalls(rng *rand.Rand, n, failFrom int, pEarly, pFail float64) []forkCall {
	calls := make([]forkCall, n)
	now := time.Duration(0)
	for i := range calls {
		now += time.Duration(1+rng.IntN(200)) * time.Millisecond
		p := pEarly
		if i >= failFrom {
			p = pFail
		}
		calls[i] = forkCall{at: now, dur: time.Duration(rng.IntN(300)) * time.Millisecond, fail: rng.Float64() < p}
	}
	return calls
}

// forkConfig draws a valid configuration from rng: a count or time window,
// thresholds, a slow-call rule, a run of failures, the open state's and
// half-open state's settings.
func forkConfig(rng *rand.Rand) Config {
	for {
		c := Config{
			FailureRate:    []float64{0.2, 0.3, 0.5, 0.75, 1}[rng.IntN(5)],
			OpenFor:        time.Duration(1+rng.IntN(5)) * time.Second,
			HalfOpenTrials: 1 + rng.IntN(4),
			JudgeOnFailure: rng.IntN(4) == 0,
			HalfOpenRule:   HalfOpenRule(rng.IntN(3)),
			OpenBackoff:    []float64{0, 2}[rng.IntN(2)],
			RecordLate:     rng.IntN(2) == 0,
		}
		if rng.IntN(3) == 0 {
			c.Window, c.WindowSpan, c.MinimumCalls = TimeWindow, time.Duration(2+rng.IntN(4))*time.Second, 1+rng.IntN(8)
		} else {
			c.WindowSize = 2 + rng.IntN(20)
			c.MinimumCalls = rng.IntN(c.WindowSize + 1)
		}
		if rng.IntN(3) == 0 {
			c.SlowCallDuration, c.SlowCallRate = 200*time.Millisecond, []float64{0.3, 0.6, 1}[rng.IntN(3)]
		}
		if rng.IntN(3) == 0 {
			c.MaxConsecutiveFailures = 1 + rng.IntN(5)
		}
		switch rng.IntN(6) {
		case 0:
			c.RoundRates = true
		case 1:
			c.RateMustExceed = true
		}
		if c.Validate() == nil {
			return c
		}
	}
}

// forkVary changes one or two of c's settings, drawn from rng: the ones
// Unused may accept and some it must not.
func forkVary(rng *rand.Rand, c Config) Config {
	for range 1 + rng.IntN(2) {
		switch rng.IntN(12) {
		case 0, 1:
			c.FailureRate = []float64{0.1, 0.2, 0.3, 0.5, 0.75, 1}[rng.IntN(6)]
		case 2:
			c.OpenFor = time.Duration(1+rng.IntN(20)) * time.Second
		case 3:
			if c.Window == CountWindow {
				c.WindowSize = 2 + rng.IntN(30)
				c.MinimumCalls = min(c.MinimumCalls, c.WindowSize)
			} else {
				c.WindowSpan = time.Duration(2+rng.IntN(4)) * time.Second
			}
		case 4:
			c.MinimumCalls = rng.IntN(c.WindowSize + 1)
			if c.Window == TimeWindow {
				c.MinimumCalls++
			}
		case 5:
			c.HalfOpenTrials = 1 + rng.IntN(5)
		case 6:
			c.MaxConsecutiveFailures = rng.IntN(6)
		case 7:
			c.SlowCallDuration, c.SlowCallRate = 200*time.Millisecond, []float64{0.2, 0.5, 1}[rng.IntN(3)]
		case 8:
			c.SlowCallDuration = time.Duration(100+rng.IntN(200)) * time.Millisecond
		case 9:
			c.JudgeOnFailure = !c.JudgeOnFailure
		case 10:
			c.RoundRates, c.RateMustExceed = !c.RoundRates, false
		case 11:
			c.OpenBackoff, c.OpenMax = 3, 30*time.Second
		}
	}
	return c
}

// plain is b's state with its callbacks left out, for comparison.
func plain(b *Breaker) Breaker {
	c := *b
	c.rand, c.onTransition = nil, nil
	return c
}

// A breaker forked with settings Unused accepts is, state for state, the
// breaker of those settings fed the same calls from the start, and goes
// on making the same decisions. Across random settings and calls both
// answers come up, and every refusal is checked to be needed or at least
// reasoned: a fork Unused refuses, taken anyway, is caught by the same
// comparison often enough that a looser rule would be seen.
func TestForkUnusedIsExact(t *testing.T) {
	racefree.Only(t) // one goroutine: the breakers' work alone
	rng := rand.New(rand.NewPCG(28, 1))
	accepted, refused, caught := 0, 0, 0
	for i := range 4000 {
		oldCfg := forkConfig(rng)
		newCfg := forkVary(rng, oldCfg)
		if newCfg.Validate() != nil || newCfg == oldCfg {
			continue
		}
		pEarly := []float64{0, 0, 0.05, 0.3}[rng.IntN(4)]
		calls := forkCalls(rng, 120, 40+rng.IntN(60), pEarly, 0.6)
		cut := rng.IntN(len(calls))
		// The old breaker fed the prefix, then forked.
		var logOld, logNew, logFork []forkEvent
		old, _ := NewWithOptions(oldCfg, Options{Rand: rand.New(rand.NewPCG(1, 1)).Float64})
		forkDrive(old, calls[:cut], &logOld)
		fresh, _ := NewWithOptions(newCfg, Options{Rand: rand.New(rand.NewPCG(1, 1)).Float64})
		forkDrive(fresh, calls[:cut], &logNew)
		var fork Breaker
		old.CloneInto(&fork, Options{Rand: rand.New(rand.NewPCG(1, 1)).Float64})
		ok := old.Unused(newCfg)
		if ok {
			accepted++
		} else {
			refused++
		}
		fork.Rebase(newCfg)
		// What the old breaker reported on the way is the new one's, its
		// calls capped at a smaller count window.
		shrunk := 0
		if newCfg.Window == CountWindow && newCfg.WindowSize < oldCfg.WindowSize {
			shrunk = newCfg.WindowSize
		}
		same := reflect.DeepEqual(plain(&fork), plain(fresh)) && reflect.DeepEqual(capped(logOld, shrunk), logNew)
		if same {
			forkDrive(&fork, calls[cut:], &logFork)
			logNew = logNew[:0]
			forkDrive(fresh, calls[cut:], &logNew)
			same = reflect.DeepEqual(logFork, logNew) && reflect.DeepEqual(plain(&fork), plain(fresh))
		}
		if ok && !same {
			t.Fatalf("case %d: Unused accepted %+v\nfor %+v\nafter %d calls, and the fork differs from the new breaker", i, newCfg, oldCfg, cut)
		}
		if !ok && !same {
			caught++
		}
	}
	t.Logf("accepted %d, refused %d (of which a forced fork differed: %d)", accepted, refused, caught)
	if accepted < 200 || caught < 200 {
		t.Fatalf("accepted %d, refused and shown to differ %d: want both to come up often", accepted, refused)
	}
}

// Unused's evidence: the cases a sweep meets, one by one.
func TestForkUnusedCases(t *testing.T) {
	base := Config{WindowSize: 10, FailureRate: 0.5, OpenFor: 5 * time.Second, HalfOpenTrials: 3}
	run := func(cfg Config, fails []bool) *Breaker {
		b, _ := New(cfg, nil)
		for i, f := range fails {
			now := time.Duration(i) * time.Second
			p, err := b.Allow(now)
			if err != nil {
				continue
			}
			r := Success
			if f {
				r = Failure
			}
			b.Record(now+time.Millisecond, p, r)
		}
		return b
	}
	ok := make([]bool, 30)
	oneIn5 := make([]bool, 30) // a failure every 5 calls: 20 % judged at worst 2 of 10
	for i := range oneIn5 {
		oneIn5[i] = i%5 == 4
	}
	tripped := append(make([]bool, 5), true, true, true, true, true, true)
	with := func(edit func(*Config)) Config { c := base; edit(&c); return c }
	for _, c := range []struct {
		name  string
		calls []bool
		cfg   Config
		want  bool
	}{
		{"open time, all well", ok, with(func(c *Config) { c.OpenFor = time.Second }), true},
		{"failure rate, all well", ok, with(func(c *Config) { c.FailureRate = 0.1 }), true},
		{"a larger window, all well, before the window filled", ok[:10], with(func(c *Config) { c.WindowSize = 40 }), true},
		{"a larger window, all well, once the window filled", ok, with(func(c *Config) { c.WindowSize = 40 }), false},
		{"a smaller window, all well", ok, with(func(c *Config) { c.WindowSize = 4 }), true},
		{"minimum calls, all well", ok, with(func(c *Config) { c.MinimumCalls = 2 }), true},
		{"a higher failure rate, some failures", oneIn5, with(func(c *Config) { c.FailureRate = 0.9 }), true},
		{"a lower failure rate not reached", oneIn5, with(func(c *Config) { c.FailureRate = 0.25 }), true},
		{"a failure rate the worst window reached", oneIn5, with(func(c *Config) { c.FailureRate = 0.2 }), false},
		{"a larger window, some failures", oneIn5, with(func(c *Config) { c.WindowSize = 20 }), false},
		{"a run of failures longer than allowed", oneIn5, with(func(c *Config) { c.MaxConsecutiveFailures = 1 }), true},
		{"a run of failures the calls reached", append(oneIn5, true, true), with(func(c *Config) { c.MaxConsecutiveFailures = 1 }), false},
		{"open time of a breaker that opened", tripped, with(func(c *Config) { c.OpenFor = time.Second }), false},
		{"a time window, all well", ok, with(func(c *Config) {
			c.Window, c.WindowSize, c.WindowSpan, c.MinimumCalls = TimeWindow, 0, 10*time.Second, 5
		}), false},
	} {
		b := run(base, c.calls)
		if got := b.Unused(c.cfg); got != c.want {
			t.Errorf("%s: Unused = %v, want %v", c.name, got, c.want)
		}
	}
}
