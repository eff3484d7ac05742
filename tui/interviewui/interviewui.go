// Package interviewui is the mock interview's screen: pick a design prompt,
// write the answer in a text area against a countdown (ten minutes unless
// told otherwise), then grade it against the rubric: each point a strong
// answer says out loud, marked said or not said, with the answer's
// keywords highlighted as hints. The graded interview is saved to the
// progress directory, or, for a student over SSH, shown as text to copy
// and kept nowhere (transcript.go).
//
// Grading is the learner's: each point of the rubric (the model answer) is
// shown beside what the learner wrote, with that point's keywords marked
// as hints, and every point starts not said until the learner marks it
// (y said, n not said, space toggles). Keywords never tick a point.
//
// Leaving never loses what the learner wrote without asking: esc on a
// rubric not saved asks whether to save it, and inside the home screen a
// jump of its palette asks the same, or, over an answer not handed in,
// whether to hand it in (Leaving).
//
// The prompts, the rubric, the hints and the saving belong to lessons/drill;
// this package draws and routes keys, and saves in a tea.Cmd, never in
// View. A wide window's side panel adds the engine's runs of the prompt's
// scenario (runs.go), each design played once in a tea.Cmd, never in
// View, and kept.
// It may import lessons/drill, engine, engine/scenarios and engine/report
// (to describe the prompt's scenario and its designs' outcomes),
// tui/chart (the worst design drawn), tui/sandbox (to play it),
// tui/internal/playback (keys and text typed in a burst), tui/palette (its
// key's name), tui/internal/helpview (the key line fitted to the width),
// tui/theme, tui/pane, bubbletea, bubbles (textarea, cursor, key, help) and
// lipgloss.
package interviewui

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/palette"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textarea"
	tea "github.com/charmbracelet/bubbletea"
)

// DefaultTime is how long a mock interview's answer may take.
const DefaultTime = 10 * time.Minute

// Options configure the mock interview.
type Options struct {
	Theme *theme.Theme
	// Dir is the progress directory the graded interview is saved in; ""
	// saves nothing.
	Dir string
	// Notice is shown at first (why nothing will be saved, say).
	Notice string
	// Review says how a saved interview is read back, where the screens
	// say the answer is saved ("`breakerlab interview --history` reads it
	// back"); "" says nothing of it, as for a student over SSH, whose
	// interviews are saved on the server.
	Review string
	// Prompt opens this prompt's ID at once instead of the list.
	Prompt string
	// Time is the countdown (DefaultTime when zero).
	Time time.Duration
	// Now is the clock (time.Now when nil).
	Now func() time.Time
	// Embedded: leaving sends BackMsg instead of quitting.
	Embedded bool
	// OnScreen keeps nothing on disk, whatever Dir says: the rubric's
	// enter shows the graded interview as text to copy (transcript.go).
	// For a student over SSH, whose saved interviews would stay on the
	// server, out of the student's reach.
	OnScreen bool
	// Sandbox bounds the sweeps of the sandbox a prompt opens
	// (sandbox.Limits); the zero value is the local program's.
	Sandbox sandbox.Limits
}

// BackMsg asks the screen that embeds the interview to take over again.
type BackMsg struct{}

type tickMsg struct{}

type savedMsg struct {
	path string
	// n is the interview's number in `breakerlab interview --history`
	// (1 the oldest), 0 when the history did not read back.
	n   int
	err error
}

type phase int

const (
	picking phase = iota
	writing
	grading
)

type keyMap struct {
	Up, Down, Open, HandIn, Toggle, Yes, No, Save, Help, Quit key.Binding
	// PointUp and PointDown scroll the point's column when its text is
	// longer than the rows it has (a small window).
	PointUp, PointDown key.Binding
	// Left and Right move along the rubric's grid of points; Move is
	// the four arrows' one line of help there.
	Left, Right, Move key.Binding
	// Ask is esc while writing: it asks before it hands the answer in.
	Ask key.Binding
	// Numbers is ctrl+o while writing in a window too narrow for the
	// side panel: the numbers to size with, in place of the answer.
	// The text area takes every printable key, and no ctrl+o of its own.
	Numbers key.Binding
	// Palette is `:`, which means nothing on the list, the rubric and the
	// text: inside the home screen it opens the command palette there, as
	// ctrl+k does everywhere (paletteCmd). Enabled with Embedded.
	Palette key.Binding
}

