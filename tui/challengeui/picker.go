package challengeui

import (
	"fmt"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/internal/listnav"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Picker is the list of challenges, with the stars earned, that the home
// screen opens; enter plays one, and leaving it comes back to the list.
type Picker struct {
	o       Options // Challenge unset: the picker's own
	all     []*challenge.Challenge
	loadErr string
	// nav is the cursor and the `/` filter (tui/internal/listnav).
	nav  listnav.List
	open *Model
	w, h int
	note string
	// keys and help draw the key line and, with ? (showHelp), the full
	// help, as the other lists do.
	keys     pickerKeys
	help     help.Model
	showHelp bool
}

// pickerKeys are the list's keys, for its key line and its full help.
type pickerKeys struct {
	Up, Down, Play, Filter, Top, Help, Back, Quit, Palette key.Binding
}

func newPickerKeys(embedded bool) pickerKeys {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	k := pickerKeys{
		Up:     b([]string{"up", "k"}, "↑/k", "up"),
		Down:   b([]string{"down", "j"}, "↓/j", "down"),
		Play:   b([]string{"enter"}, "enter", "play"),
		Filter: listnav.FilterKey,
		Top:    listnav.TopKey,
		Help:   b([]string{"?"}, "?", "keys"),
		Back:   b([]string{"esc", "q"}, "esc/q", "back"),
		Quit:   b([]string{"q", "ctrl+c"}, "q", "quit"),
		// The home screen's palette, which it opens before the key
		// reaches the list.
		Palette: b([]string{":"}, ":", "go anywhere"),
	}
	k.Back.SetEnabled(embedded)
	k.Palette.SetEnabled(embedded)
	if embedded {
		k.Quit = b([]string{"ctrl+c"}, "ctrl+c", "quit")
	}
	return k
}

// ShortHelp is the key line: inside the home screen esc/q goes back and
// ctrl+c (in the full help) quits.
func (k pickerKeys) ShortHelp() []key.Binding {
	if k.Back.Enabled() {
		return []key.Binding{k.Up, k.Down, k.Play, k.Filter, k.Help, k.Back, k.Palette}
	}
	return []key.Binding{k.Up, k.Down, k.Play, k.Filter, k.Help, k.Quit}
}

// FullHelp is the list's keys in full, for ?.
func (k pickerKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.Top, k.Filter}, {k.Play, k.Help, k.Back, k.Palette, k.Quit}}
}

// NewPicker lists the built-in challenges. o.Embedded makes esc on the list
// send BackMsg.
func NewPicker(o Options) Picker {
	if o.Theme == nil {
		o.Theme = theme.New(nil)
	}
	p := Picker{o: o, note: o.Notice, keys: newPickerKeys(o.Embedded), help: help.New()}
	p.help.Styles = o.Theme.Help
	all, err := challenge.All()
	if err != nil {
		p.loadErr = "The challenges did not load: " + err.Error()
	}
	// The level map's order: grouped by the lesson each follows, the
	// cursor on the level to play next.
	for _, g := range challenge.Map(all) {
		p.all = append(p.all, g.Levels...)
	}
	if next := challenge.Next(p.all, p.stars); next != nil {
		p.nav.Cursor = slices.Index(p.all, next)
	}
	return p
}

// stars is a level's best stars in the progress file.
func (p Picker) stars(id string) int {
	if p.o.Progress == nil {
		return 0
	}
	return p.o.Progress.Get(id).Stars
}

// Open reports whether a challenge is open.
func (p Picker) Open() bool { return p.open != nil }

// Challenge is the open challenge (nil: the list is shown), for a
// classroom server whose teacher's list says which one a student plays.
func (p Picker) Challenge() *challenge.Challenge {
	if p.open == nil {
		return nil
	}
	return p.open.c
}

// Init does nothing until a challenge opens.
func (p Picker) Init() tea.Cmd { return nil }

