package playback

import (
	"bytes"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// ] names the breaker that moved as `breakerlab run` lists it: in
// fleet-probes, twenty api instances each with a breaker on provider, the
// note said "provider breaker closed → open" where run's table said
// api#12/provider. Every transition run's table lists, on both
// scenarios with a fleet's breakers and the front's (cascade), is named
// alike in the note.
func TestTransitionNoteNamesTheBreakerAsRunDoes(t *testing.T) {
	for _, name := range []string{"fleet-probes", "cascade"} {
		sc := tuitest.Scenario(t, name)
		sc.Variants = sc.Variants[len(sc.Variants)-1:] // one design with a breaker
		r, err := engine.New(sc, 0, tuitest.Seed)
		if err != nil {
			t.Fatal(err)
		}
		r.AdvanceTo(sc.Duration)
		snap := r.Snapshot()
		var table bytes.Buffer
		if err := report.WriteTable(&table, sc, tuitest.Seed, []engine.Snapshot{snap}); err != nil {
			t.Fatal(err)
		}
		listed := report.ListedTransitions(snap.Transitions)
		if len(listed) == 0 {
			t.Fatalf("%s: no transition to name", name)
		}
		// run's table lists them in order, a line each: its time, the
		// breaker's name, from -> to and why.
		var lines [][]string
		for _, l := range strings.Split(table.String(), "\n") {
			if f := strings.Fields(l); len(f) >= 6 && f[1] == "s" && f[4] == "->" {
				lines = append(lines, f)
			}
		}
		if len(lines) != len(listed) {
			t.Fatalf("%s: run's table lists %d transitions, want %d:\n%s", name, len(lines), len(listed), table.String())
		}
		for i, tr := range listed {
			f := lines[i]
			if f[3] != tr.From.String() || f[5] != tr.To.String() {
				t.Fatalf("%s: line %q is not of %s -> %s", name, f, tr.From, tr.To)
			}
			if got, want := TransitionEvent(tr).What, f[2]+" breaker "+tr.From.String()+" → "+tr.To.String(); got != want {
				t.Errorf("%s at %s s: ] notes %q, run's table names the breaker %s", name, f[0], got, f[2])
			}
		}
		if name == "fleet-probes" && !strings.Contains(TransitionEvent(listed[0]).What, "#") {
			t.Errorf("fleet-probes: %q names no instance", TransitionEvent(listed[0]).What)
		}
	}
}
