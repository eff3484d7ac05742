package home

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/drillui"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/interviewui"
)

// TestDrillAndInterviewOpenAndComeBack: the two interview-preparation
// items open their screens inside the home screen, and esc comes back.
func TestDrillAndInterviewOpenAndComeBack(t *testing.T) {
	deck, err := drill.Deck()
	if len(deck) == 0 {
		t.Fatal(err)
	}
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
