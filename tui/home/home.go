// Package home is breakerlab's home screen: a menu of Lessons, Sandbox and
// Exercises, and everything behind them in one program. Sandbox opens a
// scenario picker and then the sandbox, or the shard view for the shuffle
// scenario; Lessons opens the lesson list of tui/lessonui; Exercises opens
// the runner of tui/exercisesui on the learner's workbook, or, when there is
// none, a screen that explains what a workbook is and offers to create one.
// Leaving any of them (esc, or q in the lessons and exercises) comes back
// here, and the window's size flows down to whichever is open.
//
// It holds no global state and takes its theme (and so its renderer) from
// Options. Finding and creating a workbook touch the disk, so they are
// functions the caller supplies (Workbooks), run in tea.Cmds; View does no
// I/O. It may import tui/theme, tui/pane, tui/sandbox, tui/shardview,
// tui/lessonui, tui/exercisesui, tui/drillui, tui/interviewui, tui/livelab,
// tui/internal/playback, lessons, exercises (for its errors and catalog),
// the engine's scenario types, bubbletea, bubbles (key, help) and lipgloss,
// and tui/present for the Moment of the screen that is open, and
// tui/breakerloop for the live picture under the menu, lessons/challenge
// and lessons/drill for the progress panes a tall window shows under it
// (progress.go), tui/mappane and engine/shuffle for what the scenario
// picker shows of the scenario under its cursor (pickdetail.go); that
// scenario is built in Update and its map's run made in a tea.Cmd, so
// View runs no engine.
// The live lab's servers are started and stopped by functions the caller
// supplies (LiveLab), in tea.Cmds, as the workbook's are.
package home

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/breakerloop"
	"github.com/breakerlab/breakerlab/tui/builder"
	"github.com/breakerlab/breakerlab/tui/challengeui"
	"github.com/breakerlab/breakerlab/tui/drillui"
	"github.com/breakerlab/breakerlab/tui/exercisesui"
	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/breakerlab/breakerlab/tui/internal/listnav"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/interviewui"
	"github.com/breakerlab/breakerlab/tui/lessonui"
	"github.com/breakerlab/breakerlab/tui/livelab"
	"github.com/breakerlab/breakerlab/tui/palette"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/shardview"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// Entry is a scenario in the picker.
type Entry struct {
	Name, Summary string
	// Build returns a fresh copy of the scenario.
	Build func() *engine.Scenario
	// ShardView opens the shard view (the shuffle scenario's own
	// simulation) instead of the sandbox; Build is not used.
	ShardView bool
	// Unavailable, when set, says why the sandbox cannot open it.
	Unavailable string
}

// Workbooks find and create the workbook the exercise runner works on.
// Both touch the disk: the home screen calls them in tea.Cmds, never in
// View.
type Workbooks struct {
	// Find returns the workbook to open, or an error wrapping
	// exercises.ErrNotWorkbook when there is none.
	Find func() (exercisesui.Backend, error)
	// Create writes a new workbook where `breakerlab exercises init` would
	// (Dir), never overwriting anything, and returns it.
	Create func() (exercisesui.Backend, error)
	// Open opens the workbook in a folder: the one Find's error names as
	// the learner's elsewhere (exercises.NotFoundError.Remembered), which
	// the no-workbook screen offers rather than a second workbook. Nil:
	// the screen says only where it is.
	Open func(dir string) (exercisesui.Backend, error)
	// Here is the folder searched, and Dir where Create writes, as the
	// learner should read them.
	Here, Dir string
	// Manual turns the runner's file watcher off (r re-runs).
	Manual bool
	// Editor is the command the runner's e opens an exercise with
	// (exercisesui.Options.Editor).
	Editor string
}

// Options configure the home screen.
type Options struct {
	Theme     *theme.Theme
	Scenarios []Entry
	Seed      uint64
	// Lessons are listed behind the Lessons item; with none, the item says
	// so. LessonStore remembers progress (nil: nothing is remembered), and
	// LessonNotice is a notice of the home screen (a progress file set
	// aside, say).
	Lessons []*lessons.Lesson
	// LoadLessons, when Lessons is nil, supplies them the first time the
	// Lessons item is chosen, so that parsing them (30 to 60 ms with the
	// [sweep] tables' plans) does not delay the first frame. It runs in
	// Update, not in a command: keys sent in one burst after Enter then
	// reach the list that is open, in order.
	LoadLessons func() ([]*lessons.Lesson, error)
	// Lab runs the lessons' simulations and remembers their results; nil
	// gives the screen a Lab of its own. A classroom server hands every
	// session the server's, so a step thirty students open is run once.
	Lab *lessons.Lab
	// ProgressAtStart has Init read the lessons (LoadLessons, in a
	// command) for the menu's progress and its "continue" (invites.go).
	// Without it the menu says it once the lessons are loaded: a
	// classroom server keeps each session from parsing them unasked.
	ProgressAtStart bool
	LessonStore     *lessons.Store
	LessonNotice    string
	// Notices are more notices of the home screen, each kept until
	// dismissed as LessonNotice is (the classroom teacher's: whose
	// progress the screen shows).
	Notices []string
	// Workbooks open the exercises; nil makes the Exercises item say the
	// runner is not available.
	Workbooks *Workbooks
	// ExercisesElsewhere, when set, is what choosing Exercises says
	// instead of opening the runner: over SSH the runner would grade files
	// on the server, not the learner's, so it says how to run it at home.
	ExercisesElsewhere string
	// WriteElsewhere, when set, is what the sandbox's w says instead of
	// writing a file, for the same reason (sandbox.Options).
	WriteElsewhere string
	// Sandbox bounds the sweeps of every sandbox opened from here (the
	// drill's and the interview's too): a classroom session's end stops
	// them, and the server's limits hold (sandbox.Limits). The zero value
	// is the local program's.
	Sandbox sandbox.Limits
	// Drill and Interview open the spaced-repetition drill and the mock
	// interview (their Theme and Embedded are set here); nil makes the item
	// say it is not available.
	Drill     *drillui.Options
	Interview *interviewui.Options
	// Challenges lists the challenge levels (their Theme and Embedded are
	// set here); nil makes the item say they are not available.
	Challenges *challengeui.Options
	// LiveLab starts the live lab's servers on loopback and returns what
	// its screen shows and how to stop them; it runs in a command, never
	// in Update. Nil makes the item say how to run the lab from a shell.
	LiveLab func() (livelab.Options, func() error, error)
	// Still keeps the menu's live picture (live.go) on one frame: reduced
	// motion (StillFromEnv).
	Still bool
	// HelpNote, when set, is a line the help (?) adds under its key
	// table: a classroom session's keys (follow the teacher, ask the
	// room), which the table, the local program's, has not.
	HelpNote string
	// NewSystem opens the screen on New system, the builder, as
	// `breakerlab new` does: esc on its list of starts comes to the menu.
	// NewSystemFile, when set, is a scenario file read for the builder to
	// build on at once (`breakerlab new FILE`).
	NewSystem     bool
	NewSystemFile *builder.File
}

type screen int

const (
	onMenu screen = iota
	onPicker
	onSandbox
	onShards
	onLessons
	onExercises
	onNoWorkbook // Exercises chosen, but there is no workbook
	onDrill
	onInterview
	onChallenges
	onLiveLab
	onBuilder // New system (builder.go)
)

type item struct{ title, desc string }

