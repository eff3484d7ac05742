package drillui

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/palette"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// sideWidth is the session list's width when the window is wide enough to
// show it beside the card (at least wideFrom columns).
const (
	sideWidth = 38
	wideFrom  = 120
	maxText   = 100 // a card's text never runs wider than this
)

// layout is the card column's width and the side list's (0 when hidden):
// a wide window gives the card up to maxText columns and the list the rest,
// up to twice its least width.
func (m Model) layout() (main, side int) {
	if m.w >= wideFrom {
		main = min(m.w-sideWidth-3, maxText)
		return main, min(m.w-main-3, 2*sideWidth)
	}
	return m.w, 0
}

// bodyHeight is the lines the card's body may use.
func (m Model) bodyHeight() int {
	h := m.h - 3 // the title, a blank line, the key help
	if m.note != "" {
		h -= len(pane.Wrap(m.note, max(m.w-2, 1)))
	}
	return max(h, 1)
}

// View draws the screen: the title, the card (or the summary) scrolled to
// fit, the session list on a wide window, a notice, the keys.
func (m Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	if m.inSandbox {
		return m.sb.View()
	}
	if m.listing {
		return m.listView()
	}
	mainW, sideW := m.layout()
	var body []string
	switch {
	case m.showKey:
		body = m.keyLines(mainW)
	case m.phase == loading:
		body = m.para("Loading the deck: the engine computes every number on the cards…", m.th.Dim, mainW)
	case m.phase == summary:
		body = m.summaryLines(mainW)
	default:
		body = m.cardLines(mainW)
	}
	bh := m.bodyHeight()
	if sideW > 0 && !m.showKey && m.phase != loading {
		// A tall window: the card's record and the deck's queue under
		// the card, in the rows it leaves (more.go).
		body = fillBlocks(body, bh, m.cardRecord(mainW))
		body = fillBlocks(body, bh, m.queueRows(mainW, bh-len(body)-1))
	}
	shown := body
	if len(body) > bh {
		// Say there is more on the body's last line, under bh-1 lines of
		// the body: scrolled to the end, the last of them shows.
		rows := max(bh-1, 1)
		scroll := m.scroll
		if m.showKey {
			scroll = m.keyScroll
		}
		top := min(scroll, len(body)-rows)
		shown = append(body[top:top+rows:top+rows], " "+m.th.Dim.Render(fmt.Sprintf("lines %d–%d of %d · pgup/pgdn scroll", top+1, top+rows, len(body))))
		if bh == 1 {
			shown = shown[1:]
		}
	}
	left := pane.Block(shown, mainW, bh)
	if sideW > 0 {
		right := pane.Block(m.sideLines(sideW, bh), sideW, bh)
		sep := " " + m.th.Border.Render("│") + " "
		for i := range left {
			left[i] = left[i] + sep + right[i]
		}
	}
	lines := []string{pane.Fit(m.titleLine(), m.w), strings.Repeat(" ", m.w)}
	for _, l := range left {
		lines = append(lines, pane.Fit(l, m.w))
	}
	if m.note != "" {
		for _, l := range pane.Wrap(m.note, max(m.w-2, 1)) {
			lines = append(lines, pane.Fit(" "+m.th.Warn.Render(l), m.w))
		}
	}
	lines = append(lines, m.keyLine(m.shortHelp(len(body) > bh), m.w))
	return strings.Join(pane.Block(lines, m.w, m.h), "\n")
}

func (m Model) titleLine() string {
	s := " " + m.th.Title.Render("Drill")
	switch m.phase {
	case asking, answered:
		due, fresh, early, again := m.left()
		s += m.th.Subtitle.Render(fmt.Sprintf("  card %d of %d · %d due · %d new", m.i+1, len(m.cards), due, fresh))
		if early > 0 {
			s += m.th.Subtitle.Render(fmt.Sprintf(" · %d early", early))
		}
		if again > 0 {
			// The cards missed this session and put back for another
			// try: counted apart, since they were due or new already.
			s += m.th.Subtitle.Render(fmt.Sprintf(" · %d again", again))
		}
	case summary:
		s += m.th.Subtitle.Render("  session over")
	}
	if t := m.o.Session.Topic; t != "" {
		s += m.th.Subtitle.Render("  · topic " + t)
	}
	if m.o.Session.Review {
		s += m.th.Subtitle.Render("  · review only")
	}
	return s
}

