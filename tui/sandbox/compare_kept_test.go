package sandbox

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/internal/deepequal"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// replayedCompare is compare mode as m shows it, drawn the way it was
// before sides kept their runs: a new sandbox at m's size, on m's
// scenario and seed, each side a run of its variant under its preset
// replayed from 0 s to m's time (withPreset, newSim, seek), with m's note.
func replayedCompare(t *testing.T, m Model) Model {
	t.Helper()
	r := newModel(t, m.w, m.h, Options{Scenario: m.sim.sc, Seed: m.sim.seed})
	var sides [2]*compareSide
	for i, s := range m.cmp.sides {
		sc, err := withPreset(r.sim.sc, s.variant, s.preset)
		if err != nil {
			t.Fatal(err)
		}
		ns, err := newSim(sc, s.variant, m.sim.seed)
		if err != nil {
			t.Fatal(err)
		}
		if err := ns.seek(m.now()); err != nil {
			t.Fatal(err)
		}
		sides[i] = newCompareSide(r.th, ns, r.sim.sc, s.preset)
	}
	r.cmp = &compare{sides: sides}
	r.note, r.noteErr, r.noteShort = m.note, m.noteErr, m.noteShort
	r.refresh()
	return r
}

// replayedMain is the main view as m shows it, from a new sandbox on m's
// variant replayed to m's time, with m's note.
func replayedMain(t *testing.T, m Model) Model {
	t.Helper()
	r := newModel(t, m.w, m.h, Options{Scenario: m.sim.sc, Seed: m.sim.seed, Variant: m.sim.variant})
	if err := r.sim.seek(m.now()); err != nil {
		t.Fatal(err)
	}
	r.note, r.noteErr, r.noteShort = m.note, m.noteErr, m.noteShort
	r.refresh()
	return r
}

// checkReplayed holds what m shows, compare mode or the main view, to
// the replay's: each run's snapshots bit for bit, and the screen byte for
// byte.
func checkReplayed(t *testing.T, what string, m Model) {
	t.Helper()
	if m.cmp == nil {
		r := replayedMain(t, m)
		if !deepequal.Equal(m.sim.snap, r.sim.snap) || !deepequal.Equal(m.sim.final, r.sim.final) {
			t.Errorf("%s: the main view's variant %d at %v differs from a replay from 0 s", what, m.sim.variant+1, m.now())
		}
		if got, want := m.View(), r.View(); got != want {
			t.Errorf("%s: the main view draws\n%s\nwhere a replay draws\n%s", what, got, want)
		}
		return
	}
	r := replayedCompare(t, m)
	for i, s := range m.cmp.sides {
		rs := r.cmp.sides[i].sim
		if s.sim.at != rs.at || !deepequal.Equal(s.sim.snap, rs.snap) || !deepequal.Equal(s.sim.final, rs.final) {
			t.Errorf("%s: side %s (variant %d, preset %q) at %v differs from a replay from 0 s",
				what, sideWord(i), s.variant+1, s.preset, s.sim.at)
		}
	}
	if got, want := m.View(), r.View(); got != want {
		t.Errorf("%s: compare mode draws\n%s\nwhere the sides replayed draw\n%s", what, got, want)
	}
}

// A compare step: keys to press, or a time to go to (a share of the
// scenario's duration), then which run a side or the main view should
// show: the run it took over (the main view's, the other side's, or the
// one a side of that variant and preset showed last).
type compareStep struct {
	keys []string // "seed" is another seed
	at   float64
	// same is "main" (the left side shows the main view's run), "other"
	// (the right side shares the left's), "kept" or "keptLeft" (the right
	// or left side shows the run a side of its variant and preset showed
	// last), "back" (the main view shows the left side's), or "".
	same string
}

