package drill

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/facts"
)

// CheckReport sums up a check of the deck.
type CheckReport struct {
	// Cards is how many cards the deck holds, every one's topic checked.
	Cards int
	// Placeholders and Claims count what the drill's own texts (cards.toml
	// and numbers.md) hold: every placeholder filled, every claim evaluated.
	Placeholders, Claims int
}

func (r CheckReport) String() string {
	return fmt.Sprintf("%d cards checked: %d placeholders, %d claims", r.Cards, r.Placeholders, r.Claims)
}

// CheckCards holds hand-written cards to the lessons' standard: each
// text's placeholders fill, each claim holds, the topic is one of Topics,
// and no point or follow-up answer types a number that nothing checks,
// in digits (lessons.UncheckedNumbers) or in words ("twice", "ten calls":
// lessons.UncheckedNumberWords), the givens being the question and the
// follow-up question. Every problem is in the error, one a line, naming
// the card and the point.
func CheckCards(lab *lessons.Lab, cards []CardText) (CheckReport, error) {
	var r CheckReport
	var bad []error
	for _, t := range cards {
		r.Cards++
		if err := CheckTopic(t.Topic); err != nil {
			bad = append(bad, fmt.Errorf("%s: %w", t.ID, err))
		}
		for _, s := range append([]string{t.Question, t.FollowUp, t.FollowUpAnswer}, t.Points...) {
			r.Placeholders += len(placeholderRE.FindAllString(s, -1))
		}
		if _, err := t.fill(lab); err != nil {
			bad = append(bad, err)
		}
		texts := map[string]string{}
		var order []string
		for i, p := range t.Points {
			name := fmt.Sprintf("%s, point %d", t.ID, i+1)
			texts[name] = p
			order = append(order, name)
		}
		if t.FollowUpAnswer != "" {
			texts[t.ID+", follow-up answer"] = t.FollowUpAnswer
			order = append(order, t.ID+", follow-up answer")
		}
		for _, name := range order {
			// The library rule reads the whole card: a point may quote the
			// library its question, its follow-up or its source names.
			if err := checkLibraryQuotes(t.Source + "\n" + t.Question + "\n" + t.FollowUp + "\n" + texts[name]); err != nil {
				bad = append(bad, fmt.Errorf("%s %w", name, err))
			}
			if err := checkSubjects(texts[name]); err != nil {
				bad = append(bad, fmt.Errorf("%s %w", name, err))
			}
			if n := lessons.UncheckedNumbers(withoutVersions(texts[name]), t.Question, t.FollowUp); len(n) > 0 {
				bad = append(bad, fmt.Errorf("%s types %s, which nothing checks: write a placeholder, or make it a given of the question (%q)",
					name, strings.Join(n, ", "), texts[name]))
			}
			if w := lessons.UncheckedNumberWords(texts[name], t.Question, t.FollowUp); len(w) > 0 {
				bad = append(bad, fmt.Errorf("%s writes %s, a number written in words where the engine computes it: write a placeholder, state it in a claim's placeholder, or reword (%q)",
					name, quoteAll(w), texts[name]))
			}
		}
		for _, claim := range t.Expect {
			r.Claims++
			res, err := t.checkClaim(lab, claim)
			if err != nil {
				bad = append(bad, err)
				continue
			}
			if err := res.Failure(t.ID); err != nil {
				bad = append(bad, err)
			}
		}
	}
	return r, errors.Join(bad...)
}

// Check checks the whole deck, as `breakerlab drill --check` does: it
// builds every card (the lessons' questions and numbers.md filled by
// running the engine), checks every card's topic, that its question
// stands alone (refersBack) and that what it shows once answered points at
// no lesson step (checkAnswerStandsAlone), evaluates numbers.md's claims
// and checks cards.toml with CheckCards.
func Check() (CheckReport, error) {
	var bad []error
	deck, err := Deck()
	if err != nil {
		bad = append(bad, err)
	}
	for _, c := range deck {
		if err := CheckTopic(c.Topic); err != nil {
			bad = append(bad, fmt.Errorf("%s: %w", c.ID, err))
		}
		if err := checkStandsAlone(c); err != nil {
			bad = append(bad, err)
		}
		if err := checkAnswerStandsAlone(c); err != nil {
			bad = append(bad, err)
		}
		if err := checkOffScreen(c); err != nil {
			bad = append(bad, err)
		}
	}
	lab := lessons.NewLab()
	texts, err := HandCards()
	if err != nil {
		return CheckReport{}, err
	}
	r, err := CheckCards(lab, texts)
	if err != nil {
		bad = append(bad, err)
	}
	r.Cards = len(deck)
	p, err := prepareNumbers(lab)
	if err != nil {
		bad = append(bad, err)
	} else {
		r.Placeholders += len(placeholderRE.FindAll(numbersLesson, -1))
		for _, s := range p.Steps {
			r.Claims += len(s.Claims)
		}
		if err := p.Verify(); err != nil {
			bad = append(bad, err)
		}
	}
	return r, errors.Join(bad...)
}

// quoteAll quotes each word, joined for a message: "twice", "ten calls".
func quoteAll(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = strconv.Quote(w)
	}
	return strings.Join(q, ", ")
}

// withoutVersions blanks every library named with its version out of
// text, a breaker's ("Netflix Hystrix 1.5", presetVersion) or a fact's
// ("Envoy 1.36", facts.Fact's Version): the version is a name, not a
// figure a run could check, and a default quoted without it misleads
// (TestCardsQuotingDefaultsNameTheVersion, TestCardsNameTheVersionOfEachDefault).
func withoutVersions(text string) string {
	for _, p := range breaker.Presets() {
		v := presetVersion(p)
		text = strings.ReplaceAll(text, v, strings.Repeat(" ", len(v)))
	}
	for _, f := range facts.All() {
		if v := f.Version; v != "" {
			text = strings.ReplaceAll(text, v, strings.Repeat(" ", len(v)))
		}
	}
	return text
}
