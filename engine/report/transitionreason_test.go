package report

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
)

// At 80 columns a transition whose reason does not fit beside it has the
// reason on the next line, beneath its states from where the first
// state's name begins, so that it reads as that transition's: under the
// name it read as a line of its own. Narrower, with too little room
// there, it goes under the name; no line is ever wider than the width.
func TestTransitionReasonHangsUnderItsStates(t *testing.T) {
	ts := []engine.Transition{
		{Dependency: "payment", Transition: breaker.Transition{At: 24 * time.Second, From: breaker.Closed, To: breaker.Open, Cause: breaker.CauseFailureRate, Failures: 10, Calls: 20}},
		{Dependency: "payment", Transition: breaker.Transition{At: 39 * time.Second, From: breaker.Open, To: breaker.HalfOpen, Cause: breaker.CauseWaitElapsed}},
		{Dependency: "payment", Transition: breaker.Transition{At: 41 * time.Second, From: breaker.HalfOpen, To: breaker.Closed, Cause: breaker.CauseTrialsPassed, Calls: 3}},
		{Dependency: "payment", Transition: breaker.Transition{At: 60 * time.Second, From: breaker.Closed, To: breaker.Open, Cause: breaker.CauseSlowCallRate, Failures: 100, Calls: 100}},
	}
	write := func(width int) []string {
		var b strings.Builder
		writeTransitions(func(indent int, text string) { writeWrapped(&b, text, width, indent) }, ts, width, 120*time.Second)
		return strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	}
	lines := write(80)
	under := 0
	for i, l := range lines {
		if n := len(l); n > 80 {
			t.Errorf("width 80: line %d is %d columns: %q", i+1, n, l)
		}
		arrow := strings.Index(l, " -> ")
		if arrow < 0 {
			continue
		}
		from := strings.LastIndex(l[:arrow], " ") + 1 // where the first state's name begins
		if i+1 < len(lines) && !strings.Contains(lines[i+1], " -> ") {
			under++
			next := lines[i+1]
			if got := len(next) - len(strings.TrimLeft(next, " ")); got != from {
				t.Errorf("width 80: the reason of %q starts at column %d, want %d, under %q:\n%s", strings.TrimSpace(l), got, from, l[from:arrow], strings.Join(lines, "\n"))
			}
		}
	}
	if under != 3 { // all but the open wait's reason are too long to sit beside
		t.Errorf("width 80: %d reasons went under their transitions, want 3:\n%s", under, strings.Join(lines, "\n"))
	}
	// Too narrow beneath the states: the reason goes under the name, within
	// the width.
	lines = write(60)
	for i, l := range lines {
		if n := len(l); n > 60 {
			t.Errorf("width 60: line %d is %d columns: %q", i+1, n, l)
		}
	}
	if want := strings.Repeat(" ", transitionPad(ts, TransitionDecimals(ts), 120*time.Second)+6) + ts[0].Reason(); lines[1] != want {
		t.Errorf("width 60: the first reason is %q, want %q under the name", lines[1], want)
	}
}
