package shardview

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Options configure a shard view.
type Options struct {
	// Theme draws everything; it carries the session's renderer.
	Theme *theme.Theme
	// Setup to start with; the zero value means DefaultSetup.
	Setup Setup
	// Seed of the run: the shuffled shards and the customers' timing.
	Seed uint64
	// Speed is the starting speed factor; 1 if zero.
	Speed float64
	// Play starts playing at once.
	Play bool
	// CanGoHome enables esc, which sends BackMsg for the parent to handle.
	CanGoHome bool
	// BackTo says where esc leads, in the key help; "" says home.
	// Crumbs, when set, replace "sandbox" in the title's breadcrumb with
	// the caller's ("challenge 8"), so that the title and esc agree on
	// where the learner is: inside a challenge it read "sandbox › shuffle".
	BackTo string
	Crumbs []string
}

// BackMsg asks the parent to close the shard view.
type BackMsg struct{}

// step is how far → and ← move virtual time: the grid each side records
// its counts on.
const step = playback.Step

// sampleMax is the most customer rows any layout shows.
const sampleMax = 60

// Model is the shard view.
type Model struct {
	th   *theme.Theme
	keys keyMap
	help help.Model
	run  *run

	sample    []int
	sampleGen uint64
	left      *Side
	right     *Side
	odds      *Odds
	status    *pane.Status

	w, h     int
	clock    playback.Clock
	resume   bool // play again when the knob form closes
	form     *form
	showHelp bool
	helpv    helpview.Model
	note     string
	noteErr  bool
	edited   bool
	chrome   *playback.Chrome // the title and key lines, cached
	prompt   *playback.Prompt // the time being typed after : or t
	ev       *eventCache      // the events ] and [ move through
	crumbs   string           // the breadcrumb before "shuffle": Options.Crumbs or "sandbox"
}

// New builds a shard view at time zero. A setup outside the view's limits
// or one the engine refuses is an error.
func New(o Options) (Model, error) {
	if o.Theme == nil {
		o.Theme = theme.New(nil)
	}
	s := o.Setup
	if s == (Setup{}) {
		s = DefaultSetup()
	}
	if err := s.check(); err != nil {
		return Model{}, fmt.Errorf("shard view: %w", err)
	}
	r, err := newRun(s, o.Seed)
	if err != nil {
		return Model{}, fmt.Errorf("shard view: %w", err)
	}
	m := Model{
		th:     o.Theme,
		keys:   newKeyMap(o.CanGoHome),
		help:   help.New(),
		run:    r,
		left:   NewSide(o.Theme),
		right:  NewSide(o.Theme),
		odds:   NewOdds(o.Theme),
		status: pane.NewStatus(o.Theme),
		chrome: &playback.Chrome{},
		ev:     &eventCache{},
		clock:  playback.NewClock(o.Speed, o.Play),
		crumbs: "sandbox",
	}
	if len(o.Crumbs) > 0 {
		m.crumbs = strings.Join(o.Crumbs, " › ")
	}
	m.help.Styles = o.Theme.Help
	m.keys.SetBackTo(o.BackTo)
	m.helpv = helpview.New(m.keys.HelpScroll)
	m.sampleGen = ^uint64(0)
	m.refresh()
	return m, nil
}

// Init starts the animation when the view opens playing.
func (m Model) Init() tea.Cmd { return m.clock.Init() }

// Now is the virtual time shown.
func (m Model) Now() time.Duration { return m.run.Now() }

// Playing reports whether the animation runs.
func (m Model) Playing() bool { return m.clock.Playing() }

// Speed is the speed factor.
func (m Model) Speed() float64 { return m.clock.Speed() }

// Setup is the setup the run on screen uses.
func (m Model) Setup() Setup { return m.run.setup }

// Snapshots are the two sides' snapshots on screen, left then right.
func (m Model) Snapshots() [2]shuffle.Snapshot {
	return [2]shuffle.Snapshot{m.run.sides[0].snap, m.run.sides[1].snap}
}

// Update handles keys, ticks and resizes.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
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
		m.report(err)
		m.refresh()
		return m, next
	case tea.MouseMsg:
		return m.onMouse(msg)
	case tea.KeyMsg:
		if m.tooSmall() {
			// The screen asks for a larger window and says what q does
			// (back inside another screen, else quit): no other key may
			// reach the screen it hides (space would play).
			return m, m.keys.SmallKey(msg, BackMsg{})
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
		if m.showHelp {
			var cmd tea.Cmd
			m.showHelp, cmd = m.keys.HelpKey(msg, &m.helpv)
			return m, cmd
		}
		return m.onKey(msg)
	}
	return m, nil
}

// formOpen reports whether a key opened the knob form, which takes the
// keys typed after it as text.
func formOpen(m tea.Model) bool { return m.(Model).form != nil || m.(Model).prompt != nil }

