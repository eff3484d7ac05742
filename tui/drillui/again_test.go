package drillui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// openCards are n open cards, graded by hand: space shows the answer,
// 1 to 4 grade it.
func openCards(n int) []drill.Card {
	var out []drill.Card
	for i := range n {
		out = append(out, drill.Card{ID: fmt.Sprintf("open-%d", i), Topic: "fallback", Kind: drill.Open,
			Question: fmt.Sprintf("Question %d: what does a fallback need?", i), Points: []string{"Nothing from the broken dependency."}})
	}
	return out
}

// A card answered again is due Relearn later, but the session drew its
// cards at the start and never showed it again: the learner could not put
// the miss right until another session. It comes back now, requeueGap
// cards on, said so on the card, and answered right the second time it
// moves on in the schedule.
func TestAMissedCardComesBackInTheSameSession(t *testing.T) {
	racefree.Only(t) // driven key by key, no goroutine
	m, s := modelOn(t, 80, 24, openCards(6))
	first, _ := m.Current()
	m = tuitest.Press(m, "space", "1")
	if v := ansi.Strip(m.View()); !strings.Contains(strings.Join(strings.Fields(v), " "), fmt.Sprintf("comes back after %d more cards", requeueGap)) {
		t.Errorf("a card answered again should say when it comes back:\n%s", v)
	}
	for i := range requeueGap {
		c, _ := m.Current()
		if c.ID == first.ID {
			t.Fatalf("the missed card came back after %d cards, want %d", i, requeueGap)
		}
		m = tuitest.Press(m, "space", "3")
	}
	c, ok := m.Current()
	if !ok || c.ID != first.ID {
		t.Fatalf("after %d other cards the missed card %s should be back, got %q", requeueGap, first.ID, c.ID)
	}
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "Another try") || !strings.Contains(v, "1 again") {
		t.Errorf("the card's second try should say so, and the title count it:\n%s", v)
	}
	m = tuitest.Press(m, "space", "3")
	if st := s.Get(first.ID); st.Reps == 0 {
		t.Errorf("answered good on its second try the card should move on, got %+v", st)
	}
	for !m.Done() {
		if c, _ := m.Current(); c.ID == first.ID {
			t.Fatalf("answered good on its second try, %s came back a third time", first.ID)
		}
		m = tuitest.Press(m, "space", "3")
	}
	if got, want := m.sum.Answered, 7; got != want {
		t.Errorf("the session should count %d answers (6 cards and one second try), got %d", want, got)
	}
	if got, want := m.sum.RightFirst, 5; got != want {
		t.Errorf("right at first try should be %d of 6 (the second try is no first), got %d", want, got)
	}
}

// With fewer cards left than requeueGap, a missed card comes back at the
// end of the session, and the last card missed comes back at once.
func TestAMissedCardNearTheEndComesBackLast(t *testing.T) {
	racefree.Only(t)
	m, _ := modelOn(t, 80, 24, openCards(2))
	m = tuitest.Press(m, "space", "3")
	last, _ := m.Current()
	m = tuitest.Press(m, "space", "1")
	if m.Done() {
		t.Fatal("the session ended on a card answered again; it should come back for another try")
	}
	if c, _ := m.Current(); c.ID != last.ID {
		t.Fatalf("the last card missed should come back next, got %q", c.ID)
	}
	if v := strings.Join(strings.Fields(ansi.Strip(m.View())), " "); !strings.Contains(v, "Another try") {
		t.Errorf("the second try should say so:\n%s", v)
	}
	m = tuitest.Press(m, "space", "4")
	if !m.Done() {
		t.Fatal("answered on its second try, the last card should end the session")
	}
}

// Undoing a grade of again takes the card's second try out of the
// session with it: the card is asked as it was, and the session as long.
func TestUndoingAgainTakesTheSecondTryOut(t *testing.T) {
	racefree.Only(t)
	m, _ := modelOn(t, 80, 24, openCards(5))
	first, _ := m.Current()
	n := len(m.cards)
	m = tuitest.Press(m, "space", "1")
	if len(m.cards) != n+1 {
		t.Fatalf("again should add the card's second try: %d cards, want %d", len(m.cards), n+1)
	}
	m = tuitest.Press(m, "u")
	if len(m.cards) != n {
		t.Errorf("undo should take the second try out: %d cards, want %d", len(m.cards), n)
	}
	if c, _ := m.Current(); c.ID != first.ID {
		t.Errorf("undo should ask %s again, got %q", first.ID, c.ID)
	}
	for j := range m.joined {
		if m.joined[j] == stateAgain {
			t.Errorf("card %d is still marked as a second try after the undo", j)
		}
	}
	if v := ansi.Strip(m.View()); strings.Contains(v, missedPrefix) {
		t.Errorf("the note of the undone miss should go with it:\n%s", v)
	}
}

// A key that picks no choice on a multiple-choice card did nothing at
// all: a learner pressing 1 (a grade elsewhere) or d on a card of three
// choices was not told why. It says which keys choose, and picks nothing.
func TestAKeyWithNoChoiceSaysWhichKeysChoose(t *testing.T) {
	racefree.Only(t)
	for _, k := range []string{"d", "1", "space"} {
		m, _ := modelOn(t, 80, 24, []drill.Card{searchCard})
		m = tuitest.Press(m, k)
		if m.phase != asking {
			t.Fatalf("%s answered the card", k)
		}
		v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
		if !strings.Contains(v, "picks no choice here: press a letter from a to c, or move with ↑/↓ and press enter.") {
			t.Errorf("%s on a card of three choices should say which keys choose:\n%s", k, v)
		}
		m = tuitest.Press(m, "down")
		if v := ansi.Strip(m.View()); strings.Contains(v, "picks no choice") {
			t.Errorf("moving the cursor should clear the message:\n%s", v)
		}
	}
}
