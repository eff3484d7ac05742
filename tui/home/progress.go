package home

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// The progress panes: what a tall window shows under the menu and its
// live picture, rather than blank rows. One pane each for the lessons,
// the challenges, the exercises and the drill, side by side, as many as
// the width holds: every lesson with how far the learner got in it (the
// one c continues marked), every challenge with its stars, every exercise
// with its status as the runner and `breakerlab exercises list` say it,
// the drill's cards. The figures are the progress files' (read
// in commands, invites.go), the same the menu's items sum up.

// progressRow is one line of a progress pane: a mark (✓ done, ◐ started,
// as the lesson list marks them, → the one c goes on with, ✗ an exercise
// done once and failing now, as the runner marks it, · not yet, or stars),
// the item, and a figure after it. ▸ is the menu's cursor alone.
type progressRow struct {
	mark, text, figure string
	// short is text said shorter, for a narrow pane ("" : text).
	short      string
	done, next bool
	// failing: done, but its code fails now (drawn as a failure, though
	// the pane counts it done).
	failing bool
}

// width is the cells the row takes with its text long or short, the
// figure two cells after it.
func (r progressRow) width(short bool) int {
	t := r.text
	if short && r.short != "" {
		t = r.short
	}
	w := ansi.StringWidth(r.mark) + 1 + ansi.StringWidth(t)
	if r.figure != "" {
		w += 2 + ansi.StringWidth(r.figure)
	}
	return w
}

// lessonRow is a lesson's line: done, started (at which step), or not.
func lessonRow(l *lessons.Lesson, pr lessons.Progress) progressRow {
	r := progressRow{mark: "·", text: fmt.Sprintf("%2d %s", l.Number, l.Title)}
	if head, _, ok := strings.Cut(l.Title, ":"); ok {
		r.short = fmt.Sprintf("%2d %s", l.Number, head) // "Timeouts", "Bulkheads"
	}
	switch {
	case pr.Done:
		r.mark, r.done = "✓", true
	case len(pr.Seen) > 0:
		r.mark, r.figure = "◐", fmt.Sprintf("step %d of %d", pr.Step+1, len(l.Steps))
	}
	return r
}

// challengeRow is a challenge's line: its stars, filled as earned.
func challengeRow(c *challenge.Challenge, stars int) progressRow {
	stars = min(max(stars, 0), 3)
	return progressRow{mark: strings.Repeat("★", stars) + strings.Repeat("☆", 3-stars),
		text: fmt.Sprintf("%2d %s", c.Number, c.Title), done: stars == 3}
}

// exerciseRow is an exercise's line, by its status (Workbook.Status, what
// the runner and `breakerlab exercises list` say): ✓ done, ✗ done but
// failing now, ✓ done and changed since, ✗ failing (never passed), ·
// pending. A pass sticks, so the done ones count as done; the figure says
// what list adds after "done, ", or "failing".
func exerciseRow(e exercises.Exercise, st exercises.Status) progressRow {
	r := progressRow{mark: "·", text: e.ID() + " " + e.Title, short: e.Name}
	switch st {
	case exercises.Done:
		r.mark, r.done = "✓", true
	case exercises.DoneFailing:
		r.mark, r.done, r.failing = "✗", true, true
		r.figure = strings.TrimPrefix(st.String(), "done, ")
	case exercises.DoneChanged:
		r.mark, r.done = "✓", true
		r.figure = strings.TrimPrefix(st.String(), "done, ")
	case exercises.TestsMissing:
		r.mark, r.failing = "✗", true
		r.figure = st.String()
	case exercises.Failing:
		// Never passed, and its code fails as last checked: marked as
		// the runner marks it, not as one never started.
		r.mark, r.failing = "✗", true
		r.figure = st.String()
	}
	return r
}

// progressPane is one pane's content: a title, its note (the sum), and
// its rows; focus is the row to keep in sight when they do not all fit.
type progressPane struct {
	title, note string
	rows        []progressRow
	focus       int
}

