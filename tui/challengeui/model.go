package challengeui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/shardview"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Options configure the challenge screen.
type Options struct {
	Theme     *theme.Theme
	Challenge *challenge.Challenge
	// Progress keeps the stars; nil keeps none. Notice is shown at first
	// (a progress file set aside, say).
	Progress *challenge.Progress
	Notice   string
	// Embedded: esc and q send BackMsg, for the home screen (only ctrl+c
	// quits).
	Embedded bool
	// Dir is where w writes the design ("" is the current folder).
	Dir string
	// WriteElsewhere, when set, turns w off, here and in the sandbox v
	// opens: it is what w says instead of writing a file (over SSH the
	// file would be written on the server; sandbox.Options).
	WriteElsewhere string
	// Debounce is how long the knobs must rest before a grading starts;
	// zero grades at once (tests).
	Debounce time.Duration
}

// BackMsg asks the parent to close the challenge.
type BackMsg struct{}

// Messages of the screen's own commands.
type (
	// gradeMsg starts the grading of generation gen, if it is still the
	// current one when the debounce ends.
	gradeMsg struct{ gen int }
	// gradedMsg carries a grading's result.
	gradedMsg struct {
		gen int
		r   *challenge.Result
		err error
	}
	// savedMsg carries an Earn's outcome: best is the level's stars in
	// the progress file as saved, another window's included, and merged
	// the file's MergeNote.
	savedMsg struct {
		stars    int
		improved bool
		best     int
		merged   string
		err      error
	}
	wroteMsg struct {
		path string
		err  error
	}
)

type page int

const (
	onPanel   page = iota
	onSandbox      // the sandbox has the keys (and the screen, when narrow)
	onAbout        // the brief, hint and par in full
	onHelp
	onFleet // the shard view of the level's fleet has the keys and the screen
)

// Model is the challenge screen.
type Model struct {
	o    Options
	c    *challenge.Challenge
	th   *theme.Theme
	keys keyMap
	help help.Model

	setting  challenge.Setting
	focus    int // the knob selected
	gen      int // bumped by every change of the setting
	graded   int // the generation of result
	result   *challenge.Result
	gradeErr string
	best     int // stars kept in the progress file
	// earned is the most stars a design of the learner's own has earned
	// in this window (ownStars), kept with or without a progress file:
	// once it or best is 3 the learner is not stuck, and s shows the
	// reference at once, where it said "0 so far" after ★★★.
	earned int
	// undo holds the settings before each knob edit, the latest last.
	undo []challenge.Setting
	// fails counts the designs the learner tried that fell short, kept
	// in the progress file; from SolutionAfter on, s shows the reference
	// solution. A try is a design the learner chose to check: one typed
	// in (enter), watched or played (v, space) or written out (w). Each
	// design counts once, and never the start; stepping a knob through
	// values with the arrows tries nothing, however long each is graded.
	fails int
	tried map[string]bool // the designs counted in fails this session
	// tryGen is the generation a try waits for, when the learner chose a
	// design before its grading was in; -1 when none waits.
	tryGen int
	// revealed: the reference solution has been shown on this level (s,
	// or the progress file says so). That design, ref, then earns no
	// stars.
	revealed bool
	ref      challenge.Setting
	typing   bool
	input    []rune
	// fresh: the field still shows the knob's value as it was, and the
	// first key typed replaces it, as a selected field does.
	fresh bool

	// dir is the folder w writes to, where the grading command the
	// screen prints is run from (Challenge.GradeCommand).
	dir string

	sb *sandbox.Model // nil for the shuffle lab
	// sv plays the design's fleet on the shuffle lab, opened by v; nil
	// until then, and for a challenge on a scenario.
	sv    *shardview.Model
	stale bool // the sandbox plays an earlier setting: this one does not run
	// seed is the seed the sandbox was built on: the one where the design
	// falls short, as playSeed chooses it. While a build waits (pending)
	// it is the seed that build will play.
	seed uint64
	// pending is the design the sandbox is to play once it is seen: a
	// sandbox hidden behind the panel (a narrow window, not playing) is
	// built when v, space or a wider window shows it, not on each key,
	// since building it plays the whole run. nil when none waits.
	pending *pendingSandbox
	page    page
	scroll  helpview.Scroll // how far the brief's or the keys' page is scrolled
	w, h    int
	note    string
	noteErr bool
	// noteLeftOut is set while the note says what a paste into the knob
	// field left out: the next key typed clears it.
	noteLeftOut bool
	// noteRestates is the grader's refusal the note says again, in the
	// words of the key that met it ("can only be 3 …: → sets it" beside
	// "must be 3 …"): while both stand the status shows the note alone.
	noteRestates string

	// drawn is the panel as last drawn (drawPanel): the panel shows the
	// knobs, the goals and the grading, nothing of the sandbox's run, so
	// the sandbox's own messages (its ticks, 30 a second while it plays)
	// leave it as it was, and their frames reuse it.
	drawn panelDrawn
}

// panelDrawn is the panel's lines for a width and height, each line
// exactly w cells.
type panelDrawn struct {
	w, h  int
	lines []string
	// keys are the panel's key lines, widest first (keyFits), for a key
	// row that takes the cells the sandbox's keys leave (wideKeys).
	keys []keyFit
}

