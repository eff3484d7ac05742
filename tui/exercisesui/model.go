package exercisesui

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/tui/internal/listnav"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// Options configure the runner.
type Options struct {
	// Manual turns the file watcher off: tests re-run only on r.
	Manual bool
	// NoColor drops colours (bold and faint stay). Run sets it from
	// NO_COLOR.
	NoColor bool
	// Renderer renders the styles; lipgloss's default if nil. A server
	// gives each session its own.
	Renderer *lipgloss.Renderer
	// Parallel is how many exercises "check all" grades at once; by
	// default half the CPUs, from 2 to 4.
	Parallel int
	// Debounce is how long the runner waits after a save before testing,
	// so that a burst of writes makes one run; 200 ms if zero.
	Debounce time.Duration
	// Leave, if set, is the command q runs instead of tea.Quit: a program
	// that embeds the runner (the home screen) uses it to take the screen
	// back. Checks in progress are canceled either way. With Leave set,
	// esc on the main screen leaves too, and the key help says "back".
	Leave tea.Cmd
	// Notice is the message shown when the runner opens (where a new
	// workbook was written, say).
	Notice string
	// Tick is how often the spinner and the elapsed time of a check in
	// progress move; 100 ms if zero.
	Tick time.Duration
	// Now reads the clock for the elapsed time; time.Now if nil. Only
	// Update calls it, so View stays a pure function of the model.
	Now func() time.Time
	// Editor is the command e opens the current exercise's file with
	// (EditorFromEnv: "vim", "code -w"); "" makes e say how to set one.
	Editor string
	// Exec runs the editor with the terminal handed over to it;
	// fullscreen.Exec if nil (tests record the command instead).
	Exec func(*exec.Cmd, tea.ExecCallback) tea.Cmd
	// Start names the exercise to open on, done or not: the one whose
	// folder the runner was started in, as check there grades that one.
	// "" (or a name no exercise has) opens where the learner left off
	// (firstIndex).
	Start string
}

type screen int

const (
	screenMain screen = iota
	screenList
	screenConfirm
	screenCongrats
)

type confirmKind int

const (
	confirmReset confirmKind = iota
	confirmSolution
	confirmRestoreTests
)

// state is what the runner knows about one exercise's code as it is now.
// Whether it ever passed is kept apart (Model.solved): a pass sticks, so
// an exercise can be done and failing now.
type state int

const (
	statePending state = iota // not passing, or not checked since it changed
	stateDone                 // passing now
	stateFailing              // failing now
)

// listFilter narrows the exercise list.
type listFilter int

const (
	filterAll listFilter = iota
	filterPending
	filterDone
)

func (f listFilter) String() string {
	return [...]string{"all", "pending", "done"}[f]
}

// Model is the runner. Create it with New.
type Model struct {
	b     Backend
	opt   Options
	theme theme
	keys  keyMap
	help  help.Model

	exs    []exercises.Exercise
	info   map[string]exerciseInfo // read once in New, so View does no reading
	dir    string                  // the workbook's folder
	cur    int
	states map[string]state
	solved map[string]bool // passed at some check since its last reset: done, whatever states says
	// noTests holds the exercises the workbook found with a bundled
	// test file missing when the runner opened, before any check of
	// its own (Result.TestsMissing says it after one).
	noTests map[string]bool
	results map[string]exercises.Result
	running map[string]context.CancelFunc // checks in progress
	started map[string]time.Time          // when each check in progress entered its phase, and a check-all began
	phase   map[string]grade.Progress     // what each check in progress does, as its grader last told
	now     time.Time                     // the clock at the last tick
	frame   int                           // the spinner's frame
	ticking bool                          // a tick is on its way
	gen     map[string]int                // the latest check of each exercise
	pending map[string]int                // debounce generation of each exercise
	saved   map[string]bool               // saved, its check not yet started (the debounce runs)
	order   map[string]bool               // true: task before test details

	screen  screen
	confirm confirmKind
	// shown are the hints revealed for the current exercise, in the order
	// h revealed them: each the first not yet shown that concerns a test
	// failing at that moment (exercises.NextHint), so not the file's order.
	shown   []int
	scroll  int
	width   int
	height  int
	message string
	isError bool
	// ofLastCheck says the message speaks of the current exercise's last
	// check ("e has no file to open: the folder … is missing"): the next
	// check makes it old news (passedMessage is one).
	ofLastCheck bool
	// did says what x last put back ("Restored the bundled tests…"). The
	// check after it may pass at once, and its "Passed!" would replace a
	// message saying what x did before the learner could read it: did
	// stays over the message until the next key that does something, or
	// the next save of the exercise.
	did string

	listCursor int
	filter     listFilter
	search     string
	searching  bool

	work      *inflight // checks whose go test may still be running
	all       *checkAll
	verifying bool // the running check-all is the final recheck
	watch     *watcher
	watchErr  error
	quitting  bool

	// readme keeps the task as readmeLines last drew it: the same README
	// at the same width draws the same lines, and the spinner's ticks
	// (ten a second while tests run) redraw the screen around it.
	readme *drawnReadme
}

// drawnReadme is a README's lines at a width.
type drawnReadme struct {
	md    string
	width int
	lines []string
}

// exerciseInfo is what the screens show about an exercise that never
// changes while the runner runs.
type exerciseInfo struct {
	mainFile string // relative to the workbook
	readme   string
	hints    []exercises.Hint
}

// checkAll is a "check all" in progress; results arrive on ch.
type checkAll struct {
	ch     chan exercises.Result
	total  int
	got    int
	failed int
	seen   map[string]bool // the exercises whose result has come in
	cancel context.CancelFunc
}

