package sandbox

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/mappane"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Options configure a sandbox.
type Options struct {
	// Theme draws everything; it carries the session's renderer.
	Theme *theme.Theme
	// Scenario is the scenario to run. The sandbox keeps its own copy.
	Scenario *engine.Scenario
	// Variant to start on, counting from 0.
	Variant int
	// Seed of the run.
	Seed uint64
	// Speed is the starting speed factor; 1 if zero.
	Speed float64
	// Play starts playing at once.
	Play bool
	// CanGoHome enables esc, which sends BackMsg for the parent to handle.
	CanGoHome bool
	// BackTo says where esc leads, in the key help ("scenarios",
	// "challenge"); "" says home. Crumbs, when set, replace "sandbox" in
	// the title's breadcrumb with the caller's ("drill"), so that the
	// title and esc agree on where the learner is.
	BackTo string
	Crumbs []string
	// WriteElsewhere, when set, turns w off: it is what w says instead of
	// asking for a path, where a file written would not be the learner's
	// (a session over SSH writes on the server; tui/serve).
	WriteElsewhere string
	// KnobsElsewhere turns e off: the caller holds the knobs (a
	// challenge's panel, which takes e itself), so the key line and the
	// help leave out a knob form that does not open here, where they
	// offered "e knobs/sweep".
	KnobsElsewhere bool
	// Limits bound the sweeps the knob form starts (limits.go); the zero
	// value lets them use every core.
	Limits Limits
	// Faults are injected from the start, as the chaos menu (key f) would.
	Faults []chaos.Spec
	// KeepsFaults says the parent takes the faults injected back when the
	// sandbox goes back to it (the builder's play, through Injected), so
	// that going back loses only the knobs (leave.go).
	KeepsFaults bool
	// File is the scenario file the scenario was read from, "" for a
	// built-in: the sandbox follows it, reading it again when it changes
	// on disk or on R (reload.go). Reload reads it as the command first
	// did, with its checks; nil parses it as a scenario file.
	File   string
	Reload func() (*engine.Scenario, error)
}

// BackMsg asks the parent to close the sandbox (esc on the home screen's
// sandbox).
type BackMsg struct{}

// step is how far → and ← move virtual time: the grid the run keeps its
// step snapshots on.
const step = playback.Step

// Model is the sandbox screen.
type Model struct {
	th *theme.Theme
	// keys and help are behind pointers, as the panes are: together they
	// were 7.2 KB of the model's 8.2, and bubbletea hands the model round
	// by value, boxed into a tea.Model on every message, some 26 KB a
	// playing frame copied to the heap for state a tick never changes.
	// What they hold is set once (New) or follows the window and the run
	// (layout, refresh), so copies sharing them agree. The help's scroll
	// (helpv) stays a value: it is the learner's place in the help.
	keys *keyMap
	help *help.Model
	sim  *sim

	pool   *pane.Pool
	brk    *pane.Breaker
	out    *chart.Outcomes
	inf    *chart.InFlight
	status *pane.Status
	xp     *extraPanes // the panes a larger window adds (arrange.go)

	w, h     int
	clock    playback.Clock
	resume   bool // play again when the knob form closes
	form     *form
	cmp      *compare // compare mode, when open
	showHelp bool
	helpv    helpview.Model
	note     string
	noteErr  bool
	// noteShort is what the status line says instead of note when note
	// does not fit (pane.StatusInfo.NoteShort).
	noteShort string
	// written is a write's note over two lines, for a window where even
	// noteShort does not fit (seek.go, writtenRows).
	written [2]string
	// noteHeld is how long the note has been on screen while the run
	// played: a note over the clock's line goes after noteLife of play.
	noteHeld time.Duration
	chrome   *playback.Chrome // the title and key lines, cached
	prompt   *playback.Prompt // a time, a seed or a file name being typed (seek.go)
	ev       *eventCache      // the events ] and [ move through
	sw       *sweepOverlay    // the sweep opened from the knob form (sweepkey.go)

	// titleReserve is the cells at the title line's right end kept blank
	// for a caller's tag (ReserveTitle).
	titleReserve int

	// crumbs are Options.Crumbs, or "sandbox".
	crumbs []string
	// writeElsewhere is Options.WriteElsewhere.
	writeElsewhere string
	// limits are Options.Limits.
	limits Limits

	// fleetOpen shows the fleet pane over the whole body (key I, arrange.go).
	fleetOpen bool
	// chaos is the chaos menu, when open (key f, chaos.go).
	chaos *chaosMenu
	// preset is the breaker preset a follower runs its variant under, the
	// presenter's left side's ("" for the scenario's own; follow.go).
	preset string
	// keepsFaults is Options.KeepsFaults.
	keepsFaults bool
	// saved is the scenario as opened or last written; leaving is the
	// question q, ctrl+c or esc asks while the one on screen differs from
	// it (leave.go).
	saved   saved
	leaving *leaveQuestion
	// work is a long move under way in slices, and workID the last work's
	// id (work.go).
	work   *work
	workID uint64
	// warming is the work a move that failed with errWarming waits for
	// (work_moves.go).
	warming *work
	// file is the scenario file followed (reload.go), nil for none.
	file *fileFollow
}