// left counts the cards still to answer, the one on screen included, by
// their schedule when they joined the session: due, new, and opened early
// from the deck list.
func (m Model) left() (due, fresh, early, again int) {
	for j := m.i; j < len(m.cards) && j < len(m.joined); j++ {
		switch m.joined[j] {
		case stateDue:
			due++
		case stateNew:
			fresh++
		case stateAgain:
			again++
		default:
			early++
		}
	}
	return due, fresh, early, again
}

// wrap wraps text to w cells, keeping a number and its unit together
// ("100 s", "20 ms"): a line never starts with the unit alone.
func wrap(s string, w int) []string {
	for _, u := range []string{" ms", " s ", " s.", " s,", " s;", " s:", " s)"} {
		s = strings.ReplaceAll(s, u, "\u00a0"+u[1:])
	}
	if strings.HasSuffix(s, " s") {
		s = s[:len(s)-2] + "\u00a0s"
	}
	lines := pane.Wrap(s, w)
	for i, l := range lines {
		lines[i] = strings.ReplaceAll(l, "\u00a0", " ")
	}
	return lines
}

// para wraps text to w-2 cells behind a one-cell margin.
func (m Model) para(s string, style lipgloss.Style, w int) []string {
	var out []string
	for _, l := range wrap(s, max(w-2, 1)) {
		out = append(out, " "+style.Render(l))
	}
	return out
}

// hanging wraps text behind a lead, the next lines indented as deep. The
// lead is measured in cells: a cursor or a mark in colour carries escapes
// that take none.
func (m Model) hanging(lead, text string, style lipgloss.Style, w int) []string {
	leadW := ansi.StringWidth(lead)
	pad := strings.Repeat(" ", leadW)
	var out []string
	for i, l := range wrap(text, max(w-1-leadW, 1)) {
		if i == 0 {
			out = append(out, " "+lead+style.Render(l))
		} else {
			out = append(out, " "+pad+style.Render(l))
		}
	}
	return out
}

// sourceWords say where a card comes from: the reference or the lesson,
// or for a generated problem its kind and that its numbers are fresh each
// session. The problem's seed, a 19-digit number, told a learner nothing.
func sourceWords(c drill.Card) string {
	if c.Generator != "" {
		return "generated: " + c.Generator + ", new numbers each time"
	}
	return drill.Cite(c.Source)
}

var kindWords = map[drill.Kind]string{drill.Open: "say it out loud", drill.Choice: "pick one", drill.Number: "type a number"}