var items = [...]item{
	{"Lessons", "step through how one slow dependency takes a server down, and what stops it"},
	{"Sandbox", "play a scenario live: the pool fills, the breaker trips; pause, rewind, turn knobs"},
	{"Challenges", "levels: turn the knobs until every goal holds on every seed"},
	{"Live lab", "the checkout incident on real HTTP sockets, measured beside its simulation"},
	{"Drill", "interview practice: spaced repetition, model answers, problems with fresh numbers"},
	{"Interview", "a mock design interview against the clock, then a rubric to grade yourself"},
	{"New system", "build your own: services, dependencies, fleets, tenants; play it, save it as a file"},
	{"Exercises", "build a breaker, a bulkhead and retries yourself, graded by Go tests"},
}

const (
	lessonsItem = iota
	sandboxItem
	challengesItem
	liveLabItem
	drillItem
	interviewItem
	newSystemItem
	exercisesItem
)

type keyMap struct {
	Up, Down, Open, Create, Back, Dismiss, Help, Quit key.Binding
	// Palette and Filter are handled in jump.go and lists.go; here for
	// the help.
	Palette, Filter key.Binding
	// Continue opens the lesson the learner left off in (invites.go).
	Continue key.Binding
	// inner: a screen under the menu (the scenario picker, the
	// no-workbook text), where q goes back with esc and only ctrl+c quits.
	inner bool
}

func newKeyMap() keyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return keyMap{
		Up:     b([]string{"up", "k"}, "↑/k", "up"),
		Down:   b([]string{"down", "j"}, "↓/j", "down"),
		Open:   b([]string{"enter"}, "enter", "open"),
		Create: b([]string{"enter", "c"}, "enter", "create the workbook"),
		Back:   b([]string{"esc"}, "esc", "back"),
		// Dismiss is enabled while a notice is shown.
		Dismiss: b([]string{"x"}, "x", "dismiss the notice"),
		Help:    b([]string{"?"}, "?", "keys"),
		Quit:    b([]string{"q", "ctrl+c"}, "q", "quit"),
		Palette: b([]string{":", PaletteKey}, ":/"+PaletteKey, "go anywhere"),
		Filter:  b([]string{"/"}, "/", "filter"),
		// Enabled once the lessons' progress is read.
		Continue: b([]string{"c"}, "c", "continue the lesson"),
	}
}

func (k keyMap) ShortHelp() []key.Binding {
	if k.inner {
		// esc/q back is the way out; ctrl+c is in the full help.
		return []key.Binding{k.Up, k.Down, k.Open, k.Create, k.Back, k.Dismiss, k.Help, playback.Short(":", "go anywhere")}
	}
	return []key.Binding{k.Up, k.Down, k.Open, k.Continue, k.Create, k.Back, k.Dismiss, k.Help, k.Quit, playback.Short(":", "go anywhere")}
}

// keyLine is the menu's key help for the last line. A narrow window's
// line drops the keys it has no room for from its end, and ↓ went before
// ↑ ("↑/k up • enter open" at 40 columns, over a list that goes on
// below): there, one binding says both ways.
func (m Model) keyLine() string {
	keys := m.keys.ShortHelp()
	line := playback.KeyLine(m.help, keys, m.w)
	if !strings.Contains(line, m.keys.Up.Help().Key) || strings.Contains(line, m.keys.Down.Help().Key) {
		return line
	}
	keys = slices.DeleteFunc(keys, func(b key.Binding) bool { return b.Help() == m.keys.Down.Help() })
	up := slices.IndexFunc(keys, func(b key.Binding) bool { return b.Help() == m.keys.Up.Help() })
	if up < 0 {
		return line
	}
	keys[up] = playback.Short("↑/↓", "move")
	return playback.KeyLine(m.help, keys, m.w)
}

func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, listnav.TopKey, k.Filter}, {k.Open, k.Continue, k.Create, k.Back}, {k.Palette, k.Dismiss, k.Help, k.Quit}}
}

// Messages of the home screen's own commands.
type (
	// foundMsg carries the workbook Find or Create returned.
	foundMsg struct {
		b       exercisesui.Backend
		err     error
		created bool
	}
	// leftExercisesMsg is the runner's Leave.
	leftExercisesMsg struct{}
)

// Model is the home screen.
type Model struct {
	o    Options
	th   *theme.Theme
	keys keyMap
	help help.Model
	// menuTopReserve is the cells at the right of the menu's top line a
	// classroom's tag takes (ReserveMenuTop).
	menuTopReserve int

	screen  screen
	cursor  int
	pick    int
	sb      sandbox.Model
	sv      shardview.Model
	lessons *lessonui.Picker
	// lessonsErr is why Options.LoadLessons gave no lessons.
	lessonsErr error
	lab        *lessons.Lab
	ex         *exercisesui.Model
	drill      *drillui.Model
	iv         *interviewui.Model
	ch         *challengeui.Picker
	live       *livelab.Model
	liveStop   func() error // stops the live lab's servers; nil when none run
	busy       string       // what a command in flight is doing, shown instead of the note
	// notFound is why Find found no workbook, for the no-workbook screen:
	// it names the learner's workbook elsewhere, if one is remembered.
	notFound *exercises.NotFoundError
	// drillCounts are the drill's due and new cards ("3 due · 10 new"),
	// shown on its entry once counted.
	drillCounts string
	// cards are the drill's counts themselves, for its progress pane.
	cards    drill.Counts
	cardsOK  bool
	w, h     int
	note     string
	noteErr  bool
	showHelp bool
	// menuFilter and pickFilter filter the menu and the scenario picker
	// (`/`, lists.go).
	menuFilter, pickFilter listnav.Filter
	// pal is the command palette (jump.go), over whichever screen is open.
	pal palette.Model
	// chArgs are the challenges' numbers, once read (countChallenges).
	chArgs []palette.Arg
	// lessonsDone, chStars and exDone are how far the learner got, for the
	// menu (invites.go).
	lessonsDone lessonProgress
	chStars     challengesMsg
	exDone      exercisesMsg
	// loop is the live picture under the menu (live.go).
	loop breakerloop.Model
	// notices are the progress files' notices (one set aside as corrupt,
	// progress merged from another window), kept on the home screen's own
	// screens until the learner dismisses them.
	notices []string

	// bd is the builder, kept when it is left: its system is the draft
	// New system opens again (builder.go); sbFromBuilder says the open
	// sandbox plays the builder's system, so esc goes back there.
	bd            *builder.Model
	sbFromBuilder bool
	// pk is the scenario under the picker's cursor and the engine's run of
	// it, made in a command (pickdetail.go); pickMaps keeps the map drawn
	// from that run.
	pk       pickState
	pickMaps *pickMapCache
}

// New builds the home screen.
func New(o Options) Model {
	if o.Theme == nil {
		o.Theme = theme.New(nil)
	}
	m := Model{o: o, th: o.Theme, keys: newKeyMap(), help: help.New(), lab: o.Lab, pal: palette.New(o.Theme, nil),
		loop: breakerloop.New(o.Theme, o.Still), pk: newPickState(), pickMaps: &pickMapCache{}}
	if m.lab == nil {
		m.lab = lessons.NewLab()
	}
	m.keys.Continue.SetEnabled(false)
	if o.LessonStore != nil && o.LoadLessons != nil && o.LessonStore.Begun() > 0 {
		// A classroom session reads the lessons only once asked, and its
		// menu said "how far you got shows once you open them" to a
		// student whose progress was saved: that progress is worth the
		// reading. Decided once: progress made later is counted on the
		// way back from the lessons (recount).
		m.o.ProgressAtStart = true
	}
	m.help.Styles = o.Theme.Help
	m.addNotice(o.LessonNotice)
	for _, n := range o.Notices {
		m.addNotice(n)
	}
	if o.Drill != nil {
		m.addNotice(o.Drill.Notice)
	}
	if o.Interview != nil {
		m.addNotice(o.Interview.Notice)
	}
	if o.Challenges != nil {
		m.addNotice(o.Challenges.Notice)
	}
	m.setScreen(onMenu)
	if o.NewSystem {
		next, _ := m.openBuilder() // returns no command
		m = next.(Model)
	}
	return m
}