// asking is the question the screen waits on: none, whether to hand the
// answer in (esc while writing), or whether to save before leaving (esc
// on a rubric not saved).
type asking int

const (
	askNone asking = iota
	askHandIn
	askLeave
	askKeep // leaving a rubric kept nowhere: see it as text first?
	askDrop // leaving an answer not handed in (a palette jump): hand it in?
)

func newKeys() keyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return keyMap{
		Up:      b([]string{"up", "k"}, "↑/↓", "move"),
		Down:    b([]string{"down", "j"}, "↓", "down"),
		Left:    b([]string{"left", "h"}, "←", "left"),
		Right:   b([]string{"right", "l"}, "→", "right"),
		Move:    b([]string{"up", "down", "left", "right"}, "←↑↓→", "move"),
		Open:    b([]string{"enter"}, "enter", "start"),
		HandIn:  b([]string{"ctrl+d"}, "ctrl+d", "hand in"),
		Ask:     b([]string{"esc"}, "esc", "hand in (asks first)"),
		Numbers: b([]string{"ctrl+o"}, "ctrl+o", "the numbers"),
		Toggle:  b([]string{" ", "x"}, "space", "toggle"),
		Yes:     b([]string{"y"}, "y", "said"),
		No:      b([]string{"n"}, "n", "not said"),
		Save:    b([]string{"enter", "s"}, "enter", "save"),
		Help:    b([]string{"?"}, "?", "keys"),
		// J and K, as the lesson player scrolls its second list.
		PointUp:   b([]string{"K", "shift+up"}, "K", "point up"),
		PointDown: b([]string{"J", "shift+down"}, "J", "point down"),
		Quit:      b([]string{"esc", "q"}, "esc", "leave"),
		Palette:   b([]string{":"}, ": "+palette.Key, "go anywhere (lesson 4, sandbox NAME, drill); ctrl+k while you write too, where : is text"),
	}
}

// Model is the mock interview screen.
type Model struct {
	o       Options
	th      *theme.Theme
	keys    keyMap
	help    help.Model
	prompts []drill.Prompt

	phase phase
	pick  int
	// previewTop is the first line of the prompt's text shown under the
	// list, when it is longer than the rows it has there (preview).
	previewTop int
	prompt     drill.Prompt
	area       textarea.Model
	// areaLines are the text area as last drawn, when areaDrawn says they
	// are the area as it is: every change to area clears areaDrawn, and
	// Update draws it again once the message is handled. A frame that
	// leaves the answer as it was (the countdown's tick, once a second)
	// reuses them: the area draws each of its rows with lipgloss, the
	// largest part of such a frame's work.
	areaLines []string
	areaDrawn bool
	started   time.Time
	used      time.Duration
	timeUp    bool

	// The learner's marks, one per point, all false at hand-in; the
	// hints (the point's words are in the answer) and, per point, where.
	said       []bool
	hinted     []bool
	pointSpans [][]drill.Span
	// warned are, per point, the harmful advice the answer gives against
	// it (drill.AnswerWarnings): a ✱ says a point's words are there, a warning
	// that what is there is wrong.
	warned [][]string
	cursor int
	// tallest is how many rows the rubric's tallest point takes, without
	// its blank lines, and longest how many the longest point's own text
	// takes, at the width tallW (tallOK when measured): what showStrip
	// asks, measured in Update (measurePoints) rather than in every frame,
	// since it wraps every point of the rubric.
	tallest, longest, tallW int
	tallOK                  bool
	// rubric is the whole rubric's text wrapped for the main column, in
	// Update (wrappedRubric) rather than in every frame.
	rubric rubricWrap
	// answerWrap is the answer wrapped for the cursor's point, in Update
	// (wrappedAnswer).
	answerWrap answerWrap
	// side is the side panel drawn for its size and what it shows, in
	// Update (wrappedSide) rather than in every frame.
	side sideWrap
	// noteWrap is the notice and the question wrapped for the width, in
	// Update (wrappedNote) rather than in every frame.
	noteWrap noteWrap
	// scroll is the first line of the answer shown beside the point;
	// pointTop the first line of the point's column, when it is longer
	// than its rows.
	scroll   int
	pointTop int
	saved    string
	note     string
	noteErr  bool
	showKey  bool
	// keysPage is the keys' page (?), scrolled where the window is too
	// short for it, as the other screens' keys are (fillKeys).
	keysPage helpview.Model
	// ask is the question on screen (askNone: none).
	ask asking
	// then is where the learner was going when a question about leaving
	// came up from the home screen's palette (Leaving): sent in place of
	// BackMsg once the learner leaves; nil for esc's way out. letGo says
	// the learner answered that question by leaving, so that the palette
	// asks nothing more when then comes back to it.
	then  tea.Msg
	letGo bool
	// reading: the graded interview is on screen as text (OnScreen),
	// from its line readTop; shownText: it has been, since the hand-in.
	reading   bool
	readTop   int
	shownText bool
	w, h      int

	// runs are the engine's runs of the prompts' scenarios, played once
	// each for the side panel in a command (runs.go); shared by the
	// model's copies. runsPending names the scenario whose runs are in
	// flight ("" for none).
	runs        runCache
	runsPending string
	// numbers: the numbers to size with fill the answer's place, opened
	// with ctrl+o below 120 columns, where no panel shows them beside the
	// prompt (numbersShown).
	numbers bool
	// numbersTop is the first line of the numbers page on screen, when
	// the page is taller than the window.
	numbersTop int

	// The sandbox, open on the prompt's scenario from the rubric.
	sb        *sandbox.Model // a pointer: the model is copied on every message
	inSandbox bool
}

