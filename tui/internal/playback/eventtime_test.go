package playback

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
)

// transitionLine is a 20 s line with breaker transitions at 5.005 s and
// 10.53 s and a fault at 15 s; with whole set it has its whole run's
// transitions, a later one at 12.345 s among them, as the sandbox has
// them for its breaker pane.
type transitionLine struct {
	*line
	whole bool
}

func transitionAt(ms int) engine.Transition {
	return engine.Transition{Dependency: "payments", Transition: breaker.Transition{At: time.Duration(ms) * time.Millisecond, From: breaker.Closed, To: breaker.Open}}
}

func (l transitionLine) Events() []Event {
	return []Event{TransitionEvent(transitionAt(5005)), TransitionEvent(transitionAt(10530)), {At: 15 * time.Second, What: "payments: hang starts"}}
}

func (l transitionLine) RunTransitions(int) ([]engine.Transition, bool) {
	return []engine.Transition{transitionAt(5005), transitionAt(10530), transitionAt(12345)}, l.whole
}

// TestEventNoteReadsAsTheBreakerLog: ] writes a transition's time as the
// breaker pane's log beside the note and `breakerlab run` do, on the
// decimals of the run's list ("10.530 s", where it wrote "10.53 s"): the
// whole run's when the timeline has it, else the transitions' up to it,
// which the log holds then. A fault keeps its fewest digits.
func TestEventNoteReadsAsTheBreakerLog(t *testing.T) {
	for _, c := range []struct {
		whole bool
		want  []string
	}{
		{false, []string{"5.005 s: payments breaker closed → open", "10.530 s: payments breaker closed → open", "15 s: payments: hang starts"}},
		{true, []string{"5.005 s: payments breaker closed → open", "10.530 s: payments breaker closed → open", "15 s: payments: hang starts"}},
	} {
		l := transitionLine{&line{end: 20 * time.Second}, c.whole}
		for _, want := range c.want {
			if note, err := JumpToEvent(l, true); err != nil || note != want {
				t.Errorf("whole run known %v: ] notes %q, %v; want %q", c.whole, note, err, want)
			}
		}
	}
	// From the run's list alone: 10.53 s the first transition of a list
	// whose later one takes three decimals.
	l := transitionLine{&line{end: 20 * time.Second, at: 6 * time.Second}, true}
	evs := []Event{TransitionEvent(transitionAt(10530))}
	if got := EventTime(l, evs, evs[0]); got != "10.530 s" {
		t.Errorf("10.53 s in a run whose list has 12.345 s: %q", got)
	}
	l.whole = false
	if got := EventTime(l, evs, evs[0]); got != "10.53 s" {
		t.Errorf("10.53 s the only transition so far: %q, want it as the log writes it then", got)
	}
}