// Messages the runner's commands send back.
type (
	checkedMsg struct {
		name   string
		gen    int
		result exercises.Result
	}
	debounceMsg struct {
		name string
		gen  int
	}
	allResultMsg struct {
		run    *checkAll
		result exercises.Result
	}
	allDoneMsg struct{ run *checkAll }
	tickMsg    struct{}
	actionMsg  struct {
		text string
		err  error
		did  bool // text says what x did: it stays over the check's verdict (Model.did)
	}
	resetDoneMsg struct {
		name   string
		backup exercises.Backup
		err    error
		// changed names the files that were not as the reset wrote them
		// once it was over: saved again meanwhile (watcher.writing).
		changed []string
	}
)

// New returns a runner on b. It reads which exercises are done (from the
// workbook's progress) but starts no work; Init does.
func New(b Backend, opt Options) Model {
	if opt.Debounce <= 0 {
		opt.Debounce = 200 * time.Millisecond
	}
	if opt.Parallel <= 0 {
		opt.Parallel = max(2, min(runtime.NumCPU()/2, 4))
	}
	if opt.Tick <= 0 {
		opt.Tick = 100 * time.Millisecond
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	m := Model{
		b:       b,
		opt:     opt,
		theme:   newTheme(opt.Renderer, opt.NoColor),
		keys:    newKeyMap(),
		help:    help.New(),
		exs:     b.Exercises(),
		info:    map[string]exerciseInfo{},
		dir:     b.Dir(),
		states:  map[string]state{},
		solved:  map[string]bool{},
		noTests: map[string]bool{},
		results: map[string]exercises.Result{},
		running: map[string]context.CancelFunc{},
		started: map[string]time.Time{},
		phase:   map[string]grade.Progress{},
		gen:     map[string]int{},
		pending: map[string]int{},
		saved:   map[string]bool{},
		order:   map[string]bool{},
		work:    &inflight{},
		readme:  &drawnReadme{},
	}
	m.help.Styles = m.theme.help
	if opt.Leave != nil {
		m.keys.Quit.SetHelp("q", "back")
	}
	m.keys.Palette.SetEnabled(opt.Leave != nil)
	m.message = opt.Notice
	cur := b.Current()
	for i, e := range m.exs {
		m.info[e.Name] = exerciseInfo{mainFile: m.rel(b.MainFile(e)), readme: e.README(), hints: e.HintList()}
		st := b.Status(e)
		switch st {
		case exercises.Done:
			m.states[e.Name] = stateDone
		case exercises.DoneFailing, exercises.Failing, exercises.TestsMissing:
			m.states[e.Name] = stateFailing
		}
		m.noTests[e.Name] = st == exercises.TestsMissing
		m.solved[e.Name] = st.Solved()
		if e.Name == cur.Name {
			m.cur = i
		}
	}
	m.cur = m.firstIndex()
	if i := m.indexOf(opt.Start); i >= 0 {
		m.cur = i
	}
	return m
}

// firstIndex is the exercise the runner opens on: the one last opened
// while it is not done (the learner was mid-way), else the first not done,
// as rustlings starts. Reopening the last one, done, had the learner read
// its pass again and "n opens 05". When every exercise is done, the last
// one opened.
func (m *Model) firstIndex() int {
	if len(m.exs) == 0 || !m.isSolved(m.exs[m.cur].Name) {
		return m.cur
	}
	for i, e := range m.exs {
		if !m.isSolved(e.Name) {
			return i
		}
	}
	return m.cur
}

// Init starts watching (unless manual) and checks the current exercise, or
// everything if the progress file was lost.
func (m Model) Init() tea.Cmd {
	cmds := []tea.Cmd{func() tea.Msg { return startMsg{} }}
	if !m.opt.Manual {
		dirs := map[string]string{}
		for _, e := range m.exs {
			dirs[m.b.ExerciseDir(e)] = e.Name
		}
		cmds = append(cmds, startWatching(dirs))
	}
	return tea.Batch(cmds...)
}

// firstCmds starts the first checks. Init cannot: checks need the model's
// bookkeeping, and Init cannot change the model, so it sends startMsg.
func (m *Model) firstCmds() tea.Cmd {
	if lost := m.b.ProgressLost(); lost != nil && len(m.exs) > 0 {
		m.setMessage("Rebuilding lost progress: checking every exercise…", false)
		return m.startCheckAll(false)
	}
	check := m.startCheck(m.current())
	if e := m.current(); m.opt.Start == e.Name && m.b.Current().Name != e.Name {
		// Opened in its folder, the exercise becomes the place kept, as
		// going to it with n or the list would make it.
		return tea.Batch(check, m.keepPlace(e))
	}
	return check
}

func (m *Model) current() exercises.Exercise {
	if len(m.exs) == 0 {
		return exercises.Exercise{}
	}
	return m.exs[m.cur]
}

func (m *Model) setMessage(text string, isError bool) {
	m.message, m.isError, m.ofLastCheck = text, isError, false
}

// leaveScreen drops what the status line said on the screen being left
// ("Wrote the solution to …" stayed on the list): a message belongs to
// the screen it was said on. What speaks of the exercise's last check
// stays ("Passed! n opens 02 …", and n does that on the list too), as does
// the note of a check x waits for, which m.waitsForCheck reads.
func (m *Model) leaveScreen() {
	m.did = ""
	if !m.ofLastCheck && !m.waitsForCheck() {
		m.setMessage("", false)
	}
}

// sayOfLastCheck shows text, which speaks of the current exercise's last
// check, until the next one starts (or another message comes).
func (m *Model) sayOfLastCheck(text string) {
	m.setMessage(text, false)
	m.ofLastCheck = true
}

// startCheck runs the exercise's tests, stopping any older run of them.
func (m *Model) startCheck(e exercises.Exercise) tea.Cmd {
	if e.Name == "" {
		return nil
	}
	if cancel := m.running[e.Name]; cancel != nil {
		cancel()
	}
	m.gen[e.Name]++
	gen := m.gen[e.Name]
	delete(m.saved, e.Name)
	if e.Name == m.current().Name && m.message == saveCheckingMessage {
		m.setMessage(stillCheckingMessage, false) // the check x waits for has started
	}
	ctx, cancel := context.WithCancel(context.Background())
	m.running[e.Name] = cancel
	m.now = m.opt.Now()
	m.started[e.Name] = m.now
	// The go command compiles first; the grader says so once it starts,
	// and when the tests start running.
	m.phase[e.Name] = grade.Progress{Phase: grade.Compiling}
	if e.Name == m.current().Name && (m.message == nothingChangedMessage || m.ofLastCheck) {
		// It is being tested again: it may not pass now, and what the
		// last prompt left unchanged is old news.
		m.setMessage("", false)
	}
	b, work, box := m.b, m.work, newPhaseBox()
	check := func() tea.Msg {
		work.add(1)
		defer work.add(-1)
		defer close(box.done)
		return checkedMsg{name: e.Name, gen: gen, result: b.Check(ctx, e, box.put)}
	}
	return tea.Batch(check, box.wait(e.Name, gen), m.startTicking())
}

// passedMessage is the status line after the current exercise passes; it
// goes as soon as the exercise is tested again. The key line already says
// "n next exercise", so it says where n goes: the exercise nextIndex
// picks, the first after this one not done, or that none is left (every
// exercise done, some failing now or changed since: were they all
// passing, the final check-all would be running instead).
func (m *Model) passedMessage() string {
	if next := m.exs[m.nextIndex()]; !m.isSolved(next.Name) {
		return fmt.Sprintf("Passed! n opens %s %s.", next.ID(), next.Title)
	}
	return "Passed! Every exercise is done now; l lists them."
}

// startTicking starts the spinner's clock unless it already runs.
func (m *Model) startTicking() tea.Cmd {
	if m.ticking {
		return nil
	}
	m.ticking = true
	return m.tick()
}

func (m *Model) tick() tea.Cmd {
	return tea.Tick(m.opt.Tick, func(time.Time) tea.Msg { return tickMsg{} })
}

// spinner is the spinner's current frame.
func (m Model) spinner() string { return spinnerFrames[m.frame%len(spinnerFrames)] }

// elapsed is how long the check of name has run, in whole seconds.
func (m Model) elapsed(name string) int {
	started, ok := m.started[name]
	if !ok || m.now.Before(started) {
		return 0
	}
	return int(m.now.Sub(started) / time.Second)
}

// startCheckAll grades every exercise, a few at a time. verify marks the
// recheck that comes before the congratulations.
func (m *Model) startCheckAll(verify bool) tea.Cmd {
	if m.all != nil {
		m.all.cancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	run := &checkAll{ch: make(chan exercises.Result), total: len(m.exs), cancel: cancel, seen: map[string]bool{}}
	m.all, m.verifying = run, verify
	m.now = m.opt.Now()
	m.started[allKey] = m.now
	exs, b, parallel, work := m.exs, m.b, m.opt.Parallel, m.work
	work.add(1)
	go func() {
		defer work.add(-1)
		sem := make(chan struct{}, parallel)
		done := make(chan struct{})
		for _, e := range exs {
			go func() {
				sem <- struct{}{}
				r := b.Check(ctx, e, nil)
				<-sem
				select {
				case run.ch <- r:
				case <-ctx.Done():
				}
				done <- struct{}{}
			}()
		}
		for range exs {
			<-done
		}
		close(run.ch)
	}()
	return tea.Batch(waitAll(run), m.startTicking())
}

// allKey keys the start of a "check all" in Model.started; no exercise
// has this name.
const allKey = " all"

func waitAll(run *checkAll) tea.Cmd {
	return func() tea.Msg {
		r, ok := <-run.ch
		if !ok {
			return allDoneMsg{run}
		}
		return allResultMsg{run, r}
	}
}

func (m *Model) record(r exercises.Result) {
	name := r.Exercise.Name
	if r.Report.Status == grade.Canceled {
		return
	}
	m.results[name] = r
	if r.Passed() {
		if name == m.current().Name && m.states[name] != stateDone {
			// A hint left open sat above "✓ PASS" as if the learner
			// were still stuck: a pass closes it, and h opens it again.
			// A pass after a pass keeps what they opened since.
			m.shown = nil
		}
		m.states[name] = stateDone
	} else {
		m.states[name] = stateFailing
	}
	// A pass sticks, as in the workbook's progress, which r.Solved reads
	// after the check: its word is taken over what the runner knew, so
	// that a reset from another shell (`exercises reset`) starts the
	// exercise over here too. When the progress could not be saved, that
	// word may be older than this check: a pass the runner saw still
	// sticks.
	if r.ProgressErr != nil {
		m.solved[name] = m.solved[name] || r.Passed() || r.Solved
	} else {
		m.solved[name] = r.Passed() || r.Solved
	}
}

// isSolved reports whether the exercise is done: it passed at some check,
// even if its code fails now.
func (m Model) isSolved(name string) bool { return m.solved[name] || m.states[name] == stateDone }

// status is where the exercise stands, by the workbook's rule
// (exercises.StatusOf) from what the runner knows.
func (m Model) status(name string) exercises.Status {
	now := exercises.NotChecked
	switch m.states[name] {
	case stateDone:
		now = exercises.CheckedPass
	case stateFailing:
		now = exercises.CheckedFail
		if r, ok := m.results[name]; ok && r.Untouched {
			now = exercises.CheckedStub // the stub, not begun: pending
		} else if ok && r.TestsMissing || !ok && m.noTests[name] {
			now = exercises.CheckedNoTests // nothing graded it
		}
	}
	return exercises.StatusOf(m.isSolved(name), now)
}

// allDone reports whether every exercise passes now (not only passed
// once): the congratulations say so.
func (m *Model) allDone() bool { return len(m.exs) > 0 && m.passCount() == len(m.exs) }

// doneCount is how many exercises are done (passed once; the progress).
func (m Model) doneCount() int {
	n := 0
	for _, e := range m.exs {
		if m.isSolved(e.Name) {
			n++
		}
	}
	return n
}

// passCount is how many exercises pass now.
func (m Model) passCount() int {
	n := 0
	for _, e := range m.exs {
		if m.states[e.Name] == stateDone {
			n++
		}
	}
	return n
}

// Update handles a message.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case editedMsg:
		return m.edited(msg)
	case tea.MouseMsg:
		// The wheel moves the list's cursor, or scrolls the exercise.
		if m.screen == screenList {
			if i, ok := m.rowClicked(msg); ok {
				// A click selects a row, and one on the row selected opens
				// it, as enter does (as the sandbox's tabs take clicks).
				if i == min(m.listCursor, len(m.visible())-1) {
					return m.Update(tea.KeyMsg{Type: tea.KeyEnter})
				}
				m.listCursor = i
			} else if to, ok := listnav.Move(msg, m.listCursor, len(m.visible())); ok {
				m.listCursor = to
			}
		} else if m.screen == screenMain {
			if d, ok := listnav.Wheel(msg); ok {
				m.scroll += d
				m.clampScroll()
			}
		}
		return m, nil
	case tea.WindowSizeMsg:
		m.width, m.height = max(msg.Width, 0), max(msg.Height, 0)
		m.help.Width = m.width
		return m, nil
	case startMsg:
		return m, m.firstCmds()
	case watchReadyMsg:
		m.watch = msg.w
		return m, msg.w.next()
	case watchErrMsg:
		m.watchErr = msg.err
		m.setMessage(fmt.Sprintf("Watching for saves failed (%v); press r to re-run, or start with --manual.", msg.err), true)
		if m.watch != nil {
			return m, m.watch.next()
		}
		return m, nil
	case watchDoneMsg:
		return m, nil
	case tickMsg:
		m.now = m.opt.Now()
		m.frame++
		if len(m.running) == 0 && m.all == nil {
			m.ticking = false
			return m, nil
		}
		return m, m.tick()
	case fileSavedMsg:
		var cmds []tea.Cmd
		if msg.name != m.current().Name && m.screen == screenMain {
			// The learner is working on another exercise (the watcher
			// drops x's own writes): its check is what they wait for, so
			// the runner opens it, as rustlings' watch mode does, instead
			// of testing it out of sight. Its check is the save's own,
			// below, so open does not start one.
			if i := m.indexOf(msg.name); i >= 0 {
				cmds = append(cmds, m.open(i))
				m.setMessage("Opened "+msg.name+": you saved a file in it.", false)
			}
		}
		if msg.name == m.current().Name {
			// A save after x's writes is the learner's (the watcher drops
			// x's own): what x put back may no longer be so, and a learner
			// working in their editor presses no key here to clear it.
			m.did = ""
			// The save's result comes at the top: a learner left scrolled
			// down in the last result or the task would see the middle of
			// the task, not what their save did.
			m.scroll = 0
		}
		m.pending[msg.name]++
		m.saved[msg.name] = true
		gen, name := m.pending[msg.name], msg.name
		// The state (and the done count) stays as it was until the
		// tests of the saved code give a result.
		// They are working: the results come first, unless the save put
		// the stub back as the workbook wrote it (`exercises reset` in
		// another shell; the runner's own x drops its events), which
		// starts over with the task first. taskFirst tells which from the
		// check's result.
		delete(m.order, name)
		cmds = append(cmds, tea.Tick(m.opt.Debounce, func(time.Time) tea.Msg { return debounceMsg{name, gen} }))
		if m.watch != nil {
			cmds = append(cmds, m.watch.next())
		}
		return m, tea.Batch(cmds...)
	case phaseMsg:
		if msg.gen != m.gen[msg.name] || m.running[msg.name] == nil {
			return m, nil // a check superseded or over
		}
		if p := m.phase[msg.name]; p.Phase != msg.progress.Phase {
			// A new phase: its seconds count from now. (The grader's
			// Compiling repeats the runner's own guess at the start; a
			// second one, after Testing, is a run again without the race
			// detector.)
			m.now = m.opt.Now()
			m.started[msg.name] = m.now
		}
		m.phase[msg.name] = msg.progress
		return m, msg.box.wait(msg.name, msg.gen)
	case debounceMsg:
		if msg.gen != m.pending[msg.name] {
			return m, nil // a newer save is waiting its turn
		}
		for _, e := range m.exs {
			if e.Name == msg.name {
				return m, m.startCheck(e)
			}
		}
		return m, nil
	case checkedMsg:
		if msg.gen != m.gen[msg.name] {
			return m, nil // an older run, superseded
		}
		delete(m.running, msg.name)
		delete(m.started, msg.name)
		delete(m.phase, msg.name)
		m.record(msg.result)
		if msg.name == m.current().Name && m.waitsForCheck() && !m.checking(msg.name) {
			m.setMessage("", false) // the result is in: x now asks
		}
		if !msg.result.Passed() || m.all != nil {
			return m, nil
		}
		if m.allDone() {
			m.setMessage("Every exercise passes. Checking them all once more…", false)
			return m, m.startCheckAll(true)
		}
		if msg.name == m.current().Name {
			m.sayOfLastCheck(m.passedMessage())
		}
		return m, nil
	case allResultMsg:
		if msg.run != m.all {
			return m, nil
		}
		msg.run.got++
		msg.run.seen[msg.result.Exercise.Name] = true
		if !msg.result.Passed() {
			msg.run.failed++
		}
		m.record(msg.result)
		if name := msg.result.Exercise.Name; name == m.current().Name && m.waitsForCheck() && !m.checking(name) {
			m.setMessage("", false) // the result is in: x now asks
		}
		return m, waitAll(msg.run)
	case allDoneMsg:
		if msg.run != m.all {
			return m, nil
		}
		m.all = nil
		delete(m.started, allKey)
		verifying := m.verifying
		m.verifying = false
		switch {
		case m.allDone():
			// A full check just ran and everything passed.
			m.screen = screenCongrats
			m.setMessage("", false)
			m.did = ""
		case verifying:
			m.setMessage(fmt.Sprintf("The final check found %d exercises failing after all; l lists them.", len(m.exs)-m.passCount()), true)
		default:
			m.setMessage(fmt.Sprintf("Checked all: %d of %d pass.", m.passCount(), len(m.exs)), false)
		}
		return m, nil
	case actionMsg:
		switch {
		case msg.err != nil:
			m.setMessage(msg.err.Error(), true)
		case msg.did:
			m.did = msg.text
			m.setMessage("", false) // the check's verdict comes under it
		default:
			m.setMessage(msg.text, false)
		}
		return m, nil
	case resetDoneMsg:
		if msg.err != nil {
			m.setMessage(msg.err.Error(), true)
			return m, nil
		}
		text := "Reset " + msg.name + " to its stub."
		if len(msg.changed) > 0 {
			// An editor's save landed as the stub was written: the
			// folder holds the save, which the check below is of.
			text = "Reset " + msg.name + " to its stub, but " + savedMeanwhile(msg.changed) + ", not the stub; the check is of it."
		}
		m.setMessage(withBackup(text, msg.backup.Note(m.dir)), false)
		m.shown, m.scroll = nil, 0
		// The stub starts over with the task first, as the check of the
		// reset's writes as a save would have made it (fileSavedMsg).
		delete(m.order, msg.name)
		for _, e := range m.exs {
			if e.Name == msg.name {
				m.states[e.Name] = statePending
				m.solved[e.Name] = false // a reset starts it over
				return m, m.startCheck(e)
			}
		}
		return m, nil
	case tea.KeyMsg:
		return m.key(msg)
	}
	return m, nil
}