func (m Model) cardLines(w int) []string {
	c := m.cards[m.i]
	var out []string
	if m.i < len(m.joined) && m.joined[m.i] == stateAgain {
		out = append(out, m.para("Another try: you missed this card earlier in the session.", m.th.Warn, w)...)
	}
	out = append(out, m.para(fmt.Sprintf("%s · %s · %s", c.Topic, kindWords[c.Kind], sourceWords(c)), m.th.Dim, w)...)
	out = append(out, "")
	out = append(out, m.para(c.Question, m.th.Bold, w)...)
	out = append(out, "")
	switch c.Kind {
	case drill.Open:
		if m.phase == asking {
			out = append(out, m.para("Answer it out loud, in order, as you would to an interviewer. Then press space or enter to compare with the model answer.", m.th.Dim, w)...)
			break
		}
		out = append(out, " "+m.th.Accent.Render("A strong answer, in order:"))
		for i, p := range c.Points {
			out = append(out, m.hanging(fmt.Sprintf("%d. ", i+1), p, m.th.Text, w)...)
		}
		if c.FollowUp != "" {
			out = append(out, "")
			out = append(out, m.hanging("Follow-up: ", c.FollowUp, m.th.Subtitle, w)...)
		}
		out = append(out, "")
		if m.gapsOnKeyLine() {
			// The key line, always on screen, shows the gaps: a line
			// here would say them twice, and under a long answer it was
			// below the fold at 80×24.
			out = append(out, m.para("How well did you know it? Grade it with a key below.", m.th.Text, w)...)
			break
		}
		out = append(out, " How well did you know it?")
		out = append(out, " "+m.gradeKeys())
	case drill.Choice:
		for i, o := range c.Choices {
			mark := "  "
			style := m.th.Text
			if m.phase == asking && i == m.cursor {
				mark = m.th.Accent.Render(theme.GlyphCursor) + " "
				style = m.th.Bold
			}
			if m.phase == answered {
				switch {
				case o.Right:
					mark, style = m.th.Good.Render("✓")+" ", m.th.Good
				case i == m.picked:
					mark, style = m.th.Bad.Render("✗")+" ", m.th.Bad
				}
			}
			out = append(out, m.hanging(mark+fmt.Sprintf("%c) ", 'a'+i), o.Text, style, w)...)
		}
		if m.inErr != "" && m.phase == asking {
			out = append(out, "")
			out = append(out, m.para("✗ "+m.inErr+".", m.th.Error, w)...)
		}
		if m.phase == answered {
			out = append(out, "")
			out = append(out, m.verdict()...)
			if p := m.picked; p >= 0 && !c.Choices[p].Right && c.Choices[p].Why != "" {
				out = append(out, m.para(c.Choices[p].Why, m.th.Subtitle, w)...)
			}
			out = append(out, m.explain(c, w)...)
		}
	case drill.Number:
		in := m.input.Value()
		if m.phase == asking {
			in += "▏"
		}
		line := " Your answer: [" + pane.Fit(in, 12) + "]"
		if u := c.Check.GuessUnit(); u != "" && !lessons.TypedWithUnit(m.input.Value()) {
			// The unit a bare number is read in, as the lesson player's
			// box and the poll show it: a share's "%", which a share
			// card's box lacked, though 41 there is read as 41 %. An
			// answer typed with its own ("0.885 s" on a card in ms) is
			// read in that, and "[0.885 s] ms" would say otherwise.
			line += " " + u
		}
		out = append(out, line)
		if m.inErr != "" {
			// A sentence, or two, as the lesson's boxes end it.
			out = append(out, m.para("✗ "+m.inErr+".", m.th.Error, w)...)
		}
		if m.phase == asking {
			out = append(out, "")
			out = append(out, m.para(c.Check.GuessHint(), m.th.Dim, w)...)
			break
		}
		out = append(out, "")
		out = append(out, m.verdict()...)
		if s := c.Check.TypedReading(m.input.Value()); s != "" {
			// A bare share could be a fraction or points: say which it
			// was taken as, right or wrong, as the lesson player does.
			out = append(out, m.para(s, m.th.Dim, w)...)
		}
		if why := c.MisconceptionWhy(m.input.Value()); why != "" && !m.right {
			// The slip a wrong number most likely comes from, as the
			// lesson player names it, where a wrong choice shows its why.
			out = append(out, m.para(why, m.th.Subtitle, w)...)
		}
		out = append(out, m.para("The answer: "+c.AnswerWithUnit(), m.th.Bold, w)...)
		out = append(out, m.explain(c, w)...)
	}
	return out
}

// nothingToDrill says why a session drew no card: no card is due, and the
// new cards are used up or left out by the session's options, named as the
// command line names them (`drill --review` and `--new 0` draw none of
// the cards never seen, which are still there).
func (m Model) nothingToDrill() string {
	const none = "Nothing to drill now: no card is due"
	unseen := m.counts.Unseen
	if unseen == 0 {
		return none + ", and no new card is left in this selection."
	}
	left := fmt.Sprintf("the %d new card%s", unseen, plural(unseen))
	switch {
	case m.o.Embedded:
		return fmt.Sprintf("%s, and this session takes none of %s.", none, left)
	case m.o.Session.Review:
		return fmt.Sprintf("%s, and --review leaves out %s: drill without it to draw some.", none, left)
	}
	return fmt.Sprintf("%s, and --new %d leaves out %s: give --new a number above 0 to draw some.", none, m.o.Session.New, left)
}

