package lessonui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/listnav"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// Picker lists the lessons with their summaries and progress, and
// opens the chosen one in the player; leaving the player comes back here.
type Picker struct {
	o       Options
	lab     *lessons.Lab
	th      *theme.Theme
	keys    keyMap
	help    help.Model
	lessons []*lessons.Lesson
	// nav is the cursor and the `/` filter (tui/internal/listnav).
	nav    listnav.List
	player *Model
	busy   bool
	note   string
	w, h   int
	// rows is each lesson's progress as the list shows it, read from the
	// store when the list is made and again when it comes back into view
	// (a lesson closed, a save merged another window's file): View only
	// draws, where it read and remapped fourteen records a frame.
	rows []pickerRow
	// showHelp: the list's keys in full are on screen (?), until any key.
	showHelp bool
	// recaps is each lesson's recap with its numbers filled, by index in
	// lessons, filled the first time the lesson's detail is drawn.
	recaps map[int][]string
}

// pickerRow is one lesson's progress, and its summary for the list.
type pickerRow struct {
	progress lessons.Progress
	status   string
}

// refresh reads every lesson's progress from the store.
func (p *Picker) refresh() {
	p.rows = make([]pickerRow, len(p.lessons))
	if p.o.Store == nil {
		return
	}
	for i, l := range p.lessons {
		pr := p.o.Store.GetLesson(l)
		p.rows[i] = pickerRow{progress: pr, status: pr.Summary(l)}
	}
}

// refreshLesson reads lesson l's row (by its progress key) from the store
// again, into a copy of the rows: a Picker is a value, and the rows of
// an earlier copy stay as they were.
func (p *Picker) refreshLesson(l *lessons.Lesson) {
	if p.o.Store == nil {
		return
	}
	key := l.ProgressKey()
	for i, o := range p.lessons {
		if o.ProgressKey() != key || i >= len(p.rows) {
			continue
		}
		pr := p.o.Store.GetLesson(o)
		p.rows = slices.Clone(p.rows)
		p.rows[i] = pickerRow{progress: pr, status: pr.Summary(o)}
		return
	}
}

// preparedMsg carries a lesson made ready in the background.
type preparedMsg struct {
	p   *lessons.Prepared
	err error
}

// NewPicker builds the picker over a list of lessons. o.Embedded makes q
// and esc send BackMsg instead of quitting; o.Step is ignored (a lesson
// opens where the learner left it). lab may be nil.
func NewPicker(all []*lessons.Lesson, lab *lessons.Lab, o Options) Picker {
	if o.Theme == nil {
		o.Theme = theme.New(nil)
	}
	if lab == nil {
		lab = lessons.NewLab()
	}
	if o.session == nil {
		// One set for every lesson this picker opens: a lesson closed
		// and opened again keeps this session's answers as this
		// session's (thissession.go).
		o.session = &sessionAnswers{}
	}
	p := Picker{o: o, lab: lab, th: o.Theme, keys: newKeyMap(o.Embedded), help: help.New(), lessons: all, note: o.Notice,
		recaps: map[int][]string{}}
	p.help.Styles = o.Theme.Help
	if o.Embedded {
		p.keys.Quit.SetHelp("q", "back")
	}
	p.refresh()
	if o.Store != nil {
		// Start on the first lesson not yet done.
		for i, r := range p.rows {
			if !r.progress.Done {
				p.nav.Cursor = i
				break
			}
		}
	}
	return p
}

// Init does nothing.
func (p Picker) Init() tea.Cmd { return nil }

// Open reports whether a lesson is open in the player.
func (p Picker) Open() bool { return p.player != nil }

