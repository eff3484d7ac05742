// Package drillui is the drill's screen: one card at a time from a
// spaced-repetition session (due cards, then new ones), answered by typing
// a number, picking a choice or, for an open question, reading the model
// answer and grading oneself (again, hard, good, easy), and a summary at the
// end: the grades, what is due by tomorrow, the weakest topics. A tall
// window adds, in the rows the card and the session's list leave, the
// card's record, the deck's cards in the order they come, the deck's
// schedule for the week and the deck topic by topic (more.go).
//
// The deck, the session, the schedule and its file belong to lessons/drill;
// this package only draws and routes keys. Loading the deck and saving the
// schedule happen in tea.Cmds, never in View. It may import lessons/drill,
// lessons (for the question types), tui/sandbox (to play a generated
// problem's scenario), tui/theme, tui/pane, tui/internal/form,
// tui/internal/listnav (the deck list's `/`), tui/internal/playback (keys,
// and a number's answer, typed in a burst), tui/internal/helpview (the key
// line fitted to the width), bubbletea, bubbles (key, help) and lipgloss.
package drillui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/form"
	"github.com/breakerlab/breakerlab/tui/internal/listnav"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Options configure the drill.
type Options struct {
	Theme *theme.Theme
	// Deck is the deck to draw from; nil loads drill.Deck() in a command.
	Deck []drill.Card
	// Store keeps the schedule; nil remembers nothing.
	Store *drill.Store
	// Notice is shown above the first card (a schedule set aside, say).
	Notice  string
	Session drill.SessionOptions
	// Now is the clock the schedule reads (time.Now when nil).
	Now func() time.Time
	// Embedded: leaving sends BackMsg instead of quitting.
	Embedded bool
	// Sandbox bounds the sweeps of the sandbox a card opens
	// (sandbox.Limits); the zero value is the local program's.
	Sandbox sandbox.Limits
}

// BackMsg asks the screen that embeds the drill to take over again.
type BackMsg struct{}

type deckMsg struct {
	deck []drill.Card
	err  error
}

type savedMsg struct{ err error }

// undo takes one grade back: the store's record of it, or the card's state
// before it when there is no store.
type undo struct {
	store drill.Undo
	prev  drill.State
	had   bool
	// requeued: the grade was again, and put the card back in the
	// session (requeue), where undoing it takes the copy out.
	requeued bool
}

type phase int

const (
	loading  phase = iota
	asking         // the question is shown
	answered       // the answer is shown, waiting for a grade or for enter
	summary
)

type keyMap struct {
	Up, Down, Pick, Reveal, Again, Hard, Good, Easy, Next, Undo, PageUp, PageDown, List, Help, Quit key.Binding
}

func newKeys() keyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return keyMap{
		Up:       b([]string{"up", "k"}, "↑/↓", "choose"),
		Down:     b([]string{"down", "j"}, "↓", "down"),
		Pick:     b([]string{"enter"}, "enter", "answer"),
		Reveal:   b([]string{" ", "enter"}, "space/enter", "show the answer"),
		Again:    b([]string{"1"}, "1", "again"),
		Hard:     b([]string{"2"}, "2", "hard"),
		Good:     b([]string{"3"}, "3", "good"),
		Easy:     b([]string{"4"}, "4", "easy"),
		Next:     b([]string{"enter", " "}, "enter", "next"),
		Undo:     b([]string{"u", "ctrl+z"}, "u", "undo grade"),
		PageUp:   b([]string{"pgup"}, "pgup/pgdn", "scroll"),
		PageDown: b([]string{"pgdown"}, "pgdn", "scroll"),
		List:     b([]string{"l", "/"}, "l /", "list cards"),
		Help:     b([]string{"?"}, "?", "keys"),
		Quit:     b([]string{"esc", "ctrl+c"}, "esc", "leave"),
	}
}

