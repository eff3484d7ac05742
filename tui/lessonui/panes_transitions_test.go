package lessonui

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// TestTransitionsPaneReadsAsRun: the lesson player's list of transitions
// writes each time as `breakerlab run` lists the run's transitions, on
// the decimals the whole list needs ("10.530 s" beside "12.345 s", where
// it wrote "10.53 s"), taken from the run played out once the player has
// it, so that it reads as the breaker pane's log beside it does.
func TestTransitionsPaneReadsAsRun(t *testing.T) {
	at := func(ms int) engine.Transition {
		return engine.Transition{Dependency: "payments", Transition: breaker.Transition{At: time.Duration(ms) * time.Millisecond, From: breaker.Closed, To: breaker.Open}}
	}
	whole := []engine.Transition{at(10530), at(12345)}
	for _, c := range []struct {
		name        string
		snap, final []engine.Transition
		want        []string
	}{
		{"both played", whole, nil, []string{"10.530 s  closed → open", "12.345 s  closed → open"}},
		{"the first played, the run known to its end", whole[:1], whole, []string{"10.530 s  closed → open"}},
		{"the first played", whole[:1], nil, []string{"10.53 s  closed → open"}},
	} {
		tp := newEnginePane("transitions", tuitest.Plain())
		tp.SetSize(60, 8)
		d := pane.Data{Snap: &engine.Snapshot{Transitions: c.snap}, Gen: 1}
		if c.final != nil {
			d.Final = &engine.Snapshot{Transitions: c.final}
		}
		tp.SetData(d)
		v := ansi.Strip(tp.View())
		for _, w := range c.want {
			if !strings.Contains(v, "│"+w) && !strings.Contains(v, " "+w) {
				t.Errorf("%s: the list should read %q:\n%s", c.name, w, v)
			}
		}
		if c.final == nil && len(c.snap) == 2 && strings.Contains(v, "10.53 s") {
			t.Errorf("%s: 10.53 s beside 12.345 s:\n%s", c.name, v)
		}
	}
}