// Wait returns once the checks the runner started have stopped their go
// test processes, or after limit. Leaving the runner cancels them; a
// program that embeds it calls Wait before the process ends.
func (m Model) Wait(limit time.Duration) { m.work.wait(limit) }

// inflight counts checks in progress, so that Run can let them stop their
// go test processes before the program exits.
type inflight struct{ n atomic.Int64 }

func (w *inflight) add(d int64) { w.n.Add(d) }

// wait returns once no check is in progress, or after limit.
func (w *inflight) wait(limit time.Duration) {
	deadline := time.Now().Add(limit)
	for w.n.Load() > 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
}

// startMsg is sent by Run once the program is up; it starts the first
// checks, which need the model's bookkeeping.
type startMsg struct{}

func (m Model) key(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !(m.screen == screenList && m.searching) {
		// Fast typing can arrive as one message holding several runes:
		// take them one key at a time.
		var cmds []tea.Cmd
		var model tea.Model = m
		for _, r := range msg.Runes {
			var cmd tea.Cmd
			model, cmd = model.(Model).key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
			cmds = append(cmds, cmd)
		}
		return model, tea.Batch(cmds...)
	}
	if msg.String() == "ctrl+c" {
		return m.quit()
	}
	if m.takesCommands() && key.Matches(msg, m.keys.Palette) {
		return m, paletteCmd
	}
	if m.helpOpen() && key.Matches(msg, m.keys.HelpClose) {
		// esc closes the keys before it goes back, as on the other
		// screens; ? toggles them anyway.
		m.help.ShowAll = false
		return m, nil
	}
	switch m.screen {
	case screenList:
		return m.listKey(msg)
	case screenConfirm:
		return m.confirmKey(msg)
	case screenCongrats:
		switch {
		case key.Matches(msg, m.keys.Quit):
			return m.quit()
		case key.Matches(msg, m.keys.List):
			m.openList()
		case key.Matches(msg, m.keys.Back), key.Matches(msg, m.keys.Select):
			m.screen = screenMain
		}
		return m, nil
	}
	k := m.keys
	e := m.current()
	if !key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom, k.More) {
		m.did = "" // the next action: what x did is old news (scrolling to read the verdict is not)
	}
	switch {
	case key.Matches(msg, k.Quit), m.opt.Leave != nil && key.Matches(msg, k.Back):
		return m.quit()
	case key.Matches(msg, k.More):
		m.help.ShowAll = !m.help.ShowAll
	case key.Matches(msg, k.Hint):
		hints := m.info[e.Name].hints
		next := m.nextHint(e.Name)
		switch {
		case len(hints) == 0:
			m.setMessage("This exercise has no hints.", false)
		case next >= 0:
			m.shown = append(m.shown, next)
			m.scroll = 0
			m.setMessage("", false)
		case m.isSolved(e.Name):
			// It passed: the learner is not stuck, and s needs no confirm.
			m.setMessage("That was the last hint.", false)
		default:
			m.setMessage("That was the last hint. Still stuck? s shows the solution (after a confirm).", false)
		}
	case key.Matches(msg, k.Next):
		if !m.isSolved(e.Name) {
			m.setMessage("n opens the next exercise once this one passes; l lists them all.", false)
			return m, nil
		}
		return m, m.goTo(m.nextIndex())
	case key.Matches(msg, k.List):
		m.openList()
	case key.Matches(msg, k.Reset):
		r, ok := m.results[e.Name]
		if m.checking(e.Name) {
			// Which reset fits (the tests put back, or the stub written
			// again) depends on what the check finds. Asked from the
			// result before it, x could set the learner's code aside for
			// a test file missing then and back now, or put back tests
			// where the code they just saved lost its main file.
			if m.running[e.Name] == nil && m.all == nil {
				m.setMessage(saveCheckingMessage, false) // only a save's check, still to start
			} else {
				m.setMessage(stillCheckingMessage, false)
			}
			return m, nil
		}
		if m.renamedTo() != "" {
			// A fresh folder would hold the stub while the learner's code
			// stayed in the renamed one, where no check looks: they would
			// work on, unchecked, or start over without knowing why.
			m.sayOfLastCheck(fmt.Sprintf("Not reset: the last check found your code in %s, and a fresh %s would leave it unchecked. %s",
				r.RenamedTo, e.Name, renameBack(r, m.watching())))
			return m, nil
		}
		m.screen, m.confirm = screenConfirm, confirmReset
		if ok && restoresTests(r) {
			m.confirm = confirmRestoreTests
		}
	case key.Matches(msg, k.Solution):
		if m.isSolved(e.Name) { // once passed is enough, also if it fails now
			return m, m.writeSolution(e)
		}
		m.screen, m.confirm = screenConfirm, confirmSolution
	case key.Matches(msg, k.CheckAll):
		m.setMessage("Checking every exercise…", false)
		return m, m.startCheckAll(false)
	case key.Matches(msg, k.Task):
		m.order[e.Name] = !m.taskFirst(e)
		m.scroll = 0
	case key.Matches(msg, k.Rerun):
		m.setMessage("", false)
		return m, m.startCheck(e)
	case key.Matches(msg, k.Edit):
		if m.folderMissing() {
			way, _ := wayLine(m.results[e.Name], m.watching())
			m.sayOfLastCheck(fmt.Sprintf("e has no file to open: the last check found the folder %s missing. %s", e.Name, way))
			return m, nil
		}
		return m, m.edit()
	case key.Matches(msg, k.Up):
		m.scroll--
	case key.Matches(msg, k.Down):
		m.scroll++
	case key.Matches(msg, k.PageUp):
		m.scroll -= max(m.bodyHeight()-1, 1)
	case key.Matches(msg, k.PageDown):
		m.scroll += max(m.bodyHeight()-1, 1)
	case key.Matches(msg, k.Top):
		m.scroll = 0
	case key.Matches(msg, k.Bottom):
		m.scroll = 1 << 30
	}
	m.clampScroll()
	return m, nil
}

