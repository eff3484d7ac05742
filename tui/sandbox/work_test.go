package sandbox

import (
	"fmt"
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
		was := w.reached()
		next, _ := m.Update(workMsg{id: w.id})
		m = next.(Model)
		if m.work == w && w.reached()-was > mostSlice {
			t.Fatalf("one message played %v of the run, more than a slice (%v)", w.reached()-was, mostSlice)
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

// longCheckout is checkout run for an hour, its payment slow again at
// 50 min: on the protected variant, the breaker's next transitions are
// half an hour past the time a test looks from.
func longCheckout(t testing.TB) *engine.Scenario {
	t.Helper()
	sc := tuitest.Scenario(t, "checkout")
	sc.Duration, sc.MeasureTo = time.Hour, time.Hour
	for i := range sc.Variants {
		d := &sc.Variants[i].System.Dependencies[0]
		f := d.Faults[0]
		f.From, f.To = 50*time.Minute+f.From, 50*time.Minute+f.To
		d.Faults = append(d.Faults, f)
	}
	if err := sc.Validate(); err != nil {
		t.Fatal(err)
	}
	return sc
}

// ] and [, compare mode's runs and the knob form applied on a long run
// are played in slices, each key's Update returning before anything on
// screen has moved; and what the slices end on is each run played
// straight there, bit for bit.
func TestSlicedMovesAreTheDirectRuns(t *testing.T) {
	sc := longCheckout(t)
	m := drainWork(t, newModel(t, 100, 30, Options{Scenario: sc, Variant: 3}))
	check := func(what string, s *sim) {
		t.Helper()
		snap, final := replayed(t, s.sc, s.variant, s.seed, s.at)
		if !reflect.DeepEqual(s.snap, snap) || !reflect.DeepEqual(s.final, final) {
			t.Errorf("%s: variant %d at %v played in slices differs from the run played straight there", what, s.variant+1, s.at)
		}
	}
	sliced := func(k tea.KeyMsg) {
		t.Helper()
		at, cmp, gen := m.Now(), m.cmp, m.sim.gen
		next, cmd := m.Update(k)
		m = next.(Model)
		if m.work == nil || cmd == nil {
			t.Fatalf("%q at %v on an hour's run was done in one Update", k.String(), at)
		}
		if m.Now() != at || m.cmp != cmp || m.sim.gen != gen {
			t.Fatalf("%q moved the screen before its work", k.String())
		}
		m = drainWork(t, m)
	}
	runes := func(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }
	goTo := func(typed string) {
		t.Helper()
		for _, r := range ":" + typed {
			next, _ := m.Update(runes(string(r)))
			m = next.(Model)
		}
		next, _ := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
		m = drainWork(t, next.(Model))
	}

	goTo("5m")
	sliced(runes("]"))
	if m.Now() <= 50*time.Minute || m.Now() > 51*time.Minute {
		t.Fatalf("] from 5 min went to %v, not to the breaker's transition past 50 min", m.Now())
	}
	check("]", m.sim)

	goTo("25m")
	sliced(runes("c"))
	if m.cmp == nil {
		t.Fatal("c did not open compare mode")
	}
	for i, s := range m.cmp.sides {
		check(fmt.Sprintf("c, side %d", i), s.sim)
	}
	sliced(runes("P")) // the left under a preset: a run of its own
	sliced(runes("]"))
	for i, s := range m.cmp.sides {
		check(fmt.Sprintf("] in compare, side %d", i), s.sim)
	}
	if m.Now() <= 50*time.Minute {
		t.Fatalf("] in compare mode from 25 min went to %v", m.Now())
	}

	next, _ := m.Update(runes("e"))
	m = next.(Model)
	sliced(tea.KeyMsg{Type: tea.KeyEnter})
	if m.form != nil || m.cmp == nil || !m.sim.edited {
		t.Fatalf("enter on the form: form open %v, compare %v, edited %v", m.form != nil, m.cmp != nil, m.sim.edited)
	}
	for i, s := range m.cmp.sides {
		check(fmt.Sprintf("the knobs applied, side %d", i), s.sim)
	}
	next, _ = m.Update(runes("c"))
	m = next.(Model)
	check("compare closed", m.sim)
	goTo("30m")
	next, _ = m.Update(runes("e"))
	m = next.(Model)
	sliced(tea.KeyMsg{Type: tea.KeyEnter})
	check("the knobs applied", m.sim)
}