// verdict says whether an auto-graded answer was right, in words and a
// symbol (colour is never the only sign).
func (m Model) verdict() []string {
	if m.right {
		return []string{
			" " + m.th.Good.Render("✓ Right.") + m.th.Dim.Render(" enter: good, or grade it yourself:"),
			" " + m.gradeKeys(),
		}
	}
	back := drill.FormatInterval(m.Intervals()[drill.Again])
	if m.i < len(m.cards) && m.cards[m.i].Kind == drill.Number {
		// The check reads a number one way; the learner may have meant
		// the right one in another (a fraction for a percent), and says
		// so with a better grade.
		return []string{
			" " + m.th.Bad.Render("✗ Not this time.") + m.th.Dim.Render(" enter: again; had it in other words? grade it yourself:"),
			" " + m.gradeKeys(),
		}
	}
	// The schedule's interval is when it is due again, not when it is
	// seen again: a card missed comes back in this session first
	// (requeue), and "it comes back in 10m" was followed by the card
	// three cards on.
	words := "it is due again in " + back
	if m.i < len(m.cards) {
		if _, when, again := m.requeueWhen(m.cards[m.i].ID); again {
			words = "back " + when + ", then due in " + back
		}
	}
	return []string{" " + m.th.Bad.Render("✗ Not this time.") + m.th.Dim.Render(" enter: again; "+words)}
}

func (m Model) explain(c drill.Card, w int) []string {
	var out []string
	if c.Explain != "" {
		out = append(out, "")
		out = append(out, m.para(c.Explain, m.th.Text, w)...)
	}
	if c.Scenario != nil {
		out = append(out, "")
		out = append(out, m.para("p plays this problem in the sandbox, with its numbers; esc there comes back.", m.th.Dim, w)...)
	}
	return out
}

// gradeKeys are the four grade keys, each with the interval its grade
// schedules for the card on screen, the scheduler's own figure:
// "1 again 10m · 2 hard 15m · 3 good 1d · 4 easy 4d" for a new card.
func (m Model) gradeKeys() string {
	var parts []string
	for g, d := range m.Intervals() {
		parts = append(parts, m.th.Key.Render(fmt.Sprint(g+1))+" "+drill.Grade(g).String()+" "+m.th.Accent.Render(drill.FormatInterval(d)))
	}
	return strings.Join(parts, m.th.Dim.Render(" · "))
}

func (m Model) summaryLines(w int) []string {
	var out []string
	if m.err != "" {
		return m.para(m.err, m.th.Error, w)
	}
	s := m.sum
	if s.Answered == 0 {
		out = append(out, m.para(m.nothingToDrill(), m.th.Bold, w)...)
	} else {
		done := fmt.Sprintf("Session done: %d card%s reviewed in %s.", s.Cards, plural(s.Cards), spent(s.Spent))
		if tries := s.Answered - s.Cards; tries > 0 {
			// A card missed comes back in the session (requeue): its
			// second try is an answer, not another card.
			word := "tries"
			if tries == 1 {
				word = "try"
			}
			done = fmt.Sprintf("Session done: %d card%s reviewed, and %d more %s at cards missed, in %s.", s.Cards, plural(s.Cards), tries, word, spent(s.Spent))
		}
		out = append(out, m.para(done, m.th.Bold, w)...)
		out = append(out, "")
		out = append(out, m.para(fmt.Sprintf("Right at first try: %d of %d (%.0f%%).", s.RightFirst, s.Cards, 100*float64(s.RightFirst)/float64(s.Cards)), m.th.Text, w)...)
		var g []string
		for i, n := range s.Grades {
			g = append(g, fmt.Sprintf("%s %d", drill.Grade(i), n))
		}
		out = append(out, m.para("Grades: "+strings.Join(g, ", ")+".", m.th.Text, w)...)
	}
	out = append(out, "")
	if !s.NextDue.IsZero() {
		out = append(out, m.para("Next card due: "+m.nextDue(s.NextDue)+".", m.th.Text, w)...)
	}
	out = append(out, m.para(fmt.Sprintf("Due by the end of tomorrow: %d card%s.", s.DueTomorrow, plural(s.DueTomorrow)), m.th.Text, w)...)
	if len(s.Weakest) > 0 {
		out = append(out, "")
		out = append(out, " "+m.th.Accent.Render("Weakest topics (share of answers missed):"))
		for _, t := range s.Weakest {
			out = append(out, fmt.Sprintf("   %-12s %3.0f%% of %d answer%s", t.Topic, 100*t.Missed, t.Answers, plural(t.Answers)))
		}
		out = append(out, "")
		out = append(out, m.para(fmt.Sprintf("Drill one of them with `breakerlab drill --topic %s`.", s.Weakest[0].Topic), m.th.Dim, w)...)
	}
	if m.o.Store == nil {
		out = append(out, "")
		out = append(out, m.para("The schedule is not being saved (no progress directory).", m.th.Warn, w)...)
	}
	return out
}