// TestCompareKeptRunIsTheReplay drives compare mode through side switches
// (tab, { and }, p and P through every library preset, x), forwards,
// back and to the end, opening and closing it (c, C, esc) and a new seed,
// and holds the screen after every step to the one drawn by the sides
// replayed from 0 s, the way compare mode built every side before it kept
// runs; each side's snapshots too, bit for bit. It checks that opening
// takes up the main view's run, that a side shown again takes up the run
// it left or the other side's, and that closing hands the left side's run
// to the main view.
func TestCompareKeptRunIsTheReplay(t *testing.T) {
	racefree.Only(t)
	t.Parallel() // parallel_test.go says which tests may
	cascade := []compareStep{
		{at: 0.4},
		{keys: []string{"c"}, same: "main"}, // 1 against 3
		{keys: []string{"tab"}, same: "other"},
		{keys: []string{"tab"}},
		{keys: []string{"tab"}, same: "kept"},
	}
	for range len(presetNames()) - 1 {
		cascade = append(cascade, compareStep{keys: []string{"p"}})
	}
	cascade = append(cascade, []compareStep{
		{keys: []string{"p"}, same: "kept"}, // its own breaker again
		{at: 0.7},
		{keys: []string{"}"}, same: "keptLeft"}, // 2, as the right side left it at 40 %
		{keys: []string{"}"}},                   // 3: the right side's
		{keys: []string{"P"}, same: "keptLeft"}, // Resilience4j's, left at 40 %
		// Polly's, left at 40 %: p steps over Resilience4j's, the left
		// side's, which would make the two sides one run.
		{keys: []string{"p"}, same: "kept"},
		{at: 0.55},                          // behind the runs kept at 70 %
		{keys: []string{"p"}, same: "kept"}, // gobreaker's, left at 40 %
		{keys: []string{"tab"}},             // 1: the main view's run, which stood at 70 %
		{keys: []string{"x"}},
		{at: 1},
		{keys: []string{"3"}},
		{keys: []string{"c"}, same: "back"},
		{keys: []string{"tab"}},
		{keys: []string{"C"}},
		{keys: []string{"P"}},
		{keys: []string{"esc"}},
		{at: 0.3},
		{keys: []string{"c"}, same: "main"},
		{keys: []string{"seed"}},
		{keys: []string{"{"}},
		{keys: []string{"esc"}, same: "back"},
	}...)
	// Breakers in variants 1 and 2.
	gateway := []compareStep{
		{at: 0.4},
		{keys: []string{"c"}, same: "main"}, // 1 against 3
		{keys: []string{"P"}},
		{keys: []string{"tab"}},
		{keys: []string{"p"}},
		{keys: []string{"tab"}}, // 2, Resilience4j's
		{at: 0.6},
		{keys: []string{"}"}},
		{keys: []string{"p"}},
		{keys: []string{"tab"}},
		{keys: []string{"2"}},
		{keys: []string{"p"}}, // over the left side's preset, to the next
		{keys: []string{"C"}},
		{keys: []string{"p"}},
		{keys: []string{"c"}},
		{keys: []string{"c"}, same: "main"},
		{keys: []string{"esc"}, same: "back"},
	}
	for _, c := range []struct {
		name  string
		w, h  int
		steps []compareStep
	}{
		{"cascade", 100, 30, cascade},
		{"api-gateway", 160, 48, gateway},
	} {
		t.Run(c.name, func(t *testing.T) {
			sc := tuitest.Scenario(t, c.name)
			m := newModel(t, c.w, c.h, Options{Scenario: sc})
			type sideKey struct {
				v      int
				preset string
			}
			last := map[sideKey]*engine.Run{} // the run each side of a variant and preset showed last
			for n, st := range c.steps {
				what := strconv.Itoa(n+1) + ": " + strings.Join(st.keys, " ")
				mainRun := m.sim.run
				var leftRun *engine.Run
				if m.cmp != nil {
					leftRun = m.cmp.sides[0].sim.run
				}
				switch {
				case st.at > 0:
					at := time.Duration(st.at*float64(sc.Duration)) / time.Second
					what = strconv.Itoa(n+1) + ": go to " + strconv.Itoa(int(at)) + " s"
					m = goTo(m, strconv.Itoa(int(at)))
				case st.keys[0] == "seed":
					m.setSeed(m.sim.seed + 1)
					m.refresh()
				default:
					m = press(m, st.keys...)
				}
				checkReplayed(t, what, m)
				var sides [2]*compareSide
				if m.cmp != nil {
					sides = m.cmp.sides
				}
				switch st.same {
				case "main":
					if sides[0] == nil || sides[0].sim.run != mainRun {
						t.Errorf("%s: the left side does not take up the main view's run", what)
					}
				case "other":
					if sides[1].sim.run != sides[0].sim.run {
						t.Errorf("%s: the right side does not share the left side's run", what)
					}
					// Each counts the step snapshots it holds, as a kept run.
					if a, b := sides[0].sim.steps, sides[1].sim.steps; a != nil && reflect.ValueOf(a).Pointer() == reflect.ValueOf(b).Pointer() {
						t.Errorf("%s: the sides share a map of step snapshots", what)
					}
				case "kept", "keptLeft":
					s := sides[1]
					if st.same == "keptLeft" {
						s = sides[0]
					}
					if r := last[sideKey{s.variant, s.preset}]; r == nil || s.sim.run != r {
						t.Errorf("%s: variant %d under %q is not the run it left", what, s.variant+1, s.preset)
					}
				case "back":
					if m.cmp != nil || m.sim.run != leftRun {
						t.Errorf("%s: the main view does not take up the left side's run", what)
					}
				}
				for _, s := range sides {
					if s != nil {
						last[sideKey{s.variant, s.preset}] = s.sim.run
					}
				}
			}
		})
	}
}

