package builder

import (
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/mappane"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Start is a system the builder can start from.
type Start struct {
	Name, Summary string
	// Build returns a fresh copy of the scenario.
	Build func() *engine.Scenario
}

// Options configure the builder.
type Options struct {
	Theme *theme.Theme
	// Seed is the seed of the map's snapshot and of the sandbox p opens.
	Seed uint64
	// Starts are the built-in systems offered after "empty server"; nil
	// offers engine/scenarios' built-ins.
	Starts []Start
	// CanGoHome enables esc on the start list, which sends BackMsg.
	CanGoHome bool
	// WriteElsewhere, when set, is what w says instead of asking for a
	// path, where a file written would not be the learner's (a session
	// over SSH writes on the server).
	WriteElsewhere string
	// Open, when set, is a scenario file read (ReadFile) to build on at
	// once, as if o had opened it: `breakerlab new FILE`.
	Open *File
}

// BackMsg asks the parent to close the builder. The parent keeps the
// Model: opened again, it shows the system as it was left (the draft).
type BackMsg struct{}

// PlayMsg asks the parent to open the sandbox on Scenario, a copy of the
// system built, and to come back here when the sandbox is left.
type PlayMsg struct {
	Scenario *engine.Scenario
	Seed     uint64
}

// stage is what the screen shows.
type stage uint8

const (
	choosing stage = iota // the list of starts
	building              // the parts and the map
)

// question is a yes/no asked in the key line.
type question uint8

const (
	noQuestion   question = iota
	askLeave              // esc with unsaved changes
	askQuit               // ctrl+c with unsaved changes
	askFresh              // n with unsaved changes
	askOverwrite          // the file exists
)

// undoDepth is how many edits u can undo.
const undoDepth = 100

// state is one system in the undo history.
type state struct {
	sc  *engine.Scenario
	id  int  // which edit made it; the saved one's id is savedID
	sel part // the part selected then
	// made is the note of the edit that made sc, for u to say what it
	// undid.
	made string
}

// Model is the builder screen.
type Model struct {
	o     Options
	th    *theme.Theme
	keys  keyMap
	help  help.Model
	helpv helpview.Model
	w, h  int

	stage  stage
	starts []Start
	pick   int

	sc      *engine.Scenario
	id      int    // the edit that made sc
	made    string // the note of that edit (state.made)
	nextID  int
	savedID int // the edit last saved; -1 when none was
	undo    []state
	parts   []part
	sel     int
	// origin is the built-in the system was copied from, as built (nil
	// for the empty server): its design names and summary describe it,
	// not the edited copy, which relabel marks against it (names.go).
	origin *engine.Scenario
	// The map and the charts draw a preview run of the system (preview.go).
	mp      *mappane.Model
	inf     *chart.InFlight
	out     *chart.Outcomes
	lat     *chart.Latency
	horizon time.Duration
	// file is the system as w would save it, for the file pane a tall
	// window shows (filepane.go); fileErr is why there is none.
	file    []string
	fileErr string

	form       *sandbox.KnobForm
	connecting bool // c: choosing what the selected part calls
	from       part // the caller c started from
	prompt     *playback.Prompt
	renaming   part // the part the open prompt renames (kind 0: the prompt saves)
	faulting   part // the part the open prompt adds a fault to (faults.go)
	sharing    bool // the open prompt sets the tenants' shares (shares.go)
	opening    bool // the open prompt names a file to open (open.go)
	ask        question
	savePath   string // the path of the question's file, and the last saved
	// saveNote is what the next save's note adds: that .toml was added
	// to the name typed.
	saveNote string
	showHelp bool

	msg    string
	msgErr bool
}

// New opens the builder on its list of starts.
func New(o Options) Model {
	if o.Theme == nil {
		o.Theme = theme.New(nil)
	}
	starts := o.Starts
	if starts == nil {
		for _, b := range scenarios.All() {
			starts = append(starts, Start{Name: b.Name, Summary: b.Summary, Build: b.Build})
		}
	}
	m := Model{o: o, th: o.Theme, keys: newKeyMap(), help: help.New(), starts: starts, savedID: -1,
		mp: mappane.New(o.Theme), inf: chart.NewInFlight(o.Theme), out: chart.NewOutcomes(o.Theme), lat: chart.NewLatency(o.Theme)}
	m.mp.SetStatic(true) // the parts list holds the selection; the map takes no keys
	m.help.Styles = o.Theme.Help
	m.previewStart()
	m.helpv = helpview.New(m.keys.HelpScroll)
	m.keys.Back.SetEnabled(o.CanGoHome)
	m.keys.Leave.SetEnabled(o.CanGoHome)
	// Where w writes elsewhere (over SSH, on the server), o would read
	// the server's files, not the learner's.
	m.keys.OpenFile.SetEnabled(o.WriteElsewhere == "")
	// Nor does w save there: its key line and help offer no w, and w
	// still says why (startSave).
	m.keys.Save.SetEnabled(o.WriteElsewhere == "")
	if o.Open != nil {
		m.buildOn(*o.Open)
	}
	return m
}

// Init does nothing: the builder waits for keys.
func (m Model) Init() tea.Cmd { return nil }

// Scenario is the system built so far, nil before one is started.
func (m Model) Scenario() *engine.Scenario { return m.sc }

// Unsaved reports whether the system has changes no file holds.
func (m Model) Unsaved() bool { return m.sc != nil && m.id != m.savedID }

// ColonFree reports whether `:` means nothing here now, so that a parent
// may open its command palette with it, as its own lists do: the builder
// takes `:` as text while a prompt or the knob form is open, and as an
// answer while it asks a question; its keys use no `:` otherwise.
func (m Model) ColonFree() bool {
	return m.prompt == nil && m.form == nil && m.ask == noQuestion
}

// SetSize sets the screen's size.
func (m *Model) SetSize(w, h int) {
	m.w, m.h = w, h
	m.help.Width = w
	if m.showHelp {
		m.helpv.SetContent(m.helpLines(), m.w, m.h-2)
	}
}

// Update takes the window's size, keys and the file writes' answers.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.SetSize(msg.Width, msg.Height)
		return m, nil
	case writtenMsg:
		return m.onWritten(msg), nil
	case openedMsg:
		return m.onOpened(msg), nil
	case tea.KeyMsg:
		next, cmd := m.key(msg)
		if b, ok := next.(Model); ok && b.nextID != m.nextID && !b.msgErr {
			// An edit was made (commit or begin): its note is what u
			// will say it undid.
			b.made = b.msg
			next = b
		}
		return next, cmd
	}
	return m, nil
}