// spent writes a session's length: "45 s", "4 min 05 s", "1 h 02 min".
func spent(d time.Duration) string {
	d = d.Round(time.Second)
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%d s", d/time.Second)
	case d < time.Hour:
		return fmt.Sprintf("%d min %02d s", d/time.Minute, d%time.Minute/time.Second)
	}
	return fmt.Sprintf("%d h %02d min", d/time.Hour, d%time.Hour/time.Minute)
}

// nextDue says when the next card is due, at the session's clock.
func (m Model) nextDue(t time.Time) string { return drill.DueWhen(t, m.o.Now()) }

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// sideLines list the session's cards with their grades, each card's
// question whole when the list is wide enough to read as a list and the h
// rows have room for it, else its first whole words.
func (m Model) sideLines(w, h int) []string {
	out := []string{m.th.Bold.Render("This session")}
	glyph := map[drill.Grade]string{drill.Again: m.th.Bad.Render("✗"), drill.Hard: m.th.Warn.Render("~"), drill.Good: m.th.Good.Render("✓"), drill.Easy: m.th.Good.Render("✓")}
	// The marks and the dim ink, once a frame rather than once a card.
	dot, cursor, dim := m.th.Dim.Render("·"), m.th.Accent.Render(theme.GlyphCursor), theme.InkOf(m.th.Dim)
	texts := make([][]string, len(m.cards))
	rows := 0
	for i, c := range m.cards {
		texts[i] = m.fits.wrap(c.Topic+": "+c.Question, max(w-2, 1))
		rows += len(texts[i])
	}
	whole := w >= 60 && 1+rows+2 <= h
	for i, c := range m.cards {
		g := dot
		if i < len(m.results) {
			g = glyph[m.results[i].Grade]
		} else if i == m.i && m.phase != summary {
			g = cursor
		}
		if !whole {
			out = append(out, pane.Fit(g+" "+m.fits.fit(c.Topic+": "+c.Question, w-2), w))
			continue
		}
		for k, l := range texts[i] {
			if k == 0 {
				out = append(out, g+" "+l)
			} else {
				out = append(out, "  "+dim.Paint(l))
			}
		}
	}
	out = append(out, "", m.th.Dim.Render("✓ good/easy  ~ hard  ✗ again"))
	// The deck's schedule and its topics under the list, in the rows it
	// leaves (more.go).
	return fillBlocks(out, h, m.scheduleRows(w), m.topicRows(w))
}

// wordsFit keeps the words of s that fit whole in w cells, then " …" when
// some did not: the list names each card by its first words, never by
// half a word ("so eve…" before).
func wordsFit(s string, w int) string {
	if lipgloss.Width(s) <= w {
		return s
	}
	out := ""
	for _, word := range strings.Fields(s) {
		next := word
		if out != "" {
			next = out + " " + word
		}
		if lipgloss.Width(next)+2 > w {
			break
		}
		out = next
	}
	if out == "" {
		return s // one word wider than the list: Fit clips it
	}
	return out + " …"
}