// New builds the interview screen; with Options.Prompt set it opens that
// prompt at once (an unknown one is an error).
func New(o Options) (Model, error) {
	if o.Theme == nil {
		o.Theme = theme.New(nil)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Time <= 0 {
		o.Time = DefaultTime
	}
	m := Model{o: o, th: o.Theme, keys: newKeys(), help: help.New(), prompts: drill.Prompts(), note: o.Notice, runs: runCache{},
		keysPage: helpview.New(helpview.DefaultKeys())}
	// esc and q go back to the home screen inside it, else quit.
	m.keys.Quit.SetHelp("esc", m.wayOut())
	m.keys.Palette.SetEnabled(o.Embedded)
	if o.OnScreen {
		o.Dir, o.Review = "", ""
		m.o = o
		m.keys.Save.SetHelp("enter", "as text")
	}
	m.help.Styles = o.Theme.Help
	m.area = m.newArea()
	if o.Prompt != "" {
		p, err := drill.PromptNamed(o.Prompt)
		if err != nil {
			return m, err
		}
		m = m.begin(p)
	}
	return m, nil
}

// newArea builds the text area with the theme's renderer, so that a
// session over SSH gets its own styles, and a cursor that does not blink
// (a steady view for tests and for the projector).
func (m Model) newArea() textarea.Model {
	a := textarea.New()
	s := m.th.R.NewStyle
	st := textarea.Style{Base: s(), CursorLine: s(), CursorLineNumber: m.th.Dim, EndOfBuffer: m.th.Dim,
		LineNumber: m.th.Dim, Placeholder: m.th.Dim, Prompt: m.th.Border, Text: s()}
	a.FocusedStyle, a.BlurredStyle = st, st
	a.ShowLineNumbers = false
	a.Prompt = "│ "
	a.Placeholder = "Say it as you would to the interviewer: each dependency, its timeout, bulkhead, breaker and fallback, with numbers."
	a.CharLimit = 20000
	a.MaxHeight = 0
	a.Cursor.Style = s().Reverse(true)
	a.Cursor.SetMode(cursor.CursorStatic)
	return a
}

func (m Model) begin(p drill.Prompt) Model {
	m.prompt, m.phase, m.started, m.timeUp = p, writing, m.o.Now(), false
	m.area.Reset()
	m.area.Focus()
	m.areaDrawn = false
	m.sizeArea()
	return m
}

// Init starts the countdown when a prompt is open.
func (m Model) Init() tea.Cmd {
	if m.phase == writing {
		return tick()
	}
	return nil
}

func tick() tea.Cmd { return tea.Tick(time.Second, func(time.Time) tea.Msg { return tickMsg{} }) }

// Remaining is the time left to write.
func (m Model) Remaining() time.Duration {
	if m.phase != writing {
		return 0
	}
	return max(0, m.o.Time-m.o.Now().Sub(m.started))
}

// Grading reports whether the rubric is on screen.
func (m Model) Grading() bool { return m.phase == grading }

// Saved is where the graded interview was saved, or "".
func (m Model) Saved() string { return m.saved }

// Update routes messages; after each, the side panel's runs start in a
// command if it needs them (runs.go).
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if r, ok := msg.(runsMsg); ok {
		// Kept here even with the sandbox open, which would not know it.
		nm, cmd := m.gotRuns(r)
		return nm.drawArea().wrappedNote().wrappedSide(), cmd
	}
	if k, ok := msg.(tea.KeyMsg); ok && len(k.Runes) > 1 && m.keysAreCommands() {
		// Keys typed faster than they are read come as one message named
		// by all of them: "yny" on the rubric matched no binding and
		// marked nothing, and "up" matched ↑. Each goes on its own, as if
		// pressed apart; once a key hands the keyboard to the answer box
		// (n at the hand-in question) or the sandbox, the rest go there
		// together, as the box's text or for the sandbox to split.
		if next, cmd, split := playback.EachRune(m, k, takesText); split {
			return next, cmd
		}
	}
	next, cmd := m.update(msg)
	nm, ok := next.(Model)
	if !ok {
		return next, cmd
	}
	nm, run := nm.syncRuns()
	return nm.drawArea().wrappedNote().wrappedRubric().wrappedAnswer().measurePoints().wrappedSide(), tea.Batch(cmd, run)
}

