package drillui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// onLinePerParagraph is a card's text as its author would have written it
// with each paragraph on one line: the form the screen must draw the same
// as the file's, whatever width the file was broken at.
func onLinePerParagraph(s string) string {
	paras := strings.Split(s, "\n\n")
	for i, p := range paras {
		paras[i] = strings.Join(strings.Fields(p), " ")
	}
	return strings.Join(paras, "\n\n")
}

// Lesson 8 step 5's explanation breaks its lines inside a paragraph (a TOML
// """ string keeps the breaks). Answered in the drill, its card draws at
// each width as it would with each paragraph on one line, so its lines end
// where the window does, not where the author's editor did: with the breaks
// kept, the card's lines ended short wherever the file's did.
func TestDrillReflowsAnAuthorsLineBreaks(t *testing.T) {
	racefree.Only(t) // the whole deck is built, no goroutine
	const id = "lesson-08-shuffle-sharding-5"
	all, err := drill.Deck()
	if err != nil {
		t.Fatal(err)
	}
	var deck []drill.Card
	for _, c := range all {
		if c.ID == id {
			deck = append(deck, c)
		}
	}
	if len(deck) != 1 {
		t.Fatalf("no card %s in the deck", id)
	}
	if !strings.Contains(strings.ReplaceAll(deck[0].Explain, "\n\n", ""), "\n") {
		t.Fatalf("the explanation no longer breaks a line inside a paragraph; pick another:\n%s", deck[0].Explain)
	}
	joined := append([]drill.Card(nil), deck...)
	joined[0].Explain = onLinePerParagraph(joined[0].Explain)
	for _, w := range []int{40, 60, 80} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			got, _ := modelOn(t, w, 80, deck)
			want, _ := modelOn(t, w, 80, joined)
			g := ansi.Strip(tuitest.Press(got, "a").View())
			x := ansi.Strip(tuitest.Press(want, "a").View())
			if !strings.Contains(x, "outright") {
				t.Fatalf("the answered card shows no explanation:\n%s", x)
			}
			if g != x {
				t.Errorf("at %d columns the card keeps the file's line breaks:\n%s\nwant:\n%s", w, g, x)
			}
		})
	}
}

// The drill reflows every text of a card it draws, choices, their whys and
// an open card's points included, and leaves the deck it was given as it
// was: the deck is shared (Options.Deck, Counts).
func TestReflowedCopiesTheDeck(t *testing.T) {
	given := []drill.Card{{
		ID: "a", Question: "q\nq", Explain: "e\ne", FollowUp: "f\nf", Points: []string{"p\np"},
		Choices: []lessons.Option{{Text: "t\nt", Why: "w\nw"}},
	}}
	got := reflowed(given)[0]
	if got.Question != "q q" || got.Explain != "e e" || got.FollowUp != "f f" || got.Points[0] != "p p" ||
		got.Choices[0].Text != "t t" || got.Choices[0].Why != "w w" {
		t.Errorf("a card's texts were not all reflowed: %+v", got)
	}
	if c := given[0]; c.Points[0] != "p\np" || c.Choices[0].Text != "t\nt" || c.Choices[0].Why != "w\nw" {
		t.Errorf("the deck given was changed: %+v", c)
	}
}