func (m Model) onKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	m.note = ""
	switch {
	case key.Matches(k, m.keys.Quit) && !key.Matches(k, m.keys.Leave):
		return m, tea.Quit
	case key.Matches(k, m.keys.Home), key.Matches(k, m.keys.Leave):
		m.clock.Play(false)
		return m, func() tea.Msg { return BackMsg{} }
	case key.Matches(k, m.keys.Help):
		m.showHelp = true
		m.helpv.Reset()
		m.fillHelp()
	case m.timeKey(k, &cmd):
		// Played, paused, stepped, jumped, changed speed or restarted.
	case key.Matches(k, m.keys.GoTo):
		m.clock.Play(false)
		m.prompt = playback.TimePrompt(m.run.End())
	case key.Matches(k, m.keys.Strategy):
		m.nextStrategy()
	case key.Matches(k, m.keys.Knobs):
		m.resume = m.clock.Playing()
		m.clock.Play(false)
		m.form = newForm(m.th, m.run.setup)
	}
	m.refresh()
	return m, cmd
}

// timeKey hands k to the clock; it reports whether k was a time key, and
// leaves the clock's command in cmd.
func (m *Model) timeKey(k tea.KeyMsg, cmd *tea.Cmd) bool {
	ok, c, note, err := m.clock.Key(k, m.keys.Keys, timeline{m})
	if ok {
		*cmd = c
		m.report(err)
		if err == nil && note != "" {
			m.setNote(note, false)
		}
	}
	return ok
}

// nextStrategy moves the right-hand side to the next strategy that runs on
// this fleet, saying which it skipped and why.
func (m *Model) nextStrategy() {
	all := shuffle.Strategies()
	cur := 0
	for i, s := range all {
		if s == m.run.setup.Right {
			cur = i
		}
	}
	var skipped []string
	for i := 1; i < len(all); i++ {
		s := m.run.setup
		s.Right = all[(cur+i)%len(all)]
		if s.Right == shuffle.StrategyOverlapLimited && (s.MaxShared < 0 || s.MaxShared >= s.PerCustomer) {
			s.MaxShared = max(s.PerCustomer-1, 0)
		}
		if err := m.run.setSetup(s); err != nil {
			skipped = append(skipped, fmt.Sprintf("%s skipped (%v)", s.Right, err))
			continue
		}
		m.edited = knobsEdited(m.run.setup)
		note := "right: " + Title(s.Right)
		if len(skipped) > 0 {
			note += "; " + strings.Join(skipped, "; ")
		}
		m.setNote(note, false)
		return
	}
	m.setNote(strings.Join(skipped, "; "), true)
}

// report shows err in the status line.
func (m *Model) report(err error) {
	if err != nil {
		m.setNote(err.Error(), true)
	}
}

func (m *Model) setNote(s string, isErr bool) { m.note, m.noteErr = s, isErr }

func (m Model) formKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch {
	case k.Type == tea.KeyCtrlC:
		return m, tea.Quit
	case key.Matches(k, m.keys.FormCancel):
		m.form = nil
		m.refresh()
		return m, m.clock.Play(m.resume)
	case key.Matches(k, m.keys.FormDefaults):
		m.form.fill(DefaultSetup())
		return m, nil
	case key.Matches(k, m.keys.FormApply):
		s, ok := m.form.build(m.run.setup)
		if !ok {
			return m, nil
		}
		if err := m.run.setSetup(s); err != nil {
			m.form.refuse(err, m.run.setup, m.run.seed)
			return m, nil
		}
		m.form = nil
		m.edited = knobsEdited(m.run.setup)
		m.setNote(fmt.Sprintf("knobs applied: both sides re-run on seed %d", m.run.seed), false)
		m.refresh()
		return m, m.clock.Play(m.resume)
	}
	m.form.update(k, m.keys)
	return m, nil
}

// refresh hands the current moment to the panes.
func (m *Model) refresh() {
	r := m.run
	m.keys.atEnd = r.Now() >= r.End()
	l, rt := r.sides[0], r.sides[1]
	if m.sampleGen != r.gen || m.sample == nil {
		m.sample = pickSample(l.sim.Assignment(), rt.sim.Assignment(), r.setup.Poisoned, sampleMax)
		m.sampleGen = r.gen
	}
	for i, p := range []*Side{m.left, m.right} {
		sd := r.sides[i]
		p.SetData(SideData{Strategy: sd.strategy, Assignment: sd.sim.Assignment(), Snap: &sd.snap,
			Expect: sd.expect, Sample: m.sample, Note: sd.note, Gen: r.gen,
			History: sd.history(r.Now()), Duration: r.End()})
	}
	m.odds.SetFleet(r.setup.Workers, r.setup.PerCustomer, r.setup.Customers-1)
	m.status.SetInfo(pane.StatusInfo{
		Playing:  m.clock.Playing(),
		Finished: r.Now() >= r.End(),
		Speed:    m.clock.Speed(),
		Now:      r.Now(),
		Duration: r.End(),
		Scenario: "shuffle",
		Variant:  fmt.Sprintf("%s vs %s", r.setup.Left, r.setup.Right),
		Seed:     r.seed,
		Edited:   m.edited,
		Note:     m.note, NoteIsErr: m.noteErr,
	})
	m.layout()
}

// knobsEdited reports whether a setup differs from the default in a knob
// other than the two strategies: switching the right side's strategy is
// what the view is for, and the status line names both strategies anyway,
// so it alone does not make the run "(edited)".
func knobsEdited(s Setup) bool {
	d := DefaultSetup()
	s.Left, s.Right = d.Left, d.Right
	return s != d
}