// keysAreCommands is whether a key typed now is a command (on the
// chooser, the rubric, the transcript, a question or the keys' help)
// rather than text for the answer box or a key for the sandbox.
func (m Model) keysAreCommands() bool {
	return !m.inSandbox && (m.phase != writing || m.ask != askNone || m.showKey)
}

// takesText is whether the screen m no longer takes keys as commands: for
// playback.EachRune, which hands it the rest of a burst whole.
func takesText(m tea.Model) bool {
	nm, ok := m.(Model)
	return !ok || !nm.keysAreCommands()
}

// measurePoints measures the rubric's tallest point (tallest) while it is
// graded, when the width or the hints changed since it was measured.
func (m Model) measurePoints() Model {
	if m.phase != grading || m.w <= 0 || m.h <= 0 {
		return m
	}
	if pw, _ := m.pointWidth(); !m.tallOK || pw != m.tallW {
		m.tallest, m.longest = m.tallestPoint(pw)
		m.tallW, m.tallOK = pw, true
	}
	return m
}

// drawArea draws the text area while the answer is written, if it changed
// since it was last drawn (areaLines).
func (m Model) drawArea() Model {
	if m.phase == writing && !m.areaDrawn && m.w > 0 && m.h > 0 {
		m.areaLines, m.areaDrawn = strings.Split(m.area.View(), "\n"), true
	}
	return m
}

// areaView is the text area's lines: as drawn in Update, or drawn now if
// it has changed since.
func (m Model) areaView() []string {
	if m.areaDrawn {
		return m.areaLines
	}
	return strings.Split(m.area.View(), "\n")
}

func (m Model) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.help.Width = msg.Width
		m.sizeArea()
		if m.inSandbox {
			next, cmd := m.sb.Update(msg)
			sb := next.(sandbox.Model)
			m.sb = &sb
			return m, cmd
		}
		return m, nil
	case tickMsg:
		if m.phase != writing {
			return m, nil
		}
		if m.Remaining() <= 0 {
			m.timeUp, m.ask = true, askNone
			return m.handIn(), nil
		}
		return m, tick()
	case savedMsg:
		if msg.err != nil {
			m.note, m.noteErr = "Not saved: "+msg.err.Error(), true
			return m, nil
		}
		m.saved = msg.path
		m.note, m.noteErr = savedNote(msg), false
		return m, nil
	}
	if m.inSandbox {
		if _, ok := msg.(sandbox.BackMsg); ok {
			m.inSandbox = false
			return m, nil
		}
		next, cmd := m.sb.Update(msg)
		sb := next.(sandbox.Model)
		m.sb = &sb
		return m, cmd
	}
	if k, ok := msg.(tea.KeyMsg); ok {
		return m.key(k)
	}
	if m.phase == writing {
		var cmd tea.Cmd
		m, cmd = m.updateArea(msg)
		return m, cmd
	}
	return m, nil
}