// takesCommands is whether a key typed now is a command: not while a
// question waits for y or n, nor while the list's filter is typed.
func (m Model) takesCommands() bool {
	return m.screen != screenConfirm && !(m.screen == screenList && m.searching)
}

// helpOpen is whether the keys are shown in full where ? toggles them: on
// the main screen and the list, while no filter is typed.
func (m Model) helpOpen() bool {
	return m.help.ShowAll && (m.screen == screenMain || m.screen == screenList) && m.takesCommands()
}

// paletteCmd hands `:` up to the home screen as its palette's key: the
// home screen opens the palette on that key from any screen, and leaves
// `:` to the screen that is open, since most take it to go to a time.
func paletteCmd() tea.Msg { return tea.KeyMsg{Type: tea.KeyCtrlK} }

// Close stops what the runner runs (checks, the file watcher) as leaving
// it does, without its Leave message, for a jump from the command palette;
// opening it again starts them again.
func (m Model) Close() Model {
	m.stop()
	return m
}

func (m Model) quit() (tea.Model, tea.Cmd) {
	m.stop()
	if m.opt.Leave != nil {
		return m, m.opt.Leave
	}
	m.quitting = true
	return m, tea.Quit
}

// stop cancels the checks in progress and closes the watcher.
func (m *Model) stop() {
	for _, cancel := range m.running {
		cancel()
	}
	if m.all != nil {
		m.all.cancel()
	}
	m.watch.close()
	m.watch, m.running, m.all = nil, map[string]context.CancelFunc{}, nil
	m.saved = map[string]bool{} // a save waiting for its check waits no more: x answers from what is known
}