// addNotice keeps a notice until it is dismissed; "" and one already kept
// are ignored.
func (m *Model) addNotice(n string) {
	if n == "" {
		return
	}
	for _, have := range m.notices {
		if have == n {
			return
		}
	}
	m.notices = append(m.notices, n)
	m.keys.Dismiss.SetEnabled(true)
}

// collectNotices takes the notes the progress stores made while a screen
// was open (progress merged from another breakerlab window, a bad file set
// aside on saving).
func (m *Model) collectNotices() {
	if m.o.LessonStore != nil {
		m.addNotice(m.o.LessonStore.MergeNote())
	}
	if m.o.Drill != nil && m.o.Drill.Store != nil {
		m.addNotice(m.o.Drill.Store.MergeNote())
	}
	if m.o.Challenges != nil && m.o.Challenges.Progress != nil {
		m.addNotice(m.o.Challenges.Progress.MergeNote())
	}
}

// setScreen moves to a screen of the home screen's own and enables the keys
// that work there.
func (m *Model) setScreen(s screen) {
	m.screen = s
	if s == onMenu {
		m.collectNotices()
	}
	m.keys.Dismiss.SetEnabled(len(m.notices) > 0)
	m.keys.Back.SetEnabled(s == onPicker || s == onNoWorkbook)
	// q goes back from a screen under the menu, as it does from the
	// screens the menu opens; on the menu it quits.
	m.keys.inner = s != onMenu
	if m.keys.inner {
		m.keys.Back.SetHelp("esc/q", "back")
		m.keys.Quit.SetHelp("ctrl+c", "quit")
	} else {
		m.keys.Back.SetHelp("esc", "back")
		m.keys.Quit.SetHelp("q", "quit")
	}
	m.keys.Create.SetEnabled(s == onNoWorkbook)
	m.keys.Open.SetEnabled(s != onNoWorkbook)
	m.keys.Up.SetEnabled(s != onNoWorkbook)
	m.keys.Down.SetEnabled(s != onNoWorkbook)
	m.keys.Filter.SetEnabled(s != onNoWorkbook)
	m.keys.Continue.SetEnabled(s == onMenu && m.lessonsDone.next != nil)
}

// InSandbox reports whether the sandbox is open.
func (m Model) InSandbox() bool { return m.screen == onSandbox }

// Sandbox is the open sandbox, for a classroom server that broadcasts what
// it shows; ok is false when none is open.
func (m Model) Sandbox() (sb sandbox.Model, ok bool) { return m.sb, m.screen == onSandbox }

// InShardView reports whether the shard view is open.
func (m Model) InShardView() bool { return m.screen == onShards }

// InLessons reports whether the lesson list (or a lesson) is open.
func (m Model) InLessons() bool { return m.screen == onLessons }

// InExercises reports whether the exercise runner is open.
func (m Model) InExercises() bool { return m.screen == onExercises }

// Runner is the exercise runner, once it has been opened: the caller waits
// for its checks to stop before the process ends.
func (m Model) Runner() (exercisesui.Model, bool) {
	if m.ex == nil {
		return exercisesui.Model{}, false
	}
	return *m.ex, true
}

// Init counts, in commands, what the menu's items say of the learner's
// progress (invites.go): the drill's due and new cards, the lessons done,
// the stars, the exercises done; and reads the challenges for the
// palette.
func (m Model) Init() tea.Cmd {
	return tea.Batch(m.countDrill(), m.countChallenges(), m.countLessons(), m.countExercises(), breakerloop.Load())
}

// countDrill counts the cards a drill session would hold now, for the Drill
// entry (drillui.Counts); nil when there is no drill.
func (m Model) countDrill() tea.Cmd {
	if m.o.Drill == nil {
		return nil
	}
	return drillui.Counts(*m.o.Drill)
}

