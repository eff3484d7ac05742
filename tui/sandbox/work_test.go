package sandbox

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/deepequal"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
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

// unprofiled is sc named name, with no profile in the program's cache
// (profiles.go): its sandbox plays its profile on opening. A test that
// calls it gives a name no other test opens, so that no other test
// parallel to it puts the profile back.
func unprofiled(sc *engine.Scenario, name string) *engine.Scenario {
	sc.Name = name
	profiles.mu.Lock()
	defer profiles.mu.Unlock()
	profiles.entries = slices.DeleteFunc(profiles.entries, func(e profileEntry) bool { return e.sc.Name == name })
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
	// No goroutine: the work's slices are played by this one, their
	// commands dropped. The seven tests that play long runs so (this
	// file's and TestLongRunClockReadsInTheAxisUnit) took 54 s of CPU
	// under -race, 3 s without.
	racefree.Only(t)
	t.Parallel() // parallel_test.go says which tests may
	// The program keeps a long run's profile once played (profiles.go):
	// a name no other test opens, its profile forgotten, makes this
	// opening the first of its run whichever tests ran before.
	sc := unprofiled(longGoServer(t), "go-server played in slices")
	m := newModel(t, 100, 30, Options{Scenario: sc})
	if m.work == nil || m.xp.prof.ok {
		t.Fatal("a 40-minute run's profile was played in New, not in slices")
	}
	m = drainWork(t, m)
	if !m.xp.prof.ok {
		t.Fatal("the profile's work ended without a profile")
	}
	// The runs played straight to the end, one a variant and seed: the
	// profile's check and G's (tab's) ask for the same run, which each
	// played anew, a fifth of the test's time.
	type ended struct{ snap, final engine.Snapshot }
	ends := map[[2]uint64]ended{}
	playedToEnd := func(v int, seed uint64) ended {
		t.Helper()
		k := [2]uint64{uint64(v), seed}
		if e, ok := ends[k]; ok {
			return e
		}
		snap, final := replayed(t, m.sim.sc, v, seed, sc.Duration)
		ends[k] = ended{snap, *final}
		return ends[k]
	}
	checkProfile := func(what string) {
		t.Helper()
		want := profile{sc: m.sim.sc, variant: m.sim.variant, seed: m.sim.seed}
		end := playedToEnd(m.sim.variant, m.sim.seed).final
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
		var snap engine.Snapshot
		var final *engine.Snapshot
		if at == sc.Duration {
			e := playedToEnd(v, seed)
			snap, final = e.snap, &e.final
		} else {
			snap, final = replayed(t, m.sim.sc, v, seed, at)
		}
		if !deepequal.Equal(*m.Snapshot(), snap) {
			t.Errorf("%s: the snapshot played in slices differs from the run played straight there", what)
		}
		if !deepequal.Equal(m.Final(), final) {
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

	goToSliced := func(typed string, sliced bool) {
		t.Helper()
		next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(":")})
		m = next.(Model)
		for _, r := range typed {
			next, _ = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
			m = next.(Model)
		}
		press(tea.KeyMsg{Type: tea.KeyEnter}, sliced)
	}
	goTo := func(typed string) { t.Helper(); goToSliced(typed, true) }

	// ] first finds the process's kills at its memory limit, a run of
	// their own to the end (playback.ProcessEvents played it in one
	// Update): in slices, to the same list, and the jump lands where the
	// whole run's events say.
	press(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("]")}, true)
	evs, err := playback.RunEvents(sc, 0, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	first, _ := playback.NextEvent(evs, 0)
	check("]", 0, tuitest.Seed, first.At)
	proc, err := playback.ProcessEvents(sc, 0, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	key := eventKey{m.sim.sc, 0, tuitest.Seed}
	if want := append(playback.FaultEvents(sc, 0), proc...); len(proc) == 0 || !reflect.DeepEqual(m.ev.faults[key], want) {
		t.Errorf("the process's events found in slices: %+v\nat once: %+v", m.ev.faults[key], want)
	}

	// Forwards, with no checkpoint the profile's run left (a forward
	// move goes on from one at once: TestJumpForwardFromCheckpointsIsTheReplay):
	// the run shown, played on.
	m.sim.cps = checkpoints{}
	goTo("30m")
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

	// A rewind to a time the step snapshots lack goes on from the
	// checkpoint tab's run left before it (checkpoints.go): at once.
	goToSliced("30m", false)
	check("a rewind from a checkpoint", 1, tuitest.Seed, 30*time.Minute)
	goToSliced("40m", false)
	m.sim.cps = checkpoints{}
	goTo("30m") // with no checkpoint: from 0 s, in slices
	check("a rewind", 1, tuitest.Seed, 30*time.Minute)

	next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("S")})
	m = next.(Model)
	press(tea.KeyMsg{Type: tea.KeyEnter}, true)
	check("another seed", 1, tuitest.Seed+1, 30*time.Minute)
}

