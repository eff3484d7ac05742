package sandbox

import (
	"fmt"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Following another sandbox: a classroom server (tui/serve) reads the
// presenter's sandbox as a State and has every follower's sandbox take it
// on. What travels is this state, never a rendered frame: each follower
// draws it at its own window size, with its own theme.

// State is what a sandbox shows, as far as another sandbox needs to show
// the same moment: the scenario with its knobs, the variant, the seed, the
// virtual time, the speed and whether it plays. In compare mode it is the
// left side's variant and time.
type State struct {
	// Scenario is the scenario with the knobs as set. It is shared, not
	// copied: a sandbox never changes a scenario once it runs it (an edit
	// builds a new one), so readers must not change it either.
	Scenario *engine.Scenario
	// Edited says the knobs differ from the built-in scenario's.
	Edited  bool
	Variant int
	Seed    uint64
	At      time.Duration
	Speed   float64
	Playing bool
	// Comparing says the sandbox shows compare mode. A follower shows the
	// left side only (Follow closes compare mode), and says so.
	Comparing bool
	// Preset is the breaker preset the left side's breakers run under in
	// compare mode (a library's defaults, compare.go's withPreset), "" for
	// the variant's own: a follower runs the same, so a preset comparison
	// (C) shows Resilience4j's breaker, not the scenario's.
	Preset string
}

// State reports what the sandbox shows.
func (m Model) State() State {
	v, preset := m.sim.variant, ""
	if m.cmp != nil {
		v, preset = m.cmp.sides[0].variant, m.cmp.sides[0].preset
	}
	return State{
		Scenario: m.sim.sc,
		Edited:   m.sim.edited,
		Variant:  v,
		Seed:     m.sim.seed,
		At:       m.now(),
		Speed:    m.clock.Speed(),
		Playing:  m.clock.Playing(),

		Comparing: m.cmp != nil,
		Preset:    preset,
	}
}

// NewFollower builds a sandbox that shows st: New on st's scenario (which
// it copies), then Follow. o's Scenario, Variant, Seed, Speed and Play are
// taken from st.
func NewFollower(o Options, st State) (Model, error) {
	o.Scenario, o.Variant, o.Seed, o.Speed, o.Play = st.Scenario, st.Variant, st.Seed, st.Speed, false
	m, err := New(o)
	if err != nil {
		return Model{}, err
	}
	m.sim.edited = st.Edited
	return m.Follow(st)
}

// Follow makes the sandbox show st's variant, time, speed and play state;
// st's scenario and seed must be the ones the sandbox was built on (a
// caller that sees them change builds a new one with NewFollower). The
// knob form and compare mode close; the help stays, the follower's own to
// close (ViewKey: a student following opens it without leaving, and the
// teacher's next move closed it at once). While following, the clock
// says whether the presenter plays but runs no frames of its own: every
// move comes from the next Follow. Fork hands the clock back.
func (m Model) Follow(st State) (Model, error) {
	m.form, m.note = nil, ""
	if c := m.cmp; c != nil {
		// Closed as c closes it: the left side's run back to the main
		// view, the sides' kept. Dropped, the main view's run, lent to a
		// side when compare mode opened and played on by it since, was
		// kept as the main view had last shown it (compare_kept.go).
		m.cmp = nil
		if m.takeBack(c.sides[0], c.sides[1]) != nil {
			m.sim.kept.forget() // none kept is slower, never wrong
		}
	}
	if m.sw != nil {
		m.sw.stop() // a sweep of the learner's own design stops with it
		m.sw = nil
	}
	err := m.followPreset(st)
	if err == nil {
		err = m.sim.setVariant(st.Variant)
	}
	if err == nil {
		err = m.sim.seek(st.At)
	}
	if m.clock.Speed() != st.Speed {
		m.clock = playback.NewClock(st.Speed, false)
	}
	// Stopping and starting again moves the clock to a new chain of ticks,
	// which leaves the one it ran while exploring stale; the new chain's
	// first tick is never asked for, so no frame of its own runs.
	m.clock.Play(false)
	m.clock.Play(st.Playing)
	if err != nil {
		m.setNote(err.Error(), true)
	}
	m.refresh()
	return m, err
}

// followPreset runs variant st.Variant under st.Preset's breaker, the
// presenter's left side, when that is not what the sandbox runs, or back
// under the scenario's own breakers when the presenter's side has none;
// a preset's side is said on the status line, as the presenter's side
// header says it.
func (m *Model) followPreset(st State) error {
	if st.Preset != m.preset || (st.Preset != "" && st.Variant != m.sim.variant) {
		// The presenter's scenario as built on (NewFollower), never an
		// earlier preset's copy.
		sc, err := sideScenario(cloneScenario(m.sim.original), st.Variant, st.Preset)
		if err != nil {
			return err
		}
		m.sim.variant = st.Variant
		if err := m.sim.runInstead(sc); err != nil {
			return err
		}
		m.preset = st.Preset
	}
	if st.Preset != "" {
		m.setNote(fmt.Sprintf("the left side: variant %d under %s's breaker defaults", st.Variant+1, presetLabel(st.Preset)), false)
	}
	return nil
}

// Fork stops following: the sandbox goes on from the moment it shows, on
// its own clock, playing if the presenter was.
func (m Model) Fork() (Model, tea.Cmd) {
	playing := m.clock.Playing()
	m.clock.Play(false)
	cmd := m.clock.Play(playing)
	m.refresh()
	return m, cmd
}

// ReserveTitle keeps the last n cells of the title line blank, for a tag
// the caller draws there (the classroom's "following · F explores"): the
// variant tabs lay out in the cells left of it, giving up names before
// the current variant's. Zero gives the whole line back.
func (m Model) ReserveTitle(n int) Model {
	m.titleReserve = max(n, 0)
	return m
}

// TitleNeeds is the least width of the title line that shows the whole tab
// bar: the scenario's name, the current variant's number and name, and the
// number of every other variant. A caller that puts a tag on the line
// chooses one that leaves this much.
func (m Model) TitleNeeds() int {
	sc := m.sim.sc
	w := 1 + ansi.StringWidth(sc.Name) + 2 // the short head: " name  "
	for i := range sc.Variants {
		if i > 0 {
			w++ // the space between tabs
		}
		label := fmt.Sprint(i + 1)
		if i == m.sim.variant {
			label = fmt.Sprintf("%d %s", i+1, sc.Variants[i].Name)
		}
		w += ansi.StringWidth(label) + 2
	}
	return w
}