// New builds a sandbox on the scenario, at time zero.
func New(o Options) (Model, error) {
	if o.Scenario == nil {
		return Model{}, errors.New("sandbox: no scenario")
	}
	if o.Theme == nil {
		o.Theme = theme.New(nil)
	}
	s, err := newSim(o.Scenario, o.Variant, o.Seed)
	if err != nil {
		return Model{}, err
	}
	if err := s.setInjected(o.Faults); err != nil {
		return Model{}, err
	}
	s.kept.limit = o.Limits.KeptRunBytes
	keys, hm := newKeyMap(o.CanGoHome), help.New()
	m := Model{
		th:     o.Theme,
		keys:   &keys,
		help:   &hm,
		sim:    s,
		pool:   pane.NewPool(o.Theme),
		brk:    pane.NewBreaker(o.Theme),
		out:    chart.NewOutcomes(o.Theme),
		inf:    chart.NewInFlight(o.Theme),
		status: pane.NewStatus(o.Theme),
		xp:     newExtraPanes(o.Theme),
		chrome: &playback.Chrome{},
		ev:     &eventCache{},
		clock:  playback.NewClock(o.Speed, o.Play),

		writeElsewhere: o.WriteElsewhere,
		crumbs:         o.Crumbs,
		limits:         o.Limits,
		keepsFaults:    o.KeepsFaults,
		file:           newFileFollow(o.File, o.Reload),
	}
	m.help.Styles = o.Theme.Help
	m.keys.SetBackTo(o.BackTo)
	// tab and shift+tab go round the variants: with one there is nowhere
	// to go, and the key line offered "tab variant", a key doing nothing.
	m.keys.NextVariant.SetEnabled(len(s.sc.Variants) > 1)
	m.keys.PrevVariant.SetEnabled(len(s.sc.Variants) > 1)
	m.keys.Knobs.SetEnabled(!o.KnobsElsewhere)
	m.keys.ReadFile.SetEnabled(m.file != nil)
	if len(m.crumbs) == 0 {
		m.crumbs = []string{"sandbox"}
	}
	// The faults given at the start are the command line's, which runs
	// them again: leaving loses nothing until something changes.
	m.saved = s.savedNow()
	m.helpv = helpview.New(m.keys.HelpScroll)
	m.refresh()
	// A long run's profile is work (work.go), which Init gives out.
	next, _ := m.issueWork(nil)
	return next.(Model), nil
}

// Init starts the animation when the sandbox opens playing, or the work
// a long run's first screen takes (work.go), after which it plays.
func (m Model) Init() tea.Cmd {
	first := m.clock.Init()
	if m.work != nil {
		first = m.work.next()
	}
	if m.file != nil {
		return tea.Batch(first, m.file.start())
	}
	return first
}

// Now is the virtual time shown; Playing says whether it is moving. Both
// are for tests and for a parent that wants to report them.
func (m Model) Now() time.Duration { return m.now() }

// now is the time shown: compare mode's sides move on their own clock
// while the main run waits.
func (m *Model) now() time.Duration {
	if m.cmp != nil {
		return m.cmp.sides[0].sim.now()
	}
	return m.sim.now()
}

// end is the scenario's end.
func (m *Model) end() time.Duration { return m.sim.end() }