func (m Model) key(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	if m.showHelp {
		switch {
		case key.Matches(k, m.keys.Leave):
			// q does what it does on the screen under the help: back.
			m.showHelp = false
			return m.key(k)
		case key.Matches(k, m.keys.Quit):
			return m.quit()
		case key.Matches(k, m.keys.HelpClose):
			m.showHelp = false
		default:
			m.helpv.Update(k)
		}
		return m, nil
	}
	switch {
	case m.ask != noQuestion:
		return m.answer(k)
	case m.prompt != nil:
		return m.promptKey(k)
	case m.form != nil:
		return m.formKey(k), nil
	case m.stage == choosing:
		return m.chooseKey(k)
	case m.connecting:
		return m.connectKey(k), nil
	}
	m.msg, m.msgErr = "", false
	switch {
	case key.Matches(k, m.keys.Leave):
		return m.key(tea.KeyMsg{Type: tea.KeyEsc}) // what esc does
	case key.Matches(k, m.keys.Quit):
		return m.quit()
	case key.Matches(k, m.keys.Help):
		m.showHelp = true
		m.helpv.Reset()
		m.helpv.SetContent(m.helpLines(), m.w, m.h-2)
	case key.Matches(k, m.keys.Back):
		if m.Unsaved() {
			m.ask = askLeave
			return m, nil
		}
		return m, back
	case key.Matches(k, m.keys.Up):
		m.moveSel(-1)
	case key.Matches(k, m.keys.Down):
		m.moveSel(1)
	case key.Matches(k, m.keys.Service):
		m.add(1, "added service %s")
	case key.Matches(k, m.keys.Fleet):
		m.add(fleetInstances, fmt.Sprintf("added a fleet: %%s, %d instances behind a round-robin balancer", fleetInstances))
	case key.Matches(k, m.keys.Dependency):
		m.add(0, "added dependency %s")
	case key.Matches(k, m.keys.Tenant):
		var name string
		m.edit(func(sc *engine.Scenario) (string, error) {
			name = addTenant(sc)
			return name, nil
		}, "")
		if !m.msgErr {
			m.msg = tenantAddedNote(m.sc, name)
		}
	case key.Matches(k, m.keys.Endpoint):
		m.edit(func(sc *engine.Scenario) (string, error) {
			return addEndpoint(sc), nil
		}, "added endpoint %s: it calls nothing yet (c chooses what it calls)")
	case key.Matches(k, m.keys.Call):
		m.startConnect()
	case key.Matches(k, m.keys.Breaker):
		p := m.cur()
		var on bool
		m.edit(func(sc *engine.Scenario) (string, error) {
			var err error
			on, err = toggleBreaker(sc, p)
			return p.name, err
		}, "")
		if !m.msgErr {
			m.msg = fmt.Sprintf("took the breaker off the call into %s", p.name)
			if on {
				m.msg = fmt.Sprintf("a breaker with Resilience4j's defaults now guards the call into %s (e sets its numbers)", p.name)
			}
			if n := len(m.sc.Variants); n > 1 {
				// toggleBreaker edits the variant the map shows, not
				// the designs it is compared with.
				m.msg += fmt.Sprintf(", in variant 1 of %d only (%s)", n, inNote(m.sc.Variants[0].Name))
			}
		}
	case key.Matches(k, m.keys.Remove):
		p, before := m.cur(), m.sc
		done := "removed %s"
		if p.kind == partTenant {
			done = "" // the note says where its share went
		}
		m.edit(func(sc *engine.Scenario) (string, error) {
			return p.name, remove(sc, p)
		}, done)
		if p.kind == partTenant && !m.msgErr {
			m.msg = tenantRemovedNote(before, m.sc, p.name)
		}
		if p.kind == partService && !m.msgErr {
			m.msg += goneWith(before, m.sc, p)
		}
	case key.Matches(k, m.keys.Rename):
		p := m.cur()
		m.renaming = p
		m.prompt = &playback.Prompt{Label: "rename " + p.name + " to", Input: p.name, Hint: "a name no other part has"}
		if p.kind == partFront {
			m.prompt = &playback.Prompt{Label: "name the system", Input: m.sc.Name, Hint: "the scenario's name"}
		}
	case key.Matches(k, m.keys.Fault):
		m.startFault()
	case key.Matches(k, m.keys.Shares):
		m.startShares()
	case key.Matches(k, m.keys.Knobs):
		m.form = sandbox.NewKnobForm(m.th, m.sc, 0)
		// What an edit clears and the form has no field for comes back
		// from the built-in, as the sandbox's form brings it back from
		// the scenario it opened.
		m.form.SetBuiltIn(m.origin)
		// At the selected part's knobs, as the sandbox's e opens at the
		// part selected on its map: b's note sends here for a breaker's
		// numbers, which sat a screen or more below the server's.
		if t, ok := mapTarget(&m.sc.Variants[0].System, m.cur()); ok {
			m.form.FocusOn(t)
		}
	case key.Matches(k, m.keys.Undo):
		m.undoOnce()
	case key.Matches(k, m.keys.Play):
		return m, func() tea.Msg { return PlayMsg{Scenario: clone(m.sc), Seed: m.o.Seed} }
	case key.Matches(k, m.keys.Save), k.String() == "w" && m.o.WriteElsewhere != "":
		m.startSave() // over SSH, the words why w does not save
	case key.Matches(k, m.keys.Fresh):
		if m.Unsaved() {
			m.ask = askFresh
			return m, nil
		}
		m.stage = choosing
		m.previewStart()
	}
	return m, nil
}