// Model is the drill screen.
type Model struct {
	o     Options
	th    *theme.Theme
	keys  keyMap
	help  help.Model
	phase phase
	deck  []drill.Card
	cards []drill.Card
	i     int
	err   string
	note  string

	cursor  int        // the choice under the cursor
	picked  int        // the choice picked, or -1
	input   form.Field // a number's answer
	right   bool       // the auto-graded answer was right
	inErr   string     // why a typed answer was not read
	scroll  int
	results []drill.Result
	undos   []undo // one for each result, to take it back
	sum     drill.Summary
	// counts are the session's due and new cards when it started: the
	// due ones come first.
	counts drill.Counts
	// joined is, for each card of the session, its schedule when it
	// joined the session: due, new, or due later (opened early from the
	// deck list).
	joined []cardState
	began  time.Time
	// ivals are the gaps the grade keys show for the card on screen.
	ivals [4]time.Duration
	// gapKeys are the grade keys with those gaps, for the key line, and
	// gapKeysW the cells their key line takes with ? and esc: counted
	// once a card, so a frame only compares it with the width.
	gapKeys  [4]key.Binding
	gapKeysW int
	// local is the schedule when there is no store.
	local   map[string]drill.State
	showKey bool
	// keyScroll is the keys page's first line shown, apart from the
	// card's scroll, which the page must not disturb.
	keyScroll int
	w, h      int

	// The deck list (deck.go), open over the card.
	listing bool
	list    listnav.List

	// The sandbox, open on a generated problem's scenario.
	sb        *sandbox.Model // a pointer: the model is copied on every message
	inSandbox bool

	// fits keeps the deck's texts as View cut them to a width (more.go):
	// the session's list and the queue draw each card's question on every
	// frame, and they are the same until the width changes.
	fits *textFits
}

// New builds the drill. With a deck in the options it draws the session at
// once; otherwise Init loads the deck.
func New(o Options) Model {
	if o.Theme == nil {
		o.Theme = theme.New(nil)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	m := Model{o: o, th: o.Theme, keys: newKeys(), help: help.New(), note: o.Notice, picked: -1, fits: &textFits{}}
	// esc and q go back to the home screen inside it, else quit: the
	// help says which, in the words the other screens use.
	m.keys.Quit.SetHelp("esc", m.wayOut())
	m.help.Styles = o.Theme.Help
	if o.Deck != nil {
		m = m.start(o.Deck)
	}
	return m
}

// Init loads the deck when none was given.
func (m Model) Init() tea.Cmd {
	if m.phase != loading {
		return nil
	}
	return func() tea.Msg {
		d, err := drill.Deck()
		return deckMsg{d, err}
	}
}

// start draws the session's cards from the deck and the schedule.
func (m Model) start(deck []drill.Card) Model {
	deck = reflowed(deck)
	m.deck = deck
	var states map[string]drill.State
	if m.o.Store != nil {
		states = m.o.Store.States()
	}
	so := m.o.Session
	now := m.o.Now()
	if so.Seed == 0 {
		so.Seed = uint64(now.UnixNano())
	}
	m.cards = drill.Draw(deck, states, now, so)
	m.counts = drill.Count(deck, states, now, so)
	m.joined = make([]cardState, len(m.cards))
	for i := range min(m.counts.Due, len(m.joined)) {
		m.joined[i] = stateDue
	}
	m.began = now
	m.i = 0
	m.phase = asking
	if len(m.cards) == 0 {
		m = m.finish()
	}
	m.resetCard()
	return m
}

// resetCard readies the card on screen: nothing picked or typed, and the
// intervals its grade keys show, taken from its schedule now (View reads
// no store).
func (m *Model) resetCard() {
	m.cursor, m.picked, m.right, m.inErr, m.scroll = 0, -1, false, "", 0
	m.input.SetValue("")
	m.ivals = [4]time.Duration{}
	if c, ok := m.Current(); ok {
		m.ivals = m.state(c.ID).Intervals(m.o.Now())
	}
	k := m.keys
	for g, b := range [4]key.Binding{k.Again, k.Hard, k.Good, k.Easy} {
		m.gapKeys[g] = playback.Brief(b, b.Help().Desc+" "+drill.FormatInterval(m.ivals[g]))
	}
	h := m.help
	h.Width = 0 // unbounded: the whole line, as the key line measures it
	m.gapKeysW = ansi.StringWidth(" " + h.ShortHelpView(append(m.gapKeys[:], k.Help, k.Quit)))
}

// Current is the card on screen, if any.
func (m Model) Current() (drill.Card, bool) {
	if m.phase == loading || m.phase == summary || m.i >= len(m.cards) {
		return drill.Card{}, false
	}
	return m.cards[m.i], true
}

// Done reports whether the session has reached its summary.
func (m Model) Done() bool { return m.phase == summary }

// Update routes keys.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
		m.help.Width = msg.Width
		if m.inSandbox {
			next, cmd := m.sb.Update(msg)
			sb := next.(sandbox.Model)
			m.sb = &sb
			return m, cmd
		}
		return m, nil
	case deckMsg:
		if msg.err != nil && len(msg.deck) == 0 {
			m.err = "The deck did not load: " + msg.err.Error()
			m.phase = summary
			return m, nil
		}
		if msg.err != nil {
			m.note = "Part of the deck is missing: " + msg.err.Error()
		}
		return m.start(msg.deck), nil
	case savedMsg:
		if msg.err != nil {
			m.note = "The schedule was not saved: " + msg.err.Error()
		}
		return m, nil
	}
	if k, ok := msg.(tea.KeyMsg); ok && !m.inSandbox && !m.listing && m.typing() {
		// A number's answer takes a burst whole, as text: split into
		// keys, "up" typed fast into an empty answer was u, which undid
		// the last grade, and p, typed into the card brought back.
		msg = playback.AsText(k)
	}
	if k, ok := msg.(tea.KeyMsg); ok && !m.inSandbox && len(k.Runes) > 1 {
		// Keys typed faster than they are read come as one message of
		// several runes ("/bulk"): each goes on its own, so `/` opens the
		// deck list and the rest filter it. (A single key is not handed
		// to EachRune, which would copy the model to the heap for it.)
		if next, cmd, split := playback.EachRune(m, k, func(tea.Model) bool { return false }); split {
			return next, cmd
		}
	}
	if m.listing && !m.inSandbox {
		return m.listUpdate(msg)
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
	return m, nil
}

