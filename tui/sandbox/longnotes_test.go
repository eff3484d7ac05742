package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	tea "github.com/charmbracelet/bubbletea"
)

// hoursLongCascade is the cascade stretched to 12h 30m at a thousandth of
// its traffic, its hang moved to 12h–12h 05m 10.5s: a run whose clock
// reads in hours (as any run's past three hours does, chart.SpanUnit),
// with a fault ending between the clock's minutes. It was 24 hours long:
// the hours after 12h 30m hold no event and read as those before, and
// playing them was over a quarter of the tests' CPU.
func hoursLongCascade(t testing.TB) *engine.Scenario {
	t.Helper()
	sc := tuitest.Scenario(t, "cascade")
	const long = 12*time.Hour + 30*time.Minute
	sc.Duration, sc.MeasureFrom, sc.MeasureTo = long, 0, long
	for i := range sc.Variants {
		sys := &sc.Variants[i].System
		for j := range sys.Endpoints {
			sys.Endpoints[j].Rate /= 1000
		}
		for j := range sys.Dependencies {
			for k := range sys.Dependencies[j].Faults {
				f := &sys.Dependencies[j].Faults[k]
				f.From, f.To = 12*time.Hour, 12*time.Hour+5*time.Minute+10500*time.Millisecond
			}
		}
	}
	if err := sc.Validate(); err != nil {
		t.Fatal(err)
	}
	return sc
}

// On a run whose clock reads in hours, every ] note, a fault's edge and
// a breaker's move alike, writes its time one way: the clock's reading,
// then the seconds it leaves out, to the millisecond. The hang's end
// read "12h 05m", its 10.5 s lost, beside transitions reading
// "43206.604 s".
func TestHoursLongRunEventNotesKeepTheirSeconds(t *testing.T) {
	racefree.Only(t) // no goroutine: the work's slices are played by this one, their commands dropped
	t.Parallel()     // parallel_test.go says which tests may
	m := drainWork(t, newModel(t, 100, 30, Options{Scenario: hoursLongCascade(t), Variant: 2}))
	faults, transitions := 0, 0
	for n := 0; ; n++ {
		if n > 200 {
			t.Fatal("] never reached the end of the events")
		}
		next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("]")})
		m = drainWork(t, next.(Model))
		if strings.HasPrefix(m.note, "no event after") {
			break
		}
		at, what, ok := strings.Cut(m.note, ": ")
		if !ok {
			t.Fatalf("] at %v: the note %q names no time", m.Now(), m.note)
		}
		if strings.Contains(what, "breaker") {
			transitions++
		} else {
			faults++
		}
		clock := pane.ClockIn(m.Now(), time.Hour)
		read, err := time.ParseDuration(strings.ReplaceAll(at, " ", ""))
		if !strings.HasPrefix(at, clock) || err != nil || read != m.Now().Round(time.Millisecond) {
			t.Errorf("] at %v: the note reads %q, want the clock's %q and the rest of the time to the millisecond", m.Now(), m.note, clock)
		}
	}
	if faults != 2 || transitions == 0 {
		t.Errorf("] met %d fault edges and %d transitions, want the hang's 2 and the breaker's", faults, transitions)
	}
}

// A time typed on a run whose clock reads in hours is named to the
// second it was typed to, by the progress line on the way and the note
// on arrival alike: the progress line said "working to 12h 05m", its
// 8 s cut, and the note "at 12h 05m".
func TestHoursLongRunSeekNotesKeepTheirSeconds(t *testing.T) {
	racefree.Only(t) // no goroutine: the work's slices are played by this one, their commands dropped
	m := drainWork(t, newModel(t, 100, 30, Options{Scenario: hoursLongCascade(t)}))
	m.sim.cps = checkpoints{} // as TestWorkKeysStopIt: the move is work
	m = goTo(m, "43508")
	if m.work == nil || !strings.HasPrefix(m.note, "working to 12h 05m 08s… ") {
		t.Errorf("going to 43508 s: work %v, note %q, want working to 12h 05m 08s", m.work != nil, m.note)
	}
	if m = drainWork(t, m); m.note != "at 12h 05m 08s" {
		t.Errorf("at 43508 s: the note reads %q", m.note)
	}
}
