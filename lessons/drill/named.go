package drill

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/lessons"
)

// Named builds the cards of the deck with the given IDs, in that order, as
// Deck has them, and only those: a hand-written card is filled alone, the
// numbers cards are filled without preparing any lesson, and a generated
// problem's card needs no engine at all. Deck runs the engine for every
// card at once, seconds of work (tens under the race detector); a screen's
// tests that need a few real cards take them here. A lesson question's card
// is not built alone: its ID is refused, as is an unknown one.
func Named(ids ...string) ([]Card, error) {
	lab := lessons.NewLab()
	var texts []CardText
	var nums []Card
	out := make([]Card, 0, len(ids))
	for _, id := range ids {
		var (
			c   Card
			ok  bool
			err error
		)
		switch {
		case strings.HasPrefix(id, "gen-"):
			c, ok = byID(generatorCards(), id)
		case strings.HasPrefix(id, "numbers-"):
			if nums == nil {
				if nums, err = numbersCards(lab); err != nil {
					return nil, err
				}
			}
			c, ok = byID(nums, id)
		default:
			if texts == nil {
				if texts, err = HandCards(); err != nil {
					return nil, err
				}
			}
			for _, t := range texts {
				if t.ID == id {
					if c, err = t.fill(lab); err != nil {
						return nil, err
					}
					ok = true
					break
				}
			}
		}
		if !ok {
			return nil, fmt.Errorf("no card %q among the hand-written, numbers and generated cards (a lesson's cards come with Deck)", id)
		}
		out = append(out, c)
	}
	return out, nil
}

// byID finds the card with the ID.
func byID(cards []Card, id string) (Card, bool) {
	for _, c := range cards {
		if c.ID == id {
			return c, true
		}
	}
	return Card{}, false
}