// InSandbox reports whether a problem's scenario is playing.
func (m Model) InSandbox() bool { return m.inSandbox }

// Seed is the sandbox's seed for a problem's scenario.
const Seed = 5

// play opens the sandbox on the answered problem's scenario, with its
// numbers; esc there comes back to the card.
func (m Model) play() (tea.Model, tea.Cmd) {
	c := m.cards[m.i]
	sb, err := sandbox.New(sandbox.Options{Theme: m.th, Scenario: c.Scenario(), Seed: Seed, CanGoHome: true, Limits: m.o.Sandbox,
		BackTo: "back to the card", Crumbs: []string{"drill"}})
	if err != nil {
		m.note = "The sandbox did not open: " + err.Error()
		return m, nil
	}
	next, _ := sb.Update(tea.WindowSizeMsg{Width: m.w, Height: m.h})
	sb = next.(sandbox.Model)
	m.sb, m.inSandbox = &sb, true
	return m, m.sb.Init()
}

// wayOut is what esc and q do: "back" inside the home screen, "quit" on
// their own.
func (m Model) wayOut() string {
	if m.o.Embedded {
		return "back"
	}
	return "quit"
}

func (m Model) leave() (tea.Model, tea.Cmd) {
	if m.o.Embedded {
		return m, func() tea.Msg { return BackMsg{} }
	}
	return m, tea.Quit
}