// New opens a challenge at its start, or at the setting that earned its
// best stars when the progress file has one.
func New(o Options) (Model, error) {
	if o.Challenge == nil {
		return Model{}, fmt.Errorf("challengeui: no challenge")
	}
	if o.Theme == nil {
		o.Theme = theme.New(nil)
	}
	m := Model{o: o, c: o.Challenge, th: o.Theme, keys: newKeyMap(o.Embedded), help: help.New(), setting: o.Challenge.Start(),
		tried: map[string]bool{}, tryGen: -1}
	m.help.Styles = o.Theme.Help
	// Where w writes elsewhere (over SSH, on the server) w saves nothing:
	// the key line and the help offer no w, and w still says why.
	m.keys.Write.SetEnabled(o.WriteElsewhere == "")
	m.note = o.Notice
	dir := o.Dir
	if dir == "" {
		dir, _ = os.Getwd() // where w writes
	}
	m.dir = dir
	if o.Progress != nil {
		r := o.Progress.Record(m.c) // a teacher's file's own, never a built-in's
		m.best, m.fails, m.revealed = r.Stars, r.Fails, r.Revealed
		if m.revealed {
			m.ref, _ = m.c.ReferenceSetting()
		}
		if r.Last != nil {
			m.setting = m.c.Restore(r.Last)
			if m.c.Changes(m.setting) > 0 && m.note == "" {
				m.note = "reopened with the design you left · ctrl+r goes back to the start"
			}
		}
	}
	m.rebuildSandbox(false)
	return m, nil
}

// Init grades the start.
func (m Model) Init() tea.Cmd { return m.gradeNow() }

// Result is the latest grading (nil until the first is in), for tests and
// a parent that reports it.
func (m Model) Result() *challenge.Result {
	if m.graded != m.gen {
		return nil
	}
	return m.result
}

// Setting is the knobs' values now.
func (m Model) Setting() challenge.Setting { return m.setting }

// wide says whether the window holds the panel and the sandbox side by
// side: the sandbox needs 80×24 of its own.
func (m *Model) wide() bool { return m.sb != nil && m.w-panelWidth(m.w) >= 80 && m.h >= 24 }

// panelWidth is the panel's width beside the sandbox.
func panelWidth(w int) int { return min(max(w*32/100, 44), 60) }

// sandboxSize is the window the sandbox draws in.
func (m *Model) sandboxSize() tea.WindowSizeMsg {
	if m.wide() {
		return tea.WindowSizeMsg{Width: m.w - panelWidth(m.w), Height: m.h}
	}
	return tea.WindowSizeMsg{Width: m.w, Height: m.h}
}

// playSeed is the seed the sandbox plays for a result, and the goal it
// is played for (-1 for none, len(Goals) for the par): the worst seed of
// the first goal the design misses, or of the par once every goal is met
// and the par is not, so that v shows the run that falls short; the
// challenge's first seed when nothing does, or there is no result yet.
func playSeed(c *challenge.Challenge, r *challenge.Result) (uint64, int) {
	if r != nil {
		for i := range r.Goals {
			if seed, ok := r.Goals[i].WorstSeed(); ok && !r.Goals[i].Pass {
				return seed, i
			}
		}
		if p := r.Par; r.Pass && !r.MeetsPar && p != nil {
			if seed, ok := p.WorstSeed(); ok {
				return seed, len(r.Goals)
			}
		}
	}
	return c.Seeds[0], -1
}

// pendingSandbox is a sandbox's build put off until it is seen: the
// scenario and seed it plays, and the seed the sandbox on hand was built
// on, for when the build fails.
type pendingSandbox struct {
	sc        *engine.Scenario
	seed, was uint64
}

// rebuildSandbox plays the current setting's scenario from the start, on
// the seed the latest grading falls short on (playSeed): a design the
// knobs have just changed plays where its neighbour fell short until its
// own grading is in. It keeps playing if it was. A sandbox no one sees
// is built when it is shown (showSandbox).
func (m *Model) rebuildSandbox(play bool) {
	if m.c.Fleet != nil {
		return
	}
	// A setting the engine refuses keeps the last design that ran on
	// screen, marked stale, so the layout does not jump while the learner
	// moves a pair of knobs that depend on each other.
	sc, err := m.c.ScenarioFor(m.setting)
	if err != nil {
		m.stale = m.sb != nil
		return
	}
	seed, _ := playSeed(m.c, m.result)
	if !play && m.sb != nil && !m.sandboxSeen() {
		was := m.seed
		if m.pending != nil {
			was = m.pending.was
		}
		m.pending, m.stale, m.seed = &pendingSandbox{sc: sc, seed: seed, was: was}, false, seed
		return
	}
	m.buildSandbox(sc, seed, play)
}

// sandboxSeen says whether the sandbox is on screen: its own page, or
// beside the panel in a wide window.
func (m *Model) sandboxSeen() bool { return m.page == onSandbox || m.wide() }