// update routes messages: to the screen that is open, else to the menu,
// the picker or the no-workbook screen (Update, live.go, runs the live
// picture around it).
func (m Model) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		m.w, m.h = ws.Width, ws.Height
		m.help.Width = ws.Width
		m.pal.SetSize(ws.Width, ws.Height)
	}
	if next, cmd, ok := m.paletteMsg(msg); ok {
		return next, cmd
	}
	if p, ok := msg.(pickMapMsg); ok {
		// It may come once the sandbox is open: kept here, so that the
		// picker does not wait for it forever.
		return m.gotPickMap(p)
	}
	if c, ok := msg.(drillui.CountsMsg); ok {
		// It may come while another screen is open.
		if c.OK {
			m.drillCounts = c.Counts.String()
			m.cards, m.cardsOK = c.Counts, true
		}
		return m, nil
	}
	if k, ok := msg.(tea.KeyMsg); ok {
		// Keys typed faster than they are read come as one message of
		// several runes ("jj"); every screen below takes them one at a
		// time, so `j j enter` opens the third entry, not the first; a
		// screen that takes text (a form, a search) takes it one rune at
		// a time as well.
		if next, cmd, split := playback.EachRune(m, k, nil); split {
			return next, cmd
		}
	}
	if k, ok := msg.(tea.KeyMsg); ok && k.Type == tea.KeyCtrlC && m.draftAtRisk() {
		// Busy or not: while a workbook is looked for, ctrl+c asks too.
		return m.quitKey() // jump.go: the builder's system is not saved
	}
	if cmd, ok := m.answerLeftBehind(msg); ok {
		return m, cmd
	}
	switch m.screen {
	case onSandbox:
		if _, ok := msg.(sandbox.BackMsg); ok {
			m.setScreen(onPicker)
			if m.sbFromBuilder {
				// What was injected while playing becomes the system's
				// (an edit u undoes), so the builder's w saves it.
				m.bd.Played(m.sb.Injected())
				m.bd.SetSize(m.w, m.h) // the window may have changed meanwhile
				m.setScreen(onBuilder)
			}
			return m, nil
		}
		sb, cmd := m.sb.Update(msg)
		m.sb = sb.(sandbox.Model)
		return m, cmd
	case onShards:
		if _, ok := msg.(shardview.BackMsg); ok {
			m.setScreen(onPicker)
			return m, nil
		}
		sv, cmd := m.sv.Update(msg)
		m.sv = sv.(shardview.Model)
		return m, cmd
	case onLessons:
		// The picker's own BackMsg leaves the lessons; an open lesson's
		// BackMsg takes the picker back to its list.
		if _, ok := msg.(lessonui.BackMsg); ok && !m.lessons.Open() {
			m.setScreen(onMenu)
			return m, m.recount(onLessons)
		}
		next, cmd := m.lessons.Update(msg)
		p := next.(lessonui.Picker)
		m.lessons = &p
		if k, ok := msg.(tea.KeyMsg); ok && k.Type == tea.KeyCtrlC {
			// The lesson saves the learner's place on its way out.
			return m, tea.Sequence(cmd, tea.Quit)
		}
		return m, cmd
	case onBuilder:
		return m.builderUpdate(msg)
	case onLiveLab:
		if _, ok := msg.(leftLiveLabMsg); ok {
			m.setScreen(onMenu)
			m.live = nil
			return m, m.stopLiveLab()
		}
		next, cmd := m.live.Update(msg)
		m.live = next.(*livelab.Model)
		if k, ok := msg.(tea.KeyMsg); ok && k.Type == tea.KeyCtrlC {
			// The lab's servers shut down before the program ends.
			return m, tea.Sequence(m.stopLiveLab(), tea.Quit)
		}
		return m, cmd
	case onDrill:
		if _, ok := msg.(drillui.BackMsg); ok {
			m.setScreen(onMenu)
			return m, m.countDrill()
		}
		next, cmd := m.drill.Update(msg)
		d := next.(drillui.Model)
		m.drill = &d
		return m, cmd
	case onInterview:
		if _, ok := msg.(interviewui.BackMsg); ok {
			m.setScreen(onMenu)
			return m, nil
		}
		next, cmd := m.iv.Update(msg)
		iv := next.(interviewui.Model)
		m.iv = &iv
		return m, cmd
	case onChallenges:
		if _, ok := msg.(challengeui.BackMsg); ok && !m.ch.Open() {
			m.setScreen(onMenu)
			return m, m.recount(onChallenges)
		}
		next, cmd := m.ch.Update(msg)
		p := next.(challengeui.Picker)
		m.ch = &p
		return m, cmd
	case onExercises:
		if _, ok := msg.(leftExercisesMsg); ok {
			m.setScreen(onMenu)
			return m, m.recount(onExercises)
		}
		next, cmd := m.ex.Update(msg)
		ex := next.(exercisesui.Model)
		m.ex = &ex
		if k, ok := msg.(tea.KeyMsg); ok && k.Type == tea.KeyCtrlC {
			// The runner cancels its checks on its way out.
			return m, tea.Sequence(cmd, tea.Quit)
		}
		return m, cmd
	}
	if f, ok := msg.(foundMsg); ok {
		return m.found(f)
	}
	if l, ok := msg.(liveLabStartedMsg); ok {
		return m.openLiveLab(l)
	}
	if l, ok := msg.(liveLabStoppedMsg); ok {
		m.busy = ""
		if l.err != nil {
			m.setNote("The live lab's servers did not stop cleanly: "+l.err.Error(), true)
		}
		return m, nil
	}
	if mm, ok := msg.(tea.MouseMsg); ok {
		if m.listClick(mm) {
			return m.update(tea.KeyMsg{Type: tea.KeyEnter}) // a click on the chosen row opens it
		}
		m.listMove(mm)
		return m, nil
	}
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	if m.showHelp {
		if k.Type == tea.KeyCtrlC {
			return m, tea.Quit
		}
		m.showHelp = false
		return m, nil
	}
	if m.busy != "" {
		// A workbook is being looked for or written: only quitting works.
		if k.Type == tea.KeyCtrlC {
			return m, tea.Quit
		}
		return m, nil
	}
	m.note, m.noteErr = "", false
	if m.listKey(k) {
		return m, nil
	}
	switch {
	case m.keys.inner && k.String() == "q":
		m.setScreen(onMenu)
	case key.Matches(k, m.keys.Quit):
		return m.quitOrAsk(nil) // jump.go: asks while the builder's system is not saved
	case key.Matches(k, m.keys.Help):
		m.showHelp = true
	case key.Matches(k, m.keys.Dismiss):
		m.notices = nil
		m.keys.Dismiss.SetEnabled(false)
	case key.Matches(k, m.keys.Back):
		m.setScreen(onMenu)
	case key.Matches(k, m.keys.Create):
		if dir := m.elsewhere(); dir != "" {
			// The learner has a workbook: open it, never a second one
			// with fresh progress in its place.
			return m.openElsewhere(dir)
		}
		return m.create()
	case key.Matches(k, m.keys.Continue):
		return m.continueLesson()
	case key.Matches(k, m.keys.Up):
		m.move(-1)
	case key.Matches(k, m.keys.Down):
		m.move(1)
	case key.Matches(k, m.keys.Open):
		return m.open()
	}
	return m, nil
}

// answerLeftBehind takes the answer of a command the home screen's own
// screens started (a workbook looked for or written, the lab's servers
// started) when it comes after ctrl+c took the learner from them to the
// builder's question (quitKey): the builder keeps the screen, and the
// menu is not left waiting for it. ok is false for every other message.
// It works on update's model, not a copy: a copy returned as a tea.Model
// moved the whole model (some 20 KB) to the heap on every message, the
// animation's ticks included, where almost none is its to take.
func (m *Model) answerLeftBehind(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch m.screen {
	case onMenu, onPicker, onNoWorkbook:
		return nil, false
	}
	switch msg := msg.(type) {
	case foundMsg:
		m.busy = ""
		if msg.created && msg.err == nil && msg.b != nil {
			// Written, not opened: the menu says where, and Exercises
			// opens it.
			m.setNote(createdNotice(msg.b, m.o.Workbooks.Dir), false)
		}
		return nil, true
	case liveLabStartedMsg:
		m.busy = ""
		if msg.err != nil {
			return nil, true
		}
		// Nobody is there to use the servers: they stop.
		m.liveStop = msg.stop
		return m.stopLiveLab(), true
	}
	return nil, false
}

// move moves the cursor d rows among the rows shown, round the ends.
func (m *Model) move(d int) {
	shown, at := m.shown()
	if n := len(shown); n > 0 {
		m.setAt(shown, (at+d+n)%n)
	}
}

func (m *Model) setNote(s string, isErr bool) { m.note, m.noteErr = s, isErr }

func (m Model) open() (tea.Model, tea.Cmd) {
	if shown, _ := m.shown(); len(shown) == 0 {
		return m, nil // a filter that matches nothing
	}
	if m.screen == onMenu {
		switch m.cursor {
		case sandboxItem:
			m.setScreen(onPicker)
		case newSystemItem:
			return m.openBuilder()
		case lessonsItem:
			return m.openLessons()
		case exercisesItem:
			return m.findWorkbook()
		case drillItem:
			return m.openDrill()
		case liveLabItem:
			return m.startLiveLab()
		case interviewItem:
			return m.openInterview()
		case challengesItem:
			return m.openChallenges()
		}
		return m, nil
	}
	if len(m.o.Scenarios) == 0 {
		return m, nil
	}
	e := m.o.Scenarios[m.pick]
	if e.ShardView && e.Unavailable == "" {
		sv, err := shardview.New(shardview.Options{Theme: m.th, Seed: m.o.Seed, CanGoHome: true, BackTo: "back to the scenarios"})
		if err != nil {
			m.setNote(fmt.Sprintf("cannot open %s: %v", e.Name, err), true)
			return m, nil
		}
		next, _ := sv.Update(m.size())
		m.sv = next.(shardview.Model)
		m.screen = onShards
		return m, m.sv.Init()
	}
	if e.Unavailable != "" || e.Build == nil {
		m.setNote(e.Unavailable, true)
		return m, nil
	}
	sb, err := sandbox.New(sandbox.Options{Theme: m.th, Scenario: e.Build(), Seed: m.o.Seed, CanGoHome: true, BackTo: "back to the scenarios",
		WriteElsewhere: m.o.WriteElsewhere, Limits: m.o.Sandbox})
	if err != nil {
		m.setNote(fmt.Sprintf("cannot open %s: %v", e.Name, err), true)
		return m, nil
	}
	next, _ := sb.Update(m.size())
	m.sb = next.(sandbox.Model)
	m.screen, m.sbFromBuilder = onSandbox, false
	return m, m.sb.Init()
}