func (m Model) key(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	if k.Type == tea.KeyCtrlC {
		return m, tea.Quit
	}
	if m.showKey {
		// A keys page taller than the window says "pgup/pgdn scroll"
		// under it (the embedded one at 80×24): those keys scroll it, any
		// other closes it.
		switch {
		case key.Matches(k, m.keys.PageUp):
			m.keyScroll = max(0, m.keyScroll-max(1, m.bodyHeight()-2))
		case key.Matches(k, m.keys.PageDown):
			mainW, _ := m.layout()
			m.keyScroll = min(m.keyScroll+max(1, m.bodyHeight()-2), max(0, len(m.keyLines(mainW))-max(m.bodyHeight()-1, 1)))
		default:
			m.showKey = false
		}
		return m, nil
	}
	typing := m.typing()
	// u undoes, except in a number's answer already begun, where it may be
	// part of a unit ("16 requests"); ctrl+z undoes there too.
	if key.Matches(k, m.keys.Undo) && m.canUndo() && (!typing || m.input.Value() == "" || k.Type == tea.KeyCtrlZ) {
		return m.undo()
	}
	switch {
	case key.Matches(k, m.keys.Quit), !typing && k.String() == "q":
		return m.leave()
	case key.Matches(k, m.keys.Help):
		// In a number's answer too: no number, unit or percentage has a
		// ?, so it opens the keys there as on every card (a ? in a burst
		// of typing is text, and the answer says it is no number).
		m.showKey, m.keyScroll = true, 0
		return m, nil
	case key.Matches(k, m.keys.List) && !typing && m.phase != loading && len(m.deck) > 0:
		return m.openList(k.String() == "/"), nil
	case key.Matches(k, m.keys.PageUp):
		m.scroll = max(0, m.scroll-max(1, m.bodyHeight()-2))
		return m, nil
	case key.Matches(k, m.keys.PageDown):
		m.scroll += max(1, m.bodyHeight()-2)
		return m, nil
	}
	switch m.phase {
	case loading:
		return m, nil
	case summary:
		if key.Matches(k, m.keys.Next) {
			return m.leave()
		}
		return m, nil
	case answered:
		return m.gradeKey(k)
	}
	c := m.cards[m.i]
	switch c.Kind {
	case drill.Open:
		if key.Matches(k, m.keys.Reveal) {
			m.phase = answered
		}
	case drill.Choice:
		m.inErr = ""
		switch {
		case key.Matches(k, m.keys.Up) && k.String() != "j" && k.String() != "down":
			m.cursor = (m.cursor + len(c.Choices) - 1) % len(c.Choices)
		case key.Matches(k, m.keys.Down):
			m.cursor = (m.cursor + 1) % len(c.Choices)
		case len(k.Runes) == 1 && k.Runes[0] >= 'a' && int(k.Runes[0]-'a') < len(c.Choices):
			m.cursor = int(k.Runes[0] - 'a')
			return m.pick()
		case key.Matches(k, m.keys.Pick):
			return m.pick()
		case k.Type == tea.KeyRunes || k.Type == tea.KeySpace:
			// A letter past the last choice, a digit (1 to 4 grade
			// other cards), space (it shows an open card's answer):
			// nothing happened, and the learner was not told why.
			m.inErr = noChoice(k, len(c.Choices))
		}
	case drill.Number:
		if k.Type == tea.KeyEnter {
			ok, err := c.Check.CheckNumber(m.input.Value())
			if err != nil {
				m.inErr = err.Error()
				return m, nil
			}
			m.right, m.phase = ok, answered
			return m, nil
		}
		m.inErr = ""
		if m.input.Value() == "" {
			k = leadingSpaceDropped(k)
		}
		m.input.Key(k)
	}
	return m, nil
}

// noChoice says that key k picks none of a card's n choices, and which
// keys do.
func noChoice(k tea.KeyMsg, n int) string {
	last := 'a' + rune(n) - 1
	return fmt.Sprintf("%s picks no choice here: press a letter from a to %c, or move with ↑/↓ and press enter", keyName(k), last)
}

// keyName is a pressed key as the key line would name it, quoted when it
// is a character typed.
func keyName(k tea.KeyMsg) string {
	if k.Type == tea.KeySpace {
		return "space"
	}
	return fmt.Sprintf("%q", string(k.Runes))
}

// leadingSpaceDropped is k without the spaces it would begin an empty
// answer with: space shows the answer of an open card, and a learner who
// pressed it on a number's card saw the box begin with a blank (" 16").
// Grading reads the answer trimmed; the box need not show one.
func leadingSpaceDropped(k tea.KeyMsg) tea.KeyMsg {
	if k.Type != tea.KeyRunes && k.Type != tea.KeySpace {
		return k
	}
	i := 0
	for i < len(k.Runes) && k.Runes[i] == ' ' {
		i++
	}
	k.Runes = k.Runes[i:]
	if len(k.Runes) == 0 {
		return tea.KeyMsg{}
	}
	k.Type = tea.KeyRunes
	return k
}