// showSandbox builds the sandbox a rebuild put off, before it is shown,
// played or handed a message.
func (m *Model) showSandbox() {
	p := m.pending
	if p == nil {
		return
	}
	m.pending, m.seed = nil, p.was
	m.buildSandbox(p.sc, p.seed, false)
}

// buildSandbox makes the sandbox that plays sc on seed; when the engine
// refuses it, the one on hand stays, marked stale.
func (m *Model) buildSandbox(sc *engine.Scenario, seed uint64, play bool) {
	m.pending = nil
	sb, err := sandbox.New(sandbox.Options{Theme: m.th, Scenario: sc, Seed: seed, Play: play, CanGoHome: true,
		BackTo: "back to the challenge", Crumbs: []string{fmt.Sprintf("challenge %d", m.c.Number)}, WriteElsewhere: m.o.WriteElsewhere,
		KnobsElsewhere: true})
	if err != nil {
		m.stale = m.sb != nil
		return
	}
	m.sb, m.stale, m.seed = &sb, false, seed
	if m.w > 0 {
		m.forward(m.sandboxSize())
	}
}

// forward hands a message to the sandbox.
func (m *Model) forward(msg tea.Msg) tea.Cmd {
	if m.sb == nil {
		return nil
	}
	if _, ok := msg.(tea.WindowSizeMsg); ok && m.pending != nil && !m.sandboxSeen() {
		return nil // a build put off is sized when it is made
	}
	m.showSandbox()
	next, cmd := m.sb.Update(msg)
	sb := next.(sandbox.Model)
	m.sb = &sb
	return cmd
}

// watchFleet opens the shard view on the level's own fleet (its workers
// and customers, not the view's default 8 workers): the start's strategy
// on the left where it can draw the design's shards, else shuffle
// sharding, the design's on the right, on the seed the design falls short
// on.
func (m *Model) watchFleet() tea.Cmd {
	fl, err := m.c.FleetFor(m.setting)
	if err != nil {
		m.setNote("these knobs do not make a fleet that runs: "+err.Error(), true)
		return nil
	}
	start, err := m.c.FleetFor(m.c.Start())
	if err != nil {
		m.setNote("the level's start does not make a fleet that runs: "+err.Error(), true)
		return nil
	}
	if fl.Zones != 0 {
		m.setNote("the shard view draws no zones: grade this design with "+m.checkCommand("FILE"), true)
		return nil
	}
	setup := shardview.DefaultSetup()
	setup.Workers, setup.Customers, setup.PerCustomer = fl.Workers, fl.Customers, fl.PerCustomer
	setup.Left, setup.Right, setup.MaxShared = start.Strategy, fl.Strategy, fl.MaxShared
	seed, _ := playSeed(m.c, m.result)
	o := shardview.Options{Theme: m.th, Setup: setup, Seed: seed, CanGoHome: true, BackTo: "back to the challenge",
		Crumbs: []string{fmt.Sprintf("challenge %d", m.c.Number)}}
	sv, err := shardview.New(o)
	if err != nil && o.Setup.Left != shuffle.StrategyShuffle {
		// The start's plain shards cannot split 32 workers by 3: the
		// design is set beside random shards of its size instead.
		o.Setup.Left = shuffle.StrategyShuffle
		sv, err = shardview.New(o)
	}
	if err != nil {
		m.setNote(err.Error(), true)
		return nil
	}
	m.try()
	m.sv, m.page = &sv, onFleet
	cmd := m.forwardFleet(tea.WindowSizeMsg{Width: m.w, Height: m.h})
	return tea.Batch(m.sv.Init(), cmd)
}

// forwardFleet hands a message to the shard view.
func (m *Model) forwardFleet(msg tea.Msg) tea.Cmd {
	if m.sv == nil {
		return nil
	}
	next, cmd := m.sv.Update(msg)
	sv := next.(shardview.Model)
	m.sv = &sv
	return cmd
}

// changed records a new setting: the sandbox replays it and a grading is
// scheduled once the knobs rest.
func (m *Model) changed() tea.Cmd {
	m.gen++
	playing := m.sb != nil && m.sb.Playing()
	m.rebuildSandbox(playing)
	var cmds []tea.Cmd
	if m.sb != nil && playing {
		cmds = append(cmds, m.sb.Init())
	}
	gen := m.gen
	if m.o.Debounce > 0 {
		cmds = append(cmds, tea.Tick(m.o.Debounce, func(time.Time) tea.Msg { return gradeMsg{gen} }))
	} else {
		cmds = append(cmds, m.gradeNow())
	}
	return tea.Batch(cmds...)
}

// gradeNow grades the current setting in a command.
func (m *Model) gradeNow() tea.Cmd {
	c, s, gen := m.c, m.setting, m.gen
	return func() tea.Msg {
		r, err := c.Grade(s)
		return gradedMsg{gen: gen, r: r, err: err}
	}
}

// Update handles keys, resizes, gradings and the sandbox's ticks. A
// message of the screen's own draws the panel again; the sandbox's (its
// ticks, 30 a second while it plays) leave it as drawn.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd, own := m.update(msg)
	nm, ok := next.(Model)
	if !ok || !own {
		return next, cmd
	}
	return nm.drawPanel(), cmd
}

