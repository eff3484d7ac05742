package breaker

import (
	"errors"
	"slices"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// legacy is the breaker as it was before the optional Config fields came:
// a count window, a failure rate, a fixed open wait and first-failure trials.
// It stays here as the reference model that proves the zero value of every
// new field still means exactly this behaviour.
type legacy struct {
	cfg                      Config
	state                    State
	generation               uint64
	window                   []Result
	head, count, failures    int
	openedAt                 time.Duration
	trialsSent, trialsPassed int
	transitions              []Transition
}

func newLegacy(cfg Config) *legacy {
	return &legacy{cfg: cfg, window: make([]Result, cfg.WindowSize)}
}

func (b *legacy) stateAt(now time.Duration) State {
	if b.state == Open && now-b.openedAt >= b.cfg.OpenFor {
		return HalfOpen
	}
	return b.state
}

func (b *legacy) allow(now time.Duration) (uint64, bool) {
	switch b.state {
	case Closed, Disabled, MetricsOnly:
		return b.generation, true
	case Open:
		if now-b.openedAt < b.cfg.OpenFor {
			return 0, false
		}
		b.moveTo(now, HalfOpen, CauseWaitElapsed, 0, 0)
		b.trialsSent, b.trialsPassed = 0, 0
		fallthrough
	case HalfOpen:
		if b.trialsSent < b.cfg.HalfOpenTrials {
			b.trialsSent++
			return b.generation, true
		}
	}
	return 0, false
}

func (b *legacy) record(now time.Duration, gen uint64, r Result) {
	if gen != b.generation {
		return
	}
	if r == Ignored {
		if b.state == HalfOpen {
			b.trialsSent--
		}
		return
	}
	switch b.state {
	case Closed, MetricsOnly:
		if b.count == len(b.window) {
			if b.window[b.head] == Failure {
				b.failures--
			}
			b.window[b.head] = r
			b.head = (b.head + 1) % len(b.window)
		} else {
			b.window[(b.head+b.count)%len(b.window)] = r
			b.count++
		}
		if r == Failure {
			b.failures++
		}
		if b.state == Closed && b.count >= b.cfg.minimumCalls() &&
			float64(b.failures)/float64(b.count) >= b.cfg.FailureRate {
			b.openedAt = now
			b.moveTo(now, Open, CauseFailureRate, b.failures, b.count)
		}
	case HalfOpen:
		if r == Failure {
			b.openedAt = now
			b.moveTo(now, Open, CauseTrialFailed, 1, b.trialsSent)
			return
		}
		b.trialsPassed++
		if b.trialsPassed == b.cfg.HalfOpenTrials {
			b.head, b.count, b.failures = 0, 0, 0
			b.moveTo(now, Closed, CauseTrialsPassed, 0, b.trialsPassed)
		}
	}
}

func (b *legacy) operator(now time.Duration, to State) {
	if to == Closed {
		b.head, b.count, b.failures = 0, 0, 0
	}
	b.moveTo(now, to, CauseOperator, 0, 0)
}

func (b *legacy) moveTo(now time.Duration, to State, cause Cause, failures, calls int) {
	from := b.state
	b.state = to
	b.generation++
	if from != to {
		t := Transition{At: now, From: from, To: to, Cause: cause, Failures: failures, Calls: calls}
		if to == Open {
			t.Wait = b.cfg.OpenFor // the one field the old Transition lacked
		}
		b.transitions = append(b.transitions, t)
	}
}

func (b *legacy) appendWindow(dst []Result) []Result {
	for i := 0; i < b.count; i++ {
		dst = append(dst, b.window[(b.head+i)%len(b.window)])
	}
	return dst
}

// coreConfig draws a configuration that sets only the original five fields.
func coreConfig(t *rapid.T) Config {
	w := rapid.IntRange(1, 12).Draw(t, "window")
	return Config{
		WindowSize:     w,
		MinimumCalls:   rapid.IntRange(0, w).Draw(t, "min"),
		FailureRate:    rapid.SampledFrom([]float64{0.1, 0.25, 0.3, 0.5, 0.75, 1}).Draw(t, "rate"),
		OpenFor:        time.Duration(rapid.IntRange(1, 5000).Draw(t, "openMs")) * time.Millisecond,
		HalfOpenTrials: rapid.IntRange(1, 4).Draw(t, "trials"),
	}
}

// With only the core fields set, the breaker does exactly what it did
// before the optional fields existed, call for call.
func TestZeroNewFieldsBehaveAsBefore(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := coreConfig(t)
		old := newLegacy(cfg)
		var got []Transition
		b, err := New(cfg, func(tr Transition) { got = append(got, tr) })
		if err != nil {
			t.Fatal(err)
		}
		type held struct {
			p   Permit
			gen uint64
		}
		var pending []held
		var now time.Duration
		for step := range rapid.IntRange(1, 200).Draw(t, "steps") {
			now += time.Duration(rapid.IntRange(0, 2000).Draw(t, "dtMs")) * time.Millisecond
			switch op := rapid.IntRange(0, 19).Draw(t, "op"); {
			case op < 9:
				p, err := b.Allow(now)
				gen, ok := old.allow(now)
				if (err == nil) != ok {
					t.Fatalf("step %d: Allow = %v, legacy allowed %v", step, err, ok)
				}
				if err != nil && !errors.Is(err, ErrOpen) {
					t.Fatalf("step %d: Allow error %v", step, err)
				}
				if ok {
					pending = append(pending, held{p, gen})
				}
			case op < 18:
				if len(pending) == 0 {
					continue
				}
				i := rapid.IntRange(0, len(pending)-1).Draw(t, "which")
				r := rapid.SampledFrom([]Result{Success, Success, Failure, Failure, Ignored}).Draw(t, "result")
				b.Record(now, pending[i].p, r)
				old.record(now, pending[i].gen, r)
				pending = slices.Delete(pending, i, i+1)
			default:
				to := rapid.SampledFrom([]State{Closed, ForcedOpen, Disabled, MetricsOnly}).Draw(t, "operator")
				switch to {
				case Closed:
					b.Reset(now)
				case ForcedOpen:
					b.ForceOpen(now)
				case Disabled:
					b.Disable(now)
				case MetricsOnly:
					b.SetMetricsOnly(now)
				}
				old.operator(now, to)
			}
			if b.State() != old.state || b.StateAt(now) != old.stateAt(now) {
				t.Fatalf("step %d: state %v/%v, legacy %v/%v", step, b.State(), b.StateAt(now), old.state, old.stateAt(now))
			}
			if rem, want := b.OpenRemaining(now), legacyRemaining(old, now); rem != want {
				t.Fatalf("step %d: open remaining %v, legacy %v", step, rem, want)
			}
			if s, p := b.Trials(); s != old.trialsSent || p != old.trialsPassed {
				t.Fatalf("step %d: trials %d/%d, legacy %d/%d", step, s, p, old.trialsSent, old.trialsPassed)
			}
			if c, f := b.WindowCounts(); c != old.count || f != old.failures {
				t.Fatalf("step %d: window %d/%d, legacy %d/%d", step, c, f, old.count, old.failures)
			}
			if w, lw := b.AppendWindow(nil), old.appendWindow(nil); !slices.Equal(w, lw) {
				t.Fatalf("step %d: window %v, legacy %v", step, w, lw)
			}
			if !slices.Equal(got, old.transitions) {
				t.Fatalf("step %d: transitions\n%+v\nlegacy\n%+v", step, got, old.transitions)
			}
		}
		for i := range got {
			if got[i].Reason() != old.transitions[i].Reason() {
				t.Fatalf("reason %q, legacy %q", got[i].Reason(), old.transitions[i].Reason())
			}
		}
	})
}

func legacyRemaining(b *legacy, now time.Duration) time.Duration {
	if b.state != Open {
		return 0
	}
	return max(0, b.cfg.OpenFor-(now-b.openedAt))
}
