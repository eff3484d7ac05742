package drill

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"time"
)

// SessionOptions choose the cards of a session.
type SessionOptions struct {
	// Topic keeps one topic's cards ("" for all).
	Topic string
	// New is how many cards never seen may follow the due ones.
	New int
	// Review draws only the due cards, no new ones.
	Review bool
	// Seed shuffles the new cards and the choices, and seeds the generated
	// problems; the same seed and schedule give the same session.
	Seed uint64
}

// DefaultNew is how many new cards a session adds unless told otherwise.
const DefaultNew = 10

// Draw picks a session's cards: first every due card, the longest overdue
// first, then up to o.New cards never seen, in a shuffled order that keeps
// the deck's topics mixed. A card for a kind of generated problem is filled
// with fresh numbers, and every card's choices are shuffled.
func Draw(deck []Card, states map[string]State, now time.Time, o SessionOptions) []Card {
	rng := rand.New(rand.NewPCG(o.Seed, 0x5eed))
	due, fresh, _ := split(deck, states, now, o.Topic)
	sort.SliceStable(due, func(i, j int) bool { return states[due[i].ID].Due.Before(states[due[j].ID].Due) })
	rng.Shuffle(len(fresh), func(i, j int) { fresh[i], fresh[j] = fresh[j], fresh[i] })
	fresh = fresh[:o.newCards(len(fresh))]
	out := append(due, fresh...)
	for i := range out {
		out[i] = prepare(out[i], rng)
	}
	return out
}

// split sorts a topic's cards (topic "" for all) into the due ones and the
// ones never seen; the rest wait for their day, and next is the soonest of
// those days (zero when none waits). One pass decides both, so the moment
// drill --stats promises is the one at which Draw takes the card.
func split(deck []Card, states map[string]State, now time.Time, topic string) (due, fresh []Card, next time.Time) {
	for _, c := range Filter(deck, topic) {
		st, ok := states[c.ID]
		switch {
		case ok && st.DueAt(now):
			due = append(due, c)
		case !ok || !st.Seen():
			fresh = append(fresh, c)
		case next.IsZero() || st.Due.Before(next):
			next = st.Due
		}
	}
	return due, fresh, next
}

// newCards is how many of the unseen cards a session takes.
func (o SessionOptions) newCards(unseen int) int {
	if o.Review {
		return 0
	}
	return max(min(unseen, o.New), 0)
}

// Counts are what a session would hold if it started now: the counts the
// home screen's Drill entry and the drill's first card show.
type Counts struct {
	// Due is the cards due now; a session takes them all.
	Due int
	// New is the cards never seen that a session takes: at most
	// SessionOptions.New, none for a review.
	New int
	// Unseen is every card never seen, of which New are taken.
	Unseen int
	// Waiting is when the soonest of the cards not yet due falls due: the
	// first moment Draw would take one more; zero when no card waits.
	Waiting time.Time
}

// Count counts the cards Draw would draw, without drawing them.
func Count(deck []Card, states map[string]State, now time.Time, o SessionOptions) Counts {
	due, fresh, next := split(deck, states, now, o.Topic)
	return Counts{Due: len(due), New: o.newCards(len(fresh)), Unseen: len(fresh), Waiting: next}
}

// DueWhen says when a card due at t is due, seen at now: "now", or "in 10m
// (14:10)", the clock time in now's location, with the day when it is not
// today. The drill's summary and drill --stats both say it so.
func DueWhen(t, now time.Time) string {
	if !t.After(now) {
		return "now"
	}
	t = t.In(now.Location())
	at := t.Format("15:04")
	if y, mo, d := t.Date(); y != now.Year() || mo != now.Month() || d != now.Day() {
		at = t.Format("Mon 2 Jan 15:04")
	}
	return "in " + FormatInterval(t.Sub(now)) + " (" + at + ")"
}

// String says the counts the way the home screen and the drill show them:
// "3 due · 10 new".
func (c Counts) String() string {
	return fmt.Sprintf("%d due · %d new", c.Due, c.New)
}

// prepare fills a generator's card with a fresh problem and shuffles a
// choice card's answers, on copies: the deck is never changed.
func prepare(c Card, rng *rand.Rand) Card {
	if c.Generator != "" {
		if p, err := One(c.Generator, rng.Uint64()); err == nil {
			id := c.ID
			c = p.Card()
			c.ID = id
		}
	}
	if len(c.Choices) > 1 {
		c.Choices = append(c.Choices[:0:0], c.Choices...)
		rng.Shuffle(len(c.Choices), func(i, j int) { c.Choices[i], c.Choices[j] = c.Choices[j], c.Choices[i] })
	}
	return c
}