// update is Update but for the panel's drawing; own says whether msg was
// the screen's own, which may change what the panel shows, rather than
// the sandbox's alone.
func (m Model) update(msg tea.Msg) (_ tea.Model, _ tea.Cmd, own bool) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.help.Width = msg.Width
		return m, tea.Batch(m.forward(m.sandboxSize()), m.forwardFleet(msg)), true
	case gradeMsg:
		if msg.gen != m.gen {
			return m, nil, true
		}
		return m, m.gradeNow(), true
	case gradedMsg:
		if msg.gen != m.gen {
			return m, nil, true // the knobs have moved on
		}
		m.graded = msg.gen
		m.result, m.gradeErr = msg.r, ""
		if msg.err != nil {
			m.result, m.gradeErr = nil, msg.err.Error()
			return m, nil, true
		}
		if msg.gen == m.tryGen {
			m.tryGen = -1
			m.countTry(msg.r)
		}
		m.earned = max(m.earned, m.ownStars(msg.r))
		cmds := []tea.Cmd{m.earn(msg.r)}
		if seed, _ := playSeed(m.c, msg.r); m.sb != nil && !m.stale && seed != m.seed {
			// This design falls short on another seed than the one the
			// sandbox plays: play that one.
			playing := m.sb.Playing()
			m.rebuildSandbox(playing)
			if playing {
				cmds = append(cmds, m.sb.Init())
			}
		}
		return m, tea.Batch(cmds...), true
	case savedMsg:
		if msg.err != nil {
			m.setNote("stars not saved: "+msg.err.Error(), true)
			return m, nil, true
		}
		// The file's best, not these stars: another breakerlab window
		// (or `challenge --check`) may have saved more since the level
		// opened, and the header and the next earn go by that.
		m.best = msg.best
		var note string
		switch got, kept := challenge.StarsText(msg.stars), challenge.StarsText(msg.best); {
		case msg.improved:
			note = got + " new best, saved"
		case msg.best == msg.stars:
			note = got + ", as already saved for this level"
		case msg.best > msg.stars:
			note = fmt.Sprintf("%s is short of the %s saved for this level", got, kept)
		default: // another window showed the reference solution, this design
			note = "the reference solution earns no stars"
		}
		if msg.merged != "" {
			note += " · " + msg.merged
		}
		m.setNote(note, false)
		return m, nil, true
	case revealedMsg:
		if msg.err != nil {
			m.setNote("could not record the solution as shown: "+msg.err.Error(), true)
		}
		return m, nil, true
	case shardview.BackMsg:
		// esc or q in the fleet being watched: back to the panel.
		if m.page == onFleet {
			m.page = onPanel
		}
		return m, nil, true
	case sandbox.BackMsg:
		// q in the run being watched (the sandbox's way back, as esc is
		// here): back to the panel.
		if m.page == onSandbox {
			m.page = onPanel
		}
		return m, nil, true
	case wroteMsg:
		if msg.err != nil {
			m.setNote("could not write the design: "+msg.err.Error(), true)
		} else {
			m.setNote(fmt.Sprintf("wrote %s; grade it with %s", msg.path, m.checkCommand(filepath.Base(msg.path))), false)
		}
		return m, nil, true
	case tea.KeyMsg:
		next, cmd := m.onKey(msg)
		return next, cmd, true
	}
	// Everything else (the sandbox's ticks, or the shard view's) is theirs.
	if m.sv != nil {
		return m, m.forwardFleet(msg), false
	}
	return m, m.forward(msg), false
}

// try records that the learner chose to check the design on screen: it
// counts as a try once its grading is in (countTry).
func (m *Model) try() {
	if r := m.Result(); r != nil {
		m.countTry(r)
		return
	}
	m.tryGen = m.gen
}

// countTry counts the design on screen among the tries that fell short,
// if it fell short, is not the start and was not counted before.
func (m *Model) countTry(r *challenge.Result) {
	if r == nil || r.Pass || m.c.Changes(m.setting) == 0 {
		return
	}
	key := designKey(m.c, m.setting)
	if m.tried[key] {
		return
	}
	m.tried[key] = true
	m.fails++
}

// designKey names a design: every knob's value, in the challenge's order.
func designKey(c *challenge.Challenge, s challenge.Setting) string {
	var b strings.Builder
	for _, k := range c.Knobs {
		b.WriteString(k.Path + "=" + challenge.FormatValue(s[k.Path]) + "\x00")
	}
	return b.String()
}

// onReference says whether the design on screen is the reference
// solution, after it was shown: it passes, and earns no stars.
func (m *Model) onReference() bool {
	return m.revealed && m.ref != nil && designKey(m.c, m.setting) == designKey(m.c, m.ref)
}

// earn records stars the result earned, in a command. The reference
// solution, once shown, earns none: stars go to a design of the
// learner's own.
func (m *Model) earn(r *challenge.Result) tea.Cmd {
	stars := m.ownStars(r)
	if stars == 0 || m.o.Progress == nil || stars <= m.best {
		return nil
	}
	p, c, s := m.o.Progress, m.c, m.setting
	return func() tea.Msg {
		up, err := p.Earn(c, stars, s)
		return savedMsg{stars: stars, improved: up, best: p.Record(c).Stars, merged: p.MergeNote(), err: err}
	}
}

