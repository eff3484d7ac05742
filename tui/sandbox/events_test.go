package sandbox

import (
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// wholeTimeline finds the events as ] and [ did before the index was
// lazy (events.go): every run's whole list, from a run of its own played
// to the end, both sides' merged in compare mode.
type wholeTimeline struct{ timeline }

func (t wholeTimeline) Events() []playback.Event {
	m := t.m
	sims := []*sim{m.sim}
	if m.cmp != nil {
		sims = []*sim{m.cmp.sides[0].sim, m.cmp.sides[1].sim}
	}
	var all []playback.Event
	for i, s := range sims {
		evs, err := wholeEvents.of(s.sc, s.variant, s.seed)
		if !m.report(err) {
			return nil
		}
		if m.cmp == nil {
			return evs
		}
		for _, e := range evs {
			e.What, e.Run = string(rune('A'+i))+": "+e.What, i
			all = append(all, e)
		}
	}
	playback.SortEvents(all)
	return all
}

// wholeEvents are the whole lists wholeTimeline has found, by the run
// they are of: a test's ] and [ keys ask for the same few runs' lists
// again and again (RunTransitions in compare mode asks a second time),
// each a run played to its end, 3 of the marked tests' 55 s of CPU. A
// list is playback.RunEvents' for the scenario's content, variant and
// seed (the engine is deterministic), so a list found again is the same.
// The parallel subtests share it: a mutex guards it.
var wholeEvents runLists

type runLists struct {
	mu    sync.Mutex
	lists []runList
}

// runList is the whole list of events of variant v of sc (a copy of the
// scenario, which no one changes) on seed.
type runList struct {
	sc   *engine.Scenario
	v    int
	seed uint64
	evs  []playback.Event
}

// of is playback.RunEvents(sc, v, seed), found once for each run.
func (rl *runLists) of(sc *engine.Scenario, v int, seed uint64) ([]playback.Event, error) {
	rl.mu.Lock()
	for _, l := range rl.lists {
		if l.v == v && l.seed == seed && reflect.DeepEqual(l.sc, sc) {
			rl.mu.Unlock()
			return slices.Clone(l.evs), nil
		}
	}
	rl.mu.Unlock()
	evs, err := playback.RunEvents(sc, v, seed)
	if err != nil {
		return nil, err
	}
	own := runList{sc: cloneScenario(sc), v: v, seed: seed, evs: slices.Clone(evs)}
	rl.mu.Lock()
	rl.lists = append(rl.lists, own)
	rl.mu.Unlock()
	return evs, nil
}

// RunTransitions are the whole lists' too: each run's transitions, all
// of them, in compare mode.
func (t wholeTimeline) RunTransitions(run int) ([]engine.Transition, bool) {
	if t.m.cmp == nil {
		return t.timeline.RunTransitions(run)
	}
	var ts []engine.Transition
	for _, e := range t.Events() {
		if e.Transition && e.Run == run {
			ts = append(ts, engine.Transition{Transition: breaker.Transition{At: e.At}})
		}
	}
	return ts, true
}

// jumpWhole is ] or [ as onKey handles it, on the whole lists.
func jumpWhole(t *testing.T, m Model, k string) Model {
	t.Helper()
	m.note, m.noteHeld = "", 0
	ok, _, note, err := m.clock.Key(keyMsg(k), m.keys.Keys, wholeTimeline{timeline{&m}})
	if !ok {
		t.Fatalf("%s is no time key", k)
	}
	if m.report(err) && note != "" {
		m.setNote(note, false)
	}
	m.refresh()
	return m
}

// TestEventJumpsAreTheWholeLists: on every built-in scenario, in the main
// view and in compare mode, through switches of variant, preset and side,
// rewinds and the end, every ] and [ shows byte for byte the screen it
// showed when the events were each run's whole list.
//
// The models take the keys on the subtest's own goroutine and their
// commands are dropped, so the race detector watches only the parallel
// subtests' separate models, which share no memory they write: under
// -race this test and the two below took three minutes of the sandbox's
// four, against some seconds without (racefree.Only).
func TestEventJumpsAreTheWholeLists(t *testing.T) {
	racefree.Only(t)
	keys := []string{"]", "]", "]", "[", "]", "]", "]", "]", "[", "[", "G", "[", "]",
		"c", "]", "]", "tab", "]", "[", "p", "]", "]", "{", "]", "x", "[", "]", "g", "[", "]", "]",
		"C", "]", "p", "[", "]"}
	for _, b := range scenarios.All() {
		name := b.Build().Name
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			lazy := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, name)})
			whole := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, name)})
			jumps := 0
			for i, k := range keys {
				lazy = press(lazy, k)
				if k == "]" || k == "[" {
					whole = jumpWhole(t, whole, k)
					jumps++
				} else {
					whole = press(whole, k)
				}
				if got, want := lazy.View(), whole.View(); got != want {
					t.Fatalf("after key %d (%s) at %v:\n%s\nwant (the whole lists'), at %v:\n%s",
						i, k, lazy.Now(), ansi.Strip(got), whole.Now(), ansi.Strip(want))
				}
			}
			if jumps == 0 {
				t.Fatal("no jump")
			}
		})
	}
}