// seek moves what is shown to t: the run, or both sides of a comparison.
func (m *Model) seek(t time.Duration) error {
	if m.cmp != nil {
		for i, s := range m.cmp.sides {
			m.ev.adopt(i, s.sim, t) // a jump to the next event (events.go)
			if err := s.sim.seek(t); err != nil {
				return err
			}
		}
		return nil
	}
	// A jump to the next event goes on from the copy of the run that
	// found it (events.go), before the work a seek that far would take.
	m.ev.adopt(0, m.sim, t)
	if w := m.sim.seekWork(t); w != nil {
		// Long: the run is played there in slices first (work.go).
		w.then = func(m *Model, at time.Duration, _ bool) error { return m.seek(at) }
		m.begin(w)
		return nil
	}
	return m.sim.seek(t)
}

// timeline is the model as its clock moves it: the run, or both sides of
// a comparison.
type timeline struct{ m *Model }

func (t timeline) Now() time.Duration          { return t.m.now() }
func (t timeline) End() time.Duration          { return t.m.end() }
func (t timeline) Seek(at time.Duration) error { return t.m.seek(at) }
func (t timeline) Restart() error              { return t.m.restart() }

// restart goes back to time zero.
func (m *Model) restart() error {
	if m.cmp != nil {
		for _, s := range m.cmp.sides {
			if err := s.sim.restart(); err != nil {
				return err
			}
		}
		return nil
	}
	return m.sim.restart()
}

// Comparing reports whether compare mode is open, and on which variants
// (counting from 0) and breaker presets ("" for the variant's own).
func (m Model) Comparing() (on bool, variants [2]int, presets [2]string) {
	if m.cmp == nil {
		return false, variants, presets
	}
	for i, s := range m.cmp.sides {
		variants[i], presets[i] = s.variant, s.preset
	}
	return true, variants, presets
}

// CompareSnapshots are the two sides' snapshots in compare mode.
func (m Model) CompareSnapshots() [2]*engine.Snapshot {
	if m.cmp == nil {
		return [2]*engine.Snapshot{}
	}
	return [2]*engine.Snapshot{&m.cmp.sides[0].sim.snap, &m.cmp.sides[1].sim.snap}
}

// FrameAt is the tick the sandbox's clock would receive at wall time at:
// a recording (tui/record) drives the sandbox with it, frame by frame,
// without waiting for the wall clock.
func (m Model) FrameAt(at time.Time) tea.Msg { return m.clock.FrameAt(at) }

// Playing reports whether the animation runs.
func (m Model) Playing() bool { return m.clock.Playing() }

// Variant is the variant shown, counting from 0.
func (m Model) Variant() int { return m.sim.variant }

// Speed is the speed factor.
func (m Model) Speed() float64 { return m.clock.Speed() }

// Snapshot is the snapshot on screen.
func (m Model) Snapshot() *engine.Snapshot { return &m.sim.snap }

// MapSelection is the part of the system selected on the map, as the
// engine and the scenario name it ("inventory", "api#3", "acme", or
// mappane.FrontName): what fault injection and the knob form act on.
func (m Model) MapSelection() string { return m.xp.mapv.SelectedName() }

// MapTarget is the map's selection with its kind.
func (m Model) MapTarget() mappane.Target { return m.xp.mapv.Selected() }

// Final is the run played out through its drain once the time shown is the
// end of the traffic, what `breakerlab run` counts; nil before the end.
func (m Model) Final() *engine.Snapshot { return m.sim.final }

// Update handles keys, ticks and resizes. While long work is under way
// (work.go) it takes its slices, and a key may only stop it.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case workMsg:
		return m.onWork(msg)
	case tea.KeyMsg:
		if m.work != nil {
			return m.workKey(msg)
		}
	case tea.MouseMsg:
		if m.work != nil {
			return m, nil
		}
	}
	if next, cmd, ok := m.onFileMsg(msg); ok {
		return next, cmd
	}
	next, cmd := m.update(msg)
	if nm, ok := next.(Model); ok {
		if nm.file != nil && nm.file.pending != nil && !nm.busy() {
			// The file changed while something held the screen.
			nm.usePending()
			nm.refresh()
		}
		return nm.issueWork(cmd)
	}
	return next, cmd
}