// Result is one answered card of a session.
type Result struct {
	Card  Card
	Grade Grade
}

// Summary is what a session ends with.
type Summary struct {
	// Answered is the grades given: a card missed and asked again in the
	// session is answered more than once.
	Answered int
	// Cards is the cards answered, each counted once.
	Cards int
	// RightFirst counts the cards whose first grade of the session was not
	// again.
	RightFirst int
	Grades     [4]int
	// Spent is the time from the session's start to its end.
	Spent time.Duration
	// NextDue is when the first card of the deck is next due (perhaps
	// already, for one left out of this session); zero when none is
	// scheduled.
	NextDue time.Time
	// DueTomorrow counts the cards due before the end of tomorrow (in
	// now's location), this session's included.
	DueTomorrow int
	// Weakest lists up to three topics with the worst record, worst first;
	// a topic needs at least one answer to be listed.
	Weakest []TopicScore
}

// TopicScore is a topic's record: the share of its answers that were
// missed. A miss is a grade of again, as everywhere else (RightFirst, drill
// --stats: right is any grade but again), so "40% of 5 answers" is 2 of
// them. Hard is right, if only just: it counted as half a miss, and the
// line beside "Right at first try: 3 of 5" read "50% of 5 answers".
type TopicScore struct {
	Topic   string
	Missed  float64 // again / answers
	Answers int
	// Misses is the answers graded again (Missed × Answers); Hard the
	// answers graded hard, which break ties between equal shares.
	Misses, Hard int
}

// Summarize reports on a session that started at start and ended at now,
// given the schedule after it.
func Summarize(results []Result, deck []Card, states map[string]State, start, now time.Time) Summary {
	s := Summary{Answered: len(results), Spent: max(now.Sub(start), 0)}
	first := map[string]bool{}
	for _, r := range results {
		if r.Grade >= Again && r.Grade <= Easy {
			s.Grades[r.Grade]++
		}
		if !first[r.Card.ID] {
			first[r.Card.ID] = true
			if r.Grade != Again {
				s.RightFirst++
			}
		}
	}
	s.Cards = len(first)
	y, m, d := now.Date()
	endOfTomorrow := time.Date(y, m, d+2, 0, 0, 0, 0, now.Location())
	topicOf := map[string]string{}
	for _, c := range deck {
		topicOf[c.ID] = c.Topic
	}
	type tally struct{ missed, hard, n int }
	byTopic := map[string]*tally{}
	for id, st := range states {
		t, ok := topicOf[id]
		if !ok {
			continue
		}
		if st.Seen() && st.Due.Before(endOfTomorrow) {
			s.DueTomorrow++
		}
		if st.Seen() && (s.NextDue.IsZero() || st.Due.Before(s.NextDue)) {
			s.NextDue = st.Due
		}
		n := st.Grades[0] + st.Grades[1] + st.Grades[2] + st.Grades[3]
		if n == 0 {
			continue
		}
		if byTopic[t] == nil {
			byTopic[t] = &tally{}
		}
		byTopic[t].missed += st.Grades[Again]
		byTopic[t].hard += st.Grades[Hard]
		byTopic[t].n += n
	}
	for _, t := range Topics {
		if v := byTopic[t]; v != nil && v.missed > 0 {
			s.Weakest = append(s.Weakest, TopicScore{Topic: t, Missed: float64(v.missed) / float64(v.n), Answers: v.n, Misses: v.missed, Hard: v.hard})
		}
	}
	sort.SliceStable(s.Weakest, func(i, j int) bool {
		a, b := s.Weakest[i], s.Weakest[j]
		if a.Missed != b.Missed {
			return a.Missed > b.Missed
		}
		return float64(a.Hard)/float64(a.Answers) > float64(b.Hard)/float64(b.Answers)
	})
	if len(s.Weakest) > 3 {
		s.Weakest = s.Weakest[:3]
	}
	return s
}

// AutoGrade is the grade of an auto-graded answer: good when right, again
// when wrong.
func AutoGrade(right bool) Grade {
	if right {
		return Good
	}
	return Again
}