// typing says whether the keys go to a number's answer: a number card
// is asked.
func (m Model) typing() bool {
	return m.phase == asking && m.i < len(m.cards) && m.cards[m.i].Kind == drill.Number
}

func (m Model) pick() (tea.Model, tea.Cmd) {
	c := m.cards[m.i]
	m.picked = m.cursor
	m.right = c.Choices[m.cursor].Right
	m.phase = answered
	return m, nil
}

// gradeKey takes the grade of an answered card: 1–4 for an open card, and
// for an auto-graded one enter (or 1–4 to override: a lucky guess is hard,
// a number right in other words is good).
func (m Model) gradeKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	c := m.cards[m.i]
	if k.String() == "p" && c.Scenario != nil {
		return m.play()
	}
	g := drill.Grade(-1)
	switch {
	case key.Matches(k, m.keys.Again):
		g = drill.Again
	case key.Matches(k, m.keys.Hard):
		g = drill.Hard
	case key.Matches(k, m.keys.Good):
		g = drill.Good
	case key.Matches(k, m.keys.Easy):
		g = drill.Easy
	case c.Kind != drill.Open && key.Matches(k, m.keys.Next):
		g = drill.AutoGrade(m.right)
	}
	if g < 0 {
		return m, nil
	}
	if c.Kind == drill.Choice && !m.right && g != drill.Again {
		// A wrong pick is never graded better than again: a letter has
		// no other words. A typed number has (0.74 for 74%, a figure
		// rounded the other way), so a wrong one takes the learner's
		// own grade when they had it.
		g = drill.Again
	}
	return m.grade(g)
}

// state is a card's schedule: the store's, or the session's own when
// there is no store.
func (m Model) state(id string) drill.State {
	if m.o.Store != nil {
		return m.o.Store.Get(id)
	}
	return m.local[id]
}

// Intervals are the gaps the grade keys of the card on screen schedule, in
// grade order, as the keys show them: drill.State.Intervals of the card's
// schedule when it came on screen. A gap does not depend on the moment it
// is counted from, so the grade given later schedules the same one.
func (m Model) Intervals() [4]time.Duration { return m.ivals }

func (m Model) save() tea.Cmd {
	s := m.o.Store
	if s == nil {
		return nil
	}
	return func() tea.Msg { return savedMsg{s.Save()} }
}

func (m Model) grade(g drill.Grade) (tea.Model, tea.Cmd) {
	c := m.cards[m.i]
	m.results = append(m.results, drill.Result{Card: c, Grade: g})
	var u undo
	if s := m.o.Store; s != nil {
		_, u.store = s.Answer(c.ID, g, m.o.Now())
	} else {
		if m.local == nil {
			m.local = map[string]drill.State{}
		}
		u.prev, u.had = m.local[c.ID]
		m.local[c.ID] = u.prev.Next(g, m.o.Now())
	}
	if strings.HasPrefix(m.note, undonePrefix) || strings.HasPrefix(m.note, missedPrefix) {
		m.note = ""
	}
	if g == drill.Again {
		m, u.requeued = m.requeue(c)
	}
	m.undos = append(m.undos, u)
	save := m.save()
	m.i++
	m.phase = asking
	m.resetCard()
	if m.i >= len(m.cards) {
		m = m.finish()
	}
	return m, save
}

// undonePrefix opens the note an undo leaves until the next grade.
const undonePrefix = "Undone:"

// missedPrefix opens the note a grade of again leaves until the next
// grade: when the card comes back.
const missedPrefix = "Missed:"

// requeueGap is how many other cards come between a card answered again
// and its second try in the same session. Again schedules the card
// Relearn (10 minutes) on, but a session draws its cards once, at the
// start, so a missed card never came back in it and the learner did not
// get to put the miss right until another session. Anki's learning steps
// show such a card again the same sitting, once a few others have pushed
// the answer just read out of short-term memory: a few cards here, or the
// session's end when fewer are left.
const requeueGap = 3

// requeueMost is how many times a card comes back in one session: missed
// that often, it is left to its schedule, so that a learner who misses it
// every time still reaches the session's end.
const requeueMost = 2