func (m Model) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if next, cmd, ok := m.sweepMsg(msg); ok {
		return next, cmd
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.layout()
		m.fillHelp()
		// Paused while the window is too small to draw the run, and
		// playing again as it was once it is not (playback.Clock.Hold).
		return m, m.clock.Hold(m.tooSmall())
	case playback.TickMsg:
		next, live, err := m.clock.OnTick(msg, timeline{&m})
		if !live {
			return m, nil
		}
		m.ageNote()
		m.report(err)
		m.refresh()
		return m, next
	case writtenMsg:
		return m.onWritten(msg)
	case tea.MouseMsg:
		return m.onMouse(msg)
	case tea.KeyMsg:
		if m.tooSmall() {
			// The screen asks for a larger window and says what q does,
			// as on the screen it hides (back from home, else quit): no
			// other key may reach that screen (space would play).
			return m, m.keys.Keys.SmallKey(msg, BackMsg{})
		}
		if m.leaving != nil {
			return m.answerLeaving(msg) // leave.go
		}
		if m.form != nil {
			return m.formKey(msg)
		}
		if m.prompt != nil {
			return m.promptKey(msg)
		}
		if next, cmd, ok := playback.EachRune(m, msg, formOpen); ok {
			return next, cmd
		}
		if m.chaos != nil {
			return m.chaosKey(msg)
		}
		if m.showHelp {
			if key.Matches(msg, m.keys.Quit) && !key.Matches(msg, m.keys.Leave) {
				// Quitting from the help asks as it does under it.
				m.showHelp = false
				return m.quit()
			}
			var cmd tea.Cmd
			m.showHelp, cmd = m.keys.HelpKey(msg, &m.helpv)
			return m, cmd
		}
		return m.onKey(msg)
	}
	return m, nil
}

// formOpen reports whether a key opened the knob form or a prompt, which
// take the keys typed after it as text.
func formOpen(m tea.Model) bool { return m.(Model).form != nil || m.(Model).prompt != nil }

