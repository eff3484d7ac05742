package pane_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// longRun is a scenario file's run of duration, its payment slow from
// from to to, behind a breaker: the times `breakerlab run` writes of it.
func longRun(t *testing.T, duration, from, to string) (*engine.Scenario, engine.Snapshot, string) {
	t.Helper()
	src := fmt.Sprintf(`name = "long"
duration = %q
measure_from = "500ms"
measure_to = %q

[system]
workers = 16
queue = "unbounded"

[[system.endpoints]]
name = "checkout"
rate = 20
calls = "payment"
patience = "3s"

[[system.dependencies]]
name = "payment"
latency = { kind = "lognormal", p50 = "80ms", p99 = "200ms" }
faults = [{ kind = "slow", from = %q, to = %q, latency = "10s" }]

[[variants]]
name = "protected"

[variants.dependencies.payment.policy]
timeout = "500ms"

[variants.dependencies.payment.policy.breaker]
window_size = 10
minimum_calls = 10
failure_rate = 0.5
open_for = "1s"
half_open_trials = 3
`, duration, duration, from, to)
	sc, err := scenariofile.Parse("long.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := report.WriteTableWidth(&b, sc, 5, snaps, 0); err != nil {
		t.Fatal(err)
	}
	return sc, snaps[0], b.String()
}

// Run's text writes a long run's times (minutes, hours) as the sandbox's
// notes and its breaker log write the same moments: it wrote "first at
// 72025.495 s" and "from 0.5 s to 86400 s" beside a sandbox reading "20h
// 00m 25.495s" and "24h 00m". Each side's times are its own functions'
// (report.WriteTableWidth; playback's notes, and the breaker pane bound to
// playback.NoteTime as the sandbox binds it), so that either rule moving
// alone fails here.
func TestRunWritesALongRunsTimesAsTheSandbox(t *testing.T) {
	racefree.Only(t) // runs the engine and draws a pane on this goroutine alone
	for _, c := range []struct{ duration, from, to string }{
		{"45m", "40m5.25s", "40m8s"},
		{"24h", "20h", "20h1m"},
	} {
		sc, snap, text := longRun(t, c.duration, c.from, c.to)
		end := sc.Duration
		if head, _, _ := strings.Cut(text, "\n\n"); strings.HasSuffix(head, " s") || strings.Contains(head, " s ") {
			t.Errorf("%s run: its text writes seconds, not the run's unit:\n%s", c.duration, head)
		}
		note := func(d time.Duration) string { return playback.MomentIn(d, end) }
		for _, want := range []string{
			"arrived from " + note(sc.MeasureFrom) + " to " + note(sc.MeasureTo),
			"(first at " + note(snap.Dependencies[0].InFlightMaxAt) + ")",
		} {
			if !strings.Contains(text, want) {
				t.Errorf("%s run: the text lacks the notes' %q:\n%s", c.duration, want, text)
			}
		}

		// The breaker log, as the sandbox draws it at the run's end.
		b := pane.NewBreaker(tuitest.Plain())
		b.SetSize(120, 60)
		b.SetData(pane.Data{Snap: &snap, Gen: 1, Moment: func(d time.Duration, decimals int) string { return playback.NoteTime(d, end, decimals) }})
		logged := map[string]bool{}
		for _, l := range strings.Split(ansi.Strip(b.View()), "\n") {
			l = strings.TrimSpace(strings.Trim(l, "│ "))
			if at, _, ok := strings.Cut(l, "  "); ok && strings.Contains(l, "→") {
				logged[at] = true
			}
		}

		evs, err := playback.RunEvents(sc, 0, 5)
		if err != nil {
			t.Fatal(err)
		}
		tl := timeline{end: end}
		var listed []string
		for _, l := range strings.Split(text, "\n") {
			if at, _, ok := strings.Cut(strings.TrimSpace(l), "  payment"); ok && strings.Contains(l, " -> ") {
				listed = append(listed, at)
			}
		}
		shown := report.ListedTransitions(snap.Transitions)
		if len(listed) != len(shown) || len(shown) == 0 {
			t.Fatalf("%s run: the text lists %d transitions, want %d:\n%s", c.duration, len(listed), len(shown), text)
		}
		for i, tr := range shown {
			e := playback.Event{At: tr.At, Transition: true}
			if n := playback.EventTime(tl, evs, e); listed[i] != n {
				t.Errorf("%s run: the text lists a transition at %q, the note of ] to it reads %q", c.duration, listed[i], n)
			}
			if len(shown) == len(snap.Transitions) && !logged[listed[i]] {
				t.Errorf("%s run: the text lists a transition at %q, which the breaker log does not (%v)", c.duration, listed[i], logged)
			}
		}
		if len(shown) < len(snap.Transitions) {
			// A long list's summary says when the breaker first opened.
			first := shown[0].At // the first transition is always an opening
			if want := "the first at " + note(first) + ","; !strings.Contains(text, want) {
				t.Errorf("%s run: the text lacks the notes' %q:\n%s", c.duration, want, text)
			}
		}
		if len(shown) == len(snap.Transitions) && len(logged) != len(shown) {
			t.Errorf("%s run: the log lists %d transitions, the text %d", c.duration, len(logged), len(shown))
		}
	}
}

// timeline is a run's timeline as a note needs it: its end.
type timeline struct{ end time.Duration }

func (l timeline) Now() time.Duration       { return 0 }
func (l timeline) End() time.Duration       { return l.end }
func (l timeline) Seek(time.Duration) error { return nil }
func (l timeline) Restart() error           { return nil }
