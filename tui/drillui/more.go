package drillui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// What a tall window shows besides the card: under the card, the card's
// own record and the deck's cards in the order they come after this
// session; under the session's list, the deck's schedule for the days
// ahead and the deck topic by topic. Each block shows whole or not at
// all (the queue as many cards as fit), and only in the rows the card and
// the list leave, so a short window keeps exactly what it had. Every
// figure is the schedule's.

// textFits keeps texts as wrapped (pane.Wrap) and as cut to their first
// whole words (wordsFit) at a width: both depend on the text and the width
// alone, and the session's list and the deck's queue ask for every card's
// on every frame. Model's copies share it; it is read and written on the
// program's goroutine only, in View, and holds a few windows' worth.
type textFits struct {
	wraps, words map[fitKey][]string
}

type fitKey struct {
	s string
	w int
}

// maxFits bounds the texts kept: past it, they are dropped and kept again
// as they are asked for (a window resized many times).
const maxFits = 4096

func (c *textFits) get(m *map[fitKey][]string, s string, w int, do func() []string) []string {
	if c == nil {
		return do()
	}
	k := fitKey{s, w}
	if out, ok := (*m)[k]; ok {
		return out
	}
	if *m == nil || len(*m) >= maxFits {
		*m = map[fitKey][]string{}
	}
	out := do()
	(*m)[k] = out
	return out
}

// wrap is pane.Wrap(s, w); the lines are shared: not to be changed.
func (c *textFits) wrap(s string, w int) []string {
	if c == nil {
		return pane.Wrap(s, w)
	}
	return c.get(&c.wraps, s, w, func() []string { return pane.Wrap(s, w) })
}

// fit is wordsFit(s, w).
func (c *textFits) fit(s string, w int) string {
	if c == nil {
		return wordsFit(s, w)
	}
	return c.get(&c.words, s, w, func() []string { return []string{wordsFit(s, w)} })[0]
}

// fillBlocks appends to lines, a blank line before each, the blocks that
// fit whole in h rows, in order; it stops at the first that does not.
func fillBlocks(lines []string, h int, blocks ...[]string) []string {
	for _, b := range blocks {
		if len(b) == 0 {
			continue
		}
		if len(lines)+1+len(b) > h {
			break
		}
		lines = append(append(lines, ""), b...)
	}
	return lines
}

// cardRecord is what the schedule remembers of the card on screen: new,
// or how often it was answered, how, and when last.
func (m Model) cardRecord(w int) []string {
	c, ok := m.Current()
	if !ok || m.phase == summary {
		return nil
	}
	out := []string{" " + m.th.Accent.Render("This card")}
	st := m.state(c.ID)
	if !st.Seen() {
		out = append(out, m.para("Never answered before: this is its first review.", m.th.Text, w)...)
	} else {
		n := 0
		for _, g := range st.Grades {
			n += g
		}
		var gs []string
		for g, k := range st.Grades {
			if k > 0 {
				gs = append(gs, fmt.Sprintf("%s %d", drill.Grade(g), k))
			}
		}
		out = append(out, m.para(fmt.Sprintf("Answered %d time%s (%s), last on %s; %d in a row not again.",
			n, plural(n), strings.Join(gs, ", "), st.Last.In(m.o.Now().Location()).Format("Mon 2 Jan 15:04"), st.Reps), m.th.Text, w)...)
	}
	return out
}

// topicRows are the deck topic by topic: its cards, those answered at
// least once, those due now, and the share of its answers that were
// "again"; the topic of the card on screen marked.
func (m Model) topicRows(w int) []string {
	if len(m.deck) == 0 {
		return nil
	}
	type tally struct{ cards, seen, due, again, answers int }
	var order []string
	by := map[string]*tally{}
	now := m.o.Now()
	for _, c := range m.deck {
		t := by[c.Topic]
		if t == nil {
			t = &tally{}
			by[c.Topic] = t
			order = append(order, c.Topic)
		}
		st := m.state(c.ID)
		t.cards++
		if st.Seen() {
			t.seen++
		}
		if st.DueAt(now) {
			t.due++
		}
		for g, k := range st.Grades {
			t.answers += k
			if drill.Grade(g) == drill.Again {
				t.again += k
			}
		}
	}
	cur, _ := m.Current()
	// The missed share has the widest cell ("100% of 12"): a narrow list
	// goes without that column, and without the table when even the
	// counts do not fit, rather than cut a word.
	const cells = 2 + 12 + 1 + 5 + 1 + 5 + 1 + 4
	withMissed := w >= cells+2+len("missed")+6
	if w < cells {
		return nil
	}
	head := fmt.Sprintf("  %-12s %5s %5s %4s", "topic", "cards", "seen", "due")
	if withMissed {
		head += "  missed"
	}
	out := []string{m.th.Bold.Render("The deck by topic"), m.th.Dim.Render(head)}
	for _, name := range order {
		t := by[name]
		row := fmt.Sprintf("%-12s %5d %5d %4d", name, t.cards, t.seen, t.due)
		if withMissed {
			missed := "–"
			if t.answers > 0 {
				missed = fmt.Sprintf("%.0f%% of %d", 100*float64(t.again)/float64(t.answers), t.answers)
			}
			row += "  " + missed
		}
		mark := "  "
		if name == cur.Topic && m.phase != summary {
			mark = m.th.Accent.Render("▸") + " "
		}
		out = append(out, mark+row)
	}
	return out
}