// updateArea hands msg to the text area. After more than one character at
// once (a paste, its ctrl+v message too) it scrolls the area to its cursor
// again, once the area has laid the new text out: bubbles' textarea
// scrolls against the lines it last drew, so a pasted answer's end, and
// the cursor with it, stayed below the box until the next key.
func (m Model) updateArea(msg tea.Msg) (Model, tea.Cmd) {
	before := m.area.Length()
	var cmd tea.Cmd
	m.area, cmd = m.area.Update(msg)
	m.areaDrawn = false
	if m.area.Length()-before > 1 {
		m.area.View() // lays the new text out in the area's viewport
		m.area, _ = m.area.Update(nil)
	}
	return m, cmd
}

// wayOut is what esc and q do on the list and the rubric: "back" inside
// the home screen, "quit" on their own.
func (m Model) wayOut() string {
	if m.o.Embedded {
		return "back"
	}
	return "quit"
}

func (m Model) leave() (tea.Model, tea.Cmd) {
	if then := m.then; then != nil {
		m.letGo = true
		return m, func() tea.Msg { return then }
	}
	if m.o.Embedded {
		return m, func() tea.Msg { return BackMsg{} }
	}
	return m, tea.Quit
}

// askBeforeLeaving puts up the question leaving would need, when leaving
// now would lose what the learner wrote: an answer not handed in, a
// rubric not saved, or one kept nowhere and not yet seen as text. It
// reports whether it asked; then is where the learner goes once the
// question is answered by leaving (nil: back, or quit). It is the one
// check of esc on the rubric and of the home screen's palette (Leaving).
func (m Model) askBeforeLeaving(then tea.Msg) (Model, bool) {
	switch {
	case m.letGo:
		return m, false // asked already, and answered by leaving
	case m.phase == writing && strings.TrimSpace(m.area.Value()) != "":
		m.ask = askDrop
	case m.phase == grading && m.o.OnScreen && !m.shownText:
		m.ask = askKeep
	case m.phase == grading && m.saved == "" && m.o.Dir != "":
		m.ask = askLeave
	default:
		return m, false
	}
	// The question is asked on the answer or the rubric themselves, not
	// under the keys or the prompt's sandbox, where it would not show.
	m.then, m.showKey, m.inSandbox = then, false, false
	return m, true
}

// Leaving is how the home screen's palette leaves the interview for
// another place: ok when nothing the learner wrote would be lost, so the
// palette goes at once; else the screen asks first, as esc on the rubric
// does, and sends then (the palette's jump) if the learner leaves.
func (m Model) Leaving(then tea.Msg) (next Model, ok bool) {
	next, asked := m.askBeforeLeaving(then)
	return next.drawArea().wrappedNote().wrappedRubric().wrappedAnswer().measurePoints().wrappedSide(), !asked
}

