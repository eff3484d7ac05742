package pane_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// runTransition is a transition's line in run's table: its time first.
var runTransition = regexp.MustCompile(`^\s+(\d+(?:\.\d+)? s)\s+\S+\s+\S+ -> \S+`)

// logEntry is a transition in the breaker pane's log.
var logEntry = regexp.MustCompile(`│\s*(\d+(?:\.\d+)? (?:s|ms))\s+\S+ → \S+`)

// TestBreakerLogReadsAsRun: every transition the breaker pane's log shows
// and `breakerlab run`'s table lists has one time text in both ("10.530
// s", where the log wrote "10.53 s" beside run's list aligned on three
// decimals): on every built-in variant, for each of its breakers, from the
// run's end snapshot (the log works the decimals out of what it holds)
// and halfway through with the whole run's list handed over, as the
// sandbox does (SetRunTransitions).
func TestBreakerLogReadsAsRun(t *testing.T) {
	compared, padded := 0, 0
	for _, b := range scenarios.All() {
		sc := b.Build()
		snaps := make([]engine.Snapshot, len(sc.Variants))
		halves := make([]engine.Snapshot, len(sc.Variants))
		for v := range sc.Variants {
			r, err := engine.New(sc, v, tuitest.Seed)
			if err != nil {
				t.Fatal(err)
			}
			r.AdvanceTo(sc.Duration / 2)
			halves[v] = r.Snapshot()
			r.Run()
			snaps[v] = r.Snapshot()
		}
		var table bytes.Buffer
		if err := report.WriteTable(&table, sc, tuitest.Seed, snaps); err != nil {
			t.Fatal(err)
		}
		// Run's times per variant, in the order of the run's transitions
		// (the first ten of a long list).
		runTimes := make([][]string, len(sc.Variants))
		v := -1
		for _, l := range strings.Split(table.String(), "\n") {
			for i := range sc.Variants {
				if l == sc.Variants[i].Name+":" {
					v = i
				}
			}
			if m := runTransition.FindStringSubmatch(l); m != nil && v >= 0 {
				runTimes[v] = append(runTimes[v], m[1])
			}
		}
		for v := range sc.Variants {
			for _, half := range []bool{false, true} {
				snap, whole := &snaps[v], []engine.Transition(nil)
				if half {
					snap, whole = &halves[v], snaps[v].Transitions
				}
				p := pane.NewBreaker(tuitest.Plain())
				p.SetRunTransitions(whole)
				p.SetSize(90, 400)
				for k := range max(pane.BreakerCount(snap), 1) {
					if k > 0 {
						p.Update(tuitest.Key("b"))
					}
					p.SetData(pane.Data{Snap: snap, Gen: 1})
					name, has := p.Showing()
					if !has {
						continue
					}
					// The log's entries are the breaker's latest transitions.
					var mine []int
					trName := snap.Dependencies[depIndex(snap, name)].BreakerName()
					for i, tr := range snap.Transitions {
						if tr.Service == "" && tr.Dependency == trName {
							mine = append(mine, i)
						}
					}
					var shown []string
					for _, l := range strings.Split(ansi.Strip(p.View()), "\n") {
						if m := logEntry.FindStringSubmatch(l); m != nil {
							shown = append(shown, m[1])
						}
					}
					if len(shown) > len(mine) {
						t.Fatalf("%s variant %d, %s: the log shows %d entries of %d transitions", sc.Name, v+1, name, len(shown), len(mine))
					}
					for j, text := range shown {
						i := mine[len(mine)-len(shown)+j]
						if i >= len(runTimes[v]) {
							continue // past the transitions run lists
						}
						compared++
						if strings.Contains(text, ".") && strings.HasSuffix(strings.TrimSuffix(text, " s"), "0") {
							padded++
						}
						if text != runTimes[v][i] {
							t.Errorf("%s variant %d (halfway %v), %s: transition %d at %v reads %q on the pane, %q in run's table",
								sc.Name, v+1, half, name, i+1, snap.Transitions[i].At, text, runTimes[v][i])
						}
					}
				}
			}
		}
	}
	// The check saw transitions, some of them with the zeros an aligned
	// list adds.
	if compared == 0 || padded == 0 {
		t.Fatalf("compared %d transitions, %d with a trailing zero", compared, padded)
	}
}

// depIndex is the index of dependency name in s.
func depIndex(s *engine.Snapshot, name string) int {
	for i := range s.Dependencies {
		if s.Dependencies[i].Name == name {
			return i
		}
	}
	return 0
}