func back() tea.Msg { return BackMsg{} }

// add is s, d and f: a part the selected one's caller calls (addCallee),
// a service of instances (0: a dependency); done is the note, with %s for
// its name, to which what the learner did not choose is added.
func (m *Model) add(instances int, done string) {
	var note string
	m.edit(func(sc *engine.Scenario) (string, error) {
		name, n, err := addCallee(sc, m.cur(), instances)
		note = n
		return name, err
	}, done)
	if !m.msgErr {
		m.msg += note
	}
}

// quit ends the program, asking first when changes would be lost.
func (m Model) quit() (tea.Model, tea.Cmd) {
	if m.Unsaved() && m.ask != askQuit {
		m.ask = askQuit
		return m, nil
	}
	return m, tea.Quit
}

// AskQuit is the builder asking its ctrl+c question (quit and lose the
// changes, w saves, any other key stays) for a parent that is about to end
// the program from another screen while the system has changes no file
// holds: the draft outlives leaving the builder, not the program. Whatever
// was open over the parts (a prompt, the form, c's choosing, the help)
// closes, as the question takes the key line.
func (m Model) AskQuit() Model {
	if !m.Unsaved() {
		return m
	}
	m.stage, m.showHelp, m.connecting = building, false, false
	m.prompt, m.renaming, m.faulting, m.sharing, m.form = nil, part{}, part{}, false, nil
	m.runPreview()
	m.ask = askQuit
	m.msg, m.msgErr = "quitting breakerlab would lose this system's changes: no file holds them", false
	return m
}