func (m Model) onKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	m.note, m.noteHeld = "", 0
	switch {
	case key.Matches(k, m.keys.Leave):
		// q inside another screen: what esc does (keys.go).
		return m.onKey(tea.KeyMsg{Type: tea.KeyEsc})
	case key.Matches(k, m.keys.Quit):
		return m.quit() // leave.go: it asks before it loses work
	case m.fleetOpen && (k.Type == tea.KeyEsc || key.Matches(k, m.keys.Fleet)):
		m.fleetOpen = false // esc closes the fleet before it leaves the sandbox
	case m.cmp == nil && key.Matches(k, m.keys.Fleet):
		m.toggleFleet() // arrange.go
	case m.cmp != nil && key.Matches(k, m.keys.Fleet):
		// Compare mode draws two runs side by side, no fleet pane: I
		// said nothing there.
		m.setNote("I: no fleet in compare mode; c leaves it", false)
	case m.cmp == nil && (key.Matches(k, m.keys.FleetScroll.Down) || key.Matches(k, m.keys.FleetScroll.Up)):
		// ↑/↓ scroll the fleet's instances; where there is none to
		// scroll they did nothing, and said nothing.
		switch {
		case pane.FirstFleet(&m.sim.snap) == "":
			m.setNote("↑/↓: no fleet in this run to scroll", false)
		case !m.fleetOpen && !m.placed(pFleet):
			m.setNote("↑/↓ scroll the fleet, hidden at this size: I shows it", false)
		default:
			m.xp.fleet.Update(k)
		}
	case m.cmp == nil && m.xp.mapv.Key(k):
		// The map's selection (arrange.go's map pane): said in the status
		// line too, for a window where the map finds no room, and there
		// that the map is not to be seen (n selected on it, unsaid).
		m.setNote("map: selected "+m.xp.mapv.SelectedName(), false)
		if !m.placed(pMap) {
			m.setNote("map: selected "+m.xp.mapv.SelectedName()+", on a map hidden at this size (enlarge to see it)", false)
			m.noteShort = "map: selected " + m.xp.mapv.SelectedName() + ", map hidden"
		}
		if (key.Matches(k, m.keys.Map.NextInstance) || key.Matches(k, m.keys.Map.PrevInstance)) && m.xp.mapv.SelectedInstances() == 0 {
			// > on a node that is not a fleet moves nothing: the note
			// said "selected search-index" again, as if it had.
			name := m.xp.mapv.SelectedName()
			m.setNote("map: "+name+" is not a fleet; > and < step through a fleet's instances, n/N through the nodes", false)
			m.noteShort = "map: " + name + " is not a fleet"
		}
	case m.cmp != nil && (k.Type == tea.KeyEsc || key.Matches(k, m.keys.Compare)):
		// esc leaves compare mode before it leaves the sandbox.
		if m.report(m.closeCompare()) {
			m.setNote(fmt.Sprintf("compare closed: variant %d", m.sim.variant+1), false)
		}
	case key.Matches(k, m.keys.Home):
		return m.back()
	case key.Matches(k, m.keys.Help):
		m.showHelp = true
		m.helpv.Reset()
		m.fillHelp()
	case m.timeKey(k, &cmd):
		// Played, paused, stepped, jumped, changed speed or restarted.
	case key.Matches(k, m.keys.GoTo):
		m.clock.Play(false)
		m.prompt = playback.TimePrompt(m.end())
	case key.Matches(k, m.keys.Seed):
		m.clock.Play(false)
		m.prompt = m.seedPrompt() // seek.go
	case key.Matches(k, m.keys.Write) && m.writeElsewhere != "":
		m.setNote(m.writeElsewhere, true)
	case key.Matches(k, m.keys.Write):
		m.clock.Play(false)
		m.prompt = m.writePrompt()
	case m.cmp != nil && m.compareKey(k):
		// Handled by compare mode.
	case key.Matches(k, m.keys.Compare) && len(m.sim.sc.Variants) == 1:
		// One variant would be compared with itself: two identical halves.
		m.setNote(oneVariantNote(m.sim.sc, m.writeElsewhere == ""), false)
		// The short note too names the way to a second design, as a
		// window of 120 columns shows only it.
		switch breaker := hasBreaker(m.sim.sc, 0); {
		case m.writeElsewhere != "" && breaker:
			m.noteShort = "one variant; C compares breaker presets"
		case m.writeElsewhere != "":
			m.noteShort = "one variant: nothing to compare"
		case breaker:
			m.noteShort = "one variant: C compares presets; w, add [[variants]] for more"
		default:
			m.noteShort = "one variant: w writes it; add [[variants]] there to compare"
		}
	case key.Matches(k, m.keys.Compare):
		v := m.sim.variant
		if m.report(m.openCompare(v, defaultPartner(m.sim.sc, v), "", "")) {
			m.setNote("compare: same seed, same traffic; tab or 1-9 picks the right, {/} the left", false)
		}
	case key.Matches(k, m.keys.ComparePresets):
		m.comparePresets()
	case key.Matches(k, m.keys.NextVariant):
		m.switchVariant((m.sim.variant + 1) % len(m.sim.sc.Variants))
	case key.Matches(k, m.keys.PrevVariant):
		n := len(m.sim.sc.Variants)
		m.switchVariant((m.sim.variant + n - 1) % n)
	case key.Matches(k, m.keys.Variant):
		v := int(k.Runes[0] - '1')
		if v >= len(m.sim.sc.Variants) {
			m.setNote(m.sim.sc.Name+" has "+pane.Counted(len(m.sim.sc.Variants), "variant", "variants"), true)
		} else {
			m.switchVariant(v)
		}
	case key.Matches(k, m.keys.Chaos):
		// The map's selection is what the menu acts on, when it names a
		// part a fault can target (the front cannot be faulted as a whole).
		if sel := m.MapSelection(); sel != "" && sel != mappane.FrontName {
			if next, err := m.ChaosFor(sel); err == nil {
				return next, nil
			}
		}
		m.openChaos() // chaos.go
	case key.Matches(k, m.keys.Knobs):
		m.resume = m.clock.Playing()
		m.clock.Play(false)
		m.mainAtSides() // the form edits the left side's variant (compare.go)
		m.form = newForm(m.th, m.sim.knobs(), m.sim.variant)
		m.form.builtIn = m.sim.original
		if t := m.MapTarget(); !m.form.focusOn(t) && t.Name != "" && t.Name != mappane.FrontName { // knobs_focus.go
			// The form opens at the server's knobs and the map follows it
			// there: say why the part selected has none.
			m.setNote(fmt.Sprintf("%s has no knobs of its own in this scenario; the form opens at the server's", t.Name), false)
		}
	case key.Matches(k, m.keys.Breaker.Next):
		m.nextBreaker(k) // arrange.go
	case m.file == nil && k.String() == "R":
		// R is off (not in the help) on a built-in, but says why.
		m.setNote(noFileNote, true)
		if m.writeElsewhere != "" {
			m.setNote(strings.TrimSuffix(noFileNote, " (w writes it as one)"), true)
		}
		m.noteShort = "R: " + m.sim.sc.Name + " is built in, no file to read again"
	case key.Matches(k, m.keys.ReadFile):
		cmd = m.file.read(true) // reload.go
	}
	// A run to play ahead first, a compare side's or, closing compare
	// mode, the main view's: the key again once it is (work_moves.go).
	m.warmFirst(redoKey(k))
	m.refresh()
	return m, cmd
}