// nextIndex is the next exercise that is not done, after the current one;
// or simply the next one.
func (m *Model) nextIndex() int {
	for k := 1; k <= len(m.exs); k++ {
		i := (m.cur + k) % len(m.exs)
		if !m.isSolved(m.exs[i].Name) {
			return i
		}
	}
	return (m.cur + 1) % len(m.exs)
}

// goTo makes exercise i current, remembers it, and tests it if it has no
// result yet.
func (m *Model) goTo(i int) tea.Cmd {
	if i < 0 || i >= len(m.exs) {
		return nil
	}
	e := m.exs[i]
	cmds := []tea.Cmd{m.open(i)}
	if _, ok := m.results[e.Name]; !ok || m.states[e.Name] == statePending {
		if m.running[e.Name] == nil {
			cmds = append(cmds, m.startCheck(e))
		}
	}
	return tea.Batch(cmds...)
}

// open makes exercise i current on the main screen and remembers it; it
// starts no check.
func (m *Model) open(i int) tea.Cmd {
	m.cur, m.shown, m.scroll, m.screen = i, nil, 0, screenMain
	e := m.exs[i]
	m.setMessage("", false)
	m.did = ""
	return m.keepPlace(e)
}

// keepPlace records e as the exercise the runner opens on next time.
func (m *Model) keepPlace(e exercises.Exercise) tea.Cmd {
	b := m.b
	return func() tea.Msg {
		if err := b.SetCurrent(e); err != nil {
			return actionMsg{err: fmt.Errorf("could not save your place: %w", err)}
		}
		return nil
	}
}

