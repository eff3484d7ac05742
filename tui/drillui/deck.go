package drillui

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/listnav"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The deck list: every card of the deck, one a line, with its schedule
// (due, new, or when it is next due), its topic and its question, which
// `/` filters as every list of the program does (tui/internal/listnav).
// Enter opens a card: it becomes the session's next card, asked and
// graded as any other, and the review goes on from there. The list is a
// way into the one-card-at-a-time review, never a second way to answer.

// cardState is how the deck list describes a card's schedule now.
type cardState uint8

const (
	stateNew   cardState = iota // never seen
	stateDue                    // seen, and due now
	stateLater                  // seen, due later
	// stateAgain: answered again in this session and put back in it for
	// another try (requeue); the deck list never says it of a card.
	stateAgain
)

// stateOf reads card id's schedule at the session's clock.
func (m Model) stateOf(id string) (cardState, drill.State) {
	st := m.state(id)
	switch {
	case !st.Seen():
		return stateNew, st
	case st.DueAt(m.o.Now()):
		return stateDue, st
	}
	return stateLater, st
}

// stateWord is the list's word for a card's schedule: "new", "due", or
// the wait until it is due ("in 3d").
func (m Model) stateWord(id string) string {
	s, st := m.stateOf(id)
	switch s {
	case stateNew:
		return "new"
	case stateDue:
		return "due"
	}
	return "in " + drill.FormatInterval(st.Due.Sub(m.o.Now()))
}

// matchCard says whether the filter lets deck card i through: its topic,
// question, kind or schedule word ("due", "new") holds every word typed.
func (m Model) matchCard(i int, f listnav.Filter) bool {
	c := m.deck[i]
	return f.Match(c.Topic, c.Question, string(c.Kind), m.stateWord(c.ID))
}

// openList shows the deck list; filtering starts it with `/` begun.
func (m Model) openList(filtering bool) Model {
	m.listing = true
	m.showKey = false
	// The list opens on the card on screen, when the deck holds it.
	if c, ok := m.Current(); ok {
		for i := range m.deck {
			if m.deck[i].ID == c.ID {
				m.list.Cursor = i
				break
			}
		}
	}
	if filtering {
		m.list.Filter.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'/'}})
	}
	return m
}

// listUpdate takes the deck list's keys and the wheel.
func (m Model) listUpdate(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok && k.Type == tea.KeyCtrlC {
		return m, tea.Quit
	}
	if m.list.Update(msg, len(m.deck), m.matchCard) {
		return m, nil
	}
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	shown := m.list.Shown(len(m.deck), m.matchCard)
	switch k.String() {
	case "esc", "q", "l":
		m.listing = false
	case "up", "k":
		m.list.Step(-1, shown, false)
	case "down", "j":
		m.list.Step(1, shown, false)
	case "pgup":
		m.list.Step(-m.listRows(), shown, false)
	case "pgdown":
		m.list.Step(m.listRows(), shown, false)
	case "enter":
		if len(shown) > 0 {
			return m.openCard(m.list.Cursor), nil
		}
	}
	return m, nil
}

// openCard makes deck card i the session's next card, asked from the
// start: moved there when the session holds it still unanswered, added
// otherwise (after the summary too: the session goes on). A generated
// problem's card is filled with fresh numbers, as a session fills it.
func (m Model) openCard(i int) Model {
	c := m.drawn(m.deck[i])
	cards := append([]drill.Card(nil), m.cards...)
	joined := append([]cardState(nil), m.joined...)
	at := min(m.i, len(cards))
	for j := at; j < len(cards); j++ {
		if cards[j].ID == c.ID {
			cards = append(cards[:j], cards[j+1:]...)
			joined = append(joined[:j], joined[j+1:]...)
			break
		}
	}
	s, _ := m.stateOf(c.ID)
	cards = append(cards[:at], append([]drill.Card{c}, cards[at:]...)...)
	joined = append(joined[:at], append([]cardState{s}, joined[at:]...)...)
	m.cards, m.joined, m.i = cards, joined, at
	m.phase, m.listing, m.note = asking, false, ""
	m.resetCard()
	return m
}