// TestCompareKeptRunsShareTheBudget holds the sides' kept runs to the
// sandbox's budget for kept runs (Limits.KeptRunBytes): the default keeps
// the runs of every preset a side went through, a class session's smaller
// budget keeps what fits, and a negative one none, every side switch then
// a replay as before; each switch shows the replay's screen.
func TestCompareKeptRunsShareTheBudget(t *testing.T) {
	racefree.Only(t)
	sc := tuitest.Scenario(t, "cascade")
	// The bytes of the largest run a side keeps, with the default budget:
	// a smaller budget of one and a half of it keeps one or so.
	largest := 0
	for _, c := range []struct {
		limit, least int
	}{{0, len(presetNames()) - 1}, {-2, 1}, {-1, 0}} {
		if c.limit == -2 {
			c.limit = largest * 3 / 2
		}
		m := newModel(t, 100, 30, Options{Scenario: sc, Limits: Limits{KeptRunBytes: c.limit}})
		m = goTo(m, "20")
		m = press(m, "c")
		for range presetNames() {
			m = press(m, "p")
			checkReplayed(t, "p", m)
			most := c.limit
			if most == 0 {
				most = keptBudget
			}
			if b := m.sim.kept.bytes(); b > max(most, 0) {
				t.Errorf("KeptRunBytes %d: %d bytes kept, over the budget", c.limit, b)
			}
		}
		// The main view's run, lent to the left side, is not kept; the
		// right side's are, its own breaker's taken up again.
		if got := len(m.sim.kept.runs); got < c.least || (c.limit < 0 && got > 0) {
			t.Errorf("KeptRunBytes %d: %d runs kept, want %d at least (none when negative)", c.limit, got, c.least)
		}
		for _, k := range m.sim.kept.runs {
			largest = max(largest, k.bytes)
		}
	}
}

// The knob form opened in compare mode (e) edits the left side's variant.
// It used to switch the main view to it first, and the main view's run,
// lent to a side when compare mode opened and played on by it since, went
// into the kept runs as the main view had last shown it: the run at 28 s
// kept as if it stood at 12 s, in place of the side's own, true copy. A
// side shown again at 12 s then showed 12 s from a run at 28 s, and
// played on from 28 s. Here the form is put aside (esc), and every screen
// after it is the replay's.
func TestKnobsInCompareKeepNoLentRun(t *testing.T) {
	racefree.Only(t)
	m := lentAndPlayedOn(t)
	m = press(m, "e")
	if m.form == nil {
		t.Fatal("e opens no knob form in compare mode")
	}
	m = press(m, "esc")
	keptAsTheyStand(t, m)
	m = goTo(m, "12")
	m = press(m, "{") // left: variant 1 again, from its kept run
	checkReplayed(t, "variant 1 again at 12 s", m)
	m = goTo(m, "13")
	checkReplayed(t, "variant 1 played on to 13 s", m)
}