// indexOf is the index of the exercise named name, or -1.
func (m Model) indexOf(name string) int {
	for i, e := range m.exs {
		if e.Name == name {
			return i
		}
	}
	return -1
}

func (m *Model) writeSolution(e exercises.Exercise) tea.Cmd {
	b, rel, base := m.b, m.rel, m.dir
	return func() tea.Msg {
		dir, backup, err := b.WriteSolution(e)
		if err != nil {
			return actionMsg{err: fmt.Errorf("could not write the solution: %w", err)}
		}
		return actionMsg{text: withBackup("Wrote the solution to "+rel(dir)+string(os.PathSeparator)+" (your code is untouched).", backup.SolutionNote(base))}
	}
}

// withBackup is text followed by note, a sentence saying where the files
// an action replaced were copied (exercises.Backup), when there is one.
func withBackup(text, note string) string {
	if note == "" {
		return text
	}
	return text + " " + note + "."
}

// rel shows a path relative to the workbook.
func (m Model) rel(path string) string {
	if r, ok := strings.CutPrefix(path, m.dir+string(os.PathSeparator)); ok {
		return r
	}
	return path
}

// restoresTests says x should put back the bundled tests, keeping the
// learner's code, rather than reset the exercise to its stub: r's message
// says that is the way out. A bundled test file differs from the bundled
// one (edited by the learner, or out of date) or is missing; or a file the
// workbook gave to build on is missing
// (exercises' MissingGivenFiles: 03's window.go), which `reset --tests`
// writes back. A full reset there would set the learner's code aside (to
// a backup) for a file they never wrote. The check says which from what
// it found, so a reworded message cannot change what x does.
func restoresTests(r exercises.Result) bool {
	// A check sets both TestsChanged and TestsOutdated when out of date; either says so.
	return r.TestsChanged || r.TestsOutdated || r.TestsMissing || r.GivenMissing
}