// progressPanes are the panes there is something for, in the order they
// are laid out: lessons, challenges, exercises, drill.
func (m Model) progressPanes() []progressPane {
	var out []progressPane
	if l := m.lessonsDone; len(l.rows) > 0 {
		p := progressPane{title: "Lessons", note: fmt.Sprintf("%d of %d done", l.done, l.total), rows: append([]progressRow(nil), l.rows...), focus: -1}
		if l.next != nil {
			for i := range p.rows {
				if strings.HasPrefix(strings.TrimSpace(p.rows[i].text), fmt.Sprintf("%d ", l.next.Number)) {
					r := &p.rows[i]
					// c goes on with it (the key line says so), from the
					// step its figure names.
					r.next, r.mark, p.focus = true, "→", i
					break
				}
			}
		}
		out = append(out, p)
	}
	if c := m.chStars; len(c.rows) > 0 {
		p := progressPane{title: "Challenges", note: c.String(), rows: c.rows, focus: -1}
		for i, r := range c.rows {
			if !r.done {
				p.focus = i // the first with a star to earn
				break
			}
		}
		out = append(out, p)
	}
	if e := m.exDone; e.looked && !e.ok {
		// No workbook here (nor one remembered elsewhere): what there is
		// to do in one. Not "yet": the learner may have one elsewhere
		// that this program wrote before it remembered workbooks.
		p := progressPane{title: "Exercises", note: "no workbook here", focus: -1}
		if e.gone {
			p.note = "workbook gone"
		}
		for _, x := range exercises.All() {
			p.rows = append(p.rows, exerciseRow(x, exercises.Pending))
		}
		out = append(out, p)
	} else if e.ok && len(e.rows) > 0 {
		// The note is the count alone: the rows say which fail now, and a
		// longer note would take the pane's room.
		p := progressPane{title: "Exercises", note: e.count(), rows: e.rows, focus: -1}
		for i, r := range e.rows {
			if !r.done { // the first not done yet
				p.focus = i
				break
			}
		}
		out = append(out, p)
	}
	if m.cardsOK {
		c := m.cards
		out = append(out, progressPane{title: "Drill", note: m.drillCounts, focus: -1, rows: []progressRow{
			{mark: "·", text: "due now", figure: fmt.Sprint(c.Due)},
			{mark: "·", text: "new in a session", figure: fmt.Sprint(c.New)},
			{mark: "·", text: "never seen", figure: fmt.Sprint(c.Unseen)},
		}})
	}
	return out
}

// progressLayout picks the panes that fit side by side in w cells, a
// column between them, each at least as wide as its rows said shorter,
// and shares the rest of the width among them; short says which of them
// must say their rows shorter still.
func (m Model) progressLayout(w int) (ps []progressPane, widths []int, short []bool) {
	all := m.progressPanes()
	need := func(p progressPane, short bool) int {
		// The top edge: pane.Frame clips the note unless there are nine
		// cells besides it and the title (corners, dashes, spaces).
		n := ansi.StringWidth(p.title) + ansi.StringWidth(p.note) + 9
		for _, r := range p.rows {
			n = max(n, r.width(short)+2)
		}
		return n
	}
	used := 0
	for _, p := range all {
		n := need(p, true)
		if used+n+1 > w {
			break
		}
		ps, widths, used = append(ps, p), append(widths, n), used+n+1
	}
	// The width left goes first to the panes that need it to say their
	// rows in full, in order, then to all alike.
	extra := w - used
	for i := range ps {
		add := min(max(need(ps[i], false)-widths[i], 0), extra)
		widths[i] += add
		extra -= add
	}
	for i := range ps {
		add := extra / (len(ps) - i)
		widths[i] += add
		extra -= add
		short = append(short, need(ps[i], false) > widths[i])
	}
	return ps, widths, short
}

// progressNeeds is the height the panes would take whole, at width w: the
// tallest of those that fit side by side; 0 when none fits.
func (m Model) progressNeeds(w int) int {
	ps, _, _ := m.progressLayout(w - 1)
	need := 0
	for _, p := range ps {
		need = max(need, len(p.rows)+2)
	}
	return need
}