// size is the window's size, for a screen that opens.
func (m Model) size() tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: m.w, Height: m.h} }

// openLessons shows the lesson list, where the learner left it if it was
// open before.
func (m Model) openLessons() (tea.Model, tea.Cmd) {
	m.loadLessons()
	if m.lessonsErr != nil && len(m.o.Lessons) == 0 {
		m.setNote("The lessons did not load ("+m.lessonsErr.Error()+"): the Sandbox runs the same scenarios.", true)
		return m, nil
	}
	if len(m.o.Lessons) == 0 {
		m.setNote("The lessons are not available in this build: the Sandbox runs the same scenarios.", true)
		return m, nil
	}
	if m.lessons == nil {
		p := lessonui.NewPicker(m.o.Lessons, m.lab, lessonui.Options{Theme: m.th, Store: m.o.LessonStore, Embedded: true})
		m.lessons = &p
	}
	next, _ := m.lessons.Update(m.size())
	p := next.(lessonui.Picker)
	m.lessons, m.screen = &p, onLessons
	return m, p.Init()
}

// openDrill starts a drill session; the deck loads in its Init.
func (m Model) openDrill() (tea.Model, tea.Cmd) {
	if m.o.Drill == nil {
		m.setNote("The drill is not available here; `breakerlab drill --deck` prints its cards.", true)
		return m, nil
	}
	o := *m.o.Drill
	o.Theme, o.Embedded, o.Sandbox = m.th, true, m.o.Sandbox
	o.Notice = "" // the home screen shows it until dismissed
	d := drillui.New(o)
	next, _ := d.Update(m.size())
	d = next.(drillui.Model)
	m.drill, m.screen = &d, onDrill
	return m, d.Init()
}

// openInterview opens the mock interview's list of prompts.
func (m Model) openInterview() (tea.Model, tea.Cmd) {
	if m.o.Interview == nil {
		m.setNote("The mock interview is not available here; `breakerlab interview --list` prints its prompts.", true)
		return m, nil
	}
	o := *m.o.Interview
	o.Theme, o.Embedded, o.Sandbox = m.th, true, m.o.Sandbox
	o.Notice = "" // the home screen shows it until dismissed
	iv, err := interviewui.New(o)
	if err != nil {
		m.setNote(err.Error(), true)
		return m, nil
	}
	// The size's command plays the side panel's runs on a wide window.
	next, sized := iv.Update(m.size())
	iv = next.(interviewui.Model)
	m.iv, m.screen = &iv, onInterview
	return m, tea.Batch(iv.Init(), sized)
}

// Messages of the live lab's life on the home screen.
type (
	liveLabStartedMsg struct {
		o    livelab.Options
		stop func() error
		err  error
	}
	leftLiveLabMsg    struct{}
	liveLabStoppedMsg struct{ err error }
)

// startLiveLab starts the lab's servers in a command: binding sockets is
// I/O, which Update does not do.
func (m Model) startLiveLab() (tea.Model, tea.Cmd) {
	if m.o.LiveLab == nil {
		m.setNote("The live lab is not available here; in a shell, `breakerlab lab checkout --tui` runs it.", true)
		return m, nil
	}
	m.busy = "starting the provider and the API on 127.0.0.1…"
	start := m.o.LiveLab
	return m, func() tea.Msg {
		o, stop, err := start()
		return liveLabStartedMsg{o: o, stop: stop, err: err}
	}
}

// openLiveLab shows the lab once its servers run.
func (m Model) openLiveLab(l liveLabStartedMsg) (tea.Model, tea.Cmd) {
	m.busy = ""
	if l.err != nil {
		m.setNote("The live lab could not start: "+l.err.Error(), true)
		return m, nil
	}
	l.o.Theme = m.th
	l.o.Leave = func() tea.Msg { return leftLiveLabMsg{} }
	live, err := livelab.New(l.o)
	if err != nil {
		m.setNote(err.Error(), true)
		return m, func() tea.Msg { return liveLabStoppedMsg{l.stop()} }
	}
	next, _ := live.Update(m.size())
	m.live, m.liveStop, m.screen = next.(*livelab.Model), l.stop, onLiveLab
	return m, live.Init()
}

// stopLiveLab shuts the lab's servers down in a command.
func (m *Model) stopLiveLab() tea.Cmd {
	stop := m.liveStop
	m.liveStop = nil
	if stop == nil {
		return nil
	}
	m.busy = "stopping the live lab…"
	return func() tea.Msg { return liveLabStoppedMsg{stop()} }
}

// findWorkbook looks for the workbook in a command; foundMsg carries the
// answer. A runner opened before is opened again as it was left.
func (m Model) findWorkbook() (tea.Model, tea.Cmd) {
	wb := m.o.Workbooks
	switch {
	case m.ex != nil:
		return m.openRunner(nil, "")
	case m.o.ExercisesElsewhere != "":
		m.setNote(m.o.ExercisesElsewhere, false)
		return m, nil
	case wb == nil || wb.Find == nil:
		m.setNote("The exercise runner is not available in this build; `breakerlab exercises check` grades a workbook.", true)
		return m, nil
	}
	m.busy = "looking for your workbook…"
	find := wb.Find
	return m, func() tea.Msg {
		b, err := find()
		return foundMsg{b: b, err: err}
	}
}

// create writes a new workbook in a command.
func (m Model) create() (tea.Model, tea.Cmd) {
	wb := m.o.Workbooks
	if wb == nil || wb.Create == nil {
		return m, nil
	}
	m.busy = "writing the workbook…"
	create := wb.Create
	return m, func() tea.Msg {
		b, err := create()
		return foundMsg{b: b, err: err, created: true}
	}
}

// found opens the runner on the workbook found or created, or says why
// there is none.
func (m Model) found(f foundMsg) (tea.Model, tea.Cmd) {
	m.busy = ""
	switch {
	case f.err == nil && f.b != nil:
		notice := ""
		if f.created {
			notice = createdNotice(f.b, m.o.Workbooks.Dir)
		}
		return m.openRunner(f.b, notice)
	case errors.Is(f.err, exercises.ErrNotWorkbook) && !f.created:
		m.notFound = nil
		errors.As(f.err, &m.notFound)
		m.setScreen(onNoWorkbook)
		switch nf := m.notFound; {
		case m.elsewhere() != "":
			m.keys.Create.SetHelp("enter", "open your workbook")
		case nf != nil && nf.Remembered != "" && !nf.Gone:
			// Nothing here opens it: the screen says where it is, and
			// enter writes no second one.
			m.keys.Create.SetEnabled(false)
		default:
			m.keys.Create.SetHelp("enter", "create the workbook")
		}
	case f.err != nil:
		m.setNote(f.err.Error(), true)
	}
	return m, nil
}

// elsewhere is the folder of the learner's workbook that the no-workbook
// screen offers to open: the one remembered, when it is still there and
// the home screen can open it; "" otherwise.
func (m Model) elsewhere() string {
	nf := m.notFound
	if nf == nil || nf.Remembered == "" || nf.Gone || m.o.Workbooks == nil || m.o.Workbooks.Open == nil {
		return ""
	}
	return nf.Remembered
}

// openElsewhere opens the runner on the workbook in dir, in a command.
func (m Model) openElsewhere(dir string) (tea.Model, tea.Cmd) {
	m.busy = "opening your workbook…"
	open := m.o.Workbooks.Open
	return m, func() tea.Msg {
		b, err := open(dir)
		return foundMsg{b: b, err: err}
	}
}