// A long run opened again, by this sandbox or another in the program,
// is drawn at once with the profile its first opening played: it played
// the whole run again, as work, on every opening (profiles.go).
func TestALongRunOpenedAgainIsNotPlayedAgain(t *testing.T) {
	racefree.Only(t) // as TestSlicedSeekIsTheDirectRun: no goroutine, the work played here
	t.Parallel()     // parallel_test.go says which tests may
	const name = "go-server opened twice"
	first := newModel(t, 100, 30, Options{Scenario: unprofiled(longGoServer(t), name)})
	if first.work == nil {
		t.Fatal("the first opening played no profile")
	}
	first = drainWork(t, first)
	sc := longGoServer(t)
	sc.Name = name // the same content, another copy
	again := newModel(t, 100, 30, Options{Scenario: sc})
	if again.work != nil {
		t.Fatalf("opened again, the run is played again: %q", again.note)
	}
	want := first.xp.prof
	want.sc = sc
	if !again.xp.prof.ok || !reflect.DeepEqual(again.xp.prof, want) {
		t.Errorf("opened again, the profile is\n%+v\nwant the first opening's\n%+v", again.xp.prof, first.xp.prof)
	}
	if got, was := ansi.Strip(again.View()), ansi.Strip(first.View()); got != was {
		t.Errorf("opened again, the screen is\n%s\nwant the first opening's\n%s", got, was)
	}
}

