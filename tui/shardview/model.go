package shardview

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/tui/internal/helpview"
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
}

// BackMsg asks the parent to close the shard view.
type BackMsg struct{}

// tickMsg is one animation frame; id tells a stale chain from the live one.
type tickMsg struct {
	id int
	at time.Time
}

// frame is the animation's period: about 30 frames a second.
const frame = time.Second / 30

// speeds are the speed factors + and - step through: the sandbox's.
var speeds = [...]float64{0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100}

// step is how far → and ← move virtual time.
const step = 100 * time.Millisecond

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
	playing  bool
	resume   bool
	speedIdx int
	tickID   int
	last     time.Time
	form     *form
	showHelp bool
	helpv    helpview.Model
	note     string
	noteErr  bool
	edited   bool
	chrome   *chrome
}

// chrome caches the lines around the panes.
type chrome struct {
	titleKey, keysKey string
	title, keys       string
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
		chrome: &chrome{},
	}
	m.help.Styles = o.Theme.Help
	m.helpv = helpview.New(m.keys.HelpScroll)
	m.speedIdx = 3
	if o.Speed > 0 {
		for i, f := range speeds {
			if f <= o.Speed {
				m.speedIdx = i
			}
		}
	}
	m.playing = o.Play
	m.sampleGen = ^uint64(0)
	m.refresh()
	return m, nil
}

// Init starts the animation when the view opens playing.
func (m Model) Init() tea.Cmd {
	if m.playing {
		return m.tick()
	}
	return nil
}

func (m *Model) tick() tea.Cmd {
	id := m.tickID
	return tea.Tick(frame, func(t time.Time) tea.Msg { return tickMsg{id: id, at: t} })
}

// Now is the virtual time shown.
func (m Model) Now() time.Duration { return m.run.now() }

// Playing reports whether the animation runs.
func (m Model) Playing() bool { return m.playing }

// Speed is the speed factor.
func (m Model) Speed() float64 { return speeds[m.speedIdx] }

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
		return m, nil
	case tickMsg:
		return m.onTick(msg)
	case tea.KeyMsg:
		if m.form != nil {
			return m.formKey(msg)
		}
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste && !msg.Alt {
			// Keys typed faster than they are read arrive together: take
			// them one by one.
			var cmds []tea.Cmd
			var next tea.Model = m
			for _, r := range msg.Runes {
				var cmd tea.Cmd
				next, cmd = next.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
				cmds = append(cmds, cmd)
				if next.(Model).form != nil {
					break
				}
			}
			return next, tea.Batch(cmds...)
		}
		if m.showHelp {
			switch {
			case key.Matches(msg, m.keys.Quit):
				return m, tea.Quit
			case key.Matches(msg, m.keys.HelpClose):
				m.showHelp = false
			default:
				m.helpv.Update(msg)
			}
			return m, nil
		}
		return m.onKey(msg)
	}
	return m, nil
}

func (m Model) onTick(t tickMsg) (tea.Model, tea.Cmd) {
	if !m.playing || t.id != m.tickID {
		return m, nil
	}
	dt := frame
	if !m.last.IsZero() {
		dt = min(max(t.at.Sub(m.last), 0), 250*time.Millisecond)
	}
	m.last = t.at
	target := m.run.now() + time.Duration(float64(dt)*speeds[m.speedIdx])
	if err := m.run.seek(target); err != nil {
		m.setNote(err.Error(), true)
		m.playing = false
	}
	if m.run.now() >= m.run.end() {
		m.playing = false
	}
	m.refresh()
	if m.playing {
		return m, m.tick()
	}
	return m, nil
}

// play starts or stops the animation.
func (m *Model) play(on bool) tea.Cmd {
	if on == m.playing {
		return nil
	}
	m.playing = on
	m.tickID++
	m.last = time.Time{}
	if on {
		return m.tick()
	}
	return nil
}

func (m Model) onKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	m.note = ""
	switch {
	case key.Matches(k, m.keys.Quit):
		return m, tea.Quit
	case key.Matches(k, m.keys.Home):
		m.play(false)
		return m, func() tea.Msg { return BackMsg{} }
	case key.Matches(k, m.keys.Help):
		m.showHelp = true
		m.helpv.Reset()
		m.fillHelp()
	case key.Matches(k, m.keys.Play):
		if !m.playing && m.run.now() >= m.run.end() {
			m.report(m.run.restart())
		}
		cmd = m.play(!m.playing)
	case key.Matches(k, m.keys.Step):
		m.play(false)
		m.report(m.run.seek((m.run.now()/step + 1) * step))
	case key.Matches(k, m.keys.Back):
		m.play(false)
		now := m.run.now()
		prev := now / step * step
		if prev == now {
			prev -= step
		}
		m.report(m.run.seek(prev))
	case key.Matches(k, m.keys.Faster):
		m.speedIdx = min(m.speedIdx+1, len(speeds)-1)
	case key.Matches(k, m.keys.Slower):
		m.speedIdx = max(m.speedIdx-1, 0)
	case key.Matches(k, m.keys.Restart):
		m.report(m.run.restart())
	case key.Matches(k, m.keys.Strategy):
		m.nextStrategy()
	case key.Matches(k, m.keys.Knobs):
		m.resume = m.playing
		m.play(false)
		m.form = newForm(m.th, m.run.setup)
	}
	m.refresh()
	return m, cmd
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
		m.edited = m.run.setup != DefaultSetup()
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
		return m, m.play(m.resume)
	case key.Matches(k, m.keys.FormDefaults):
		m.form.fill(DefaultSetup())
		return m, nil
	case key.Matches(k, m.keys.FormApply):
		s, ok := m.form.build(m.run.setup)
		if !ok {
			return m, nil
		}
		if err := m.run.setSetup(s); err != nil {
			m.form.refuse(err)
			return m, nil
		}
		m.form = nil
		m.edited = m.run.setup != DefaultSetup()
		m.setNote(fmt.Sprintf("knobs applied: both sides re-run on seed %d", m.run.seed), false)
		m.refresh()
		return m, m.play(m.resume)
	}
	m.form.update(k, m.keys)
	return m, nil
}

// refresh hands the current moment to the panes.
func (m *Model) refresh() {
	r := m.run
	l, rt := r.sides[0], r.sides[1]
	if m.sampleGen != r.gen || m.sample == nil {
		m.sample = pickSample(l.sim.Assignment(), rt.sim.Assignment(), r.setup.Poisoned, sampleMax)
		m.sampleGen = r.gen
	}
	for i, p := range []*Side{m.left, m.right} {
		sd := r.sides[i]
		p.SetData(SideData{Strategy: sd.strategy, Assignment: sd.sim.Assignment(), Snap: &sd.snap,
			Expect: sd.expect, Sample: m.sample, Note: sd.note, Gen: r.gen,
			History: sd.history(r.now()), Duration: r.end()})
	}
	m.odds.SetFleet(r.setup.Workers, r.setup.PerCustomer, r.setup.Customers-1)
	m.status.SetInfo(pane.StatusInfo{
		Playing:  m.playing,
		Finished: r.now() >= r.end(),
		Speed:    speeds[m.speedIdx],
		Now:      r.now(),
		Duration: r.end(),
		Scenario: "shuffle",
		Variant:  fmt.Sprintf("%s vs %s", r.setup.Left, r.setup.Right),
		Seed:     r.seed,
		Edited:   m.edited,
		Note:     m.note, NoteIsErr: m.noteErr,
	})
	m.layout()
}
