package home

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/drillui"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/interviewui"
	tea "github.com/charmbracelet/bubbletea"
)

// TestDrillAndInterviewOpenAndComeBack: the two interview-preparation
// items open their screens inside the home screen, and esc comes back.
func TestDrillAndInterviewOpenAndComeBack(t *testing.T) {
	racefree.Only(t)
	deck := someCards(t)
	now := func() time.Time { return time.Date(2026, 11, 30, 14, 0, 0, 0, time.UTC) }
	m := newHome(t, Options{
		Drill:     &drillui.Options{Deck: deck[:3], Now: now, Session: drill.SessionOptions{New: 3, Seed: 1}},
		Interview: &interviewui.Options{Now: now},
	})
	m = press(goTo(t, m, "Drill"), "enter")
	if !strings.Contains(m.View(), "Drill  card 1 of 3") {
		t.Fatalf("Drill did not open the drill:\n%s", m.View())
	}
	m = followEsc(t, m)
	m = press(m, "down", "enter")
	if !strings.Contains(m.View(), "Choose a design question") {
		t.Fatalf("Interview did not open the prompts:\n%s", m.View())
	}
	m = followEsc(t, m)
	if !strings.Contains(m.View(), "▸  Interview") {
		t.Fatalf("esc did not come back to the menu:\n%s", m.View())
	}
}

// someCards are four cards of the deck, built alone (drill.Named): the
// whole deck runs the engine for every lesson, tens of seconds under the
// race detector, and these tests need cards, not those.
func someCards(t *testing.T) []drill.Card {
	t.Helper()
	deck, err := drill.Named("gen-little", "gen-pool", "gen-bulkhead", "gen-cycles")
	if err != nil {
		t.Fatal(err)
	}
	return deck
}

// followEsc presses esc and hands the screen's reply back to the home
// screen, as the program would.
func followEsc(t *testing.T, m Model) Model {
	t.Helper()
	next, cmd := m.Update(tuitest.Key("esc"))
	if cmd == nil {
		t.Fatal("esc did nothing")
	}
	next, _ = next.Update(cmd())
	return next.(Model)
}

// goTo moves the menu's cursor to the item called title.
func goTo(t *testing.T, m Model, title string) Model {
	t.Helper()
	for range items {
		if items[m.cursor].title == title {
			return m
		}
		m = press(m, "down")
	}
	t.Fatalf("the menu has no item %q", title)
	return m
}

// TestDrillEntryCountsDueAndNew: the Drill entry shows the cards due and
// new that a session would hold, counted in a command from Init, and
// counted again when the drill hands back.
func TestDrillEntryCountsDueAndNew(t *testing.T) {
	deck := someCards(t)
	at := time.Date(2026, 11, 30, 14, 0, 0, 0, time.UTC)
	s, err := drill.OpenStore(t.TempDir(), at)
	if err != nil {
		t.Fatal(err)
	}
	s.Answer(deck[0].ID, drill.Again, at.Add(-time.Hour)) // due again now
	m := newHome(t, Options{Drill: &drillui.Options{Deck: deck[:4], Store: s, Now: func() time.Time { return at },
		Session: drill.SessionOptions{New: 2, Seed: 1}}})
	if strings.Contains(m.View(), " due · ") {
		t.Fatal("counts shown before they were counted")
	}
	m = send(m, drainQuick(m.Init())...)
	if !strings.Contains(m.View(), "Drill        1 due · 2 new · interview practice") {
		t.Fatalf("the Drill entry does not count 1 due and 2 new:\n%s", m.View())
	}
	golden.Check(t, "drill-counts-80x24", send(m, tea.WindowSizeMsg{Width: 80, Height: 24}).View())
	// Drill the due card (again: due once more in ten minutes) and a new
	// one, then come back: 0 due, and still 2 new (2 of the 4 never seen).
	m = press(goTo(t, m, "Drill"), "enter")
	if !strings.Contains(m.View(), "1 due · 2 new") {
		t.Fatalf("the drill's title does not count the same cards:\n%s", m.View())
	}
	for range 2 {
		m = press(m, "space", "enter", "1")
	}
	next, cmd := m.Update(tuitest.Key("esc"))
	next, cmd = next.Update(cmd())
	if cmd == nil {
		t.Fatal("coming back from the drill does not count again")
	}
	m = send(next.(Model), drainQuick(cmd)...)
	if !strings.Contains(m.View(), "0 due · 2 new · interview practice") {
		t.Fatalf("the counts did not follow the session:\n%s", m.View())
	}
}