// createdNotice tells the learner where the new workbook is (dir, as they
// should read it) and which file to open first, a sentence a line.
func createdNotice(b exercisesui.Backend, dir string) string {
	exs := b.Exercises()
	s := fmt.Sprintf("Wrote %d exercises to %s.", len(exs), dir)
	if len(exs) > 0 {
		if rel, err := filepath.Rel(b.Dir(), b.MainFile(exs[0])); err == nil {
			s += "\nEdit " + rel + " there: each save re-runs its tests."
		}
	}
	return s
}

// openRunner opens the exercise runner: a new one on b, or (b nil) the one
// opened before, which starts watching and checking again.
func (m Model) openRunner(b exercisesui.Backend, notice string) (tea.Model, tea.Cmd) {
	if b != nil {
		ex := exercisesui.New(b, exercisesui.Options{
			Manual:   m.o.Workbooks.Manual,
			NoColor:  !m.th.Color,
			Renderer: m.th.R,
			Notice:   notice,
			Leave:    func() tea.Msg { return leftExercisesMsg{} },
			Editor:   m.o.Workbooks.Editor,
		})
		m.ex = &ex
	}
	next, _ := m.ex.Update(m.size())
	ex := next.(exercisesui.Model)
	m.ex, m.screen = &ex, onExercises
	return m, ex.Init()
}

// View draws the current screen, with the command palette over its foot
// when it is open.
func (m Model) View() string { return m.pal.Overlay(m.view()) }

func (m Model) view() string {
	switch m.screen {
	case onSandbox:
		return m.sb.View()
	case onShards:
		return m.sv.View()
	case onLessons:
		return m.lessons.View()
	case onExercises:
		return m.ex.View()
	case onDrill:
		return m.drill.View()
	case onInterview:
		return m.iv.View()
	case onChallenges:
		return m.ch.View()
	case onLiveLab:
		return m.live.View()
	case onBuilder:
		return m.bd.View()
	}
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	body, focus, notices := m.body()
	keep := -1
	if m.busy != "" || m.note != "" {
		keep = len(body) - 1 // the note's last line: body ends with it
	}
	body = m.withLoop(body, m.h-1-len(notices))
	body = m.withPickDetail(body, m.h-1-len(notices)) // pickdetail.go
	body = scrollTo(body, focus, keep, m.h-1-len(notices), m.w, m.menuTopReserve, m.th.Dim)
	// The key help sits on the last line.
	lines := append(pane.Block(body, m.w, m.h-1-len(notices)), pane.Block(notices, m.w, len(notices))...)
	lines = append(lines, m.keyLine())
	if m.h == 1 {
		lines = lines[len(lines)-1:]
	}
	return strings.Join(lines, "\n")
}

// body is what the menu, the picker, the help or the no-workbook screen
// shows above the notices, before the live picture and the picker's detail
// are added: its lines, the line of the chosen row (-1: none) and the
// notices that sit under it. The picker's Update lays it out too, to know
// the rows its map gets (pickMapRoom).
func (m Model) body() (body []string, focus int, notices []string) {
	focus = -1 // the line of the chosen row, kept in sight when the window is short
	shown, shownAt := m.shown()
	body = append(body, "", " "+m.th.Title.Render("breakerlab"))
	for _, l := range pane.Wrap("learn how systems survive a failing dependency", max(m.w-2, 1)) {
		body = append(body, " "+m.th.Subtitle.Render(l))
	}
	body = append(body, "")
	switch {
	case m.showHelp:
		body = append(body, " "+m.th.Bold.Render("Keys"), "")
		// KeyTable sets the columns in rows below one another where they
		// do not fit side by side: help.Model cut them to "↑/k up …" at 40
		// columns.
		for _, l := range helpview.KeyTable(m.help, m.keys.FullHelp(), max(m.w-3, 1)) {
			body = append(body, "   "+l)
		}
		if m.o.HelpNote != "" {
			// Under the table, as keys are: the paragraphs below are
			// the ones a short window cuts.
			body = append(body, "")
			body = append(body, m.para(m.o.HelpNote, m.th.Text)...)
		}
		body = append(body, "")
		// The progress panes' marks, named where this screen's keys are:
		// ✗ is the one a learner cannot guess.
		body = append(body, m.para("In a tall window, panes under the menu show your progress: ✓ done, ◐ started, → the lesson c continues, · not yet, "+
			"and ✗ an exercise done once that fails now (it stays done, as in the runner).", m.th.Dim)...)
		body = append(body, "")
		body = append(body, m.para("Every screen lists its own keys with ?. "+
			PaletteKey+" opens the palette on every screen (`:` too where it does not go to a time): "+
			"type where to go (lesson 4, sandbox multi-hop, challenge 3, drill, home), tab completes. "+
			"The picture under the menu is the breaker-timeline scenario playing in a loop; BREAKERLAB_REDUCED_MOTION=1 keeps it still. Any key closes this help.", m.th.Dim)...)
	case m.screen == onPicker:
		body = append(body, " "+m.th.Bold.Render("Sandbox: choose a scenario"), "")
		if l := m.pickFilter.Line(m.th, len(shown), len(m.o.Scenarios)); l != "" {
			body = append(body, " "+l, "")
		}
		var names, descs []string
		var dim []bool
		for _, i := range shown {
			e := m.o.Scenarios[i]
			desc := e.Summary
			if e.Unavailable != "" {
				desc = "(not in the sandbox yet) " + desc
			}
			names, descs, dim = append(names, e.Name), append(descs, desc), append(dim, e.Unavailable != "")
		}
		list, at := m.listLines(names, descs, nil, dim, shownAt)
		focus = len(body) + at
		body = append(body, list...)
	case m.screen == onNoWorkbook:
		body = append(body, m.noWorkbookLines()...)
	default:
		if l := m.menuFilter.Line(m.th, len(shown), len(items)); l != "" {
			body = append(body, " "+l, "")
		}
		menu, at := m.menuLines(shown, shownAt)
		focus = len(body) + at
		body = append(body, menu...)
	}
	body = append(body, "")
	switch {
	case m.busy != "":
		body = append(body, m.para(m.busy, m.th.Dim)...)
	case m.note != "":
		style := m.th.Warn
		if m.noteErr {
			style = m.th.Error
		}
		body = append(body, m.para(m.note, style)...)
	}
	// The notices sit above the key help, outside the part that scrolls,
	// so that moving the cursor never hides them; they take at most half
	// the window.
	notices = m.noticeLines(max((m.h-1)/2, 1))
	if m.h-1-len(notices) < 3 {
		notices = nil // a window too short for them: the menu comes first
	}
	return body, focus, notices
}

// noticeLines are the notices, each wrapped and marked "Notice:" (the
// words, not only the colour, say what it is), in at most height lines;
// the last says how many more lines there are when they do not fit.
func (m Model) noticeLines(height int) []string {
	var out []string
	for _, n := range m.notices {
		out = append(out, m.para("Notice: "+n, m.th.Warn)...)
	}
	if len(out) > height {
		hidden := len(out) - height + 1
		out = append(out[:height-1], marker(m.th.Dim, m.w, "↓ "+moreLines(hidden)+" of notices: enlarge the window",
			"↓ "+moreLines(hidden)+" of notices", "↓ "+moreLines(hidden), fmt.Sprintf("↓ %d more", hidden)))
	}
	return out
}

// para wraps a paragraph to the window, indented by three cells.
func (m Model) para(s string, style lipgloss.Style) []string {
	var out []string
	for _, l := range pane.Wrap(s, max(m.w-6, 1)) {
		out = append(out, "   "+style.Render(l))
	}
	return out
}