// Update routes messages to the open challenge, else moves the cursor.
func (p Picker) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		p.w, p.h = ws.Width, ws.Height
	}
	if p.open != nil {
		if _, ok := msg.(BackMsg); ok {
			p.open = nil
			return p, nil
		}
		next, cmd := p.open.Update(msg)
		m := next.(Model)
		p.open = &m
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
	if mm, ok := msg.(tea.MouseMsg); ok {
		if i, ok := p.rowClicked(mm); ok {
			// A click selects a level, and one on the level selected
			// opens it, as enter does (as the sandbox's tabs take clicks).
			if i == p.nav.Cursor {
				return p.Update(tea.KeyMsg{Type: tea.KeyEnter})
			}
			p.nav.Cursor = i
			return p, nil
		}
	}
	if p.nav.Update(msg, len(p.all), p.match) {
		return p, nil
	}
	k, ok := msg.(tea.KeyMsg)
	if !ok || len(p.all) == 0 && k.String() != "esc" && k.String() != "q" && k.Type != tea.KeyCtrlC {
		return p, nil
	}
	shown := p.nav.Shown(len(p.all), p.match)
	switch {
	case key.Matches(k, p.keys.Back):
		return p, func() tea.Msg { return BackMsg{} }
	case key.Matches(k, p.keys.Quit):
		return p, tea.Quit
	case key.Matches(k, p.keys.Help):
		p.showHelp = true
		return p, nil
	}
	switch k.String() {
	case "up", "k":
		p.nav.Step(-1, shown, true)
	case "down", "j":
		p.nav.Step(1, shown, true)
	case "enter":
		if len(shown) == 0 {
			return p, nil
		}
		o := p.o
		o.Challenge, o.Embedded, o.Notice = p.all[p.nav.Cursor], true, ""
		m, err := New(o)
		if err != nil {
			p.note = err.Error()
			return p, nil
		}
		next, _ := m.Update(tea.WindowSizeMsg{Width: p.w, Height: p.h})
		m = next.(Model)
		p.open = &m
		return p, m.Init()
	}
	return p, nil
}

// View draws the open challenge, or the list: exactly the window's size.
func (p Picker) View() string {
	if p.open != nil {
		return p.open.View()
	}
	if p.w <= 0 || p.h <= 0 {
		return ""
	}
	th := p.o.Theme
	// As wide as the widest row, so a large window does not wrap the
	// summaries in a narrow column beside blank cells.
	w := p.w - 2
	lines := []string{"", th.Title.Render("Challenges"), th.Subtitle.Render(titleFit("turn the knobs until every goal holds on every seed", w)), ""}
	if p.showHelp {
		return p.helpView(lines, w)
	}
	if p.loadErr != "" {
		lines = append(lines, pane.Wrap(th.Error.Render(p.loadErr), w)...)
	}
	idW := 0
	for _, c := range p.all {
		idW = max(idW, ansi.StringWidth(c.Title))
	}
	starsW := ansi.StringWidth(challenge.StarsText(0))
	withSummary := w-(2+min(idW, w/2)+3+2+starsW+2) >= 20
	if withSummary {
		// The summary column needs its room: titles get half the line.
		idW = min(idW, w/2)
	} else {
		// No summary beside the titles: they get what the line has but
		// the stars' column, so the stars line up and a title goes on
		// under itself rather than be cut. Cut to one line, at 30
		// columns levels 1 to 3 all read "Size a …". The column is as
		// wide as the "next" tag too, which goes under the stars where
		// its row has no room for it beside them: held on every row,
		// the tag's cells cost every title five.
		idW = max(min(idW, w-2-3-2-max(starsW, len(nextTag))), 1)
	}
	var list []string
	at := 0
	next := challenge.Next(p.all, p.stars)
	if l := p.nav.Filter.Line(th, len(p.nav.Shown(len(p.all), p.match)), len(p.all)); l != "" {
		lines = append(lines, l, "")
	}
	prevAfter := -1
	for i, c := range p.all {
		if !p.match(i, p.nav.Filter) {
			continue
		}
		if c.After != prevAfter {
			prevAfter = c.After
			head := "· other levels ·"
			if c.After > 0 {
				head = fmt.Sprintf("· after lesson %d ·", c.After)
			}
			list = append(list, th.Dim.Render(head))
		}
		stars := challenge.StarsText(p.stars(c.ID))
		used := 2 + idW + 3 + 2 + starsW + 2
		// The tag beside the stars where the row has room for it, else
		// under them (tagBelow).
		tagBelow := c == next && !withSummary && used-2+1+len(nextTag) > w
		if c == next && !tagBelow {
			stars += " " + nextTag
		}
		mark := "  "
		titleLines := []string{titleFit(c.Title, idW)}
		if !withSummary {
			titleLines = pane.Wrap(c.Title, idW)
		}
		title := pane.Fit(fmt.Sprintf("%2d %s", c.Number, titleLines[0]), idW+3)
		if i == p.nav.Cursor {
			mark = th.Accent.Render("▸ ")
			title = th.Bold.Render(title)
		}
		head := mark + title + "  " + th.Accent.Render(stars)
		if withSummary {
			// The " next" tag's cells come off the first line only: its
			// width left them out, and the line lost a word ("keep that
			// un…"). The lines under it line up with the other rows'.
			first := w - used - (ansi.StringWidth(stars) - ansi.StringWidth(challenge.StarsText(0)))
			sum := wrapFirst(c.Summary, first, w-used)
			list = append(list, head+"  "+th.Dim.Render(sum[0]))
			for _, l := range sum[1:] {
				list = append(list, strings.Repeat(" ", used)+th.Dim.Render(l))
			}
		} else {
			list = append(list, head)
			if tagBelow && len(titleLines) == 1 {
				titleLines = append(titleLines, "")
			}
			for j, l := range titleLines[1:] {
				l = pane.Fit(l, idW)
				if i == p.nav.Cursor {
					l = th.Bold.Render(l)
				}
				l = strings.Repeat(" ", 5) + l
				if j == 0 && tagBelow {
					l += "  " + th.Accent.Render(nextTag)
				}
				list = append(list, l)
			}
		}
		if i == p.nav.Cursor {
			at = len(list) - 1 // the item's last line: all of it stays on screen
		}
	}
	// As many whole entries as fit, the way out the last to go (as on
	// the other screens).
	keys := strings.TrimPrefix(playback.KeyLine(p.help, p.keys.ShortHelp(), w+1), " ")
	var foot []string
	if p.note != "" {
		foot = append(foot, pane.Wrap(p.note, w)...)
	}
	foot = append(foot, "", keys)
	// Scroll the list so the cursor stays on screen.
	room := max(p.h-len(lines)-len(foot), 1)
	start := 0
	if at >= room {
		start = at - room + 1
	}
	end := min(start+room, len(list))
	if end < len(list) && room > 1 {
		// Say that the list goes on, on the last line it has.
		end--
		if at >= end {
			start, end = start+1, end+1
		}
	}
	lines = append(lines, list[start:end]...)
	if end < len(list) {
		lines = append(lines, th.Dim.Render("  ↓ more below"))
	}
	// The rows the list leaves: the challenge under the cursor, its brief,
	// goals and par (pickerDetail).
	if free := p.h - len(foot) - len(lines) - 1; end == len(list) && free >= detailMin && p.nav.Cursor < len(p.all) {
		lines = append(lines, "")
		lines = append(lines, p.detail(p.all[p.nav.Cursor], w, free)...)
	}
	for len(lines) < p.h-len(foot) {
		lines = append(lines, "")
	}
	lines = append(lines, foot...)
	for i := range lines {
		lines[i] = " " + lines[i]
	}
	return strings.Join(pane.Block(lines, p.w, p.h), "\n")
}