// cur is the selected part.
func (m Model) cur() part {
	if m.sel < 0 || m.sel >= len(m.parts) {
		return part{kind: partFront, name: mappane.FrontName}
	}
	return m.parts[m.sel]
}

func (m *Model) moveSel(d int) {
	if n := len(m.parts); n > 0 {
		m.sel = (m.sel + d + n) % n
	}
}

// edit applies fn to a copy of the system; the copy replaces it, as an
// undo step, when the engine takes it. A refusal leaves everything as it
// was and says why, in the engine's words. done is the note on success,
// with %s for the name fn returns ("" keeps whatever fn's caller sets).
func (m *Model) edit(fn func(sc *engine.Scenario) (string, error), done string) {
	c := clone(m.sc)
	if c == nil {
		m.refuse(check(nil))
		return
	}
	name, err := fn(c)
	if err == nil {
		relabel(m.origin, c)
		err = check(c)
	}
	if err != nil {
		m.refuse(err)
		return
	}
	if reflect.DeepEqual(c, m.sc) {
		m.msg, m.msgErr = "nothing changed", false
		return
	}
	sel := m.cur()
	if name != sel.name {
		sel = part{name: name} // a part added or renamed: found by its name
	}
	m.commit(c, sel)
	if done != "" {
		m.msg = fmt.Sprintf(done, name)
		if !strings.Contains(done, "%s") {
			m.msg = done
		}
	}
}

// refuse shows why an edit was not made.
func (m *Model) refuse(err error) {
	m.msg, m.msgErr = "refused: "+err.Error(), true
}

// commit makes c the system, keeping the one before for undo, and
// selects sel when it is still there (refresh).
func (m *Model) commit(c *engine.Scenario, sel part) {
	m.undo = append(m.undo, state{sc: m.sc, id: m.id, sel: m.cur(), made: m.made})
	m.made = "" // until a key's edit names it (Update): faults played come back without a key
	if len(m.undo) > undoDepth {
		m.undo = m.undo[1:]
	}
	m.nextID++
	m.sc, m.id = c, m.nextID
	m.refresh(sel)
}

// undoOnce goes back one edit.
func (m *Model) undoOnce() {
	if len(m.undo) == 0 {
		m.msg, m.msgErr = "nothing to undo", false
		return
	}
	s := m.undo[len(m.undo)-1]
	m.undo = m.undo[:len(m.undo)-1]
	undid := undoneWhat(m.made)
	m.sc, m.id, m.made = s.sc, s.id, s.made
	m.refresh(s.sel)
	m.msg = fmt.Sprintf("undone%s (%d more to undo)", undid, len(m.undo))
}