// noWorkbookLines explain the workbook and offer to create one, or, when
// the learner has one elsewhere (remembered from `breakerlab exercises
// init`), say where it is and offer to open it.
func (m Model) noWorkbookLines() []string {
	wb := m.o.Workbooks
	nf := m.notFound
	if nf == nil {
		nf = &exercises.NotFoundError{Here: wb.Here}
	}
	keyLine := func(k, text string) []string {
		lines := pane.Wrap(text, max(m.w-14, 1))
		for i, l := range lines {
			lead := "          "
			if i == 0 {
				lead = "   " + m.th.Key.Render(fmt.Sprintf("%-7s", k))
			}
			lines[i] = lead + l
		}
		return lines
	}
	if nf.Remembered != "" && !nf.Gone {
		out := []string{" " + m.th.Bold.Render("Exercises: your workbook is in another folder"), ""}
		out = append(out, m.para(fmt.Sprintf("Your workbook is in %s, where `breakerlab exercises init` wrote it. There is none in %s or in any folder above it.",
			nf.Remembered, wb.Here), m.th.Subtitle)...)
		out = append(out, "")
		if m.elsewhere() != "" {
			out = append(out, keyLine("enter", "open it here, with your progress")...)
		}
		out = append(out, keyLine("esc", "back to the menu")...)
		out = append(out, "")
		out = append(out, m.para(fmt.Sprintf("In a shell: cd %s, then `breakerlab exercises` (or `breakerlab`). To start a second workbook, with progress of its own, run `breakerlab exercises init DIR`.", nf.Remembered), m.th.Dim)...)
		return out
	}
	title := "Exercises: no workbook here"
	where := fmt.Sprintf("There is none in %s or in any folder above it.", wb.Here)
	if nf.Remembered != "" {
		title = "Exercises: your workbook is gone"
		where = fmt.Sprintf("The one `breakerlab exercises init` wrote to %s is no longer there (moved or deleted?), and there is none in %s or in any folder above it. "+
			"If you moved it, run `breakerlab` inside it.", nf.Remembered, wb.Here)
	}
	out := []string{" " + m.th.Bold.Render(title), ""}
	out = append(out, m.para(fmt.Sprintf("The exercises live in a workbook: a Go module with a folder for each of the %d exercises, "+
		"holding its task (a README), a stub for you to finish, and the tests that grade it. %s", len(exercises.All()), where), m.th.Subtitle)...)
	out = append(out, "")
	out = append(out, keyLine("enter", "write one to "+wb.Dir+", as `breakerlab exercises init` does (it never overwrites a file), and open the runner")...)
	out = append(out, keyLine("esc", "back to the menu")...)
	out = append(out, "")
	out = append(out, m.para("To keep it somewhere else, run `breakerlab exercises init DIR` in a shell, then `breakerlab` inside DIR.", m.th.Dim)...)
	return out
}

// scrollTo shows the part of lines that fits in height rows around the
// line focus (-1: none), saying what is above and below in w cells: a
// window too short for the menu scrolls with the cursor instead of
// cutting it. It brings line keep (-1: none) into sight too, as far as
// the focus stays in it: the note under the menu answers the key just
// pressed, and at 80×24, where the menu fills the window, enter on the
// Live lab or the Exercises over SSH seemed to do nothing, its reason
// drawn below the last row.
//
// The marker above takes its form in the w-reserve cells a classroom's
// tag leaves it on the top line (ReserveMenuTop).
func scrollTo(lines []string, focus, keep, height, w, reserve int, dim lipgloss.Style) []string {
	if len(lines) <= height || height < 3 {
		return lines
	}
	if focus < 0 {
		// A screen that does not scroll (the help, the no-workbook text)
		// says what the window is too short for instead of losing it.
		out := append([]string(nil), lines[:height]...)
		n := len(lines) - height + 1
		out[height-1] = marker(dim, w, "↓ "+moreLines(n)+": enlarge the window", "↓ "+moreLines(n), fmt.Sprintf("↓ %d more", n))
		return out
	}
	start := min(max(focus-height/2, 0), len(lines)-height)
	// The first and last rows become markers when there is more beyond
	// them: keep the focus off those rows.
	if start > 0 && focus == start {
		start--
	}
	if end := start + height; end < len(lines) && focus == end-1 {
		start++
	}
	if keep >= start+height-1 && keep < len(lines) {
		// Its row above the marker, or the last row when nothing is
		// below it; the focus off the marker at the top.
		want := keep + 2 - height
		if keep == len(lines)-1 {
			want = keep + 1 - height
		}
		start = max(start, min(want, focus-1, len(lines)-height))
	}
	out := append([]string(nil), lines[start:start+height]...)
	if start > 0 {
		out[0] = marker(dim, w-reserve, "↑ "+moreLines(start+1)+" above", fmt.Sprintf("↑ %d more", start+1))
	}
	if end := start + height; end < len(lines) {
		n := len(lines) - end + 1
		out[len(out)-1] = marker(dim, w, "↓ "+moreLines(n)+" below", fmt.Sprintf("↓ %d more", n))
	}
	return out
}

// menuLines are the menu's items and the index of the line of the item
// under the cursor.
func (m Model) menuLines(shown []int, at int) ([]string, int) {
	var names, descs, keep []string
	for _, i := range shown {
		names = append(names, items[i].title)
	}
	w := m.descWidth(names)
	for _, i := range shown {
		desc, room := m.menuText(i, w)
		descs, keep = append(descs, desc), append(keep, room)
	}
	return m.listLines(names, descs, keep, nil, at)
}

// menuText is item i's description, its figure before it, in rows of w
// cells, and a text whose rows it keeps from the first frame on (""
// none): listLines pads it to them. The figures are counted in commands
// (the stars and the drill's cards in about a second, the lessons' and
// the exercises' in a tenth): the row a figure added then moved every
// item under it, under a click aimed at one of them.
func (m Model) menuText(i, w int) (desc, keep string) {
	it := items[i]
	if i == lessonsItem && m.lessonsFigureComes() {
		return m.lessonsText(w)
	}
	desc = it.desc
	if figure := m.figure(i); figure != "" {
		desc = figure + " · " + desc
	}
	if widest := m.widestFigure(i); widest != "" {
		keep = widest + " · " + it.desc
	}
	return desc, keep
}

// widestFigure is a figure at least as wide as item i's can be ("":
// none). The Lessons item's figures are laid out by lessonsText.
func (m Model) widestFigure(i int) string {
	switch {
	case i == challengesItem && m.o.Challenges != nil:
		return "000 of 000 stars" // challengesMsg.String
	case i == drillItem && m.o.Drill != nil:
		return "000 due · 000 new" // drill.Counts.String
	case i == exercisesItem && m.exercisesFigureComes():
		return widestExercises
	}
	return ""
}

// widestExercises is the exercises' figure at its longest: some done,
// some of those failing now.
var widestExercises = exercisesMsg{ok: true, done: 99, total: 99, failing: 99}.String()

// widestLessons are the lessons' figures at their longest, one of each
// kind (lessonProgress.forms: continuing a lesson at a step, starting
// the next, none begun, all done), every number two digits wide: only a
// lesson or a step past the 99th could make a real one longer.
var widestLessons = []lessonProgress{
	{done: 99, total: 99, next: &lessons.Lesson{Number: 99}, step: 99, steps: 99},
	{done: 99, total: 99, next: &lessons.Lesson{Number: 99}},
	{total: 99, next: &lessons.Lesson{Number: 99}},
	{done: 99, total: 99},
}