// drawn is deck card c as a session asks it: a generated problem filled
// with fresh numbers, the choices shuffled, seeded by the answers so far
// so that each time it is drawn it comes out anew.
func (m Model) drawn(c drill.Card) drill.Card {
	d := drill.Draw([]drill.Card{c}, nil, m.o.Now(), drill.SessionOptions{New: 1, Seed: m.o.Session.Seed + uint64(len(m.results)) + 1})
	if len(d) == 1 {
		return d[0]
	}
	return c
}

// listRows is the rows the deck list has for cards.
func (m Model) listRows() int {
	rows := m.h - 4 // the title, a blank line, a blank line, the keys
	if m.list.Filter.Line(m.th, 0, 0) != "" {
		rows -= 2
	}
	return max(rows, 1)
}

// listView draws the deck list at the window's size.
func (m Model) listView() string {
	th := m.th
	shown := m.list.Shown(len(m.deck), m.matchCard)
	var due, fresh int
	for _, c := range m.deck {
		switch s, _ := m.stateOf(c.ID); s {
		case stateDue:
			due++
		case stateNew:
			fresh++
		}
	}
	rows := m.listRows()
	at := 0
	for j, i := range shown {
		if i == m.list.Cursor {
			at = j
		}
	}
	top := 0
	if at >= rows {
		top = at - rows + 1
	}
	title := " " + th.Title.Render("Drill") + th.Subtitle.Render(fmt.Sprintf("  the deck · %d cards · %d due · %d new", len(m.deck), due, fresh))
	if len(shown) > rows {
		title += th.Dim.Render(fmt.Sprintf("  · %d–%d of %d shown", top+1, min(top+rows, len(shown)), len(shown)))
	}
	lines := []string{pane.Fit(title, m.w), ""}
	if l := m.list.Filter.Line(th, len(shown), len(m.deck)); l != "" {
		lines = append(lines, pane.Fit(" "+l, m.w), "")
	}
	topicW := 0
	for _, c := range m.deck {
		topicW = max(topicW, ansi.StringWidth(c.Topic))
	}
	topicW = min(topicW, 14)
	const stateW = 7 // "in 12d", "due", "new"
	textW := max(m.w-2-stateW-1-topicW-2-1, 8)
	for j := top; j < min(top+rows, len(shown)); j++ {
		c := m.deck[shown[j]]
		mark := "  "
		q := wordsFit(c.Question, textW)
		if shown[j] == m.list.Cursor {
			mark = th.Accent.Render(theme.GlyphCursor) + " "
			q = th.Bold.Render(q)
		}
		word := fmt.Sprintf("%-*s", stateW, m.stateWord(c.ID))
		switch s, _ := m.stateOf(c.ID); s {
		case stateDue:
			word = th.Warn.Render(word)
		case stateNew:
			word = th.Accent.Render(word)
		default:
			word = th.Dim.Render(word)
		}
		topic := th.Dim.Render(fmt.Sprintf("%-*s", topicW, wordsFit(c.Topic, topicW)))
		lines = append(lines, pane.Fit(mark+word+" "+topic+"  "+q, m.w))
	}
	if len(shown) == 0 {
		lines = append(lines, "  "+th.Dim.Render("No card matches; backspace or esc changes the filter."))
	}
	for len(lines) < m.h-1 {
		lines = append(lines, "")
	}
	keys := th.Key.Render("↑↓") + th.Dim.Render(" choose  ") + th.Key.Render("enter") + th.Dim.Render(" open  ") +
		th.Key.Render("/") + th.Dim.Render(" filter  ") + th.Key.Render("g/G") + th.Dim.Render(" first/last  ") +
		th.Key.Render("esc") + th.Dim.Render(" "+m.listBack())
	lines = append(lines, pane.Fit(" "+keys, m.w))
	return strings.Join(pane.Block(lines, m.w, m.h), "\n")
}

// listBack says where esc leads from the deck list.
func (m Model) listBack() string {
	if m.list.Filter.Active() {
		return "drops the filter"
	}
	if m.phase == summary {
		return "back to the summary"
	}
	return "back to the card"
}

// Listing reports whether the deck list is open.
func (m Model) Listing() bool { return m.listing }

// Filtering reports whether the deck list's filter is being typed, when
// every key that prints is text.
func (m Model) Filtering() bool { return m.listing && m.list.Filter.Typing() }