// progressLines draws the panes side by side in w×h cells (h at least
// five: a frame and three rows), each as tall as its rows up to h. A pane
// with more rows than fit shows those around its focus and says how many
// more there are.
func (m Model) progressLines(w, h int) []string {
	ps, widths, short := m.progressLayout(w - 1)
	if len(ps) == 0 || h < 5 {
		return nil
	}
	out := make([]string, h)
	for i := range out {
		out[i] = " "
	}
	for k, p := range ps {
		pw := widths[k]
		ph := min(h, len(p.rows)+2) // no frame around nothing
		box := pane.Frame(m.th, pw, ph, p.title, p.note, m.progressBody(p, pw-2, ph-2, short[k]))
		for i := range out {
			if i < len(box) {
				out[i] += box[i]
			} else {
				out[i] += strings.Repeat(" ", pw)
			}
			if k < len(ps)-1 {
				out[i] += " "
			}
		}
	}
	return out
}

// progressBody is a pane's rows in iw×ih cells.
func (m Model) progressBody(p progressPane, iw, ih int, short bool) []string {
	rows := p.rows
	var above, below int
	if len(rows) > ih && ih >= 3 {
		// A line says how many are below; with the focus out of the first
		// rows, another how many are above, and the rows around it show.
		from, room := 0, ih-1
		if p.focus >= room {
			room = ih - 2
			from = min(p.focus-room/2, len(rows)-room)
			if from+room == len(rows) {
				room = ih - 1
				from = len(rows) - room
			}
		}
		above, below = from, len(rows)-from-room
		rows = rows[from : from+room]
	}
	var out []string
	if above > 0 {
		out = append(out, m.th.Dim.Render(fmt.Sprintf("↑ %d more", above)))
	}
	for _, r := range rows {
		if short && r.short != "" {
			r.text = r.short
		}
		out = append(out, m.progressLine(r, iw))
	}
	if below > 0 {
		out = append(out, m.th.Dim.Render(fmt.Sprintf("↓ %d more", below)))
	}
	return out
}

// progressLine lays a row out in iw cells: the mark, the item, and the
// figure at the right. An item too long loses words at its end, whole,
// before the figure is dropped.
func (m Model) progressLine(r progressRow, iw int) string {
	mark := r.mark
	switch {
	case r.next:
		mark = m.th.Accent.Render(mark)
	case r.failing:
		mark = m.th.Bad.Render(mark)
	case r.done:
		mark = m.th.Good.Render(mark)
	default:
		mark = m.th.Dim.Render(mark)
	}
	lead := ansi.StringWidth(r.mark) + 1
	room := iw - lead
	fig := r.figure
	if fig != "" {
		room -= ansi.StringWidth(fig) + 2
	}
	text := shortenWords(r.text, room)
	if text == "" && fig != "" {
		fig, room = "", iw-lead
		text = shortenWords(r.text, room)
	}
	pad := max(iw-lead-ansi.StringWidth(text)-ansi.StringWidth(fig), 0)
	style := m.th.Subtitle.Render
	if r.next {
		style = m.th.Bold.Render
	}
	line := mark + " " + style(text)
	if fig != "" {
		line += strings.Repeat(" ", pad) + m.th.Dim.Render(fig)
	}
	return line
}

// shortenWords keeps the words of s that fit in w cells, whole (the
// layout makes room for every row's short form, so this is for a window
// narrower than the panes were sized for). It is "" when not even the
// first two words fit.
func shortenWords(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	lead := s[:len(s)-len(strings.TrimLeft(s, " "))]
	words := strings.Fields(s)
	out := ""
	for _, word := range words {
		next := lead + word
		if out != "" {
			next = out + " " + word
		}
		if ansi.StringWidth(next) > w {
			break
		}
		out = next
	}
	if len(strings.Fields(out)) <= 1 {
		return "" // the number alone says nothing
	}
	return strings.TrimRight(out, ":,;")
}