// ownStars is the stars r earns the learner: its stars, but none for
// the reference solution once shown. earn saves them and earnedStars
// counts them, so the header and s go by one count.
func (m *Model) ownStars(r *challenge.Result) int {
	if r == nil || m.onReference() {
		return 0
	}
	return r.Stars
}

// earnedStars is the most stars the learner's own designs have earned on
// this level: the progress file's best, or this window's.
func (m *Model) earnedStars() int { return max(m.best, m.earned) }

// paletteCmd hands `:` up to the home screen as its palette's key: the
// home screen opens the palette on that key from any screen, and leaves
// `:` to the screen that is open, since most take it to go to a time.
// The level has no time of its own to go to (the sandbox it watches,
// which has, takes its keys itself), so `:` opens the palette here as it
// does on the home screen's lists.
func paletteCmd() tea.Msg { return tea.KeyMsg{Type: tea.KeyCtrlK} }

func (m *Model) setNote(s string, isErr bool) {
	m.note, m.noteErr, m.noteLeftOut, m.noteRestates = s, isErr, false, ""
}

func (m Model) onKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	if k.Type == tea.KeyCtrlC {
		m.leave()
		return m, tea.Quit
	}
	if m.typing {
		return m.typeKey(k)
	}
	// Keys typed faster than they are read come as one message of several
	// runes ("x?"): take them one at a time, as every screen does.
	if k.Type == tea.KeyRunes && len(k.Runes) > 1 && !k.Paste {
		var cmds []tea.Cmd
		var next tea.Model = m
		for _, r := range k.Runes {
			var cmd tea.Cmd
			next, cmd = next.(Model).onKey(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
			cmds = append(cmds, cmd)
		}
		return next, tea.Batch(cmds...)
	}
	switch m.page {
	case onFleet:
		if m.sv != nil {
			return m, m.forwardFleet(k)
		}
		m.page = onPanel
	case onSandbox:
		switch {
		case k.Type == tea.KeyEsc || key.Matches(k, m.keys.Watch):
			m.page = onPanel
			return m, nil
		case key.Matches(k, m.keys.SandboxKnobs):
			m.setNote("in a challenge the knobs are here, in the panel: ↑↓ picks one, ←→ turns it; v watches the run again", true)
			m.page = onPanel
			return m, nil
		}
		return m, m.forward(k)
	case onAbout, onHelp:
		if key.Matches(k, m.keys.Quit) {
			m.leave()
			return m, tea.Quit
		}
		if key.Matches(k, m.keys.Palette) {
			return m, paletteCmd
		}
		if m.scrollPage(k) {
			return m, nil
		}
		m.page = onPanel
		return m, nil
	}
	m.note, m.noteErr = "", false
	n := len(m.c.Knobs)
	switch {
	case key.Matches(k, m.keys.Quit):
		m.leave()
		return m, tea.Quit
	case key.Matches(k, m.keys.Back):
		m.leave()
		return m, func() tea.Msg { return BackMsg{} }
	case key.Matches(k, m.keys.Palette):
		return m, paletteCmd
	case key.Matches(k, m.keys.Up):
		m.focus = (m.focus + n - 1) % n
	case key.Matches(k, m.keys.Down):
		m.focus = (m.focus + 1) % n
	case key.Matches(k, m.keys.Less), key.Matches(k, m.keys.More), key.Matches(k, m.keys.MuchLess), key.Matches(k, m.keys.MuchMore):
		steps := map[bool]int{true: 1, false: -1}[key.Matches(k, m.keys.More) || key.Matches(k, m.keys.MuchMore)]
		if key.Matches(k, m.keys.MuchLess) || key.Matches(k, m.keys.MuchMore) {
			steps *= 10
		}
		t := turn(m.c, m.setting, m.focus, steps)
		if t.to == nil {
			m.setNote(t.note, false)
			m.noteRestates = t.restates
			return m, nil
		}
		m.push()
		m.setting = t.to
		cmd := m.changed()
		if t.note != "" {
			m.setNote(t.note, false)
			m.noteRestates = t.restates
		}
		return m, cmd
	case key.Matches(k, m.keys.Type):
		if why := m.c.Unread(m.setting, m.focus); why != "" {
			m.setNote(unreadNote(&m.c.Knobs[m.focus], why), false)
			return m, nil
		}
		m.typing, m.fresh, m.input = true, true, []rune(m.c.Knobs[m.focus].Format(m.setting[m.c.Knobs[m.focus].Path]))
		if m.c.Knobs[m.focus].Kind == challenge.KnobShare {
			m.input = []rune(fmt.Sprint(m.setting[m.c.Knobs[m.focus].Path]))
		}
	case key.Matches(k, m.keys.Undo):
		if len(m.undo) == 0 {
			m.setNote("nothing to undo", false)
			return m, nil
		}
		m.setting = m.undo[len(m.undo)-1]
		m.undo = m.undo[:len(m.undo)-1]
		m.setNote("undone", false)
		return m, m.changed()
	case key.Matches(k, m.keys.Solution):
		return m.showSolution()
	case key.Matches(k, m.keys.Reset):
		m.push()
		m.setting = m.c.Start()
		m.setNote("back to the challenge's start", false)
		return m, m.changed()
	case key.Matches(k, m.keys.Watch):
		if m.c.Fleet != nil {
			cmd := m.watchFleet()
			return m, cmd
		}
		if m.sb == nil {
			m.setNote("these knobs do not make a scenario that runs: "+m.gradeErr, true)
			return m, nil
		}
		m.try()
		m.showSandbox()
		m.page = onSandbox
	case key.Matches(k, m.keys.Play):
		if m.c.Fleet != nil {
			// The shuffle lab plays in the shard view, never beside the
			// panel: space opens it playing, where it did nothing.
			cmd := m.watchFleet()
			if m.page != onFleet {
				return m, cmd
			}
			return m, tea.Batch(cmd, m.forwardFleet(k))
		}
		if m.sb != nil {
			m.try()
			if !m.sandboxSeen() {
				// Below the width that shows the sandbox beside the
				// panel, a run played behind the panel changed nothing
				// on screen: space shows it, playing, as v then space
				// would, and never pauses a run the learner cannot see.
				m.showSandbox()
				m.page = onSandbox
				if m.sb.Playing() {
					return m, nil
				}
			}
			return m, m.forward(k)
		}
	case key.Matches(k, m.keys.Write), k.String() == "w" && m.o.WriteElsewhere != "":
		if m.o.WriteElsewhere != "" {
			m.setNote(m.o.WriteElsewhere, true)
			return m, nil
		}
		m.try()
		return m, m.write()
	case key.Matches(k, m.keys.About):
		m.page = onAbout
		m.scroll.Reset()
	case key.Matches(k, m.keys.Help):
		m.page = onHelp
		m.scroll.Reset()
	}
	return m, nil
}