func (m Model) keyLines(w int) []string {
	out := []string{" " + m.th.Bold.Render("Keys"), ""}
	rows := [][2]string{
		{"space", "show the model answer of an open question"},
		{"1 2 3 4", "grade yourself: again, hard, good, easy; each key shows when its grade brings the card back (a wrong pick of a letter stays again)"},
		{"u", "undo the last grade: the card comes back with its schedule as it was"},
		{"↑/↓", "choose an answer; enter picks it"},
		// A letter is the answer, not a move: it picks at once (drillui.go).
		{"a–f", "pick that answer at once"},
		{"0–9 . %", "type a number, with its unit if you like (885 ms, 0.885 s, 41%); ⌫ erases, ctrl+u clears, enter checks it; in the answer q is a letter, and u once it is begun: esc leaves, ctrl+z undoes"},
		{"enter", "next card (an auto-graded card is good when right, again when wrong)"},
		{"pgup/pgdn", "scroll a long card"},
		{"p", "play an answered generated problem in the sandbox, with its numbers"},
		{"l /", "list the whole deck with each card's schedule; / filters it, enter asks a card next"},
		{"esc q", m.wayOut() + "; the schedule is saved after every card"},
	}
	if m.o.Embedded {
		// The home screen's palette, which it opens before the key
		// reaches the drill.
		rows = append(rows, [2]string{palette.Key, "go anywhere: lesson 4, sandbox NAME, challenge 3, home"})
	}
	for _, r := range rows {
		out = append(out, m.hanging(fmt.Sprintf("  %-10s", r[0]), r[1], m.th.Text, w)...)
	}
	out = append(out, "")
	out = append(out, m.para("Again brings a card back in ten minutes; hard, good and easy space it out, easy the most. Any key but pgup/pgdn closes this help.", m.th.Dim, w)...)
	return out
}

// gapsOnKeyLine reports whether a revealed open card's key line has room
// for each grade key's gap ("1 again 10m") beside ? and esc, scrolling left
// to the body's last line: a new card's need 69 columns, gaps in months
// ("4mo", "8.3mo", "10.9mo") 76. A narrower screen keeps the gaps in the
// body, under the answer, and the bare keys on the line.
func (m Model) gapsOnKeyLine() bool { return m.gapKeysW <= m.w }

// keyLine is the key help for bs in w cells. Where the keys do not all
// fit, the extras go first: scrolling (the body's last line names its
// keys), the deck list, undo; then the others as on every screen
// (playback.KeyLine), enter and space, which go on, and esc the last.
func (m Model) keyLine(bs []key.Binding, w int) string {
	k := m.keys
	return playback.KeyLine(m.help, bs, w, k.PageUp.Help().Key, k.List.Help().Key, k.Undo.Help().Key)
}

// shortHelp lists the keys that work now; scrolling only when the body
// does not fit.
func (m Model) shortHelp(scrolls bool) []key.Binding {
	k := m.keys
	k.PageUp.SetEnabled(scrolls)
	switch {
	case m.showKey:
		return nil
	case m.phase == summary:
		k.Undo.SetEnabled(m.canUndo())
		k.List.SetEnabled(len(m.deck) > 0)
		return []key.Binding{key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", m.wayOut())), k.Undo, k.List, k.Quit}
	case m.phase == answered && m.cards[m.i].Kind == drill.Open:
		if m.gapsOnKeyLine() {
			g := m.gapKeys
			return []key.Binding{g[0], g[1], g[2], g[3], k.PageUp, k.Help, k.Quit}
		}
		return []key.Binding{k.Again, k.Hard, k.Good, k.Easy, k.PageUp, k.Help, k.Quit}
	case m.phase == answered && m.cards[m.i].Scenario != nil:
		play := key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "play it"))
		return []key.Binding{k.Next, play, k.PageUp, k.Help, k.Quit}
	case m.phase == answered:
		return []key.Binding{k.Next, k.PageUp, k.Help, k.Quit}
	case m.phase == asking && m.i < len(m.cards):
		switch m.cards[m.i].Kind {
		case drill.Open:
			k.Undo.SetEnabled(m.canUndo())
			return []key.Binding{k.Reveal, k.Undo, k.PageUp, k.List, k.Help, k.Quit}
		case drill.Choice:
			k.Undo.SetEnabled(m.canUndo())
			return []key.Binding{k.Up, k.Pick, k.Undo, k.List, k.Help, k.Quit}
		default:
			// The answer's own keys: u is text once the answer is begun
			// (a unit may have one), where ctrl+z still undoes.
			k.Undo.SetEnabled(m.canUndo())
			if m.input.Value() != "" {
				k.Undo.SetHelp("ctrl+z", "undo grade")
			}
			return []key.Binding{key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "check")), k.Undo, k.Help, k.Quit}
		}
	}
	return []key.Binding{k.Quit}
}
