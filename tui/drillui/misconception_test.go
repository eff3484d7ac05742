package drillui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A wrong answer to a generated number problem that is one of its named
// misconceptions shows that one's why, as the lesson player does; another
// wrong number and the right answer show none. The drill said only "✗ Not
// this time" and "The answer: 1 calls".
func TestWrongNumberShowsItsMisconception(t *testing.T) {
	// The model is driven by hand, key by key: no goroutine starts.
	racefree.Only(t)
	for _, kind := range drill.Generators {
		p, err := drill.One(kind, 3)
		if err != nil {
			t.Fatal(err)
		}
		if p.Kind != drill.Number {
			continue
		}
		// The session fills a generator's card with numbers of its own:
		// read the card on screen, the same for every fresh model.
		onScreen := func() (Model, drill.Card) {
			m, _ := modelOn(t, 200, 60, []drill.Card{p.Card()})
			c, ok := m.Current()
			if !ok {
				t.Fatalf("%s: no card on screen", p.ID)
			}
			return m, c
		}
		_, card := onScreen()
		answer := func(typed string) string {
			m, c := onScreen()
			if c.Question != card.Question {
				t.Fatalf("%s: the session drew %q, then %q", p.ID, card.Question, c.Question)
			}
			return leftColumn(tuitest.Press(typeIn(m, typed), "enter"))
		}
		if len(card.Check.Misconceptions) == 0 {
			t.Errorf("%s: the card on screen names no misconception", p.ID)
		}
		for _, mc := range card.Check.Misconceptions {
			typed := strings.ReplaceAll(mc.Text, ",", "")
			if _, err := card.Check.ParseGuess(typed); err != nil {
				continue // a share below 0.1 %: lessons/drill types its digits
			}
			v := answer(typed)
			if !strings.Contains(v, "✗ Not this time") || !strings.Contains(v, strings.Join(strings.Fields(mc.Why), " ")) {
				t.Errorf("%s: %s should be wrong and show its why %q:\n%s", p.ID, typed, mc.Why, v)
			}
			if !strings.Contains(v, "The answer: "+card.AnswerWithUnit()) {
				t.Errorf("%s: the answer should read %q:\n%s", p.ID, card.AnswerWithUnit(), v)
			}
		}
		right := answer(card.Check.AnswerText)
		for _, m := range card.Check.Misconceptions {
			if v := right; strings.Contains(v, strings.Join(strings.Fields(m.Why), " ")) {
				t.Errorf("%s: the right answer shows the why %q:\n%s", p.ID, m.Why, v)
			}
		}
	}
}

// leftColumn is the card's column of the view, without styles, its runs
// of spaces and line breaks made one space, so that a wrapped sentence
// reads whole beside the side pane.
func leftColumn(m Model) string {
	var b strings.Builder
	for _, line := range strings.Split(ansi.Strip(m.View()), "\n") {
		if i := strings.Index(line, "│"); i >= 0 {
			line = line[:i]
		}
		b.WriteString(line + " ")
	}
	return strings.Join(strings.Fields(b.String()), " ")
}
