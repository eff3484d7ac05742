package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A 24-hour run's edit mark writes its times as the run's notes and panes
// do: a moved fault's end "12h 01m" (playback.NoteTime), where the
// variants' marks read "until 43,260 s" and the summary "43200 s–43260 s"
// under a clock in hours, and a length of time as the form's field holds
// it ("2h", not "7,200 s").
func TestALongRunsMarkWritesItsTimesInTheRunsUnit(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	t.Parallel()     // parallel_test.go says which tests may
	written := editAndWriteAfterWork(t, dayScenario(t),
		[3]string{"The server", "until", "12h1m"},
		[3]string{"Calls to recommendations", "timeout", "7200s"})
	const summary = "edited: recommendations hang 12h 00m–12h 01m, recommendations' timeout 2h; outcomes still measured 0h 00m 10s–24h 00m, as built"
	if written.Summary != summary {
		t.Errorf("the summary reads\n%q\nwant\n%q", written.Summary, summary)
	}
	for i, want := range []string{
		"one shared pool (edited: recommendations hangs until 12h 01m, recommendations' timeout 2h)",
		"bulkhead and circuit breaker (edited: recommendations hangs until 12h 01m)",
	} {
		if got := written.Variants[i].Name; got != want {
			t.Errorf("variant %d reads\n%q\nwant\n%q", i+1, got, want)
		}
	}
}

// The same edits of the same file made 30 s long read as the mark always
// has: seconds, and a duration in a lesson's words.
func TestAShortRunsMarkReadsAsBefore(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	written := editAndWriteAfterWork(t, shortDayCascade(t),
		[3]string{"The server", "until", "22s"},
		[3]string{"Calls to recommendations", "timeout", "2s"})
	const summary = "edited: recommendations hang 10 s–22 s, recommendations' timeout 2 s; outcomes still measured 10 s–30 s, as built"
	if written.Summary != summary {
		t.Errorf("the summary reads\n%q\nwant\n%q", written.Summary, summary)
	}
	if got, want := written.Variants[0].Name, "one shared pool (edited: recommendations hangs until 22 s, recommendations' timeout 2 s)"; got != want {
		t.Errorf("variant 1 reads\n%q\nwant\n%q", got, want)
	}
}

// editAndWriteAfterWork is editAndWrite on variant 1 of sc, after the work
// a day-long run takes before the sandbox answers a key (work.go).
func editAndWriteAfterWork(t *testing.T, sc *engine.Scenario, fields ...[3]string) *engine.Scenario {
	t.Helper()
	return applyAndWrite(t, openLong(t, 100, 30, Options{Scenario: sc}), func(m Model) Model { return drainWork(t, m) }, fields...)
}

// shortDayCascade is dayCascade 30 s long, the hang from 10 s to 25 s.
func shortDayCascade(t *testing.T) *engine.Scenario {
	t.Helper()
	text := strings.NewReplacer(`duration = "24h"`, `duration = "30s"`, `from = "12h", to = "12h5m10.5s"`, `from = "10s", to = "25s"`).Replace(dayCascade)
	sc, err := scenariofile.Parse("short.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// A file an earlier build wrote is mended when its mark is read for the
// next edit. Each case's mark is the one that build's w wrote (checked
// against binaries built at 6e84c71 and d85e9e2) for the hang moved to
// end at 20 s, or 12h 01m, and variant 1's timeout set to 1 s: before the
// possessive rule, "recommendations's timeout 1 s", which an edit of the
// timeout left beside its own words; before the summary read that rule,
// the moved fault said twice, once as "recommendations' fault until
// 20 s", which stayed, at its old value, when the fault moved again; and
// a day-long run's seconds, which stayed beside the run's unit.
func TestAnOldFilesMarkIsMendedOnTheNextEdit(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	t.Parallel()     // parallel_test.go says which tests may
	for _, tc := range []struct {
		what    string
		long    bool
		summary string
		names   [2]string
		want    [3]string // the summary and the two names after the edit
	}{{
		what:    "possessive 's",
		summary: "edited: recommendations hang 10 s–20 s, recommendations's timeout 1 s; outcomes still measured 10 s–30 s, as built",
		names: [2]string{
			"one shared pool (edited: recommendations's fault until 20 s, recommendations's timeout 1 s)",
			"bulkhead and circuit breaker (edited: recommendations's fault until 20 s)",
		},
		want: [3]string{
			"edited: recommendations hang 10 s–22 s, recommendations' timeout 2 s; outcomes still measured 10 s–30 s, as built",
			"one shared pool (edited: recommendations hangs until 22 s, recommendations' timeout 2 s)",
			"bulkhead and circuit breaker (edited: recommendations hangs until 22 s)",
		},
	}, {
		what:    "fault said twice",
		summary: "edited: recommendations hang 10 s–20 s, recommendations' fault until 20 s, recommendations' timeout 1 s; outcomes still measured 10 s–30 s, as built",
		names: [2]string{
			"one shared pool (edited: recommendations' fault until 20 s, recommendations' timeout 1 s)",
			"bulkhead and circuit breaker (edited: recommendations' fault until 20 s)",
		},
		want: [3]string{
			"edited: recommendations hang 10 s–22 s, recommendations' timeout 2 s; outcomes still measured 10 s–30 s, as built",
			"one shared pool (edited: recommendations hangs until 22 s, recommendations' timeout 2 s)",
			"bulkhead and circuit breaker (edited: recommendations hangs until 22 s)",
		},
	}, {
		what:    "a day in seconds",
		long:    true,
		summary: "edited: recommendations hang 43200 s–43260 s, recommendations' timeout 1 s; outcomes still measured 10 s–86400 s, as built",
		names: [2]string{
			"one shared pool (edited: recommendations' fault until 43,260 s, recommendations' timeout 1 s)",
			"bulkhead and circuit breaker (edited: recommendations' fault until 43,260 s)",
		},
		want: [3]string{
			"edited: recommendations hang 12h 00m–12h 02m 30.5s, recommendations' timeout 2s; outcomes still measured 0h 00m 10s–24h 00m, as built",
			"one shared pool (edited: recommendations hangs until 12h 02m 30.5s, recommendations' timeout 2s)",
			"bulkhead and circuit breaker (edited: recommendations hangs until 12h 02m 30.5s)",
		},
	}} {
		sc, moved, until := shortDayCascade(t), 20*time.Second, "22s"
		if tc.long {
			sc, moved, until = dayScenario(t), 12*time.Hour+time.Minute, "12h2m30.5s"
		}
		sc.Summary = tc.summary
		for i, name := range tc.names {
			sc.Variants[i].Name = name
			sc.Variants[i].System.Dependencies[1].Faults[0].To = moved
		}
		sc.Variants[0].System.Dependencies[1].Policy.Timeout = time.Second
		written := editAndWriteAfterWork(t, sc,
			[3]string{"The server", "until", until},
			[3]string{"Calls to recommendations", "timeout", "2s"})
		got := [3]string{written.Summary, written.Variants[0].Name, written.Variants[1].Name}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("%s: %s reads\n%q\nwant\n%q", tc.what, [3]string{"the summary", "variant 1", "variant 2"}[i], got[i], tc.want[i])
			}
		}
	}
}