// requeue puts card c, just answered again, back in the session
// requeueGap cards on, fresh from the deck (a generated problem's new
// numbers, its choices in a new order, so the second try is not the
// first's letter remembered), and says when it comes back; or, once it
// has come back requeueMost times, says it is left to its schedule.
func (m Model) requeue(c drill.Card) (Model, bool) {
	back, _, again := m.requeueWhen(c.ID)
	if !again {
		if m.note == "" {
			m.note = fmt.Sprintf("%s “%s” has had %d more tries this session; it is due again %s.", missedPrefix, wordsFit(c.Question, 40), back, m.nextDue(m.state(c.ID).Due))
		}
		return m, false
	}
	for _, d := range m.deck {
		if d.ID == c.ID {
			c = m.drawn(d)
			break
		}
	}
	_, when, _ := m.requeueWhen(c.ID)
	at := min(m.i+1+requeueGap, len(m.cards))
	m.cards = slices.Insert(slices.Clip(m.cards), at, c)
	m.joined = slices.Insert(slices.Clip(m.joined), min(at, len(m.joined)), stateAgain)
	if m.note == "" {
		m.note = fmt.Sprintf("%s “%s” comes back %s, for another try.", missedPrefix, wordsFit(c.Question, 40), when)
	}
	return m, true
}

// requeueWhen is what requeue would do with card id, the one on screen,
// answered again now: how many times it has come back this session, and
// whether it comes back once more, when in words ("next", "after 3 more
// cards"). The verdict says it before the grade, as requeue does after.
func (m Model) requeueWhen(id string) (back int, when string, again bool) {
	for j := 0; j <= m.i && j < len(m.joined); j++ {
		if m.joined[j] == stateAgain && m.cards[j].ID == id {
			back++
		}
	}
	if back >= requeueMost {
		return back, "", false
	}
	when = "next"
	if between := min(m.i+1+requeueGap, len(m.cards)) - m.i - 1; between > 0 {
		when = fmt.Sprintf("after %d more card%s", between, plural(between))
	}
	return back, when, true
}

// unqueue takes out the copy requeue put back for card id: the first
// card of that id asked again after the one on screen.
func (m Model) unqueue(id string) Model {
	for j := m.i + 1; j < len(m.cards) && j < len(m.joined); j++ {
		if m.cards[j].ID == id && m.joined[j] == stateAgain {
			m.cards = slices.Delete(slices.Clip(m.cards), j, j+1)
			m.joined = slices.Delete(slices.Clip(m.joined), j, j+1)
			break
		}
	}
	if strings.HasPrefix(m.note, missedPrefix) {
		m.note = ""
	}
	return m
}

// canUndo reports whether there is a grade of this session to take back.
func (m Model) canUndo() bool {
	return m.phase != loading && len(m.undos) > 0 && m.err == ""
}

// undo takes the last grade back: the card's schedule is what it was
// before, its line leaves the review log, and the card is asked again.
func (m Model) undo() (tea.Model, tea.Cmd) {
	u := m.undos[len(m.undos)-1]
	m.undos = m.undos[:len(m.undos)-1]
	r := m.results[len(m.results)-1]
	m.results = m.results[:len(m.results)-1]
	if s := m.o.Store; s != nil {
		s.Undo(u.store)
	} else if u.had {
		m.local[r.Card.ID] = u.prev
	} else {
		delete(m.local, r.Card.ID)
	}
	m.i = len(m.results)
	if u.requeued {
		m = m.unqueue(r.Card.ID)
	} else if strings.HasPrefix(m.note, missedPrefix) {
		m.note = ""
	}
	m.phase = asking
	m.resetCard()
	if m.note == "" || strings.HasPrefix(m.note, undonePrefix) {
		m.note = fmt.Sprintf("%s %s on “%s”; the card is back as it was.", undonePrefix, r.Grade, wordsFit(r.Card.Question, 40))
	}
	return m, m.save()
}

func (m Model) finish() Model {
	m.phase = summary
	var states map[string]drill.State
	if m.o.Store != nil {
		states = m.o.Store.States()
	} else {
		states = m.local
	}
	m.sum = drill.Summarize(m.results, m.deck, states, m.began, m.o.Now())
	return m
}
