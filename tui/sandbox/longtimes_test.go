package sandbox

import (
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// dayCascade is the cascade as a 24-hour scenario file: the hang from 12h
// to 12h 05m 10.5s, the rates a tenth of the built-in's (the file's cap
// on requests), the shared pool and the breaker's design.
const dayCascade = `
name = "cascade"
duration = "24h"
measure_from = "10s"

[system]
workers = 200
queue = "none"

[[system.endpoints]]
name = "search"
rate = 30
calls = "search-index"

[[system.endpoints]]
name = "recommendations"
rate = 10
calls = "recommendations"

[[system.dependencies]]
name = "search-index"
latency = { kind = "exponential", mean = "20ms" }
policy = { timeout = "5s" }

[[system.dependencies]]
name = "recommendations"
latency = { kind = "exponential", mean = "40ms" }
faults = [
  { kind = "hang", from = "12h", to = "12h5m10.5s" },
]
policy = { timeout = "5s" }

[[variants]]
name = "one shared pool"

[[variants]]
name = "bulkhead and circuit breaker"

[variants.dependencies.recommendations.policy]
timeout = "5s"
bulkhead = { size = 20 }
fallback = "cached"

[variants.dependencies.recommendations.policy.breaker]
window_size = 20
failure_rate = 0.5
open_for = "5s"
half_open_trials = 3
`

func dayScenario(t testing.TB) *engine.Scenario {
	t.Helper()
	sc, err := scenariofile.Parse("day.toml", []byte(dayCascade))
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// secondsPastAMinute is a time written in seconds past a thousand, as
// "43206.604 s" or "43200s": what a 24-hour run's screens drew beside a
// clock in hours.
var secondsPastAMinute = regexp.MustCompile(`\b\d{4,}(\.\d+)? ?s\b`)

// longOpens makes the tests' openings of a long run take turns: the
// first opening of a run plays its layout profile, which the program
// keeps (profiles.go), and the others, having waited, find it there,
// where the parallel tests opening the 24-hour cascade each played the
// whole day.
var longOpens sync.Mutex

// openLong is the sandbox on o at w by h, the work of its opening played.
func openLong(t *testing.T, w, h int, o Options) Model {
	t.Helper()
	longOpens.Lock()
	defer longOpens.Unlock()
	return drainWork(t, newModel(t, w, h, o))
}

// dayAt is the sandbox on the 24-hour cascade's breaker variant, at
// 12h 10m (after the hang and the breaker's last transition), w by h.
func dayAt(t *testing.T, w, h int) Model {
	t.Helper()
	return dayAtOn(t, dayScenario(t), w, h)
}

// dayAtOn is dayAt on sc, the 24-hour cascade under a name of its own
// (unprofiled) or as it is.
func dayAtOn(t *testing.T, sc *engine.Scenario, w, h int) Model {
	t.Helper()
	m := openLong(t, w, h, Options{Scenario: sc, Variant: 1})
	m = send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("t12h10m")}, keyMsg("enter"))
	m = drainWork(t, m)
	if m.Now() != 12*time.Hour+10*time.Minute {
		t.Fatalf("the seek reached %v, want 12h10m", m.Now())
	}
	return m
}

// On a 24-hour run every time a pane draws reads in the run's unit, by
// the rule the notes write a time by (playback.NoteTime): the breaker's
// log "12h 05m 14.321s", not "43514.321 s", and the fault legends "hangs
// 12h 00m–12h 05m 10.5s", not "43200s–43510.5s".
func TestLongRunDrawsItsTimesAsItsNotes(t *testing.T) {
	racefree.Only(t) // the seek's work is played here, a slice a message
	t.Parallel()     // parallel_test.go says which tests may
	// The day is opened and sought once, at 100x30, and resized to 200x60:
	// a screen resized to a size is the one made at it
	// (TestResizedScreenIsTheOneMadeAtItsSize, on this run at this
	// moment), and an opening and a seek of the day cost more than the
	// rest of the test.
	var m Model
	for i, size := range [][2]int{{100, 30}, {200, 60}} {
		if i == 0 {
			m = dayAt(t, size[0], size[1])
		} else {
			m = resized(t, m, size[0], size[1])
		}
		view := ansi.Strip(m.View())
		if got := secondsPastAMinute.FindAllString(view, -1); len(got) > 0 {
			t.Errorf("%dx%d: times drawn in seconds under a clock in hours: %q\n%s", size[0], size[1], got, view)
		}
		trs := m.sim.snap.Transitions
		if len(trs) == 0 {
			t.Fatalf("%dx%d: the breaker never moved; the test needs its log", size[0], size[1])
		}
		last := playback.NoteTime(trs[len(trs)-1].At, m.end(), 0)
		if !strings.HasPrefix(last, "12h 0") || !strings.Contains(view, last+"  half-open → closed") {
			t.Errorf("%dx%d: the breaker log does not read its last transition as %q:\n%s", size[0], size[1], last, view)
		}
		if size[0] >= 200 {
			const legend = "━ recommendations hangs 12h 00m–12h 05m 10.5s"
			if n := strings.Count(view, legend); n < 4 {
				t.Errorf("%dx%d: %d charts' legends read %q, want the four charts':\n%s", size[0], size[1], n, legend, view)
			}
		}
	}
	// Compare mode's title says which requests its shares count in the
	// run's unit: "from 0h 00m 10s on", where "from 10 s on" sat under axes
	// in hours. (Here, on the day already sought at 200x60, not a test of
	// its own opening and seeking the day again.)
	m = drainWork(t, send(m, keyMsg("c")))
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "Requests arriving from 0h 00m 10s on") {
		t.Errorf("the comparison's title does not read its window in hours:\n%s", view)
	}
	if got := secondsPastAMinute.FindAllString(view, -1); len(got) > 0 {
		t.Errorf("compare mode: times drawn in seconds under a clock in hours: %q", got)
	}
}