// timeKey hands k to the clock; it reports whether k was a time key, and
// leaves the clock's command in cmd.
func (m *Model) timeKey(k tea.KeyMsg, cmd *tea.Cmd) bool {
	var t playback.Timeline = timeline{m}
	if next := key.Matches(k, m.keys.NextEvent); next || key.Matches(k, m.keys.PrevEvent) {
		if w := m.eventWork(k, next); w != nil {
			m.begin(w) // looking far for the event: in slices (work_moves.go)
			return true
		}
	}
	if key.Matches(k, m.keys.PrevEvent) {
		t = pastTimeline{timeline{m}} // events.go
	}
	ok, c, note, err := m.clock.Key(k, m.keys.Keys, t)
	if ok {
		*cmd = c
		if m.report(err) && note != "" {
			m.setNote(note, false)
		}
	}
	return ok
}

func (m *Model) switchVariant(v int) { m.switchVariantAt(v, m.sim.now()) }

// switchVariantAt shows variant v at t, after the work a long run takes
// to get there (work.go).
func (m *Model) switchVariantAt(v int, t time.Duration) {
	if w := m.sim.variantWork(v, t); w != nil {
		w.then = func(m *Model, at time.Duration, _ bool) error {
			m.switchVariantAt(v, at)
			return nil
		}
		m.begin(w)
		return
	}
	if m.report(m.sim.setVariantAt(v, t)) {
		m.setNote(fmt.Sprintf("variant %d: %s", v+1, m.sim.sc.Variants[v].Name), false)
	}
}

// report shows err in the status line; it reports whether there was none.
func (m *Model) report(err error) bool {
	if errors.Is(err, errWarming) {
		return false // not an error: the move waits for work (warmFirst)
	}
	if err != nil {
		m.setNote(err.Error(), true)
		return false
	}
	return true
}

func (m *Model) setNote(s string, isErr bool) {
	m.note, m.noteErr, m.noteShort, m.written, m.noteHeld = s, isErr, "", [2]string{}, 0
}

// noteLife is how long a note that takes the clock's line stays while the
// run plays: long enough to read a command, short enough that the clock
// is back before the run has moved on far. A note beside the clock, or
// one shown while paused, stays until the next key.
const noteLife = 4 * time.Second

// ageNote counts a frame of play against the note, and lets it go once it
// has hidden the clock (the status line's, or the two rows of a write's
// note) for noteLife.
func (m *Model) ageNote() {
	if m.note == "" || !m.clock.Playing() {
		return
	}
	m.noteHeld += playback.Frame
	if m.noteHeld >= noteLife && (m.status.NoteOverLine() || m.writtenRows() != nil) {
		m.setNote("", false)
	}
}

func (m Model) formKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch {
	case k.Type == tea.KeyCtrlC:
		return m.quit()
	case key.Matches(k, m.keys.FormCancel):
		m.form = nil
		m.refresh()
		return m, m.clock.Play(m.resume)
	case key.Matches(k, m.keys.FormDefaults):
		m.form.reset(m.sim.original)
		return m, nil
	case key.Matches(k, m.keys.FormApply):
		sc := m.form.build(m.sim.knobs())
		if sc == nil {
			m.followForm() // the cursor went to the field refused
			return m, nil
		}
		// Every variant may be played (v, compare): the design is costed
		// whole before anything of it runs.
		if err := m.limits.check(sc, 1); err != nil {
			m.form.err = err.Error()
			return m, nil
		}
		plain, run, err := m.sim.newScenario(sc, m.form.edits(m.sim.original))
		if err != nil {
			m.form.err = err.Error()
			return m, nil
		}
		apply := func(m *Model) error {
			if err := m.sim.runEdited(plain, run); err != nil {
				return err
			}
			m.form = nil
			seed := fmt.Sprint(m.sim.seed)
			m.reopenCompare("knobs applied: re-run on seed "+seed, "knobs applied: both sides re-run on seed "+seed, "knobs applied; compare closed: ", true)
			return nil
		}
		if w := m.applyWork(run, m.sim.at, apply); w != nil {
			// A long run: played ahead in slices first (work_moves.go).
			m.form = nil
			m.begin(w)
			m.refresh()
			return m, nil
		}
		if err := apply(&m); err != nil {
			m.form.err = err.Error()
			return m, nil
		}
		m.refresh()
		return m, m.clock.Play(m.resume)
	}
	was := m.form.focus
	cmd := m.form.update(k, *m.keys)
	if m.form.focus != was {
		m.followForm() // knobs_focus.go
	}
	return m, cmd
}