// esc stops the work where the run got to, which is then shown, exactly;
// q quits meanwhile.
func TestWorkKeysStopIt(t *testing.T) {
	racefree.Only(t) // as TestSlicedSeekIsTheDirectRun: no goroutine, the work played here
	sc := longGoServer(t)
	m := newModel(t, 100, 30, Options{Scenario: sc})
	m = drainWork(t, m)
	// Without the checkpoints the profile's run left, which a forward
	// move goes on from at once, as on a run just put on another seed.
	m.sim.cps = checkpoints{}
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
	if snap, _ := replayed(t, sc, 0, tuitest.Seed, got); !deepequal.Equal(*m.Snapshot(), snap) {
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
	return checkoutRunFor(t, time.Hour, 50*time.Minute)
}

// checkoutRunFor is checkout run for d, its payment slow a second time
// from again on, for as long as the first.
func checkoutRunFor(t testing.TB, d, again time.Duration) *engine.Scenario {
	t.Helper()
	sc := tuitest.Scenario(t, "checkout")
	sc.Duration, sc.MeasureTo = d, d
	for i := range sc.Variants {
		dep := &sc.Variants[i].System.Dependencies[0]
		f := dep.Faults[0]
		f.From, f.To = again+f.From, again+f.To
		dep.Faults = append(dep.Faults, f)
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
	racefree.Only(t) // as TestSlicedSeekIsTheDirectRun: no goroutine, the work played here
	sc := longCheckout(t)
	m := drainWork(t, newModel(t, 100, 30, Options{Scenario: sc, Variant: 3}))
	check := func(what string, s *sim) { t.Helper(); sameAsDirect(t, what, s) }
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

// Compare mode on a long run does not look for the process's kills at
// its memory limit to draw its sides: their breaker logs need the
// transitions alone (sideTransitions), and the kills took a run of their
// own to the end in the Update that drew the first compare screen (some
// 10 s on a 24-hour go-server). ] looks for them, in slices.
func TestCompareDrawsWithoutTheProcessRun(t *testing.T) {
	racefree.Only(t) // as TestSlicedSeekIsTheDirectRun: no goroutine, the work played here
	t.Parallel()     // parallel_test.go says which tests may
	sc := longGoServer(t)
	m := drainWork(t, newModel(t, 100, 30, Options{Scenario: sc}))
	next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("c")})
	m = drainWork(t, next.(Model))
	if m.cmp == nil {
		t.Fatal("c did not open compare mode")
	}
	m.View()
	for i, s := range m.cmp.sides {
		if _, ok := m.ev.faults[eventKey{s.sim.sc, s.sim.variant, s.sim.seed}]; ok && playback.HasProcessEvents(s.sim.sc, s.sim.variant) {
			t.Errorf("side %d: compare's screen played a run of its own for the process's kills", i)
		}
	}
	next, _ = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("]")})
	m = next.(Model)
	if m.work == nil {
		t.Fatal("] in compare mode on a 40-minute run was done in one Update")
	}
	m = drainWork(t, m)
	var evs []playback.Event
	for _, s := range m.cmp.sides {
		evs2, err := playback.RunEvents(s.sim.sc, s.sim.variant, s.sim.seed)
		if err != nil {
			t.Fatal(err)
		}
		evs = append(evs, evs2...)
	}
	playback.SortEvents(evs)
	if first, _ := playback.NextEvent(evs, 0); m.Now() != first.At {
		t.Errorf("] in compare mode went to %v, the first event is at %v", m.Now(), first.At)
	}
}

// Another seed in compare mode, a fault injected (or removed) on a long
// run, and compare mode closed with the left side under a preset whose
// variant's own run is not kept: each played an hour's run in one Update,
// and each is now work, ending on the runs played straight there.
func TestSlicedSeedFaultAndCloseAreTheDirectRuns(t *testing.T) {
	racefree.Only(t) // as TestSlicedSeekIsTheDirectRun: no goroutine, the work played here
	sc := longCheckout(t)
	m := drainWork(t, newModel(t, 100, 30, Options{Scenario: sc, Variant: 3}))
	check := func(what string, s *sim) { t.Helper(); sameAsDirect(t, what, s) }
	sliced := func(what string, k tea.KeyMsg) {
		t.Helper()
		at, cmp, gen, seed := m.Now(), m.cmp, m.sim.gen, m.sim.seed
		next, cmd := m.Update(k)
		m = next.(Model)
		if m.work == nil || cmd == nil {
			t.Fatalf("%s at %v on an hour's run was done in one Update", what, at)
		}
		if m.Now() != at || m.cmp != cmp || m.sim.gen != gen || m.sim.seed != seed {
			t.Fatalf("%s moved the screen before its work", what)
		}
		m = drainWork(t, m)
	}
	runes := func(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }
	send := func(keys ...tea.KeyMsg) {
		t.Helper()
		for _, k := range keys {
			next, _ := m.Update(k)
			m = drainWork(t, next.(Model))
		}
	}
	goTo := func(typed string) {
		t.Helper()
		for _, r := range ":" + typed {
			send(runes(string(r)))
		}
		send(tea.KeyMsg{Type: tea.KeyEnter})
	}

	// Compare mode opened at 25 min, then moved on to 40: the new seed's
	// runs stand at 40, where the sides do.
	goTo("25m")
	send(runes("c"))
	goTo("40m")
	send(runes("S"))
	sliced("another seed in compare mode", tea.KeyMsg{Type: tea.KeyEnter})
	if m.cmp == nil || m.sim.seed != tuitest.Seed+1 || m.Now() != 40*time.Minute {
		t.Fatalf("another seed: compare %v, seed %d, at %v", m.cmp != nil, m.sim.seed, m.Now())
	}
	for i, s := range m.cmp.sides {
		check(fmt.Sprintf("another seed, side %d", i), s.sim)
	}

	// The left side under a preset: closing plays the variant's own run.
	send(runes("P"))
	if m.cmp.sides[0].preset == "" {
		t.Fatal("P put no preset on the left side")
	}
	m.sim.kept.forget()
	// With no checkpoint of the variant's run (checkpoints.go), which
	// would make the replay short.
	m.sim.cps = checkpoints{}
	sliced("closing compare", tea.KeyMsg{Type: tea.KeyEsc})
	if m.cmp != nil {
		t.Fatal("esc did not close compare mode")
	}
	check("compare closed", m.sim)

	// A fault injected at 40 min, then removed.
	m.prompt = &playback.Prompt{Kind: promptChaos, Label: "inject", Input: "40m payment down for 1m", Subject: "new"}
	sliced("a fault injected", tea.KeyMsg{Type: tea.KeyEnter})
	if len(m.sim.injected) != 1 || m.prompt != nil {
		t.Fatalf("the fault: injected %v, prompt open %v, note %q", m.sim.injected, m.prompt != nil, m.note)
	}
	check("a fault injected", m.sim)
	send(runes("f"))
	if m.chaos == nil {
		t.Fatal("f did not open the chaos menu")
	}
	sliced("a fault removed", runes("d"))
	if len(m.sim.injected) != 0 {
		t.Fatalf("d left %v injected", m.sim.injected)
	}
	check("a fault removed", m.sim)
}