// undoneWhat is what u's note names of the edit undone: its note up to
// what the note went on to explain, so that "undone" says which edit went
// (it said only "undone", and the learner looked for the change).
func undoneWhat(note string) string {
	for _, sep := range []string{"; ", ": ", " (", " and what it called"} {
		if i := strings.Index(note, sep); i >= 0 {
			note = note[:i]
		}
	}
	if note == "" {
		return ""
	}
	return ": " + note
}

// refresh lists the parts and draws the map anew, the selection on sel
// (else where it was). Names do not tell parts apart: an endpoint may
// share its name with a dependency, and c copies a leaf under the same
// name to another caller; so the part itself is looked for first (its
// kind, name and caller), then a part of its kind and name, then of its
// name (a part added or renamed, which only the name says).
func (m *Model) refresh(sel part) {
	m.parts = parts(m.sc)
	same := []func(p part) bool{
		func(p part) bool {
			return p.kind == sel.kind && p.name == sel.name && p.caller == sel.caller && p.edge == sel.edge
		},
		func(p part) bool { return p.kind == sel.kind && p.name == sel.name },
		func(p part) bool { return p.name == sel.name },
	}
	for _, match := range same {
		if at := slices.IndexFunc(m.parts, match); at >= 0 {
			m.sel = at
			break
		}
	}
	m.sel = min(max(m.sel, 0), len(m.parts)-1)
	m.runPreview()
}

// begin starts building on sc, with an empty history and no file: a
// new system is saved nowhere yet.
func (m *Model) begin(sc *engine.Scenario) {
	m.sc, m.undo, m.sel, m.origin = sc, nil, 0, nil
	m.savePath, m.saveNote = "", ""
	m.nextID++
	// The start itself loses nothing when left: only edits are unsaved.
	m.id, m.savedID = m.nextID, m.nextID
	m.stage = building
	m.refresh(part{})
}

// chooseKey moves through the starts and opens one.
func (m Model) chooseKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	n := len(m.starts) + 1
	switch {
	case key.Matches(k, m.keys.Top):
		m.pick = 0
		m.previewStart()
	case key.Matches(k, m.keys.Bottom):
		m.pick = n - 1
		m.previewStart()
	case key.Matches(k, m.keys.Leave):
		return m.chooseKey(tea.KeyMsg{Type: tea.KeyEsc}) // what esc does
	case key.Matches(k, m.keys.Quit):
		return m.quit()
	case key.Matches(k, m.keys.Help):
		m.showHelp = true
		m.helpv.Reset()
		m.helpv.SetContent(m.helpLines(), m.w, m.h-2)
	case key.Matches(k, m.keys.Up):
		m.pick = (m.pick + n - 1) % n
		m.previewStart()
	case key.Matches(k, m.keys.Down):
		m.pick = (m.pick + 1) % n
		m.previewStart()
	case key.Matches(k, m.keys.OpenFile):
		m.startOpen()
	case key.Matches(k, m.keys.Open):
		sc := m.startScenario(m.pick)
		if err := check(sc); err != nil {
			m.refuse(err)
			return m, nil
		}
		m.begin(sc)
		if m.pick > 0 {
			m.origin = clone(sc)
		}
		m.msg, m.msgErr = "s adds a service, d a dependency, f a fleet, t a tenant; e sets their knobs; ? lists every key", false
	case k.Type == tea.KeyEsc:
		if m.sc != nil {
			m.stage = building // n changed its mind
			m.runPreview()
			return m, nil
		}
		if m.o.CanGoHome {
			return m, back
		}
	}
	return m, nil
}

// startScenario is start i of the list: 0 the empty server, then the
// built-ins.
func (m Model) startScenario(i int) *engine.Scenario {
	if i == 0 {
		return emptySystem()
	}
	return m.starts[i-1].Build()
}