func (m Model) confirmKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	e := m.current()
	switch {
	case key.Matches(msg, m.keys.Yes):
		m.screen = screenMain
		// The check that follows a reset or a restore is their own (below
		// and resetDoneMsg): the watcher drops the events of their writes.
		b, w, dir := m.b, m.watch, m.b.ExerciseDir(e)
		switch m.confirm {
		case confirmReset:
			return m, func() tea.Msg {
				done := w.writing(dir)
				backup, err := b.Reset(e)
				// The stub and the tests, every other Go file moved aside.
				changed := done(resetFiles(e), true)
				if err != nil {
					err = fmt.Errorf("could not reset %s: %w", e.Name, err)
				}
				return resetDoneMsg{name: e.Name, backup: backup, err: err, changed: changed}
			}
		case confirmRestoreTests:
			base := m.dir
			return m, tea.Sequence(func() tea.Msg {
				done := w.writing(dir)
				// The files given to build on that are missing are written
				// back too, and said, as `reset --tests` says them: the
				// learner who deleted window.go looks for it in the line.
				wrote := e.TestFiles()
				var given []string
				for _, name := range givenFiles(e) {
					if _, err := os.Stat(filepath.Join(dir, name)); errors.Is(err, fs.ErrNotExist) {
						given = append(given, name)
						wrote[name] = e.StubFiles()[name]
					}
				}
				backup, err := b.RestoreTests(e)
				changed := done(wrote, false)
				if err != nil {
					return actionMsg{err: fmt.Errorf("could not restore the tests: %w", err)}
				}
				what := "the bundled tests"
				if len(given) > 0 {
					what += " and " + strings.Join(given, " and ") + ", given to you and missing"
				}
				text := "Restored " + what + "; your code is untouched."
				if len(changed) > 0 {
					text = "Restored " + what + ", but " + savedMeanwhile(changed) + ", not what was restored; your code is untouched."
				}
				return actionMsg{text: withBackup(text, backup.Note(base)), did: true}
			}, m.startCheck(e))
		case confirmSolution:
			return m, m.writeSolution(e)
		}
	case key.Matches(msg, m.keys.No), key.Matches(msg, m.keys.Quit):
		m.screen = screenMain
		m.setMessage(nothingChangedMessage, false)
	}
	return m, nil
}

// resetFiles are the Go files x's reset writes into e's folder, its stub
// and its bundled tests: what the watcher stamps as its own write. (It
// writes the README too, which no save or check looks at.)
func resetFiles(e exercises.Exercise) map[string][]byte {
	files := e.StubFiles()
	maps.Copy(files, e.TestFiles())
	return files
}

// savedMeanwhile says that the files x wrote, named in changed, were
// saved again as it wrote them or just after: "breaker.go changed as it
// was written (a save from your editor?), so it holds that save". An
// editor that saves by writing a new file and renaming it over the old
// one (most do) can land a save a moment after x's write; the save is
// kept, and the line must not say the folder holds what x wrote.
func savedMeanwhile(changed []string) string {
	if len(changed) == 1 {
		return changed[0] + " changed as it was written (a save from your editor?), so it holds that save"
	}
	return strings.Join(changed, " and ") + " changed as they were written (saves from your editor?), so they hold those saves"
}

// stillCheckingMessage is the status line when x is pressed while a
// check of the exercise runs, whether or not an earlier one has a result.
const stillCheckingMessage = "A check of this exercise is running; press x again once it has a result."

