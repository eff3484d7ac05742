package drillui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// drillStates are the drill's screens, in order: a choice card asked and
// answered, an open card asked and revealed, a number card answered, and
// the summary.
func drillStates(t *testing.T, w, h int) []struct {
	name string
	m    Model
} {
	t.Helper()
	var out []struct {
		name string
		m    Model
	}
	add := func(name string, m Model) {
		out = append(out, struct {
			name string
			m    Model
		}{name, m})
	}
	m, _ := model(t, w, h, choiceID(t), "ref-001-self-check-3", "numbers-01")
	for !m.Done() {
		c, _ := m.Current()
		switch c.Kind {
		case drill.Choice:
			add("choice", m)
			add("choice answered", tuitest.Press(m, "a"))
		case drill.Open:
			add("open", m)
			add("open revealed", tuitest.Press(m, "space"))
		default:
			add("number answered", tuitest.Press(m, "1", "6", "enter"))
		}
		m = skip(m)
	}
	add("summary", m)
	return out
}

// The drill's screens at 120×40 and 200×60, one file a size (each screen
// has its own file at 80×24), none cutting a word: the list of the
// session's cards beside the card names each by its first whole words.
func TestDrillAtLargerSizes(t *testing.T) {
	racefree.Only(t)
	for _, sz := range [][2]int{{120, 40}, {200, 60}} {
		var b strings.Builder
		for _, s := range drillStates(t, sz[0], sz[1]) {
			v := s.m.View()
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			c, _ := s.m.Current()
			tuitest.CheckNoCuts(t, fmt.Sprintf("%s at %dx%d", s.name, sz[0], sz[1]), v, cardTexts(c)...)
			fmt.Fprintf(&b, "──── %s ────\n%s\n", s.name, ansi.Strip(v))
		}
		golden.Check(t, fmt.Sprintf("screens-%dx%d", sz[0], sz[1]), b.String())
	}
}

// cardTexts are the texts a card shows.
func cardTexts(c drill.Card) []string {
	out := []string{c.Question, c.FollowUp, c.Explain, c.Source, c.Topic}
	out = append(out, c.Points...)
	for _, o := range c.Choices {
		out = append(out, o.Text, o.Why)
	}
	return out
}

// No line of any card of the deck, asked or answered, cuts a word or
// splits a number at 80×24.
// The whole deck is built without the race detector (racefree: no
// goroutine here).
func TestDrillCutsNoWordAt80x24(t *testing.T) {
	racefree.Only(t)
	deck, err := drill.Deck()
	if len(deck) == 0 {
		t.Fatal(err)
	}
	for _, c := range deck {
		m, _ := modelOn(t, 80, 24, []drill.Card{c})
		cur, ok := m.Current()
		if !ok {
			t.Fatalf("%s: no card", c.ID)
		}
		src := cardTexts(cur)
		tuitest.CheckNoCuts(t, c.ID+" asked", m.View(), src...)
		var answered Model
		switch cur.Kind {
		case drill.Open:
			answered = tuitest.Press(m, "space")
		case drill.Choice:
			answered = tuitest.Press(m, "a")
		default:
			answered = tuitest.Press(m, "1", "enter")
		}
		tuitest.CheckNoCuts(t, c.ID+" answered", answered.View(), src...)
		tuitest.CheckBlock(t, answered.View(), 80, 24)
	}
}