// A student who explored into compare mode and follows the teacher again
// (Follow) leaves compare mode as c leaves it: the main view's run, lent
// to the left side and played on by it, is not kept as the main view last
// showed it, and the variant shown next is the replay's.
func TestFollowClosesCompareKeepingNoLentRun(t *testing.T) {
	racefree.Only(t)
	m := lentAndPlayedOn(t)
	st := m.State()
	st.Variant, st.At = 2, 20*time.Second // the teacher shows variant 3 at 20 s
	m, err := m.Follow(st)
	if err != nil {
		t.Fatal(err)
	}
	keptAsTheyStand(t, m)
	checkReplayed(t, "following variant 3 at 20 s", m)
	st.Variant, st.At = 0, 12*time.Second
	if m, err = m.Follow(st); err != nil {
		t.Fatal(err)
	}
	checkReplayed(t, "following variant 1 at 12 s", m)
}

// lentAndPlayedOn is the cascade in compare mode at 28 s: the main view's
// run lent to the left side at 12 s and played on by it, then kept when
// the left side went on to variant 2.
func lentAndPlayedOn(t *testing.T) Model {
	t.Helper()
	m := newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "cascade")})
	m = goTo(m, "12")
	m = press(m, "c") // the left side takes the main view's run, variant 1
	m = goTo(m, "28")
	return press(m, "}") // left: variant 2; variant 1's run is kept at 28 s
}

// keptAsTheyStand fails on a kept run kept as at a time its run has gone
// past (a second of slack: a run stands at the end of its last event).
func keptAsTheyStand(t *testing.T, m Model) {
	t.Helper()
	for _, k := range m.sim.kept.runs {
		if k.run.Now() > k.at+time.Second {
			t.Errorf("variant %d's kept run stands at %v but is kept as at %v", k.variant+1, k.run.Now(), k.at)
		}
	}
}

// A fault injected in compare mode re-runs the main view where the knob
// form's apply does (mainAtSides): the left side's variant at the moment
// on screen, whose run the left side then takes up. It re-ran the main
// view at the time compare mode opened at: on an hour's run opened at
// 50 min and gone back to 30 min, "working to 50m 00s for the fault"
// under a clock reading 30 min, then both sides replayed to 30 min.
func TestFaultInCompareReRunsAtTheSidesTime(t *testing.T) {
	racefree.Only(t) // no goroutine: the work's slices are played by this one, their commands dropped
	m := drainWork(t, newModel(t, 100, 30, Options{Scenario: longCheckout(t)}))
	m = drainWork(t, goTo(m, "50m"))
	m = drainWork(t, press(m, "c"))
	m = drainWork(t, goTo(m, "30m"))
	m = drainWork(t, press(m, "}")) // left: variant 2, not the main view's
	m = press(injectFromMenu(t, m, "payment", chaos.Hang), "enter")
	if m.work == nil || !strings.HasPrefix(m.note, "working to 30m 00s for the fault") {
		t.Errorf("injected at 30 min in compare mode: work %v, note %q, want the re-run to 30 min", m.work != nil, m.note)
	}
	m = press(drainWork(t, m), "esc") // the chaos menu closed
	if m.cmp == nil || m.now() != 30*time.Minute || m.cmp.sides[0].variant != 1 || m.cmp.sides[0].sim.run != m.sim.run {
		t.Fatalf("after the fault: compare open %v at %v; want the left side, variant 2, on the main view's re-run", m.cmp != nil, m.now())
	}
	checkReplayed(t, "compare mode after a fault at 30 min", m)
}
