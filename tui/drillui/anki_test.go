package drillui

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// history gives a card a schedule of three good answers, the last one
// leaving it due now.
func history(s *drill.Store, id string) drill.State {
	var st drill.State
	at := now.Add(-30 * 24 * time.Hour)
	for range 3 {
		st = st.Next(drill.Good, at)
		at = st.Due
	}
	st.Due = now.Add(-time.Hour)
	s.Set(id, st)
	return st
}

// modelAt opens a drill on the cards with the store and a clock.
func modelAt(t *testing.T, w, h int, s *drill.Store, clock func() time.Time, ids ...string) Model {
	t.Helper()
	m := New(Options{Theme: tuitest.Plain(), Deck: cards(t, ids...), Store: s, Now: clock,
		Session: drill.SessionOptions{New: len(ids), Seed: 1}})
	return tuitest.Send(m, tea.WindowSizeMsg{Width: w, Height: h})
}

func newStore(t *testing.T) *drill.Store {
	t.Helper()
	s, err := drill.OpenStore(t.TempDir(), now)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// keyLine finds the grade keys with their gaps in the body (joined by ·)
// or on the key line (by •, where a revealed open card shows them).
var keyLine = regexp.MustCompile(`1 again (\S+) [·•] 2 hard (\S+) [·•] 3 good (\S+) [·•] 4 easy (\S+)`)

// shownIntervals reads the interval on each grade key from the screen.
func shownIntervals(t *testing.T, view string) []string {
	t.Helper()
	m := keyLine.FindStringSubmatch(ansi.Strip(view))
	if m == nil {
		t.Fatalf("no grade keys with intervals on the screen:\n%s", ansi.Strip(view))
	}
	return m[1:]
}

// TestGradeKeysShowWhatTheGradeSchedules: the interval each grade key
// shows is the one that grade then schedules, read back from the schedule
// after the key is pressed: for a new card and a card with a history, an
// open card graded by hand and a number card answered right.
func TestGradeKeysShowWhatTheGradeSchedules(t *testing.T) {
	racefree.Only(t)
	for _, c := range []struct {
		id      string
		seen    bool
		answer  []string
		nextDay bool
	}{
		{"ref-001-self-check-3", false, []string{"space", "pgdown"}, false},
		{"ref-001-self-check-3", true, []string{"space", "pgdown"}, false},
		{"numbers-01", false, []string{"1", "6", "enter"}, false},
		{"numbers-01", true, []string{"1", "6", "enter"}, true},
	} {
		for g := drill.Again; g <= drill.Easy; g++ {
			s := newStore(t)
			if c.seen {
				history(s, c.id)
			}
			// The grade comes a while after the keys were drawn: the gaps
			// do not depend on when they are counted from.
			clock := now
			m := modelAt(t, 80, 24, s, func() time.Time { return clock }, c.id)
			m = tuitest.Press(m, c.answer...)
			shown := shownIntervals(t, m.View())
			before := m.Intervals()
			clock = clock.Add(47 * time.Second)
			tuitest.Press(m, string(rune('1'+g)))
			got := s.Get(c.id).Due.Sub(clock)
			if got != before[g] || drill.FormatInterval(got) != shown[g] {
				t.Errorf("%s (seen %v): key %d shows %s (%v); the grade scheduled %v (%s)",
					c.id, c.seen, g+1, shown[g], before[g], got, drill.FormatInterval(got))
			}
			if r := s.Reviews(); len(r) != 1 || r[0].Grade != g || r[0].Interval != int64(got/time.Second) {
				t.Errorf("%s: the review log holds %+v after grading %v", c.id, r, g)
			}
		}
	}
}

// The drill screen with the intervals on the grade keys, for a card with a
// history, at 80×24 (scrolled to the end) and 200×60: the keys carry them on
// the key line.
func TestGradeKeysGolden(t *testing.T) {
	racefree.Only(t)
	s := newStore(t)
	history(s, "ref-001-self-check-3")
	m := modelAt(t, 80, 24, s, func() time.Time { return now }, "ref-001-self-check-3")
	m = tuitest.Press(m, "space", "pgdown")
	golden.Check(t, "keys_due_80x24", m.View())
	tuitest.CheckBlock(t, m.View(), 80, 24)
	if got := shownIntervals(t, m.View()); strings.Join(got, " ") != "10m 9d 19d 25d" {
		t.Errorf("a card with three good answers shows %v", got)
	}
	s2 := newStore(t)
	history(s2, "ref-001-self-check-3")
	m = modelAt(t, 200, 60, s2, func() time.Time { return now }, "ref-001-self-check-3", "numbers-01")
	m = tuitest.Press(m, "space")
	golden.Check(t, "keys_due_200x60", m.View())
	tuitest.CheckBlock(t, m.View(), 200, 60)
}

// TestStartShowsTheCounts: the title counts the due and new cards left,
// the due ones first, from the session's start to its end.
func TestStartShowsTheCounts(t *testing.T) {
	racefree.Only(t)
	s := newStore(t)
	history(s, "ref-001-self-check-3")
	m := modelAt(t, 80, 24, s, func() time.Time { return now }, "ref-001-self-check-3", "numbers-01", "gen-pool")
	for i, want := range []string{"card 1 of 3 · 1 due · 2 new", "card 2 of 3 · 0 due · 2 new", "card 3 of 3 · 0 due · 1 new"} {
		if first := strings.SplitN(m.View(), "\n", 2)[0]; !strings.Contains(first, want) {
			t.Fatalf("card %d: the title reads %q, want %q", i+1, first, want)
		}
		m = skip(m)
	}
}

// TestUndo: u takes the last grade back, however many: the card's
// schedule is as it was (a new card is new again), its review leaves the
// log, the file on disk says so, and the card is asked again. From the
// summary too.
func TestUndo(t *testing.T) {
	racefree.Only(t)
	s := newStore(t)
	before := history(s, "ref-001-self-check-3")
	m := modelAt(t, 80, 24, s, func() time.Time { return now }, "ref-001-self-check-3", "numbers-01")
	if strings.Contains(m.View(), "u undo") {
		t.Fatal("undo offered before any grade")
	}
	m = tuitest.Press(m, "space", "4") // easy
	if st := s.Get("ref-001-self-check-3"); st == before {
		t.Fatal("the grade did not move the card")
	}
	m = tuitest.Press(m, "1", "6", "enter", "enter") // numbers-01: right, good
	if !m.Done() || len(s.Reviews()) != 2 {
		t.Fatalf("two grades, the summary: done %v, log %+v", m.Done(), s.Reviews())
	}
	next, cmd := m.Update(tuitest.Key("u"))
	m = next.(Model)
	if c, ok := m.Current(); !ok || c.ID != "numbers-01" || m.Done() {
		t.Fatalf("u from the summary did not bring numbers-01 back:\n%s", m.View())
	}
	if _, ok := s.States()["numbers-01"]; ok {
		t.Fatalf("numbers-01 is still scheduled after its only grade was undone: %+v", s.Get("numbers-01"))
	}
	if cmd == nil {
		t.Fatal("the undo is not saved")
	}
	cmd()
	if b, _ := os.ReadFile(s.Path()); strings.Contains(string(b), "numbers-01") {
		t.Fatalf("the file still holds numbers-01:\n%s", b)
	}
	if !strings.Contains(m.View(), "Undone: good") {
		t.Fatalf("the undo is not announced:\n%s", m.View())
	}
	m = tuitest.Press(m, "u")
	if c, _ := m.Current(); c.ID != "ref-001-self-check-3" || !strings.Contains(m.View(), "card 1 of 2 · 1 due · 1 new") {
		t.Fatalf("the second undo did not bring the first card back:\n%s", m.View())
	}
	if st := s.Get("ref-001-self-check-3"); st != before || len(s.Reviews()) != 0 {
		t.Fatalf("after undoing both: %+v (want %+v), log %+v", st, before, s.Reviews())
	}
	if m2 := tuitest.Press(m, "u"); m2.View() != m.View() {
		t.Fatal("u with nothing to undo changed the screen")
	}
	// Graded again, it is as if the first grade never was.
	m = tuitest.Press(m, "space", "3")
	if st := s.Get("ref-001-self-check-3"); st != before.Next(drill.Good, now) || len(s.Reviews()) != 1 {
		t.Fatalf("regraded good: %+v, log %+v", st, s.Reviews())
	}
	if strings.Contains(m.View(), "Undone:") {
		t.Fatalf("the undo notice outlived the next grade:\n%s", m.View())
	}
}

// TestUndoWithoutAStore: with nothing saved, undo still puts the card back
// and the summary forgets the grade.
func TestUndoWithoutAStore(t *testing.T) {
	m := New(Options{Theme: tuitest.Plain(), Deck: cards(t, "numbers-01"), Now: func() time.Time { return now },
		Session: drill.SessionOptions{New: 1, Seed: 1}})
	m = tuitest.Send(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	m = tuitest.Press(m, "9", "enter", "enter", "u", "1", "6", "enter", "enter")
	if !m.Done() || !strings.Contains(m.View(), "Right at first try: 1 of 1") {
		t.Fatalf("the undone wrong answer still counts:\n%s", m.View())
	}
}

// TestSummary: the session's end says how many cards were reviewed, how
// many were right at first try, the time spent and when the next card is
// due. The choice card, missed every time, comes back requeueMost times
// and is then left to its schedule: those tries are answers, not cards.
func TestSummary(t *testing.T) {
	s := newStore(t)
	clock := now
	m := modelAt(t, 80, 24, s, func() time.Time { return clock }, "ref-001-self-check-3", "numbers-01", "gen-pool")
	for !m.Done() {
		clock = clock.Add(83 * time.Second)
		c, _ := m.Current()
		switch c.Kind {
		case drill.Open:
			m = tuitest.Press(m, "space", "2") // hard
		case drill.Number:
			m = tuitest.Press(m, "1", "6", "enter", "enter") // right: good
		default:
			m = tuitest.Press(m, "enter", "1") // whatever was picked: again
		}
	}
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	for _, want := range []string{
		"Session done: 3 cards reviewed, and 2 more tries at cards missed, in 6 min 55 s.",
		"Right at first try: 2 of 3 (67%).",
		"Grades: again 3, hard 1, good 1, easy 0.",
		"Next card due: in 10m (14:16).",
	} {
		if !strings.Contains(v, want) {
			t.Errorf("the summary lacks %q:\n%s", want, v)
		}
	}
	golden.Check(t, "summary_full_80x24", m.View())
}

// TestUndoWhileTyping: in a number's answer already begun, u is typed (a
// unit may hold one); ctrl+z undoes there, and u does in an empty one.
func TestUndoWhileTyping(t *testing.T) {
	s := newStore(t)
	history(s, "ref-001-self-check-3") // due: it comes first
	m := modelAt(t, 80, 24, s, func() time.Time { return now }, "ref-001-self-check-3", "numbers-01")
	m = tuitest.Press(m, "space", "3", "1", "6", " ", "u")
	if c, _ := m.Current(); c.ID != "numbers-01" || m.input.Value() != "16 u" {
		t.Fatalf("u in a begun answer: card %s, field %q", c.ID, m.input.Value())
	}
	m = tuitest.Send(m, tea.Msg(tea.KeyMsg{Type: tea.KeyCtrlZ}))
	if c, _ := m.Current(); c.ID != "ref-001-self-check-3" {
		t.Fatalf("ctrl+z did not undo: card %s", c.ID)
	}
	m = tuitest.Press(m, "space", "3", "u")
	if c, _ := m.Current(); c.ID != "ref-001-self-check-3" {
		t.Fatalf("u in an empty answer did not undo: card %s", c.ID)
	}
}
