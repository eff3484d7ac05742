package drillui

import (
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// reflowed is the deck with the line breaks its authors put inside a
// paragraph undone (pane.JoinLines, the lesson player's rule), so a lesson
// question reads the same in the drill as in its lesson, on every drill
// screen: the card, the deck list, the session's list. It is done once, as
// the drill takes the deck, and on the cards' texts only: an error the
// drill shows (errors.Join puts one cause a line) keeps its lines. The
// caller's deck is left as it was: the cards are copied, with their
// choices and points.
func reflowed(deck []drill.Card) []drill.Card {
	out := make([]drill.Card, len(deck))
	for i, c := range deck {
		c.Question = pane.JoinLines(c.Question)
		c.FollowUp = pane.JoinLines(c.FollowUp)
		c.Explain = pane.JoinLines(c.Explain)
		if c.Points != nil {
			points := make([]string, len(c.Points))
			for j, p := range c.Points {
				points[j] = pane.JoinLines(p)
			}
			c.Points = points
		}
		if c.Choices != nil {
			choices := make([]lessons.Option, len(c.Choices))
			for j, o := range c.Choices {
				o.Text, o.Why = pane.JoinLines(o.Text), pane.JoinLines(o.Why)
				choices[j] = o
			}
			c.Choices = choices
		}
		out[i] = c
	}
	return out
}