func (m Model) key(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	if k.Type == tea.KeyCtrlC {
		switch {
		case m.phase == grading && m.saved == "" && !m.o.OnScreen:
			return m, tea.Sequence(m.save(), tea.Quit)
		case m.phase == writing && m.ask != askDrop && strings.TrimSpace(m.area.Value()) != "":
			// A reflex ctrl+c (copy, in many terminals) threw away the
			// whole answer of a timed attempt, which nothing keeps until
			// it is handed in: it asks, as leaving does, and a second
			// ctrl+c quits.
			m.ask, m.then, m.showKey = askDrop, nil, false
			return m, nil
		}
		return m, tea.Quit
	}
	if key.Matches(k, m.keys.Palette) && m.phase != writing && m.ask == askNone {
		// Before the keys' any key: ctrl+k, which the home screen takes
		// before the interview sees it, leaves them open too.
		return m, paletteCmd
	}
	if m.showKey {
		// A page longer than the window scrolls on its keys (j, pgdn, G);
		// any other key closes it, and only closes it.
		m.fillKeys()
		if m.keysPage.Scrollable() && m.keysPage.Update(k) {
			return m, nil
		}
		m.showKey = false
		return m, nil
	}
	if m.ask != askNone {
		return m.answer(k)
	}
	if m.reading {
		return m.transcriptKey(k)
	}
	switch m.phase {
	case picking:
		switch {
		case key.Matches(k, m.keys.Quit):
			return m.leave()
		case key.Matches(k, m.keys.Help):
			m = m.openKeys()
		case key.Matches(k, m.keys.Up):
			m.pick = (m.pick + len(m.prompts) - 1) % len(m.prompts)
			m.previewTop = 0
		case key.Matches(k, m.keys.Down):
			m.pick = (m.pick + 1) % len(m.prompts)
			m.previewTop = 0
		case k.Type == tea.KeyPgDown:
			step, last := m.previewScroll()
			m.previewTop = min(m.previewTop+step, last)
		case k.Type == tea.KeyPgUp:
			step, _ := m.previewScroll()
			m.previewTop = max(m.previewTop-step, 0)
		case key.Matches(k, m.keys.Open):
			m.note = ""
			m = m.begin(m.prompts[m.pick])
			return m, tick()
		}
		return m, nil
	case writing:
		// "left", "up" or "esc" typed in a burst matched the arrow and
		// esc bindings: the word vanished and the cursor moved, or the
		// hand-in question came up. A burst is text (playback.AsText).
		k = playback.AsText(k)
		switch {
		case m.numbersShown():
			// The arrows and pgup/pgdn scroll a page taller than the
			// window; any other key goes back to the answer, and only
			// goes back: a word typed on the numbers page would go
			// nowhere seen.
			step, last := m.numbersScroll()
			switch k.Type {
			case tea.KeyDown:
				m.numbersTop = min(m.numbersTop+1, last)
			case tea.KeyUp:
				m.numbersTop = max(min(m.numbersTop, last)-1, 0)
			case tea.KeyPgDown:
				m.numbersTop = min(m.numbersTop+step, last)
			case tea.KeyPgUp:
				m.numbersTop = max(min(m.numbersTop, last)-step, 0)
			default:
				m.numbers = false
			}
			return m, nil
		case key.Matches(k, m.keys.Numbers) && m.numbersHidden():
			m.numbers, m.numbersTop = true, 0
			return m, nil
		case key.Matches(k, m.keys.HandIn):
			return m.handIn(), nil
		case key.Matches(k, m.keys.Ask):
			// A reflex esc does not end a timed attempt: it asks.
			m.ask = askHandIn
			return m, nil
		}
		return m.updateArea(k)
	}
	// Grading.
	switch {
	case key.Matches(k, m.keys.Quit):
		if next, asked := m.askBeforeLeaving(nil); asked {
			return next, nil
		}
		return m.leave()
	case key.Matches(k, m.keys.Help):
		m = m.openKeys()
	case key.Matches(k, m.keys.Up):
		m = m.point(m.moved(0, -1))
	case key.Matches(k, m.keys.Down):
		m = m.point(m.moved(0, 1))
	case key.Matches(k, m.keys.Left):
		m = m.point(m.moved(-1, 0))
	case key.Matches(k, m.keys.Right):
		m = m.point(m.moved(1, 0))
	case key.Matches(k, m.keys.Toggle):
		m.said[m.cursor] = !m.said[m.cursor]
		m.saved = ""
	case key.Matches(k, m.keys.Yes), key.Matches(k, m.keys.No):
		// Mark and go on to the next point; the last one stays.
		m.said[m.cursor] = key.Matches(k, m.keys.Yes)
		m.saved = ""
		if m.cursor+1 < len(m.said) {
			m = m.point(m.cursor + 1)
		}
	case key.Matches(k, m.keys.Save) && m.o.OnScreen:
		return m.showTranscript(), nil
	case key.Matches(k, m.keys.Save):
		return m, m.save()
	case k.String() == "p":
		return m.play()
	case key.Matches(k, m.keys.PointDown):
		rows, total := m.pointRoom(), len(m.pointColumn(m.cursor, m.gradeRoom()))
		m.pointTop = min(m.pointTop+max(1, rows-3), max(total-(rows-1), 0))
	case key.Matches(k, m.keys.PointUp):
		rows := m.pointRoom()
		m.pointTop = max(0, m.pointTop-max(1, rows-3))
	case k.Type == tea.KeyPgDown:
		m.scroll += max(1, m.answerHeight()-2)
	case k.Type == tea.KeyPgUp:
		m.scroll = max(0, m.scroll-max(1, m.answerHeight()-2))
	}
	return m, nil
}

