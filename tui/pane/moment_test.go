package pane_test

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// marked writes a moment so that a test sees it came from Data.Moment.
func marked(t time.Duration, _ int) string { return "<" + t.String() + ">" }

// dayMoment is a 24-hour run's moments, as the sandbox binds them.
func dayMoment(t time.Duration, decimals int) string {
	return playback.NoteTime(t, 24*time.Hour, decimals)
}

// On a long run the breaker's log writes each transition's time as the
// run's notes do (Data.Moment): "12h 00m 06.604s", not "43206.604 s";
// the times' figures vary, so each is padded to the widest and the states
// line up down the log.
func TestBreakerLogWritesALongRunsTimes(t *testing.T) {
	tr := func(at time.Duration, from, to breaker.State) engine.Transition {
		return engine.Transition{Dependency: "dep", Transition: breaker.Transition{At: at, From: from, To: to}}
	}
	s := &engine.Snapshot{
		Duration: 24 * time.Hour, Now: 12*time.Hour + 10*time.Minute,
		Dependencies: []engine.DependencySnapshot{{Name: "dep", Order: []engine.Layer{engine.LayerBreaker},
			Breaker: &engine.BreakerSnapshot{State: breaker.Closed}}},
		Transitions: []engine.Transition{
			tr(12*time.Hour, breaker.Closed, breaker.Open),
			tr(43206604*time.Millisecond, breaker.Open, breaker.HalfOpen),
			tr(43211600*time.Millisecond, breaker.HalfOpen, breaker.Closed),
		},
	}
	b := pane.NewBreaker(tuitest.Plain())
	b.SetSize(70, 20)
	b.SetData(pane.Data{Snap: s, Gen: 1, Moment: dayMoment})
	v := ansi.Strip(b.View())
	col := -1
	for _, want := range []string{"12h 00m", "12h 00m 06.604s", "12h 00m 11.6s"} {
		var line string
		for _, l := range strings.Split(v, "\n") {
			if l = strings.Trim(l, "│"); strings.HasPrefix(strings.TrimLeft(l, " "), want+"  ") {
				line = l
			}
		}
		if line == "" {
			t.Errorf("no log line reads %q:\n%s", want, v)
			continue
		}
		if at := strings.Index(line, want) + len(want); col < 0 {
			col = at
		} else if at != col {
			t.Errorf("the state after %q starts at %d, the first line's at %d:\n%s", want, at, col, v)
		}
	}
	if strings.Contains(v, "43206") {
		t.Errorf("a long run's log reads seconds:\n%s", v)
	}
}

// The chain's leaf says since when its fault runs, and a full pool since
// when it is full, as the run writes a moment (Data.Moment).
func TestChainWritesMomentsByTheRun(t *testing.T) {
	c := pane.NewChain(tuitest.Plain())
	c.SetData(pane.Data{Snap: chainSnap(), Gen: 1, Moment: marked})
	c.SetSize(110, c.Max(110))
	v := ansi.Strip(c.View())
	for _, want := range []string{"slow 3 s since <20s>", "<23.5s>", "<21s>"} {
		if !strings.Contains(v, want) {
			t.Errorf("the chain lacks %q:\n%s", want, v)
		}
	}
}

// The fleet's opened and next-probe columns and its lockstep footer write
// moments by the run (Data.Moment); the time left of a restart stays a
// length in seconds.
func TestFleetWritesMomentsByTheRun(t *testing.T) {
	f := pane.NewFleet(tuitest.Plain())
	f.SetData(pane.Data{Snap: fleetSnap(), Gen: 1, Moment: marked})
	f.SetSize(110, 30)
	v := ansi.Strip(f.View())
	for _, want := range []string{"2 went half-open at <25s>", "3 open will probe together at <29s>", "<24s>", "<27.5s>", "down 12.5 s left"} {
		if !strings.Contains(v, want) {
			t.Errorf("the fleet lacks %q:\n%s", want, v)
		}
	}
}

// The limits pane says when a killed process is back as the run writes a
// moment (Data.Moment).
func TestLimitsWriteTheComebackByTheRun(t *testing.T) {
	d := downGoServer(t)
	d.Moment = marked
	l := pane.NewLimits(tuitest.Plain())
	l.SetSize(100, 12)
	l.SetData(d)
	v := ansi.Strip(l.View())
	if want := "back at <" + d.Snap.Tasks.UpAt.String() + ">"; !strings.Contains(v, want) {
		t.Errorf("the limits lack %q:\n%s", want, v)
	}
}

// downGoServer is go-server's first variant at a moment its process is
// down after a kill at its memory limit.
func downGoServer(t *testing.T) pane.Data {
	t.Helper()
	for at := 30.0; at <= 120; at++ {
		if d := tuitest.At(t, "go-server", 0, at); d.Snap.Tasks != nil && d.Snap.Tasks.Down {
			return d
		}
	}
	t.Fatal("go-server's process is never down")
	return pane.Data{}
}