// turned is what an arrow press on a knob does: the design it leaves,
// nil when it moves nothing; the other knob it carried along, -1 for
// none; and the note that says so, with the grader's refusal the note
// says again (noteRestates). The arrows act on it and the hint under the
// knob says it (arrowHint), so that the hint tells what the arrows do.
type turned struct {
	to       challenge.Setting
	carried  int
	note     string
	restates string
}

// turn is what steps presses of an arrow do to knob i of c in design s.
func turn(c *challenge.Challenge, s challenge.Setting, i, steps int) turned {
	kn := &c.Knobs[i]
	lim := c.Limit(s, i)
	old := s[kn.Path]
	refused := func(note string) turned { return turned{carried: -1, note: note} }
	if why := c.Unread(s, i); why != "" {
		// A value the design does not read changes nothing the grader
		// runs: an arrow that moved it would look like a change.
		return refused(unreadNote(kn, why))
	}
	if by, fixed := lim.Fixed(); fixed {
		// A range of one value has nowhere to turn to, but another
		// knob may have moved it off the value this one holds: the
		// arrow that points at it steps onto it (overlap-limited
		// shards leave 3 workers per customer where the start holds
		// 2: → sets 3), and the other says which arrow does.
		toward := lim.Toward(old)
		if toward == 0 {
			if t, ok := carry(c, s, i, old, steps); ok {
				return t
			}
		}
		if toward == 0 || toward*steps < 0 {
			t := refused(fixedNote(kn, lim, by, toward))
			if err := lim.Check(old); err != nil {
				// Off its one value, the design is refused in the
				// grader's words for the same thing.
				t.restates = err.Error()
			}
			return t
		}
		return turned{to: with(s, kn.Path, lim.Move(old, steps)), carried: -1,
			note: fmt.Sprintf("%s set to %s, the only value %s", kn.Label, lim.Range(), allowedBy(by))}
	}
	if kn.Kind != challenge.KnobChoice && lim.Empty() {
		// No value of this knob fits the others: its own step landed
		// on one that did not either, further from any design that
		// stands (most shared 2 → 3 beside 2 workers per customer).
		// The knob that empties it is carried along, or the arrow
		// moves nothing and says which knob to move first.
		if t, ok := carry(c, s, i, old, steps); ok {
			return t
		}
		if challenge.FormatValue(kn.Move(old, steps)) == challenge.FormatValue(old) {
			return refused(rangeEndNote(kn, lim))
		}
		return refused(emptyNote(kn, old, lim))
	}
	next := lim.Move(old, steps)
	if challenge.FormatValue(next) == challenge.FormatValue(old) {
		if t, ok := carry(c, s, i, old, steps); ok {
			return t
		}
		return refused(rangeEndNote(kn, lim))
	}
	t := turned{to: with(s, kn.Path, next), carried: -1}
	t.note, t.restates = leftOut(c, t.to, kn, next)
	return t
}

// with is s with the value at path set to v, s left as it was.
func with(s challenge.Setting, path string, v any) challenge.Setting {
	out := cloneSetting(s)
	out[path] = v
	return out
}