// TestEventJumpOnANewSidePlaysToTheEventOnly: ] on the 20-minute scenario
// file at 712 s, right after p put compare mode's right side on a run it
// had not shown (variant 3 under Resilience4j's defaults, whose breaker
// moves), lands where the whole lists land without playing either side's
// run to the end: what the index knows of each stops within a step of
// the event (events.go's aheadStep).
func TestEventJumpOnANewSidePlaysToTheEventOnly(t *testing.T) {
	racefree.Only(t) // no goroutine: the run's and the index's work alone, 40 s under -race
	t.Parallel()     // parallel_test.go says which tests may
	const at = 712 * time.Second
	setUp := func() Model {
		m := newModel(t, 100, 30, Options{Scenario: teacher20m(t), Seed: 5})
		if err := m.sim.seek(at); err != nil {
			t.Fatal(err)
		}
		return press(m, "c", "]", "p")
	}
	m := setUp()
	if m.now() == at {
		t.Fatal("] found no event after 712 s")
	}
	from := m.now()
	m = press(m, "]")
	want := jumpWhole(t, setUp(), "]")
	if m.now() != want.now() || statusLine(m) != statusLine(want) {
		t.Fatalf("] went to %v (%q), the whole lists to %v (%q)", m.now(), statusLine(m), want.now(), statusLine(want))
	}
	if m.cmp.sides[1].preset != "resilience4j" {
		t.Fatalf("the right side is %q, not under Resilience4j's defaults", sideTag(m.cmp.sides[1]))
	}
	// The left side's variant 1 has no breaker: its events are its
	// faults', known without a run.
	if x := m.ev.idx[0]; x.breakers || x.ahead != nil {
		t.Errorf("the left side's events asked for a run (breakers %v)", x.breakers)
	}
	if x := m.ev.idx[1]; !x.breakers || x.known >= x.end || x.known > m.now()+aheadStep {
		t.Errorf("the right side's events are known to %v, for a jump from %v to %v of a %v run", x.known, from, m.now(), x.end)
	}
}

// TestEventIndexAtTheEndIsRunEvents: at the end of the traffic, where the
// run shown has made every transition, each built-in variant's events are
// playback.RunEvents' list, in its order and none missing or extra. Both
// lists word their events with playback's makers, so what this holds them
// to is which events the index has found and where it puts them.
func TestEventIndexAtTheEndIsRunEvents(t *testing.T) {
	racefree.Only(t) // as TestEventJumpsAreTheWholeLists: separate models, no goroutine of their own
	for _, b := range scenarios.All() {
		sc := b.Build()
		t.Run(sc.Name, func(t *testing.T) {
			t.Parallel()
			for v := range sc.Variants {
				m := press(newModel(t, 100, 30, Options{Scenario: sc, Variant: v}), "G")
				got := m.events(false)
				want, err := playback.RunEvents(m.sim.sc, v, m.sim.seed)
				if err != nil {
					t.Fatal(err)
				}
				if !reflect.DeepEqual(got, want) && len(got)+len(want) > 0 {
					t.Errorf("variant %d: %+v\nwant %+v", v+1, got, want)
				}
				if x := m.ev.idx[0]; x.ahead != nil {
					t.Errorf("variant %d: the events at the end asked for a run of their own", v+1)
				}
			}
		})
	}
}