// On a long run the progress line, the note esc leaves and the chaos
// menu say the time as the status clock does (clockTime: chart.SpanUnit,
// pane.ClockIn): "working to 30m 00s" under a clock reading "30m 00s",
// where they said "30m 0s", and the menu "at 1800 s".
func TestLongRunWorkAndMenuReadAsTheClock(t *testing.T) {
	racefree.Only(t) // as TestSlicedSeekIsTheDirectRun: no goroutine, the work played here
	t.Parallel()     // parallel_test.go says which tests may
	m := drainWork(t, newModel(t, 100, 30, Options{Scenario: longCheckout(t)}))
	m.sim.cps = checkpoints{} // as TestWorkKeysStopIt: the move is work
	for _, r := range ":30m" {
		next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		m = next.(Model)
	}
	next, _ := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	m = next.(Model)
	if m.work == nil || !strings.HasPrefix(m.note, "working to 30m 00s… ") {
		t.Fatalf("going to 30 min: work %v, note %q", m.work != nil, m.note)
	}
	next, _ = m.Update(tea.KeyMsg{Type: tea.KeyEsc})
	m = next.(Model)
	stopped := "stopped at " + pane.ClockIn(m.Now(), time.Minute) + ", short of 30m 00s"
	if m.note != stopped {
		t.Errorf("esc: note %q, want %q", m.note, stopped)
	}
	m = drainWork(t, tuitest.SeekTo(t, m, 30*time.Minute))
	next, _ = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("f")})
	m = next.(Model)
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "at 30m 00s") || strings.Contains(view, "1800") {
		t.Errorf("the chaos menu at 30 min:\n%s", view)
	}
}

// sameAsDirect fails t if s's run, played in slices, is not the run played
// straight to the same time, bit for bit.
func sameAsDirect(t *testing.T, what string, s *sim) {
	t.Helper()
	snap, final := replayed(t, s.sc, s.variant, s.seed, s.at)
	if !deepequal.Equal(s.snap, snap) || !deepequal.Equal(s.final, final) {
		t.Errorf("%s: variant %d at %v played in slices differs from the run played straight there", what, s.variant+1, s.at)
	}
}