// carry turns knob i from old by steps past the end of its range that
// another knob holds, moving that knob along the fewest steps that let
// both stand (challenge.Carry): overlap-limited shards of 3 workers, at
// most 2 shared, hold each other, and neither arrow moved either. ok is
// false when no move of the other knob lets the step stand.
func carry(c *challenge.Challenge, s challenge.Setting, i int, old any, steps int) (turned, bool) {
	kn := &c.Knobs[i]
	to := kn.Move(old, steps)
	if challenge.FormatValue(to) == challenge.FormatValue(old) {
		return turned{}, false // the knob's own end: nothing holds it but itself
	}
	out, other, ok := c.Carry(s, i, to)
	if !ok {
		return turned{}, false
	}
	return turned{to: out, carried: other, note: carriedNote(kn, to, &c.Knobs[other], out)}, true
}

// leftOut is the note, after knob kn turned to v in design s, on the knob
// it left out of the range it now leaves that knob, in grading's words,
// and that refusal, for noteRestates: picking overlap-limited shards
// beside 2 workers per customer leaves no most shared that fits. The
// arrow does not carry the other knob there, as Carry does for a number:
// the pick is the learner's, and the shard size is the level's other
// choice (its par counts both), which a carry would make for them, to the
// reference solution's value. The note says what is out and which way to
// move it, u takes the pick back, and no arrow on the knobs it holds
// moves to a value still out of range (carry, emptyNote). Both are ""
// when every knob stands.
func leftOut(c *challenge.Challenge, s challenge.Setting, kn *challenge.Knob, v any) (note, restates string) {
	err := c.OutOfRange(s)
	if err == nil {
		return "", ""
	}
	return fmt.Sprintf("%s set to %s, and now %s", kn.Label, kn.Format(v), err), err.Error()
}

// emptyNote is the note for an arrow refused on kn, at old, whose limit
// lim the other knobs leave empty: no value of it fits until another knob
// moves, which it names, and no move of that knob carried it to the
// value the arrow asked for.
func emptyNote(kn *challenge.Knob, old any, lim challenge.Limit) string {
	return fmt.Sprintf("%s stays at %s: %s", kn.Label, kn.Format(old), lim.Range())
}

// carriedNote says that knob kn went to v and carried knob other along to
// its value in out.
func carriedNote(kn *challenge.Knob, v any, other *challenge.Knob, out challenge.Setting) string {
	return fmt.Sprintf("%s set to %s, and %s to %s with it: each holds the other", kn.Label, kn.Format(v), other.Label, other.Format(out[other.Path]))
}

// unreadNote is the note for an arrow or a typed value refused on kn,
// which the design does not read (challenge.Unread says why).
func unreadNote(kn *challenge.Knob, why string) string {
	return kn.Label + " turns nothing here: it is " + why
}

// fixedNote says why knob kn, whose limit lim holds one value, does not
// turn: at that value, what holds it there and how to free it; off it
// (toward says which way it lies), which arrow sets it.
func fixedNote(kn *challenge.Knob, lim challenge.Limit, by string, toward int) string {
	one := lim.Range()
	s := kn.Label + " can only be " + one
	if by != "" {
		s += ", fixed by " + by
	}
	switch {
	case toward > 0:
		return s + ": → sets it"
	case toward < 0:
		return s + ": ← sets it"
	}
	if widen := lim.Widen(); widen != "" {
		s += "; " + widen
	}
	return s
}

// rangeEndNote is the note for an arrow that cannot move kn any further
// on: the range it is at the end of, set off by commas. In brackets it
// nested brackets, since a range may hold some ("0 (not set) to 34") and an
// empty one says why in them: "(no value fits … (the fewest …))". An
// empty range leaves the knob its own, whose end the arrow met.
func rangeEndNote(kn *challenge.Knob, lim challenge.Limit) string {
	if lim.Empty() {
		return fmt.Sprintf("%s is at the end of its own range, %s, and %s", kn.Label, kn.Range(), lim.Range())
	}
	s := fmt.Sprintf("%s is at the end of its range, %s", kn.Label, lim.Range())
	if why := lim.Narrowed(); why != "" {
		s += ", " + why
	}
	return s
}

// allowedBy finishes "the only value …": what the knobs that fix a
// knob's range allow, by their labels, or its own range.
func allowedBy(by string) string {
	if by == "" {
		return "it has"
	}
	return by + " allows"
}