// saveCheckingMessage is the status line when x is pressed after a save
// of the exercise, in the moment (Options.Debounce) before its check
// starts: the last result is of the code before the save. It says "files
// changed", not "you saved": another program (`exercises reset` in another
// shell) may have written them.
const saveCheckingMessage = "This exercise's files just changed; press x again once their check has a result."

// waitsForCheck reports whether the status line tells the learner to wait
// for a check before pressing x again.
func (m Model) waitsForCheck() bool {
	return m.message == stillCheckingMessage || m.message == saveCheckingMessage
}

// checking reports whether a check that will give the exercise a newer
// result is under way or coming: its own check, one a save will start
// once the debounce is over, or a check of all whose result for it has
// not come in yet.
func (m Model) checking(name string) bool {
	return m.running[name] != nil || m.saved[name] || m.all != nil && !m.all.seen[name]
}

// watching reports whether saves start checks by themselves: the watcher
// runs (or is starting), neither turned off (--manual) nor failed.
func (m Model) watching() bool {
	return !m.opt.Manual && m.watchErr == nil
}

// folderMissing reports whether the last check of the current exercise
// found its folder missing.
func (m Model) folderMissing() bool {
	r, ok := m.results[m.current().Name]
	return ok && r.FolderMissing
}

// renamedTo is the folder the last check of the current exercise found
// its code in, its own folder missing (renamed, by the look of it); "" if
// none.
func (m Model) renamedTo() string {
	if r, ok := m.results[m.current().Name]; ok && r.FolderMissing {
		return r.RenamedTo
	}
	return ""
}

// nothingChangedMessage is the status line after a prompt was declined; it
// goes at the next run, as passedMessage does (ofLastCheck).
const nothingChangedMessage = "Nothing changed."

func (m *Model) openList() {
	m.screen, m.searching, m.search, m.filter = screenList, false, "", filterAll
	m.leaveScreen()
	m.listCursor = 0
	for i, idx := range m.visible() {
		if idx == m.cur {
			m.listCursor = i
		}
	}
}

// visible returns the indexes of the exercises the list shows.
func (m Model) visible() []int {
	var out []int
	q := strings.ToLower(m.search)
	for i, e := range m.exs {
		done := m.isSolved(e.Name)
		if (m.filter == filterDone && !done) || (m.filter == filterPending && done) {
			continue
		}
		if q != "" && !strings.Contains(strings.ToLower(e.Name+" "+e.Title), q) {
			continue
		}
		out = append(out, i)
	}
	return out
}

func (m Model) listKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	if m.searching {
		switch msg.Type {
		case tea.KeyEnter:
			m.searching = false
		case tea.KeyEsc:
			m.searching, m.search = false, ""
		case tea.KeyBackspace:
			if r := []rune(m.search); len(r) > 0 {
				m.search = string(r[:len(r)-1])
			}
		case tea.KeyRunes, tea.KeySpace:
			m.search += string(msg.Runes)
			if msg.Type == tea.KeySpace {
				m.search += " "
			}
		}
		m.listCursor = min(m.listCursor, max(len(m.visible())-1, 0))
		return m, nil
	}
	vis := m.visible()
	k := m.keys
	switch {
	case key.Matches(msg, k.Quit), key.Matches(msg, k.Back), key.Matches(msg, k.List):
		if msg.Type == tea.KeyEsc && m.search != "" {
			m.search = ""
			return m, nil
		}
		m.screen = screenMain
		m.leaveScreen()
	case key.Matches(msg, k.Up):
		m.listCursor = max(m.listCursor-1, 0)
	case key.Matches(msg, k.Down):
		m.listCursor = min(m.listCursor+1, max(len(vis)-1, 0))
	case key.Matches(msg, k.Top):
		m.listCursor = 0
	case key.Matches(msg, k.Bottom):
		m.listCursor = max(len(vis)-1, 0)
	case key.Matches(msg, k.Filter):
		m.filter = (m.filter + 1) % 3
		m.listCursor = 0
	case key.Matches(msg, k.Search):
		m.searching = true
	case key.Matches(msg, k.More):
		m.help.ShowAll = !m.help.ShowAll
	case key.Matches(msg, k.Next):
		// The status line the list shows may say "Press n for the next
		// exercise": n does here what it does on the main screen.
		if e := m.current(); !m.isSolved(e.Name) {
			m.setMessage("n opens the next exercise once this one passes; enter opens the one under the cursor.", false)
			return m, nil
		}
		return m, m.goTo(m.nextIndex())
	case key.Matches(msg, k.Select):
		if len(vis) > 0 {
			return m, m.goTo(vis[min(m.listCursor, len(vis)-1)])
		}
	}
	return m, nil
}

// rowClicked is the row of the list (its position among the visible
// exercises) that a click landed on; ok is false for anything else.
func (m Model) rowClicked(msg tea.MouseMsg) (int, bool) {
	if !playback.Click(msg) || m.searching {
		return 0, false
	}
	vis := m.visible()
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	return playback.RowAt(lines, msg.Y, func(l string) (int, bool) {
		for j, i := range vis {
			if strings.Contains(l, " "+m.exs[i].Name+" ") {
				return j, true
			}
		}
		return 0, false
	}, func(string) bool { return false })
}

// nextHint is the hint h reveals next for the exercise name: the first not
// yet shown that concerns a test its last check found failing, or -1 when
// every hint is shown.
func (m *Model) nextHint(name string) int {
	var failing []string
	if r, ok := m.results[name]; ok {
		failing = exercises.FailingTests(r.Report)
	}
	return exercises.NextHint(m.info[name].hints,
		func(i int) bool { return slices.Contains(m.shown, i) },
		func(test string) bool { return slices.Contains(failing, test) })
}