// wrapFirst wraps s in lines of width rest, the first of width first:
// whole words, as pane.Wrap does.
func wrapFirst(s string, first, rest int) []string {
	words := strings.Fields(s)
	n, w := 0, 0
	for n < len(words) {
		ww := ansi.StringWidth(words[n])
		if n > 0 {
			ww++
		}
		if w+ww > first && n > 0 {
			break
		}
		w += ww
		n++
	}
	out := []string{strings.Join(words[:n], " ")}
	if n < len(words) {
		out = append(out, pane.Wrap(strings.Join(words[n:], " "), rest)...)
	}
	return out
}

// titleFit shortens a level's title to w cells after its last whole word
// that fits, then " …": "Size a timeout against the p…" read as a word the
// title does not have. The space sets the ellipsis apart as a mark, as
// the screens' other shortened texts have it, not a word cut short.
func titleFit(title string, w int) string {
	if ansi.StringWidth(title) <= w {
		return title
	}
	if w < 3 {
		return strings.Repeat("…", min(max(w, 0), 1))
	}
	kept := ansi.Truncate(title, w-2, "")
	if !strings.HasPrefix(title[len(kept):], " ") {
		// The cut fell inside a word: end before it.
		sp := strings.LastIndexByte(kept, ' ')
		if sp <= 0 {
			return "…" // not even the first word fits
		}
		kept = kept[:sp]
	}
	return strings.TrimRight(kept, " ,;:·") + " …"
}

// nextTag marks the level to play next in the list.
const nextTag = "next"

