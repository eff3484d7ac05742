package sandbox

import (
	"reflect"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// longGoServer is go-server run for 40 minutes, past directSpan: a
// scenario file's long run, short enough for a test to play a few times.
func longGoServer(t testing.TB) *engine.Scenario {
	t.Helper()
	sc := tuitest.Scenario(t, "go-server")
	sc.Duration, sc.MeasureTo = 40*time.Minute, 40*time.Minute
	if err := sc.Validate(); err != nil {
		t.Fatal(err)
	}
	return sc
}

// drainWork plays the work under way a slice per message, as the program
// does, checking that no message plays more than a slice of it.
func drainWork(t *testing.T, m Model) Model {
	t.Helper()
	for n := 0; m.work != nil; n++ {
		if n > 100000 {
			t.Fatal("the work never ends")
		}
		w := m.work
		was := w.r.Now()
		next, _ := m.Update(workMsg{id: w.id})
		m = next.(Model)
		if m.work == w && w.r.Now()-was > mostSlice {
			t.Fatalf("one message played %v of the run, more than a slice (%v)", w.r.Now()-was, mostSlice)
		}
	}
	return m
}

// A long run's first screen, G, a variant switch and another seed are
// played in slices, each key's Update returning before the run has
// moved; and what the slices end on is the run played straight there,
// bit for bit.
func TestSlicedSeekIsTheDirectRun(t *testing.T) {
	sc := longGoServer(t)
	m := newModel(t, 100, 30, Options{Scenario: sc})
	if m.work == nil || m.xp.prof.ok {
		t.Fatal("a 40-minute run's profile was played in New, not in slices")
	}
	m = drainWork(t, m)
	if !m.xp.prof.ok {
		t.Fatal("the profile's work ended without a profile")
	}
	checkProfile := func(what string) {
		t.Helper()
		want := profile{sc: m.sim.sc, variant: m.sim.variant, seed: m.sim.seed}
		r, _ := engine.New(m.sim.sc, m.sim.variant, m.sim.seed)
		r.Run()
		end := r.Snapshot()
		want.fill(&end)
		if !reflect.DeepEqual(m.xp.prof, want) {
			t.Errorf("%s: the layout's profile is not the one of the run played at once", what)
		}
	}
	checkProfile("the first screen")
	if m.sim.warm == nil {
		t.Fatal("the profile's run left no copy for a jump to the end")
	}

	check := func(what string, v int, seed uint64, at time.Duration) {
		t.Helper()
		if m.Now() != at || m.sim.variant != v || m.sim.seed != seed {
			t.Fatalf("%s: at %v variant %d seed %d, want %v, %d, %d", what, m.Now(), m.sim.variant, m.sim.seed, at, v, seed)
		}
		snap, final := replayed(t, m.sim.sc, v, seed, at)
		if !reflect.DeepEqual(*m.Snapshot(), snap) {
			t.Errorf("%s: the snapshot played in slices differs from the run played straight there", what)
		}
		if !reflect.DeepEqual(m.Final(), final) {
			t.Errorf("%s: the final snapshot played in slices differs", what)
		}
	}
	press := func(k tea.KeyMsg, sliced bool) {
		t.Helper()
		at, v, seed := m.Now(), m.sim.variant, m.sim.seed
		next, cmd := m.Update(k)
		m = next.(Model)
		if !sliced {
			m = drainWork(t, m)
			return
		}
		if m.work == nil || cmd == nil {
			t.Fatalf("%q on a 40-minute run was done in one Update", k.String())
		}
		if m.Now() != at || m.sim.variant != v || m.sim.seed != seed {
			t.Fatalf("%q moved the run before its work", k.String())
		}
		m = drainWork(t, m)
	}

	goTo := func(typed string) {
		t.Helper()
		next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(":")})
		m = next.(Model)
		for _, r := range typed {
			next, _ = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
			m = next.(Model)
		}
		press(tea.KeyMsg{Type: tea.KeyEnter}, true)
	}

	goTo("30m") // forwards: the run shown, played on
	check("a typed time", 0, tuitest.Seed, 30*time.Minute)

	// The profile's run left a copy at the end's last minute: G goes on
	// from it, at once.
	press(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("G")}, false)
	check("G", 0, tuitest.Seed, sc.Duration)

	press(tea.KeyMsg{Type: tea.KeyTab}, true) // a variant never shown: a fresh run
	check("tab", 1, tuitest.Seed, sc.Duration)
	if m.work != nil {
		t.Error("tab at the end: the profile was played again")
	}
	checkProfile("tab")

	goTo("30m") // a rewind to a time the step snapshots lack: from 0 s
	check("a rewind", 1, tuitest.Seed, 30*time.Minute)

	next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("S")})
	m = next.(Model)
	press(tea.KeyMsg{Type: tea.KeyEnter}, true)
	check("another seed", 1, tuitest.Seed+1, 30*time.Minute)
}

// esc stops the work where the run got to, which is then shown, exactly;
// q quits meanwhile.
func TestWorkKeysStopIt(t *testing.T) {
	sc := longGoServer(t)
	m := newModel(t, 100, 30, Options{Scenario: sc})
	m = drainWork(t, m)
	goTo := func(typed string) {
		t.Helper()
		for _, r := range ":" + typed {
			next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
			m = next.(Model)
		}
		next, _ := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
		m = next.(Model)
		if m.work == nil {
			t.Fatalf("going to %s was done in one Update", typed)
		}
	}
	goTo("35m")
	for range 3 {
		next, _ := m.Update(workMsg{id: m.work.id})
		m = next.(Model)
	}
	got := m.work.r.Now()
	if got <= 0 || got >= 35*time.Minute {
		t.Fatalf("three slices got to %v", got)
	}
	next, _ := m.Update(tea.KeyMsg{Type: tea.KeySpace}) // waits for the work
	m = next.(Model)
	if m.work == nil || m.Playing() {
		t.Fatal("space during the work was not held back")
	}
	next, _ = m.Update(tea.KeyMsg{Type: tea.KeyEsc})
	m = next.(Model)
	if m.work != nil || m.Now() != got {
		t.Fatalf("esc: work left %v, at %v, want stopped at %v", m.work != nil, m.Now(), got)
	}
	if snap, _ := replayed(t, sc, 0, tuitest.Seed, got); !reflect.DeepEqual(*m.Snapshot(), snap) {
		t.Error("the run stopped at differs from the run played straight there")
	}

	goTo("38m")
	next, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")})
	m = next.(Model)
	if m.work != nil || cmd == nil {
		t.Fatal("q during the work did not stop it")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Error("q during the work did not quit")
	}
}
