package pane_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// oneOfMany is a count of one said with a plural noun, or a plural verb
// after one trial: "1 of 1 pools", "1 trials", "1 trial pass".
var oneOfMany = regexp.MustCompile(`(^|[^\d,.])1 (of 1 pools|trials|instances|panes|variants|values)\b|\b1 (trial )?pass\b`)

// go-inventory's chain is a Go API (a tasks server, with no pool of
// workers to fill) in front of inventory's pool: the title counts that
// one pool as one, "its pool full" once inventory's workers are all busy
// (20.2 s), where it read "1 of 2 pools full".
func TestChainCountsOnePoolAsOne(t *testing.T) {
	for _, c := range []struct {
		at   time.Duration
		want string
	}{{25 * time.Second, "its pool full"}, {5 * time.Second, "its pool not full"}} {
		r, err := engine.New(scenarios.GoInventory(), 0, 1)
		if err != nil {
			t.Fatal(err)
		}
		r.AdvanceTo(c.at)
		s := r.Snapshot()
		ch := pane.NewChain(tuitest.Plain())
		ch.SetData(pane.Data{Snap: &s, Gen: 1})
		ch.SetSize(110, ch.Max(110))
		title := strings.Split(ansi.Strip(ch.View()), "\n")[0]
		if !strings.Contains(title, c.want) || strings.Contains(title, "pools") {
			t.Errorf("at %v the chain's title reads %q, want %q", c.at, title, c.want)
		}
	}
}

// A breaker that sends one trial says the trial passes: "1 trial
// passes" and "1 passes" on the diagram's edge, at every width, where it
// said "1 trial pass".
func TestBreakerSaysOneTrialPasses(t *testing.T) {
	sc := brokenDependency(breaker.Config{WindowSize: 20, FailureRate: 0.5, OpenFor: 5 * time.Second, HalfOpenTrials: 1}, false)
	r, err := engine.New(sc, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(time.Second)
	s := r.Snapshot()
	saw := false
	for _, w := range []int{40, 50, 60, 80, 100, 120} {
		b := pane.NewBreaker(tuitest.Plain())
		b.SetSize(w, 20)
		b.SetData(pane.Data{Snap: &s, Gen: 1})
		v := ansi.Strip(b.View())
		if m := oneOfMany.FindString(v); m != "" {
			t.Errorf("width %d says %q:\n%s", w, m, v)
		}
		saw = saw || strings.Contains(v, "1 trial passes")
	}
	if !saw {
		t.Error("no width says 1 trial passes")
	}
}

// A breaker that judges its half-open trials as a window and sends one
// reopens on "1 trial", not "1 trials", when the pane says what opened it.
func TestBreakerOpenedOnOneTrial(t *testing.T) {
	sc := brokenDependency(breaker.Config{WindowSize: 20, FailureRate: 0.5, OpenFor: time.Second, HalfOpenTrials: 1, HalfOpenRule: breaker.TrialsAsWindow}, false)
	r, err := engine.New(sc, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(10 * time.Second)
	s := r.Snapshot()
	reopened := false
	for _, tr := range s.Transitions {
		reopened = reopened || tr.Cause == breaker.CauseTrialsFailureRate && tr.Calls == 1
	}
	if !reopened || s.Dependencies[0].Breaker.State != breaker.Open {
		t.Fatalf("the breaker did not reopen on its one trial, or is not open at 10 s: %+v", s.Transitions)
	}
	saw := false
	for _, w := range []int{40, 60, 80, 100, 120} {
		b := pane.NewBreaker(tuitest.Plain())
		b.SetSize(w, 20)
		b.SetData(pane.Data{Snap: &s, Gen: 1})
		v := ansi.Strip(b.View())
		if m := oneOfMany.FindString(v); m != "" {
			t.Errorf("width %d says %q:\n%s", w, m, v)
		}
		saw = saw || regexp.MustCompile(`\b1 trial\b`).MatchString(v)
	}
	if !saw {
		t.Error("no width says what opened the breaker in 1 trial")
	}
}
