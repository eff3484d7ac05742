package drillui

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"
)

// listIDs are the deck of the list's tests: an open card, two numbers
// cards, a concept card and two generated problems. A session takes two
// new cards, so some of the deck is not in it.
var listIDs = []string{"ref-001-self-check-3", "numbers-01", "concept-timeout-vs-deadline", "gen-pool", "numbers-02", "gen-cycles"}

// listModel opens a drill of two new cards on listIDs, with
// concept-timeout-vs-deadline due an hour ago and numbers-02 seen and due
// in two days.
func listModel(t *testing.T, w, h int) (Model, *drill.Store) {
	t.Helper()
	s := newStore(t)
	history(s, "concept-timeout-vs-deadline")
	st := drill.State{}.Next(drill.Good, now.Add(-24*time.Hour))
	st.Due = now.Add(48 * time.Hour)
	s.Set("numbers-02", st)
	m := New(Options{Theme: tuitest.Plain(), Deck: cards(t, listIDs...), Store: s, Now: func() time.Time { return now },
		Session: drill.SessionOptions{New: 2, Seed: 1}})
	return tuitest.Send(m, tea.WindowSizeMsg{Width: w, Height: h}), s
}

// lineOf is the line of the view that holds s, or "".
func lineOf(view, s string) string {
	for _, l := range strings.Split(ansi.Strip(view), "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}

// l lists the whole deck, each card with its schedule and topic; `/`
// filters it by topic, text or schedule; enter opens the card under the
// cursor as the session's next card, which is then asked and graded as
// any other.
func TestDeckListFiltersAndOpensACard(t *testing.T) {
	racefree.Only(t)
	m, s := listModel(t, 100, 30)
	first, _ := m.Current()
	if first.ID != "concept-timeout-vs-deadline" {
		t.Fatalf("the due card should come first, got %s", first.ID)
	}
	m = tuitest.Press(m, "l")
	v := m.View()
	if !strings.Contains(v, "the deck · 6 cards · 1 due · 4 new") {
		t.Fatalf("the list's title:\n%s", ansi.Strip(v))
	}
	for id, want := range map[string]string{"concept-timeout-vs-deadline": "due", "numbers-02": "in 2d", "gen-pool": "new"} {
		c := cards(t, id)[0]
		l := lineOf(v, strings.Fields(c.Question)[0]+" "+strings.Fields(c.Question)[1])
		if !strings.Contains(l, want) || !strings.Contains(l, c.Topic) {
			t.Errorf("%s's line %q: want %q and its topic %q", id, l, want, c.Topic)
		}
	}
	golden.Check(t, "deck_list_100x30", v)

	// `/` and a word: only the cards that hold it.
	m = tuitest.Press(m, "/", "d", "u", "e")
	v = m.View()
	if !strings.Contains(v, "/due") || !strings.Contains(v, "1 of 6") {
		t.Fatalf("/due should leave the one due card:\n%s", ansi.Strip(v))
	}
	// A numbers card by its topic: enter keeps the filter, enter opens.
	m = tuitest.Press(m, "ctrl+u")
	want := cards(t, "numbers-02")[0]
	for _, r := range want.Topic {
		m = tuitest.Press(m, string(r))
	}
	m = tuitest.Press(m, "enter")
	shownIDs := m.list.Shown(len(m.deck), m.matchCard)
	for len(shownIDs) > 0 && m.deck[m.list.Cursor].ID != "numbers-02" {
		m = tuitest.Press(m, "down")
		if m.deck[m.list.Cursor].ID == m.deck[shownIDs[len(shownIDs)-1]].ID && m.deck[m.list.Cursor].ID != "numbers-02" {
			t.Fatalf("numbers-02 is not among the cards of topic %s", want.Topic)
		}
	}
	m = tuitest.Press(m, "enter")
	if m.Listing() {
		t.Fatal("enter did not open the card")
	}
	c, ok := m.Current()
	if !ok || c.ID != "numbers-02" {
		t.Fatalf("the card on screen is %s, want numbers-02", c.ID)
	}
	v = m.View()
	if !strings.Contains(v, "card 1 of 4 · 1 due · 2 new · 1 early") || !strings.Contains(v, strings.Fields(want.Question)[0]) {
		t.Fatalf("the opened card, asked first:\n%s", ansi.Strip(v))
	}
	// It is graded as any card, and the session goes on with the card
	// that was first.
	m = tuitest.Press(m, "9", "enter", "enter")
	if st := s.Get("numbers-02"); st.Grades[drill.Again] != 1 {
		t.Fatalf("the opened card's grade was not recorded: %+v", st)
	}
	if c, _ := m.Current(); c.ID != "concept-timeout-vs-deadline" {
		t.Fatalf("after the opened card came %s, want the one that was first", c.ID)
	}
}

// g/G, Home/End and the wheel move through the list as through every
// other; esc drops a filter first, then goes back to the card as it was.
func TestDeckListMovesAndGoesBack(t *testing.T) {
	m, _ := listModel(t, 80, 24)
	m = tuitest.Press(m, "space") // the first card's answer is shown
	m = tuitest.Press(m, "l")
	last := len(m.deck) - 1
	for _, tc := range []struct {
		msg  tea.Msg
		want int
	}{
		{tuitest.Key("G"), last}, {tuitest.Key("g"), 0}, {tuitest.Key("end"), last}, {tuitest.Key("home"), 0},
		{tea.MouseMsg{Action: tea.MouseActionPress, Button: tea.MouseButtonWheelDown}, 1},
		{tea.MouseMsg{Action: tea.MouseActionPress, Button: tea.MouseButtonWheelUp}, 0},
	} {
		m = tuitest.Send(m, tc.msg)
		if m.list.Cursor != tc.want {
			t.Fatalf("%v: cursor %d, want %d", tc.msg, m.list.Cursor, tc.want)
		}
	}
	tuitest.CheckBlock(t, m.View(), 80, 24)
	tuitest.CheckNoCuts(t, "the deck list", m.View())
	m = tuitest.Press(m, "/", "x", "y", "z", "enter")
	if !strings.Contains(m.View(), "nothing matches") {
		t.Fatalf("xyz matches nothing:\n%s", ansi.Strip(m.View()))
	}
	m = tuitest.Press(m, "enter") // nothing to open
	if !m.Listing() {
		t.Fatal("enter on an empty list left it")
	}
	m = tuitest.Press(m, "esc")
	if !m.Listing() || m.list.Filter.Active() {
		t.Fatal("the first esc should drop the filter and stay in the list")
	}
	m = tuitest.Press(m, "esc")
	if m.Listing() || m.phase != answered {
		t.Fatalf("the second esc should go back to the card as it was:\n%s", ansi.Strip(m.View()))
	}
}

// As a program: `/` from the card opens the list with the filter begun,
// the typed words narrow it on screen, and enter twice opens the card.
func TestProgramDeckListSlash(t *testing.T) {
	m, _ := listModel(t, 100, 30)
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	out := tm.Output()
	tuitest.WaitFor(t, out, "card 1 of 3")
	tm.Send(tuitest.Key("/"))
	tuitest.WaitFor(t, out, "enter keeps it")
	tm.Type("generated cycles")
	tuitest.WaitFor(t, out, "1 of 6")
	tm.Send(tuitest.Key("enter"))
	tm.Send(tuitest.Key("enter"))
	tuitest.WaitFor(t, out, "generated: cycles, new numbers each time")
	tm.Send(tuitest.Key("esc"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
	final := tm.FinalModel(t).(Model)
	if c, ok := final.Current(); !ok || c.ID != "gen-cycles" || c.Scenario == nil {
		t.Fatalf("the card opened is %+v, want gen-cycles filled with a problem", c)
	}
}

// Keys typed in one burst ("/cycles" as one message) open the list and
// filter it, as typed one by one.
func TestDeckListTakesABurst(t *testing.T) {
	m, _ := listModel(t, 80, 24)
	m = tuitest.Send(m, tea.Msg(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("/cycles")}))
	if !m.Listing() || m.list.Filter.Query() != "cycles" {
		t.Fatalf("a burst of /cycles: listing %v, filter %q", m.Listing(), m.list.Filter.Query())
	}
}