// Update routes messages to the open player, or handles the list.
func (p Picker) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		p.w, p.h = ws.Width, ws.Height
		p.help.Width = max(ws.Width-1, 1) // the help line starts with a space
	}
	switch msg := msg.(type) {
	case BackMsg:
		if p.player != nil {
			p.player = nil
			p.refresh() // the lesson's progress, as the player left it
			return p, nil
		}
	case savedMsg:
		if p.player == nil {
			// A save after the lesson closed may have merged another
			// window's progress into the store.
			p.refresh()
			return p, nil
		}
	case preparedMsg:
		p.busy = false
		if msg.err != nil {
			p.note = msg.err.Error()
			return p, nil
		}
		o := p.o
		o.Embedded, o.Step, o.Notice, o.Lab = true, -1, "", p.lab
		m, err := New(msg.p, o)
		if err != nil {
			p.note = err.Error()
			return p, nil
		}
		next, _ := m.Update(tea.WindowSizeMsg{Width: p.w, Height: p.h})
		mm := next.(Model)
		p.player = &mm
		return p, mm.Init()
	}
	if p.player != nil {
		next, cmd := p.player.Update(msg)
		mm := next.(Model)
		p.player = &mm
		return p, cmd
	}
	if k, ok := msg.(tea.KeyMsg); ok && p.showHelp {
		// The full help: any key closes it; ctrl+c still quits.
		if k.Type == tea.KeyCtrlC {
			return p, tea.Quit
		}
		p.showHelp = false
		return p, nil
	}
	if mm, ok := msg.(tea.MouseMsg); ok && !p.busy {
		if i, ok := p.rowClicked(mm); ok {
			// A click selects a lesson, and one on the lesson selected
			// opens it, as enter does (as the sandbox's tabs take clicks).
			if i == p.nav.Cursor {
				return p.Update(tea.KeyMsg{Type: tea.KeyEnter})
			}
			p.nav.Cursor = i
			return p, nil
		}
	}
	if !p.busy && p.nav.Update(msg, len(p.lessons), p.match) {
		return p, nil
	}
	k, ok := msg.(tea.KeyMsg)
	if ok {
		// A burst of keys ("jj") is taken one key at a time, so that
		// `j j enter` opens the third lesson.
		if next, cmd, split := playback.EachRune(p, k, func(m tea.Model) bool { return m.(Picker).Filtering() }); split {
			return next, cmd
		}
	}
	if !ok || p.busy {
		if ok && k.String() == "ctrl+c" {
			return p, tea.Quit
		}
		return p, nil
	}
	switch {
	case key.Matches(k, p.keys.Help):
		p.showHelp = true
	case key.Matches(k, p.keys.Up), key.Matches(k, p.keys.Prev):
		p.nav.Step(-1, p.nav.Shown(len(p.lessons), p.match), false)
	case key.Matches(k, p.keys.Down), key.Matches(k, p.keys.Next):
		p.nav.Step(1, p.nav.Shown(len(p.lessons), p.match), false)
	case key.Matches(k, p.keys.Submit):
		if len(p.nav.Shown(len(p.lessons), p.match)) == 0 {
			return p, nil
		}
		l, lab := p.lessons[p.nav.Cursor], p.lab
		p.busy, p.note = true, ""
		return p, func() tea.Msg {
			pr, err := lessons.Prepare(l, lab)
			return preparedMsg{pr, err}
		}
	case key.Matches(k, p.keys.Quit), key.Matches(k, p.keys.Back) && p.o.Embedded:
		if p.o.Embedded {
			return p, func() tea.Msg { return BackMsg{} }
		}
		return p, tea.Quit
	}
	return p, nil
}