// scheduleRows are the deck's schedule: due now, new, and for each of the
// next seven days the reviews it holds, a bar of one cell a card (the
// counts written beside), then those due later still.
func (m Model) scheduleRows(w int) []string {
	if len(m.deck) == 0 {
		return nil
	}
	now := m.o.Now()
	loc := now.Location()
	y, mo, d := now.Date()
	midnight := time.Date(y, mo, d, 0, 0, 0, 0, loc)
	var dueNow, fresh, later int
	var days [7]int
	for _, c := range m.deck {
		st := m.state(c.ID)
		switch {
		case !st.Seen():
			fresh++
		case st.DueAt(now):
			dueNow++
		default:
			k := int(st.Due.In(loc).Sub(midnight) / (24 * time.Hour))
			if k < len(days) {
				days[k]++
			} else {
				later++
			}
		}
	}
	out := []string{m.th.Bold.Render("The deck's schedule")}
	out = append(out, pane.Wrap(fmt.Sprintf("%d cards: %d due now, %d new, %d waiting", len(m.deck), dueNow, fresh, len(m.deck)-dueNow-fresh), w)...)
	if waiting := len(m.deck) - dueNow - fresh; waiting == later && later == 0 {
		// Nothing waits on a day yet: seven rows of 0 would say nothing.
		for _, l := range pane.Wrap("The days ahead fill as you grade cards.", w) {
			out = append(out, m.th.Dim.Render(l))
		}
		return out
	}
	most := 1
	for _, n := range days {
		most = max(most, n)
	}
	bar := max(w-18, 1)
	for k, n := range days {
		label := midnight.AddDate(0, 0, k).Format("Mon 2 Jan")
		switch k {
		case 0:
			label = "later today"
		case 1:
			label = "tomorrow"
		}
		cells := n * bar / most
		if n > 0 {
			cells = max(cells, 1)
		}
		out = append(out, fmt.Sprintf("%-11s %3d ", label, n)+m.th.Accent.Render(strings.Repeat("█", cells)))
	}
	out = append(out, fmt.Sprintf("%-11s %3d", "after", later))
	return out
}

// queueRows are, in the h rows given, the deck's cards outside this
// session in the order the schedule brings them: due now (the longest
// overdue first), then waiting (the soonest first), then new in the
// deck's order; each with its schedule word, topic and first words, and
// the count of those that found no row. Nil when fewer than three fit.
func (m Model) queueRows(w, h int) []string {
	if h < 5 || len(m.deck) == 0 {
		return nil
	}
	in := map[string]bool{}
	for _, c := range m.cards {
		in[c.ID] = true
	}
	type entry struct {
		i     int
		state cardState
		due   time.Time
	}
	var q []entry
	for i, c := range m.deck {
		if in[c.ID] {
			continue
		}
		s, st := m.stateOf(c.ID)
		q = append(q, entry{i, s, st.Due})
	}
	rank := map[cardState]int{stateDue: 0, stateLater: 1, stateNew: 2}
	slices.SortStableFunc(q, func(a, b entry) int {
		if r := rank[a.state] - rank[b.state]; r != 0 {
			return r
		}
		if a.state != stateNew {
			return a.due.Compare(b.due)
		}
		return 0
	})
	if len(q) == 0 {
		return nil
	}
	out := []string{" " + m.th.Accent.Render(fmt.Sprintf("After this session: the deck's other %d cards, in the order they come", len(q)))}
	rows := h - 1
	more := 0
	if len(q) > rows {
		rows--
		more = len(q) - rows
	}
	topicW := 0
	for _, e := range q[:rows] {
		topicW = max(topicW, len([]rune(m.deck[e.i].Topic)))
	}
	dim := theme.InkOf(m.th.Dim) // once, not a lipgloss rendering a row
	for _, e := range q[:rows] {
		c := m.deck[e.i]
		word := fmt.Sprintf("%-7s", m.stateWord(c.ID))
		textW := max(w-3-8-topicW-2, 8)
		out = append(out, "   "+dim.Paint(word+" "+fmt.Sprintf("%-*s", topicW, c.Topic))+"  "+m.fits.fit(c.Question, textW))
	}
	if more > 0 {
		out = append(out, "   "+m.th.Dim.Render(fmt.Sprintf("and %d more: l lists the whole deck, / filters it", more)))
	}
	return out
}