// startConnect begins c: the learner moves to the part the selected one
// should call and presses enter.
func (m *Model) startConnect() {
	p := m.cur()
	if !p.isCaller() || p.kind == partFront {
		m.msg, m.msgErr = fmt.Sprintf("%s makes no calls of its own: select an endpoint of the front, or a service, then press c", p.name), true
		return
	}
	m.connecting, m.from = true, p
	m.msg = fmt.Sprintf("what should %s call? move to a service or a dependency and press enter; esc cancels", p.name)
}

func (m Model) connectKey(k tea.KeyMsg) Model {
	switch {
	case k.Type == tea.KeyEsc:
		m.connecting = false
		m.msg, m.msgErr = "", false
		// Back on the part c started from, where the learner was.
		m.refresh(m.from)
	case key.Matches(k, m.keys.Up):
		m.moveSel(-1)
	case key.Matches(k, m.keys.Down):
		m.moveSel(1)
	case k.Type == tea.KeyEnter:
		m.connecting = false
		from, to, before := m.from, m.cur(), m.sc
		m.edit(func(sc *engine.Scenario) (string, error) {
			return from.name, connect(sc, from, to)
		}, fmt.Sprintf("%s now calls %s", from.name, to.name))
		if !m.msgErr {
			// Another caller's leaf: said at once, as the map and the
			// list now name the two apart. (An edit that changed nothing
			// keeps its own note.)
			if n := ownCopyNote(&m.sc.Variants[0].System, from, to, !hasLeaf(&before.Variants[0].System, from.callerName(), to.edge)); n != "" && m.sc != before {
				m.msg = n
			}
			m.msg += leftBehind(before, m.sc)
			break
		}
		// A part refused (the front, a loop) keeps the choice open, the
		// refusal above it and the pane's title still asking: it ended c
		// on the refused part, and the learner started over from the
		// caller, now rows away.
		m.connecting = true
	}
	return m
}

// formKey is a key while the knob form is open: enter applies its values
// as one edit (refused fields stay marked), esc closes it unchanged.
func (m Model) formKey(k tea.KeyMsg) Model {
	switch {
	case key.Matches(k, m.keys.FormCancel):
		m.form = nil
		m.msg, m.msgErr = "the knobs are as they were", false
	case key.Matches(k, m.keys.FormApply):
		c := m.form.Build(m.sc)
		if c == nil {
			return m
		}
		relabel(m.origin, c)
		if err := check(c); err != nil {
			m.form.SetErr(err.Error())
			return m
		}
		changes := m.form.Changes(m.sc)
		m.form = nil
		if len(changes) == 0 {
			m.msg, m.msgErr = "no knob changed", false
			return m
		}
		m.commit(c, m.cur())
		m.msg, m.msgErr = "set "+strings.Join(changes, ", "), false
	default:
		m.form.Key(k)
	}
	return m
}

// answer takes the key that answers the open question.
func (m Model) answer(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	q := m.ask
	m.ask = noQuestion
	switch k.String() {
	case "y", "Y":
		switch q {
		case askLeave:
			return m, back
		case askQuit:
			return m, tea.Quit
		case askFresh:
			m.stage = choosing
			m.previewStart()
		case askOverwrite:
			return m, m.write(m.savePath, true)
		}
	case "w":
		if q != askOverwrite {
			m.startSave()
		}
	case "ctrl+c":
		if q == askQuit {
			return m, tea.Quit
		}
		m.ask = askQuit
	default:
		if q == askOverwrite {
			m.prompt = &playback.Prompt{Label: "save the system to", Input: m.savePath, Hint: "kept the file; type another name"}
		}
	}
	return m, nil
}

// startSave asks where to save, offering the last file or the system's
// name.
func (m *Model) startSave() {
	if m.o.WriteElsewhere != "" {
		m.msg, m.msgErr = m.o.WriteElsewhere, false
		return
	}
	path := m.savePath
	if path == "" {
		path = m.sc.Name + ".toml"
	}
	m.prompt = &playback.Prompt{Label: "save the system to", Input: path, Hint: "a .toml file (.toml is added if left out)"}
}