// View draws the list, or the open player.
func (p Picker) View() string {
	if p.player != nil {
		return p.player.View()
	}
	if p.w <= 0 || p.h <= 0 {
		return ""
	}
	lines := []string{pane.Fit(" "+p.th.Title.Render("breakerlab")+p.th.Dim.Render(" › ")+p.th.Bold.Render("lessons"), p.w), ""}
	if p.showHelp {
		return p.helpView(lines)
	}
	// Each summary is wrapped under its title, never cut: a list too long
	// for the window scrolls with the cursor instead.
	if l := p.nav.Filter.Line(p.th, len(p.nav.Shown(len(p.lessons), p.match)), len(p.lessons)); l != "" {
		lines = append(lines, pane.Fit(" "+l, p.w), "")
	}
	var body []string
	from, to := 0, 0 // the cursor's lesson: its title and summary lines
	for i, l := range p.lessons {
		if !p.match(i, p.nav.Filter) {
			continue
		}
		status, done := p.rows[i].status, p.rows[i].progress.Done
		mark := "  "
		if done {
			mark = p.th.Good.Render("✓ ")
		} else if status != "" {
			mark = p.th.Warn.Render("◐ ")
		}
		title := fmt.Sprintf("%s%d. %s", mark, l.Number, l.Title)
		if status != "" {
			title += p.th.Dim.Render("  · " + status)
		}
		if i == p.nav.Cursor {
			title = p.th.Selected.Render(theme.GlyphCursor + " " + ansi.Strip(title))
			from = len(body)
		} else {
			title = "  " + title
		}
		body = append(body, pane.Fit(title, p.w))
		for _, s := range pane.Wrap(l.Summary, max(p.w-7, 1)) {
			body = append(body, pane.Fit(p.th.Dim.Render("      "+s), p.w))
		}
		if i == p.nav.Cursor {
			to = len(body)
		}
	}
	room := p.h - 2 - len(lines)
	lines = append(lines, scrollList(body, from, to, room, p.th.Dim)...)
	// The rows the list leaves: the steps of the lesson under the cursor.
	if free := room - len(body) - 1; len(body) <= room && free >= pickerDetailMin && p.nav.Cursor < len(p.lessons) {
		lines = append(lines, "")
		lines = append(lines, p.detail(p.nav.Cursor, p.w-2, free)...)
	}
	note := ""
	if p.busy {
		note = " preparing the lesson: running its simulations…"
	} else if p.note != "" {
		note = " " + p.note
	}
	out := pane.Block(lines, p.w, max(p.h-2, 0))
	// As many whole entries as fit, the way out the last to go, as on the
	// other screens.
	out = append(out, pane.Fit(p.th.Warn.Render(note), p.w), playback.KeyLine(p.help, p.shortKeys(), p.w))
	if len(out) > p.h {
		out = out[len(out)-p.h:]
	}
	return strings.Join(out, "\n")
}

// scrollList shows the rows of body that fit in room rows, keeping rows
// from..to (the cursor's lesson) in sight; when some do not fit, the first
// and the last row say how many are above and below.
func scrollList(body []string, from, to, room int, dim lipgloss.Style) []string {
	if room < 3 || len(body) <= room {
		return body
	}
	more := func(n int, where string) string {
		return dim.Render("   " + where + " " + plural(n, "more line", "more lines") + map[string]string{"↑": " above", "↓": " below"}[where])
	}
	// place puts the cursor's rows in the middle of n rows.
	place := func(n int) int {
		if to-from > n {
			return from // a lesson taller than the window: its title first
		}
		return min(max(from-(n-(to-from))/2, 0), len(body)-n)
	}
	// At the top, only a marker below; at the bottom, only one above;
	// else one on each side.
	if start := place(room - 1); start == 0 {
		return append(append([]string(nil), body[:room-1]...), more(len(body)-room+1, "↓"))
	}
	n := room - 2
	start := place(n)
	if start+n >= len(body)-1 {
		n = room - 1
		start = len(body) - n
		return append([]string{more(start, "↑")}, body[start:]...)
	}
	out := append([]string{more(start, "↑")}, body[start:start+n]...)
	return append(out, more(len(body)-start-n, "↓"))
}

// wordFit shortens plain text to a width at a word boundary, with an
// ellipsis, so that a summary is never cut mid-word.
func wordFit(s string, w int) string {
	if w <= 0 || ansi.StringWidth(s) <= w {
		return s
	}
	cut := ansi.Truncate(s, w-1, "")
	// Drop the last word unless the cut fell just before a space.
	if rest := s[len(cut):]; !strings.HasPrefix(rest, " ") {
		if i := strings.LastIndex(cut, " "); i > 0 {
			cut = cut[:i]
		}
	}
	return looseEnd(cut) + "…"
}

// looseEnd is a cut text without what its end may hold that says nothing
// without the words cut after it: spaces, a comma, colon or semicolon,
// or a separator standing alone, as "lesson 1 ·" ended a player's title
// cut beside a classroom's tag.
func looseEnd(s string) string {
	for {
		t := strings.TrimRight(s, " ,;:")
		for _, sep := range []string{" ·", " ›", " •", " |", " /", " —", " –", " -"} {
			if u, ok := strings.CutSuffix(t, sep); ok {
				t = u
				break
			}
		}
		if t == s {
			return s
		}
		s = t
	}
}