// helpView is the list's keys in full, under its title lines: any key
// closes it.
func (p Picker) helpView(lines []string, w int) string {
	th := p.o.Theme
	lines = append(lines, th.Bold.Render("Keys"), "")
	p.help.Width = 0
	for _, l := range strings.Split(p.help.FullHelpView(p.keys.FullHelp()), "\n") {
		lines = append(lines, "  "+l)
	}
	lines = append(lines, "")
	lines = append(lines, pane.Wrap("enter opens the level under the cursor; inside it, ? lists its own keys. Any key closes this help.", w)...)
	for len(lines) < p.h {
		lines = append(lines, "")
	}
	for i := range lines {
		lines[i] = " " + lines[i]
	}
	return strings.Join(pane.Block(lines, p.w, p.h), "\n")
}

// Select puts the cursor on the challenge numbered n, for a jump from the
// command palette; false when there is none.
func (p *Picker) Select(n int) bool {
	for i, c := range p.all {
		if c.Number == n {
			p.nav.Cursor = i
			return true
		}
	}
	return false
}

// CloseLevel closes the open challenge as esc does (its design is kept for
// next time) but without its BackMsg, for a jump from the command palette.
func (p Picker) CloseLevel() Picker {
	if p.open != nil {
		p.open.leave()
		p.open = nil
	}
	return p
}

// match says whether the filter lets challenge i through: its number,
// title or summary holds every word typed.
func (p Picker) match(i int, f listnav.Filter) bool {
	c := p.all[i]
	return f.Match(fmt.Sprint(c.Number), c.Title, c.Summary)
}

// Filtering reports whether the list's filter is being typed, when every
// key that prints is text.
func (p Picker) Filtering() bool { return p.open == nil && p.nav.Filter.Typing() }

// detailMin is the least height the detail under the list is drawn at:
// the frame and four lines.
const detailMin = 6

// detail is the challenge c in a frame w cells wide and at most h high:
// its brief, then each goal with its bound and the par with its unit, as
// the challenge's own screen words them; a brief longer than the rows
// ends with a line saying i shows it whole.
func (p Picker) detail(c *challenge.Challenge, w, h int) []string {
	th := p.o.Theme
	iw := max(w-2, 1)
	var tail []string
	for _, g := range c.Goals {
		tail = append(tail, pane.Wrap("goal: "+g.Label+"  "+g.WantText(), iw)...)
	}
	name, bound := c.Par.Parts()
	par := "par: " + name
	if bound != "" {
		par += "  " + bound // set apart as a goal's bound is
	}
	tail = append(tail, pane.Wrap(par, iw)...)
	brief := pane.Wrap(c.Brief, iw)
	room := h - 2 - len(tail) - 1
	if room < 1 {
		return nil
	}
	if len(brief) > room {
		brief = append(brief[:room-1], th.Dim.Render("… enter opens it; i there shows the whole brief"))
	}
	body := append(brief, "")
	for _, l := range tail {
		body = append(body, th.Dim.Render(l))
	}
	title := fmt.Sprintf("%d %s", c.Number, c.Title)
	return pane.Frame(th, w, len(body)+2, title, challenge.StarsText(p.stars(c.ID)), body)
}

// rowClicked is the level whose row (its title, or its summary's lines
// under it) a click landed on; ok is false for anything else.
func (p Picker) rowClicked(msg tea.MouseMsg) (int, bool) {
	if !playback.Click(msg) || p.nav.Filter.Typing() {
		return 0, false
	}
	shown := p.nav.Shown(len(p.all), p.match)
	lines := strings.Split(ansi.Strip(p.View()), "\n")
	return playback.RowAt(lines, msg.Y, func(l string) (int, bool) {
		// A level's row: the cursor or two spaces, then its number.
		rest := strings.TrimLeft(l, " ▸")
		if ansi.StringWidth(l)-ansi.StringWidth(rest) > 5 {
			return 0, false // a summary's line, indented under its first
		}
		num, title, _ := strings.Cut(rest, " ")
		for _, i := range shown {
			c := p.all[i]
			if num == fmt.Sprint(c.Number) && strings.HasPrefix(c.Title, strings.TrimSuffix(strings.Fields(title + " x")[0], "…")) {
				return i, true
			}
		}
		return 0, false
	}, func(l string) bool {
		// A title's lines under its first, or a summary's: indented past
		// the cursor and the number.
		return strings.HasPrefix(l, "      ") && strings.TrimSpace(l) != ""
	})
}
