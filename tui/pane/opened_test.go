package pane_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// brokenDependency is one endpoint calling a dependency, 50 times a second,
// that fails from 2 s on (errors, or turns slow), behind the breaker cfg.
func brokenDependency(cfg breaker.Config, slow bool) *engine.Scenario {
	fault := engine.Fault{Kind: engine.Error, From: 2 * time.Second, Probability: 1}
	if slow {
		fault = engine.Fault{Kind: engine.Slow, From: 2 * time.Second, Latency: time.Second}
	}
	return &engine.Scenario{Name: "broken", Duration: 20 * time.Second, MeasureTo: 20 * time.Second,
		Variants: []engine.Variant{{Name: "one", System: engine.System{Workers: 200,
			Endpoints: []engine.Endpoint{{Name: "caller", Rate: 50, Calls: "dep"}},
			Dependencies: []engine.Dependency{{Name: "dep",
				Latency: engine.Latency{Kind: engine.Constant, Value: 10 * time.Millisecond},
				Faults:  []engine.Fault{fault},
				Policy:  engine.Policy{Breaker: &cfg}}}}}}}
}

func preset(t *testing.T, name string) breaker.Config {
	t.Helper()
	p, err := breaker.PresetNamed(name)
	if err != nil {
		t.Fatal(err)
	}
	return p.Config
}

// However the breaker judges its calls, once it is open the pane quotes the
// counts that opened it, the ones its log gives, not the window as it is
// now (a time window's buckets age out while it stays open: Hystrix's pane
// used to read "opened at 0 of 0 failed" beside a log of 21 of 21).
func TestBreakerPaneQuotesTheCountsThatOpenedIt(t *testing.T) {
	for _, c := range []struct {
		name string
		cfg  breaker.Config
		slow bool
		want func(t engine.Transition) string
	}{
		{"count window", breaker.Config{WindowSize: 20, FailureRate: 0.5, OpenFor: 30 * time.Second, HalfOpenTrials: 1}, false,
			func(t engine.Transition) string {
				return fmt.Sprintf("opened: %d of last %d failed (", t.Failures, t.Calls)
			}},
		{"time window (Hystrix)", preset(t, "hystrix"), false,
			func(t engine.Transition) string { return fmt.Sprintf("opened: %d of %d", t.Failures, t.Calls) }},
		{"consecutive failures (gobreaker)", preset(t, "gobreaker"), false,
			func(t engine.Transition) string { return fmt.Sprintf("opened: %d failed in a row", t.Failures) }},
		{"slow-call rate", breaker.Config{WindowSize: 10, SlowCallDuration: 100 * time.Millisecond, SlowCallRate: 0.5, OpenFor: 30 * time.Second, HalfOpenTrials: 1}, true,
			func(t engine.Transition) string {
				return fmt.Sprintf("opened: %d of last %d slow (", t.Failures, t.Calls)
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc := brokenDependency(c.cfg, c.slow)
			r, err := engine.New(sc, 0, tuitest.Seed)
			if err != nil {
				t.Fatal(err)
			}
			// Well after it opened: a time window has aged out by then.
			var opened engine.Transition
			for at := 100 * time.Millisecond; at <= sc.Duration; at += 100 * time.Millisecond {
				r.AdvanceTo(at)
				if tr := r.Snapshot().Transitions; len(tr) > 0 && opened.To == 0 {
					opened = tr[0]
					r.AdvanceTo(at + 3*time.Second)
					break
				}
			}
			if opened.To != breaker.Open {
				t.Fatalf("the breaker never opened")
			}
			s := r.Snapshot()
			if st := s.Dependencies[0].Breaker.State; st != breaker.Open {
				t.Fatalf("the breaker is %v 3 s after opening; the test wants it open", st)
			}
			for _, w := range []int{44, 60, 100} {
				b := pane.NewBreaker(tuitest.Plain())
				b.SetData(pane.Data{Snap: &s, Gen: 1})
				b.SetSize(w, 18)
				v := ansi.Strip(b.View())
				if want := c.want(opened); !strings.Contains(v, want) {
					t.Errorf("%d wide: the pane should say %q (the log: %s):\n%s", w, want, opened.Reason(), v)
				}
				if strings.Contains(v, "0 of 0") {
					t.Errorf("%d wide: the pane quotes the empty window now:\n%s", w, v)
				}
			}
		})
	}
}