// paletteCmd hands `:` up to the home screen as its palette's key: the
// home screen opens the palette on that key from any screen, and leaves
// `:` to the screen that is open, since most take it to go to a time.
func paletteCmd() tea.Msg { return tea.KeyMsg{Type: tea.KeyCtrlK} }

// answer takes the key that answers the question on screen. Any answer
// but leaving keeps the learner here, and drops the palette's jump that
// asked (then).
func (m Model) answer(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	q, then := m.ask, m.then
	m.then = nil
	switch s := k.String(); {
	case q == askHandIn && (s == "y" || s == "enter" || key.Matches(k, m.keys.HandIn)):
		m.ask = askNone
		return m.handIn(), nil
	case q == askHandIn && (s == "n" || s == "esc"):
		m.ask = askNone // back to writing; the clock never stopped
	case q == askLeave && (s == "y" || s == "enter" || s == "s"):
		m.ask, m.then = askNone, then
		next, cmd := m.leave()
		return next, tea.Sequence(m.save(), cmd)
	case q == askLeave && s == "n":
		m.ask, m.then = askNone, then
		return m.leave()
	case q == askLeave && s == "esc":
		m.ask = askNone // stay on the rubric
	case q == askKeep && (s == "y" || s == "enter"):
		m.ask = askNone
		return m.showTranscript(), nil
	case q == askKeep && s == "n":
		m.ask, m.then = askNone, then
		return m.leave()
	case q == askKeep && s == "esc":
		m.ask = askNone
	case q == askDrop && s == "y":
		m.ask = askNone
		return m.handIn(), nil
	case q == askDrop && s == "n":
		m.ask, m.then = askNone, then
		return m.leave()
	case q == askDrop && s == "esc":
		m.ask = askNone // back to writing; the clock never stopped
	default:
		m.then = then // a key that answers nothing: the question stays
	}
	return m, nil
}

// question is the question on screen, in words, and its keys.
func (m Model) question() (string, []key.Binding) {
	b := func(k, desc string) key.Binding { return key.NewBinding(key.WithKeys(k), key.WithHelp(k, desc)) }
	q := questionText(m.ask)
	switch m.ask {
	case askHandIn:
		return q, []key.Binding{b("y", "hand in"), b("n", "keep writing")}
	case askLeave:
		return q, []key.Binding{b("y", "save and "+m.leaveWord()), b("n", m.leaveWord()+" without saving"), b("esc", "stay")}
	case askKeep:
		return q, []key.Binding{b("y", "show it"), b("n", m.leaveWord()+" without it"), b("esc", "stay")}
	case askDrop:
		return q, []key.Binding{b("y", "hand in"), b("n", "leave without it"), b("esc", "keep writing")}
	}
	return "", nil
}

// questionText is the question a asks, "" for none: the same text for a
// question wherever the learner goes, so the wrapped notice (noteWrap) is
// kept per question asked, without building its keys in every frame.
func questionText(a asking) string {
	switch a {
	case askHandIn:
		return "Hand your answer in now? The clock stops and the rubric opens."
	case askLeave:
		return "Save this graded interview before you leave?"
	case askKeep:
		return "Nothing of this interview is kept on the server. See it as text to copy before you leave?"
	case askDrop:
		return "Your answer is not handed in, and nothing keeps it once you leave. Hand it in first?"
	}
	return ""
}

// leaveWord is what leaving does, in the questions' keys: back or quit
// (wayOut), or, for the palette's jump, leave.
func (m Model) leaveWord() string {
	if m.then != nil {
		return "leave"
	}
	return m.wayOut()
}

