package drillui

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// maxBlankDrill is the most rows in a row either column of the drill may
// leave blank at 200×60, the lesson player's own bound (tui/lessonui,
// blank_test.go).
const maxBlankDrill = 12

// At 200×60 with the whole deck, neither column stands empty: the card's
// record and the deck's queue fill the rows under the card, the deck's
// schedule and topics those under the session's list, asked, answered
// and after a few grades (the schedule then has days to show).
func TestNoBlankColumnsAt200x60(t *testing.T) {
	racefree.Only(t) // the whole deck is built
	deck, err := drill.Deck()
	if len(deck) == 0 {
		t.Fatal(err)
	}
	s, err := drill.OpenStore(t.TempDir(), now)
	if err != nil {
		t.Fatal(err)
	}
	// A session of ten new cards, as `breakerlab drill` draws one.
	m := tuitest.Send(New(Options{Theme: tuitest.Plain(), Deck: deck, Store: s, Now: func() time.Time { return now },
		Session: drill.SessionOptions{New: 10, Seed: 1}}), tea.WindowSizeMsg{Width: 200, Height: 60})
	check := func(what string, m Model) {
		t.Helper()
		mainW, sideW := m.layout()
		if sideW == 0 {
			t.Fatalf("%s: no side list at 200 columns", what)
		}
		v := m.View()
		tuitest.CheckBlock(t, v, 200, 60)
		c, _ := m.Current()
		tuitest.CheckNoCuts(t, what, v, cardTexts(c)...)
		for col, n := range tuitest.ColumnBlanks(v, mainW) {
			if n > maxBlankDrill {
				t.Errorf("%s: %d blank rows in a row in the %s column (at most %d)\n%s", what, n,
					[]string{"card's", "list's"}[col], maxBlankDrill, ansi.Strip(v))
			}
		}
	}
	check("first card asked", m)
	if testing.Verbose() {
		defer func() { t.Log("\n" + ansi.Strip(m.View())) }()
	}
	for i := range 3 {
		m = skip(m)
		check("after "+string(rune('1'+i))+" grades", m)
	}
}