// wayOut is the list's way out: esc and q go back inside the home screen;
// on its own (`breakerlab lesson`) q quits.
func (p Picker) wayOut() key.Binding {
	if p.o.Embedded {
		return key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc/q", "back"))
	}
	return p.keys.Quit
}

// shortKeys is the list's key line.
func (p Picker) shortKeys() []key.Binding {
	ks := []key.Binding{pickerUp, pickerDown, pickerOpen, listnav.FilterKey, playback.Brief(p.keys.Help, "keys"), p.wayOut(), listnav.TopKey}
	if p.o.Embedded {
		ks = append(ks, pickerPalette)
	}
	return ks
}

// helpView is the list's keys in full under its title; any key closes it.
func (p Picker) helpView(lines []string) string {
	lines = append(lines, " "+p.th.Bold.Render("Keys"), "")
	full := [][]key.Binding{{pickerUp, pickerDown, listnav.TopKey, listnav.FilterKey}, {pickerOpen, playback.Brief(p.keys.Help, "keys"), p.wayOut()}}
	if p.o.Embedded {
		full[1] = append(full[1], pickerPalette, key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")))
	}
	h := p.help
	h.Width = 0
	for _, l := range strings.Split(h.FullHelpView(full), "\n") {
		lines = append(lines, pane.Fit("   "+l, p.w))
	}
	lines = append(lines, "")
	for _, l := range pane.Wrap("A lesson opens where you left it; inside it, ? lists its own keys. ✓ marks a lesson done, ◐ one started. Any key closes this help.", max(p.w-2, 1)) {
		lines = append(lines, " "+p.th.Dim.Render(l))
	}
	return strings.Join(pane.Block(lines, p.w, p.h), "\n")
}

// The list's own help labels (its keys are the player's).
var (
	pickerUp   = key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up"))
	pickerDown = key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down"))
	pickerOpen = key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open the lesson"))
	// The home screen's palette, which it opens before the key reaches
	// the list.
	pickerPalette = key.NewBinding(key.WithKeys(":"), key.WithHelp(":", "go anywhere"))
)

// Select puts the cursor on the lesson numbered n (lessons.Lesson.Number),
// for a jump from the command palette; false when there is none.
func (p *Picker) Select(n int) bool {
	for i, l := range p.lessons {
		if l.Number == n {
			p.nav.Cursor = i
			return true
		}
	}
	return false
}

// CloseLesson closes the open lesson as leaving it does (its place is
// saved, by the command returned) but without its BackMsg, for a jump from
// the command palette to another screen.
func (p Picker) CloseLesson() (Picker, tea.Cmd) {
	if p.player == nil {
		return p, nil
	}
	pl := p.player
	p.player = nil
	save := pl.save() // puts the lesson's progress in the store
	p.refresh()
	return p, save
}

// match says whether the filter lets lesson i through: its number, title
// or summary holds every word typed.
func (p Picker) match(i int, f listnav.Filter) bool {
	l := p.lessons[i]
	return f.Match(strconv.Itoa(l.Number), l.Title, l.Summary)
}

// Filtering reports whether the list's filter is being typed, when every
// key that prints is text.
func (p Picker) Filtering() bool { return p.player == nil && p.nav.Filter.Typing() }

// pickerDetailMin is the least height the lesson under the cursor is
// drawn at under the list: the frame and four lines.
const pickerDetailMin = 6

// recap is lesson li's recap with its numbers filled as the player's end
// screen fills them. The lines with a placeholder were left out, lesson
// 1's central one among them ("A hung dependency with a 5 s timeout wants
// 500 workers…"); the recaps quote a scenario's parameters, which take no
// run to fill. A line that cannot be filled is still left out.
func (p Picker) recap(li int) []string {
	if lines, ok := p.recaps[li]; ok {
		return lines
	}
	l := p.lessons[li]
	lines := []string{}
	for i, r := range l.Recap {
		filled, err := p.lab.FillLessonText(l, fmt.Sprintf("recap[%d]", i), r)
		if err == nil {
			lines = append(lines, filled)
		}
	}
	if p.recaps != nil {
		p.recaps[li] = lines
	}
	return lines
}

// detail is lesson li in a frame w cells wide and at most h high: its steps
// by title, each marked seen (✓) or not (·) and the one the learner is on
// (▸), what it teaches when the rows are there, and the exercises that
// practise it. Steps that do not fit are counted on the last line.
func (p Picker) detail(li, w, h int) []string {
	l, pr := p.lessons[li], p.rows[li].progress
	seen := map[int]bool{}
	for _, s := range pr.Seen {
		seen[s] = true
	}
	iw := max(w-2, 1)
	var tail []string
	if len(l.Exercises) > 0 {
		tail = pane.Wrap("practise it: breakerlab exercises, "+strings.Join(l.Exercises, ", "), iw)
	}
	// What it teaches, from its recap, when the rows leave the steps room.
	var teaches []string
	for _, r := range p.recap(li) {
		teaches = append(teaches, pane.Wrap("• "+r, iw)...)
	}
	if len(teaches) > 0 && h-2-len(tail)-len(teaches)-2 >= len(l.Steps) {
		tail = append(append([]string{"", "what it teaches:"}, teaches...), tail...)
	}
	// Where enter opens it: the player goes back to the step left.
	open := "enter opens its first step"
	if len(pr.Seen) > 0 {
		open = fmt.Sprintf("enter opens it at step %d, where it was left", min(pr.Step, len(l.Steps)-1)+1)
	}
	if h-2-len(tail)-1 >= len(l.Steps) {
		tail = append(tail, open)
	}
	room := h - 2 - len(tail)
	if room < 2 {
		return nil
	}
	var body []string
	for i, st := range l.Steps {
		if len(body) == room-1 && i < len(l.Steps)-1 {
			body = append(body, p.th.Dim.Render(fmt.Sprintf("↓ %d more steps", len(l.Steps)-i)))
			break
		}
		mark := p.th.Dim.Render("·")
		switch {
		case len(pr.Seen) > 0 && i == pr.Step && !pr.Done:
			mark = p.th.Accent.Render("▸")
		case seen[i]:
			mark = p.th.Good.Render("✓")
		}
		text := fmt.Sprintf("%2d %s", i+1, st.Title)
		switch {
		case st.Predict != nil && st.Question != nil:
			text += p.th.Dim.Render("  · a prediction, a question")
		case st.Predict != nil:
			text += p.th.Dim.Render("  · a prediction")
		case st.Question != nil:
			text += p.th.Dim.Render("  · a question")
		}
		for j, line := range pane.Wrap(text, iw-2) {
			if j > 0 {
				mark = " "
			}
			body = append(body, mark+" "+line)
		}
	}
	for _, t := range tail {
		body = append(body, p.th.Dim.Render(t))
	}
	note := fmt.Sprintf("%d steps", len(l.Steps))
	if s := p.rows[li].status; s != "" {
		note = s
	}
	title, note := pane.Titled(w, []string{fmt.Sprintf("%d. %s", l.Number, l.Title), fmt.Sprintf("lesson %d", l.Number)}, []string{note, fmt.Sprintf("%d steps", len(l.Steps))})
	box := pane.Frame(p.th, w, min(len(body)+2, h), title, note, body)
	for i := range box {
		box[i] = " " + box[i]
	}
	return box
}

// rowClicked is the lesson whose row (its title, or its summary's lines
// under it) a click landed on; ok is false for anything else.
func (p Picker) rowClicked(msg tea.MouseMsg) (int, bool) {
	if !playback.Click(msg) || p.Filtering() {
		return 0, false
	}
	shown := p.nav.Shown(len(p.lessons), p.match)
	lines := strings.Split(ansi.Strip(p.View()), "\n")
	return playback.RowAt(lines, msg.Y, func(l string) (int, bool) {
		// A title row: the cursor or two spaces, a mark, "N. title".
		rest := strings.TrimLeft(l, " "+theme.GlyphCursor+"✓◐")
		if ansi.StringWidth(l)-ansi.StringWidth(rest) > 4 {
			return 0, false // a summary's line, indented 6
		}
		for _, i := range shown {
			if strings.HasPrefix(rest, fmt.Sprintf("%d. %s", p.lessons[i].Number, p.lessons[i].Title)) {
				return i, true
			}
		}
		return 0, false
	}, func(l string) bool { return strings.HasPrefix(l, "      ") && strings.TrimSpace(l) != "" })
}