// point moves the grading to point i, with the answer scrolled to the
// first place its words are used.
func (m Model) point(i int) Model {
	m.cursor = i
	m.scroll = max(0, m.firstHintLine(i)-1)
	m.pointTop = 0
	return m
}

// handIn stops the clock and opens the rubric at its first point, every
// point not said: the hints only mark where the answer uses a point's
// words.
func (m Model) handIn() Model {
	m.used = min(m.o.Time, m.o.Now().Sub(m.started))
	m.area.Blur()
	m.areaDrawn = false
	m.phase = grading
	answer := m.area.Value()
	m.hinted, _ = drill.Hints(m.prompt, answer)
	m.said = make([]bool, len(m.prompt.Points))
	m.pointSpans = make([][]drill.Span, len(m.prompt.Points))
	for i, pt := range m.prompt.Points {
		m.pointSpans[i] = drill.HintSpans(pt, answer)
	}
	m.warned = drill.AnswerPointWarnings(m.prompt, answer)
	m.saved, m.shownText, m.reading = "", false, false
	m.then = nil        // a jump asked about while writing waits no longer
	m.tallOK = false    // new hints: measurePoints measures again
	m.rubric.ok = false // a new answer: wrappedRubric wraps it again
	m.answerWrap.ok = false
	m = m.point(0)
	if m.timeUp {
		m.note, m.noteErr = "Time is up: the answer is handed in as it stands.", false
	}
	return m
}

// Interview is the graded interview as it would be saved.
func (m Model) Interview() drill.Interview {
	answer := m.area.Value()
	return drill.Interview{Prompt: m.prompt.ID, Title: m.prompt.Title, Text: m.prompt.Text, Started: m.started, Allowed: m.o.Time, Used: m.used, Answer: answer,
		Points: drill.GradeRubric(m.prompt, answer, m.said)}
}

func (m Model) save() tea.Cmd {
	if m.o.Dir == "" {
		return func() tea.Msg { return savedMsg{err: fmt.Errorf("there is no progress directory")} }
	}
	iv, dir := m.Interview(), m.o.Dir
	return func() tea.Msg {
		path, err := drill.SaveInterview(dir, iv)
		if err != nil {
			return savedMsg{err: err}
		}
		n := 0
		if h, err := drill.LoadInterviews(dir); err == nil {
			n, _, _ = h.Find(path)
		}
		return savedMsg{path: path, n: n}
	}
}

// savedNote says where a graded interview went and how to read it back:
// its number for `interview --history`, which the learner types, rather
// than the file's path alone, which at 80 columns broke in the middle of
// its name and said nothing of how to see the interview again.
func savedNote(msg savedMsg) string {
	if msg.n > 0 {
		return fmt.Sprintf("Saved as interview %d: `breakerlab interview --history %d` prints it again.", msg.n, msg.n)
	}
	return "Saved to " + msg.path
}

// pointsSaid counts the points marked said.
func (m Model) pointsSaid() int {
	n := 0
	for _, s := range m.said {
		if s {
			n++
		}
	}
	return n
}

func clock(d time.Duration) string {
	s := int(d.Round(time.Second).Seconds())
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// play opens the sandbox on the prompt's scenario; esc there comes back.
func (m Model) play() (tea.Model, tea.Cmd) {
	b, ok := scenarios.Lookup(m.prompt.Scenario)
	if !ok {
		m.note, m.noteErr = fmt.Sprintf("The scenario %q is not built in.", m.prompt.Scenario), true
		return m, nil
	}
	sb, err := sandbox.New(sandbox.Options{Theme: m.th, Scenario: b.Build(), Seed: Seed, CanGoHome: true, Limits: m.o.Sandbox,
		BackTo: "back to the interview", Crumbs: []string{"interview"}})
	if err != nil {
		m.note, m.noteErr = "The sandbox did not open: "+err.Error(), true
		return m, nil
	}
	next, _ := sb.Update(tea.WindowSizeMsg{Width: m.w, Height: m.h})
	sb = next.(sandbox.Model)
	m.sb, m.inSandbox = &sb, true
	return m, m.sb.Init()
}

// Seed is the sandbox's seed: the reference documents' own.
const Seed = 5