// refresh hands the current snapshot to the panes and lays them out.
func (m *Model) refresh() {
	m.keys.atEnd = m.now() >= m.end()
	if m.cmp != nil {
		m.refreshCompare()
		return
	}
	d := m.sim.data()
	m.pool.SetData(d)
	m.out.SetData(d)
	m.inf.SetData(d)
	m.xp.setData(d, m.sim)
	if m.xp.prof.ok {
		m.pool.ReserveTurnedAway(m.xp.prof.awayMost)
		m.brk.SetRunTransitions(m.xp.prof.trans)
	} else {
		m.brk.SetRunTransitions(nil)
	}
	m.brk.SetData(d) // after the profile: its times are written as the whole run's list has them
	m.brk.SetHint(m.breakerHint())
	sc := m.sim.sc
	note, noteErr, noteShort := m.fileNote() // a bad file's refusal stands (reload.go)
	m.status.SetInfo(pane.StatusInfo{
		Playing:      m.clock.Playing(),
		Finished:     m.sim.now() >= m.sim.end(),
		Speed:        m.clock.Speed(),
		Now:          m.sim.now(),
		Duration:     m.sim.end(),
		Unit:         chart.SpanUnit(m.sim.end()), // the charts' unit: a long run's hours
		Scenario:     sc.Name,
		Variant:      sc.Variants[m.sim.variant].Name,
		VariantIndex: m.sim.variant,
		Variants:     len(sc.Variants),
		Seed:         m.sim.seed,
		Edited:       m.sim.edited,
		Note:         note,
		NoteIsErr:    noteErr,
		NoteShort:    noteShort,
	})
	m.layout()
}

// breakerHint names the variants that have a breaker, else how to add
// one, for the breaker pane of a variant without one.
func (m *Model) breakerHint() string {
	var have []string
	for i, v := range m.sim.sc.Variants {
		for _, d := range v.System.Dependencies {
			if d.Policy.Breaker != nil && i != m.sim.variant {
				have = append(have, fmt.Sprintf("%d (%s)", i+1, v.Name))
				break
			}
		}
	}
	if len(have) == 0 {
		// The knob form adds one (addBreakerPreset): the pane said
		// there was none and named no way to have one. Where another
		// variant has one, that line stays as it was, its length the
		// layout's. Where the form does not open (a challenge holds
		// the knobs, KnobsElsewhere), e does nothing, so the pane
		// offers no key.
		if !m.keys.Knobs.Enabled() {
			return ""
		}
		return "Press " + m.keys.Knobs.Help().Key + " to add one: the breaker field."
	}
	return "Press " + strings.Join(have, " or ") + " to see one."
}

// reopenCompare re-runs compare mode's sides, when it is open, after a
// re-run of the main view on another seed or new knobs, and says so:
// alone, both or closed (with the error, as an error when closedErr). A
// long run's sides are played ahead in slices first (work_moves.go);
// stopped, compare mode closes, as its sides would show the runs from
// before.
func (m *Model) reopenCompare(alone, both, closed string, closedErr bool) {
	m.setNote(alone, false)
	c := m.cmp
	if c == nil {
		return
	}
	a, b := c.sides[0], c.sides[1]
	err := m.openCompare(a.variant, b.variant, a.preset, b.preset)
	if m.warmFirst(func(m *Model, stopped bool) {
		if stopped {
			m.cmp = nil
			m.setNote(closed+"stopped", false)
			return
		}
		m.reopenCompare(alone, both, closed, closedErr)
	}) {
		return
	}
	if err != nil {
		m.cmp = nil
		m.setNote(closed+err.Error(), closedErr)
		return
	}
	m.setNote(both, false)
}