// typeKey edits the typed value; enter applies it, esc drops it.
func (m Model) typeKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch k.Type {
	case tea.KeyEsc:
		m.typing = false
	case tea.KeyEnter:
		kn := &m.c.Knobs[m.focus]
		// Refused here, as the form states the range, not later by
		// the grading.
		v, err := m.c.Limit(m.setting, m.focus).ParseTyped(string(m.input))
		if err != nil {
			// A value held off by a knob it holds in turn carries that
			// knob along, as the arrows do.
			if own, ownErr := kn.ParseTyped(string(m.input)); ownErr == nil {
				if out, other, ok := m.c.Carry(m.setting, m.focus, own); ok {
					m.typing = false
					m.push()
					m.setting = out
					cmd := m.changed()
					m.setNote(carriedNote(kn, own, &m.c.Knobs[other], out), false)
					m.try()
					return m, cmd
				}
			}
			m.setNote(err.Error(), true)
			// The refused value stays, selected: the next key typed
			// replaces it rather than append to it ("200" then "500ms"
			// read "200500ms").
			m.fresh = true
			return m, nil
		}
		m.typing = false
		m.push()
		m.setting = cloneSetting(m.setting)
		m.setting[kn.Path] = v
		m.note, m.noteLeftOut = "", false
		cmd := m.changed()
		m.try() // a value typed in is a design the learner chose
		return m, cmd
	case tea.KeyCtrlU:
		// Clears the field, as in the sandbox's knob form.
		m.input, m.fresh = nil, false
	case tea.KeyBackspace:
		switch {
		case m.fresh:
			m.input = nil
		case len(m.input) > 0:
			m.input = m.input[:len(m.input)-1]
		}
		m.fresh = false
	case tea.KeyRunes, tea.KeySpace:
		if m.fresh {
			m.input = nil // typing replaces the value shown
		}
		m.fresh = false
		if m.noteLeftOut {
			// What was left out before is old news once the field takes
			// a key again; a refusal at enter stays until it is set.
			m.note, m.noteLeftOut = "", false
		}
		add := k.Runes
		if room := max(maxFieldRunes-len(m.input), 0); len(add) > room {
			// A paste is cut where the field is full, and the cut said:
			// checked before the paste went in, a long one went in whole
			// and every key after it was dropped without a word.
			m.setNote(playback.LeftOutNote(add[room:], maxFieldRunes), true)
			m.noteLeftOut = true
			add = add[:room]
		}
		m.input = append(m.input, add...)
	}
	return m, nil
}

// maxFieldRunes bounds a typed knob value: a number, a duration or a
// choice's name fits with room to spare.
const maxFieldRunes = 40

// write saves the design as a file the learner can hand in, in a command.
func (m *Model) write() tea.Cmd {
	text, err := m.c.DesignFile(m.setting)
	if err != nil {
		m.setNote("these knobs do not make a design: "+err.Error(), true)
		return nil
	}
	path := filepath.Join(m.o.Dir, m.c.ID+".design.toml")
	return func() tea.Msg {
		return wroteMsg{path: path, err: os.WriteFile(path, text, 0o644)}
	}
}

// checkCommand is the command that grades a design file, run from the
// folder w writes to: a teacher's challenge is named by its file's path
// (Challenge.GradeCommand), since `breakerlab challenge ID` finds only the
// built-in levels.
func (m *Model) checkCommand(design string) string {
	return m.c.GradeCommand(m.dir, design)
}

func cloneSetting(s challenge.Setting) challenge.Setting {
	out := make(challenge.Setting, len(s))
	for k, v := range s {
		out[k] = v
	}
	return out
}

// SolutionAfter is how many designs the learner tried must fall short
// before s shows the reference solution: it is there for a learner who is
// stuck, after trying (Model.fails says what a try is).
const SolutionAfter = 3

// revealedMsg says the progress file now records the solution as shown.
type revealedMsg struct{ err error }

// push keeps the setting before an edit, for u.
func (m *Model) push() {
	const most = 100
	m.undo = append(m.undo, m.setting)
	if len(m.undo) > most {
		m.undo = m.undo[len(m.undo)-most:]
	}
}

// showSolution sets the knobs to the built-in's reference solution (u
// takes it back), once the learner has tried.
func (m Model) showSolution() (tea.Model, tea.Cmd) {
	if m.c.Number == 0 {
		m.setNote("a teacher's challenge file has no reference solution here", true)
		return m, nil
	}
	// A learner with all three stars is not stuck and has nothing left to
	// spoil: the reference is there to compare with.
	if m.fails < SolutionAfter && !m.revealed && m.earnedStars() < 3 {
		m.setNote(fmt.Sprintf("s shows the solution once %d designs you tried fall short, or one earns ★★★: a try is a design you type in, watch (v, space) or write (w); %d so far", SolutionAfter, m.fails), false)
		return m, nil
	}
	s, err := m.c.ReferenceSetting()
	if err != nil {
		m.setNote("no reference solution: "+err.Error(), true)
		return m, nil
	}
	m.push()
	m.setting = s
	var parts []string
	for _, k := range m.c.Knobs {
		parts = append(parts, k.Label+" "+k.Format(s[k.Path]))
	}
	// The status line says, for as long as this design is on screen,
	// that it earns no stars.
	// "u takes it back" comes first, what the note says that nothing else
	// on screen does; on a small window statusLines keeps only that.
	m.setNote("u takes it back · the reference solution: "+strings.Join(parts, ", "), false)
	var cmds []tea.Cmd
	if !m.revealed && m.o.Progress != nil {
		p, c := m.o.Progress, m.c
		cmds = append(cmds, func() tea.Msg { return revealedMsg{err: p.Reveal(c)} })
	}
	m.revealed, m.ref = true, s
	cmds = append(cmds, m.changed())
	return m, tea.Batch(cmds...)
}

// leave records the design the learner leaves with, so the level reopens
// there.
func (m *Model) leave() {
	if m.o.Progress == nil {
		return
	}
	_ = m.o.Progress.Leave(m.c, m.setting, m.fails) // a design not kept is no reason to stay
}
