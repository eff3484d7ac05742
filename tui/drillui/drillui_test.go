package drillui

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

var now = time.Date(2026, 11, 30, 14, 0, 0, 0, time.UTC)

// cards builds the deck's cards with the IDs, in that order, and no
// others (drill.Named): the whole deck runs the engine for every lesson,
// tens of seconds under the race detector.
func cards(t *testing.T, ids ...string) []drill.Card {
	t.Helper()
	out, err := drill.Named(ids...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// model opens a drill on the cards with a store in a temporary folder.
func model(t *testing.T, w, h int, ids ...string) (Model, *drill.Store) {
	t.Helper()
	return modelOn(t, w, h, cards(t, ids...))
}

// modelOn opens a drill on the deck, every card of it new, with a store in
// a temporary folder.
func modelOn(t *testing.T, w, h int, deck []drill.Card) (Model, *drill.Store) {
	t.Helper()
	s, err := drill.OpenStore(t.TempDir(), now)
	if err != nil {
		t.Fatal(err)
	}
	m := New(Options{Theme: tuitest.Plain(), Deck: deck, Store: s, Now: func() time.Time { return now },
		Session: drill.SessionOptions{New: len(deck), Seed: 1}})
	return tuitest.Send(m, tea.WindowSizeMsg{Width: w, Height: h}), s
}

// find answers cards until the one with the ID is on screen.
func find(t *testing.T, m Model, id string) Model {
	t.Helper()
	for range 10 {
		c, ok := m.Current()
		if !ok {
			t.Fatalf("%s never came", id)
		}
		if c.ID == id {
			return m
		}
		m = skip(m)
	}
	t.Fatalf("%s never came", id)
	return m
}

// skip answers the card on screen and grades it good, so that it moves
// on: a card graded again comes back in the session (requeue). A choice
// is picked right (a wrong pick is always again); a wrong number takes
// the learner's own grade.
func skip(m Model) Model {
	c, _ := m.Current()
	switch c.Kind {
	case drill.Open:
		return tuitest.Press(m, "space", "3")
	case drill.Choice:
		right := slices.IndexFunc(c.Choices, func(o lessons.Option) bool { return o.Right })
		return tuitest.Press(m, string(rune('a'+right)), "enter")
	}
	return tuitest.Press(m, "1", "enter", "3")
}

// choiceID is a choice card whose text is the drill's own (a generated
// problem from a fixed seed), so the golden files do not move when a
// lesson's wording does.
func choiceID(*testing.T) string { return "gen-pool" }

func TestChoiceCardGolden(t *testing.T) {
	id := choiceID(t)
	m, _ := model(t, 80, 24, id, "ref-001-self-check-3")
	m = find(t, m, id)
	golden.Check(t, "choice_80x24", m.View())
	tuitest.CheckBlock(t, m.View(), 80, 24)
	// Pick a wrong answer: its why and the explanation show, and the
	// grade is again whatever key follows.
	c, _ := m.Current()
	wrong := slices.IndexFunc(c.Choices, func(o lessons.Option) bool { return !o.Right })
	m = tuitest.Press(m, string(rune('a'+wrong)))
	golden.Check(t, "choice_answered_80x24", m.View())
	if !strings.Contains(m.View(), "✗ Not this time") {
		t.Fatal("a wrong pick is not called wrong")
	}
}

func TestOpenCardGolden(t *testing.T) {
	m, s := model(t, 80, 24, "ref-001-self-check-3")
	golden.Check(t, "open_80x24", m.View())
	m = tuitest.Press(m, "space")
	golden.Check(t, "open_revealed_80x24", m.View())
	tuitest.CheckBlock(t, m.View(), 80, 24)
	m = tuitest.Press(m, "1")
	if st := s.Get("ref-001-self-check-3"); st.Grades[drill.Again] != 1 || !st.Due.Equal(now.Add(drill.Relearn)) {
		t.Fatalf("the grade was not recorded: %+v", st)
	}
	// Missed, the one card comes back for another try (requeue), and a
	// grade there ends the session.
	if c, ok := m.Current(); !ok || c.ID != "ref-001-self-check-3" {
		t.Fatal("one card, graded again: it should come back for another try")
	}
	m = tuitest.Press(m, "space", "3")
	if !m.Done() {
		t.Fatal("one card, missed and then known: the session should be over")
	}
	golden.Check(t, "summary_80x24", m.View())
}

func TestNumberCardChecksTheAnswer(t *testing.T) {
	m, s := model(t, 80, 24, "numbers-01")
	m = tuitest.Press(m, "x", "enter")
	if !strings.Contains(m.View(), `Not a number: "x". Type a number`) {
		t.Fatalf("a letter was not refused:\n%s", m.View())
	}
	m = tuitest.Press(m, "backspace", "1", "6", "enter")
	if !strings.Contains(m.View(), "✓ Right") {
		t.Fatalf("16 workers is right:\n%s", m.View())
	}
	golden.Check(t, "number_answered_80x24", m.View())
	tuitest.Press(m, "enter")
	if st := s.Get("numbers-01"); st.Grades[drill.Good] != 1 {
		t.Fatalf("a right number is graded good: %+v", st)
	}
}

// TestWrongPickIsNeverBetterThanAgain: after a wrong pick of a letter,
// which has no other words, even easy records again.
func TestWrongPickIsNeverBetterThanAgain(t *testing.T) {
	id := choiceID(t)
	m, s := model(t, 80, 24, id)
	c, _ := m.Current()
	wrong := slices.IndexFunc(c.Choices, func(o lessons.Option) bool { return !o.Right })
	m = tuitest.Press(m, string(rune('a'+wrong)))
	if v := m.View(); strings.Contains(v, "grade it yourself") {
		t.Errorf("a wrong pick should not offer grades it does not take:\n%s", v)
	}
	tuitest.Press(m, "4")
	if st := s.Get(id); st.Grades[drill.Again] != 1 {
		t.Fatalf("a wrong pick graded easy was kept: %+v", st)
	}
}

// A typed number the check reads as wrong may be right in other words (a
// fraction typed for a percent, a figure rounded the other way): the
// verdict offers the grade keys, with their intervals, and the learner's
// grade is kept. enter alone is still again.
func TestWrongNumberTakesTheLearnersGrade(t *testing.T) {
	m, s := model(t, 80, 24, "numbers-01")
	m = tuitest.Press(m, "9", "enter")
	if v := m.View(); !strings.Contains(v, "✗ Not this time") || !strings.Contains(v, "had it in other words? grade it yourself:") ||
		!strings.Contains(v, "3 good") {
		t.Fatalf("a wrong number should offer the grade keys:\n%s", v)
	}
	tuitest.Press(m, "2")
	if st := s.Get("numbers-01"); st.Grades[drill.Hard] != 1 || st.Grades[drill.Again] != 0 {
		t.Fatalf("a wrong number the learner graded hard was not kept hard: %+v", st)
	}
	m2, s2 := model(t, 80, 24, "numbers-01")
	tuitest.Press(m2, "9", "enter", "enter")
	if st := s2.Get("numbers-01"); st.Grades[drill.Again] != 1 {
		t.Fatalf("enter after a wrong number should be again: %+v", st)
	}
}

func TestSizes(t *testing.T) {
	racefree.Only(t)
	for _, sz := range [][2]int{{80, 24}, {100, 30}, {200, 60}, {40, 12}} {
		m, _ := model(t, sz[0], sz[1], "ref-001-self-check-3", choiceID(t), "numbers-01")
		for range 3 {
			tuitest.CheckBlock(t, m.View(), sz[0], sz[1])
			m = tuitest.Press(m, "space")
			tuitest.CheckBlock(t, m.View(), sz[0], sz[1])
			m = skip(m)
		}
		tuitest.CheckBlock(t, m.View(), sz[0], sz[1])
	}
	m, _ := model(t, 200, 60, "ref-001-self-check-3", choiceID(t))
	golden.Check(t, "open_200x60", m.View())
}

func TestLeaving(t *testing.T) {
	m, _ := model(t, 80, 24, "numbers-01")
	_, cmd := m.Update(tuitest.Key("esc"))
	if cmd == nil || cmd() != tea.Quit() {
		t.Fatal("esc does not quit a drill of its own")
	}
	m.o.Embedded = true
	_, cmd = m.Update(tuitest.Key("esc"))
	if _, ok := cmd().(BackMsg); !ok {
		t.Fatal("esc does not go back from an embedded drill")
	}
}

// TestLoadsTheDeckItself: without a deck, Init loads it. The whole deck
// is built without the race detector (racefree: no goroutine here).
func TestLoadsTheDeckItself(t *testing.T) {
	racefree.Only(t)
	m := New(Options{Theme: tuitest.Plain(), Now: func() time.Time { return now }, Session: drill.SessionOptions{New: 2, Seed: 3}})
	m = tuitest.Send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	if !strings.Contains(m.View(), "Loading") {
		t.Fatalf("no loading message:\n%s", m.View())
	}
	m = tuitest.Send(m, m.Init()())
	if _, ok := m.Current(); !ok {
		t.Fatalf("no card after loading:\n%s", m.View())
	}
}

// TestGeneratedProblemPlaysInTheSandbox: an answered generated problem
// opens the sandbox on its own scenario, and esc there comes back.
func TestGeneratedProblemPlaysInTheSandbox(t *testing.T) {
	m, _ := model(t, 80, 24, "gen-cycles")
	c, _ := m.Current()
	if c.Scenario == nil || c.Generator != "cycles" {
		t.Fatalf("the card was not filled with a problem: %+v", c)
	}
	m = tuitest.Press(m, "1", "enter")
	if !strings.Contains(m.View(), "p plays this problem") {
		t.Fatalf("no offer to play:\n%s", m.View())
	}
	m = tuitest.Press(m, "p")
	if !m.InSandbox() || !strings.Contains(m.View(), "drill-cycles") {
		t.Fatalf("p did not open the problem's scenario:\n%s", m.View())
	}
	// Its breadcrumb and its esc say where esc leads: back to the card,
	// not home.
	if v := ansi.Strip(m.View()); !strings.Contains(v, "breakerlab › drill › drill-cycles") {
		t.Errorf("the drill's sandbox should say it is the drill's:\n%s", v)
	}
	if v := strings.Join(strings.Fields(ansi.Strip(tuitest.Press(m, "?").View())), " "); !strings.Contains(v, "esc back to the card") {
		t.Errorf("the drill's sandbox should say esc leads back to the card (spaces squeezed):\n%s", v)
	}
	next, cmd := m.Update(tuitest.Key("esc"))
	if cmd == nil {
		t.Fatal("esc in the drill's sandbox did nothing")
	}
	m = tuitest.Send(next.(Model), cmd())
	if m.InSandbox() {
		t.Fatal("esc did not close the sandbox")
	}
	if _, ok := m.Current(); !ok {
		t.Fatal("the card was lost")
	}
}

func TestTerminalDrawsNewCards(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	o := Terminal()
	if o.Session.New != drill.DefaultNew || o.Store == nil {
		t.Fatalf("Terminal() = %+v", o)
	}
}

// TestCorruptScheduleIsAnnounced: a schedule that cannot be read is set
// aside, and the drill says so on its first screen.
func TestCorruptScheduleIsAnnounced(t *testing.T) {
	cfg := t.TempDir()
	t.Setenv("XDG_CONFIG_HOME", cfg)
	dir := filepath.Join(cfg, "breakerlab")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, drill.FileName), []byte("{not json"), 0o644)
	o := Terminal()
	if o.Store == nil || !strings.Contains(o.Notice, "moved to") {
		t.Fatalf("notice %q", o.Notice)
	}
	o.Theme, o.Deck, o.Now = tuitest.Plain(), cards(t, "numbers-01"), func() time.Time { return now }
	m := tuitest.Send(New(o), tea.Msg(tea.WindowSizeMsg{Width: 80, Height: 24}))
	if !strings.Contains(m.View(), "moved to") {
		t.Fatalf("the drill does not show the notice:\n%s", m.View())
	}
	tuitest.CheckBlock(t, m.View(), 80, 24)
}