// lessonsText is the Lessons item's text at w cells a row (menuText). Its
// figures differ most in length, from "14 of 14 done" to a lesson
// continued at a step: the rows kept for the longest before the
// description stood blank under a shorter one (at 80×24, under a new
// learner's until a lesson was begun). So where a figure could add a row
// to the description, it takes a row of its own above it instead, in the
// longest form that fits there, and until the count comes that row says
// what is known already: whatever the figure, the rows kept are full.
// Where none could, it goes before the description, as the other items'
// do, and the rows are the description's.
func (m Model) lessonsText(w int) (desc, keep string) {
	it := items[lessonsItem]
	rows := func(s string) int { return len(pane.Wrap(s, w)) }
	inline := true
	for _, p := range widestLessons {
		inline = inline && rows(p.String()+" · "+it.desc) == rows(it.desc)
	}
	if inline {
		if figure := m.figure(lessonsItem); figure != "" {
			return figure + " · " + it.desc, ""
		}
		return it.desc, ""
	}
	forms := m.lessonsDone.forms()
	if len(forms) == 0 {
		forms = m.lessonsUncounted()
	}
	// The rows kept are those of the tallest text the row can show: one
	// wherever the shortest forms fit (13 cells once counted, 26 before).
	keep = fitForm(m.lessonsUncounted(), w)
	for _, p := range widestLessons {
		if f := fitForm(p.forms(), w); rows(f) > rows(keep) {
			keep = f
		}
	}
	return fitForm(forms, w) + "\n" + it.desc, keep + "\n" + it.desc
}

// lessonsUncounted is what the Lessons item's figure row says before the
// count comes: how many lessons there are once they are loaded; else
// that it is on its way, or, where the lessons are loaded only when
// opened (a classroom session), when it comes.
func (m Model) lessonsUncounted() []string {
	switch {
	case len(m.o.Lessons) > 0:
		return []string{fmt.Sprintf("%d lessons", len(m.o.Lessons))}
	case m.o.ProgressAtStart:
		return []string{"counting how far you got"}
	}
	return []string{"how far you got shows once you open them", "counted once you open them"}
}

// fitForm is the first of forms, longest first, no wider than w cells,
// else the last.
func fitForm(forms []string, w int) string {
	for _, f := range forms {
		if lipgloss.Width(f) <= w {
			return f
		}
	}
	return forms[len(forms)-1]
}

// lessonsFigureComes reports whether the Lessons item gets a figure, now
// or later: there is a store of progress and lessons to count it over
// (loaded, or to be loaded at the start or on the way back from them).
func (m Model) lessonsFigureComes() bool {
	return m.o.LessonStore != nil && (len(m.o.Lessons) > 0 || m.o.LoadLessons != nil)
}

// listLead is the widest of names, the cells before a description in
// listLines, and whether the description goes under its name: beside it,
// it would have fewer than 20 cells a row.
func (m Model) listLead(names []string) (nameW, lead int, below bool) {
	for _, n := range names {
		nameW = max(nameW, lipgloss.Width(n))
	}
	lead = nameW + 7 // " ▸  ", the padded name and two spaces, as row draws them
	if m.w-lead-1 < 20 {
		// Too narrow for a description beside its name: it goes under
		// the name, indented, rather than past the window's edge.
		return nameW, 7, true
	}
	return nameW, lead, false
}

// descWidth is the cells a row of a description has in listLines.
func (m Model) descWidth(names []string) int {
	_, lead, _ := m.listLead(names)
	return max(m.w-lead-1, 1)
}

// listLines are the rows of the menu or the picker: each description
// wrapped beside its name when the window is narrow (never cut), with a
// blank line between items then if the window has the rows for it (at
// 80×24 the menu has not: the whole menu on screen matters more than the
// air between its items), and the index of the line of the row under the
// cursor. keep holds, for each description, a text whose rows it takes
// at least, blank ones under it if need be ("" or nil: none), so that a
// figure read later does not move the rows under it. dim marks the rows
// shown dimmed (nil: none).
func (m Model) listLines(names, descs, keep []string, dim []bool, cursor int) ([]string, int) {
	nameW, lead, below := m.listLead(names)
	w := max(m.w-lead-1, 1)
	wrapped := make([][]string, len(descs))
	spaced := false
	rows := 0
	for i, d := range descs {
		wrapped[i] = pane.Wrap(d, w)
		if below {
			wrapped[i] = append([]string{""}, wrapped[i]...)
		}
		if keep != nil && keep[i] != "" {
			n := len(pane.Wrap(keep[i], w))
			if below {
				n++
			}
			for len(wrapped[i]) < n {
				wrapped[i] = append(wrapped[i], "")
			}
		}
		spaced = spaced || len(wrapped[i]) > 1
		rows += len(wrapped[i])
	}
	// The title (4 rows, 6 with a heading), the list, a blank row and the
	// key help.
	if spaced && 6+rows+len(descs)-1+1 > m.h-1 {
		spaced = false
	}
	var out []string
	at := 0
	for i := range descs {
		if i > 0 && spaced {
			out = append(out, "")
		}
		if i == cursor {
			at = len(out)
		}
		dimmed := dim != nil && dim[i]
		out = append(out, m.row(i == cursor, fmt.Sprintf("%-*s", nameW, names[i]), wrapped[i][0], dimmed))
		for _, l := range wrapped[i][1:] {
			if dimmed {
				l = m.th.Dim.Render(l)
			}
			out = append(out, strings.Repeat(" ", lead)+l)
		}
	}
	return out, at
}

// row is one menu or picker line: a cursor, the name, its description.
func (m Model) row(selected bool, name, desc string, dim bool) string {
	cur := "  "
	n := m.th.Bold.Render(name)
	if selected {
		cur = m.th.Accent.Render(theme.GlyphCursor) + " "
		n = m.th.Selected.Render(" " + name + " ")
	} else {
		n = " " + n + " "
	}
	d := desc
	if dim {
		d = m.th.Dim.Render(desc)
	}
	return " " + cur + n + "  " + d
}

// openChallenges shows the list of challenges, where the learner left it.
func (m Model) openChallenges() (tea.Model, tea.Cmd) {
	if m.o.Challenges == nil {
		m.setNote("The challenges are not available here; `breakerlab challenges` lists them.", true)
		return m, nil
	}
	if m.ch == nil {
		o := *m.o.Challenges
		o.Theme, o.Embedded = m.th, true
		o.Notice = "" // the home screen shows it until dismissed
		p := challengeui.NewPicker(o)
		m.ch = &p
	}
	next, _ := m.ch.Update(m.size())
	p := next.(challengeui.Picker)
	m.ch, m.screen = &p, onChallenges
	return m, p.Init()
}

// marker is a row that stands for hidden lines, indented by three cells:
// the first of forms, longest first, that fits in w cells, else the last
// (the page clips it). At 30 columns the help's one form was cut into
// "↓ 31 more lines: enlarge t…".
func marker(dim lipgloss.Style, w int, forms ...string) string {
	form := forms[len(forms)-1]
	for _, f := range forms {
		if 3+lipgloss.Width(f) <= w {
			form = f
			break
		}
	}
	return "   " + dim.Render(form)
}

// moreLines counts the lines a scrolled list hides: "1 more line", "3 more
// lines".
func moreLines(n int) string {
	if n == 1 {
		return "1 more line"
	}
	return fmt.Sprintf("%d more lines", n)
}