// tomlPath is the file a typed save path means: a scenario file ends in
// .toml (run, sweep and lessons know it by that), added when the name has
// no extension; another extension is refused, naming the one to type.
func tomlPath(path string) (file, note string, err error) {
	ext := filepath.Ext(path)
	switch base := filepath.Base(path); {
	case strings.HasSuffix(path, "/") || strings.HasSuffix(path, string(filepath.Separator)) || base == "." || base == "..":
		// A folder by its spelling: adding .toml wrote "dir/.toml", a
		// hidden file, or "..toml" beside the folder.
		return "", "", fmt.Errorf("%s names a folder; give a file's name in it, such as %s", path, filepath.Join(path, "mine.toml"))
	case strings.EqualFold(ext, ".toml"):
		return path, "", nil
	case ext == "" || strings.HasSuffix(path, "."):
		file = strings.TrimSuffix(path, ".") + ".toml"
		return file, " (.toml added: a scenario file's name ends in it)", nil
	}
	return "", "", fmt.Errorf("a scenario file ends in .toml, not %s: type %s", ext, strings.TrimSuffix(path, ext)+".toml")
}

func (m Model) promptKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch m.prompt.Key(k) {
	case playback.PromptCancelled:
		if m.faulting.kind != 0 || m.sharing || m.renaming.kind != 0 && m.msgErr {
			m.msg, m.msgErr = "", false // what the fault, shares or rename prompt said
		}
		if m.opening && m.msgErr {
			m.msg, m.msgErr = "", false // why the file was not opened
		}
		m.prompt, m.renaming, m.faulting, m.sharing, m.opening = nil, part{}, part{}, false, false
		return m, nil
	case playback.PromptTyping:
		return m, nil
	}
	if m.opening {
		return m.openPrompt(m.prompt.Input)
	}
	if p := m.faulting; p.kind != 0 {
		if m.faultPrompt(p, m.prompt.Input) {
			m.prompt, m.faulting = nil, part{}
		}
		return m, nil
	}
	if m.sharing {
		if m.sharesPrompt(m.prompt.Input) {
			m.prompt, m.sharing = nil, false
		}
		return m, nil
	}
	if p := m.renaming; p.kind != 0 {
		to := strings.TrimSpace(m.prompt.Input)
		m.msg, m.msgErr = "", false // a refusal before this answer's
		m.edit(func(sc *engine.Scenario) (string, error) {
			return to, rename(sc, p, to)
		}, fmt.Sprintf("renamed %s to %s", p.name, to))
		if m.msgErr {
			// A name refused keeps the prompt open with what was typed,
			// as a fault refused does: it closed, and the learner typed
			// the whole name again to change one letter.
			m.prompt.Err = "not renamed: why is above"
			m.prompt.Select() // the next name typed replaces it; backspace edits it
			return m, nil
		}
		m.prompt, m.renaming = nil, part{}
		if p.kind == partFront {
			m.refresh(part{kind: partFront, name: mappane.FrontName})
		}
		return m, nil
	}
	// A refusal before this answer's goes: the last write's "not saved"
	// stayed above a path refused for another reason, naming the wrong
	// path.
	m.msg, m.msgErr = "", false
	typed := strings.TrimSpace(m.prompt.Input)
	path := typed
	if path == "" {
		m.prompt.Err = "type a file name, such as my-system.toml"
		m.prompt.Select() // blanks refused: the name typed next replaces them
		return m, nil
	}
	path, note, err := tomlPath(path)
	if err != nil {
		m.prompt.Err = err.Error()
		m.prompt.Select() // the next name typed replaces it; backspace edits it
		return m, nil
	}
	m.prompt, m.saveNote = nil, note
	return m, m.saveAs(typed, path)
}

// saveName is the scenario's name a file at path gives it: the file's
// name without .toml, as a scenario file left unnamed would be called.
func saveName(path string) string {
	base := filepath.Base(path)
	if ext := filepath.Ext(base); strings.EqualFold(ext, ".toml") {
		return strings.TrimSuffix(base, ext)
	}
	return base
}
