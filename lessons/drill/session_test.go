package drill

import (
	"testing"
	"time"

	"pgregory.net/rapid"
)

// TestIntervalsAreWhatTheGradeSchedules: from any state, at any moment,
// the gap a grade key shows is the gap that grade then schedules, to the
// nanosecond and as the key writes it. One truth: the keys never promise
// another interval than the scheduler gives.
func TestIntervalsAreWhatTheGradeSchedules(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genState(t)
		now := t0.Add(time.Duration(rapid.Int64Range(0, int64(10000*day)).Draw(t, "now")))
		shown := s.Intervals(now)
		for g := Again; g <= Easy; g++ {
			got := s.Next(g, now).Due.Sub(now)
			if shown[g] != got || FormatInterval(shown[g]) != FormatInterval(got) {
				t.Fatalf("%v from %+v: the key shows %v (%s), the grade schedules %v", g, s, shown[g], FormatInterval(shown[g]), got)
			}
		}
		if shown[Again] != Relearn {
			t.Fatalf("again shows %v, not Relearn", shown[Again])
		}
	})
}

func TestFormatInterval(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{0, "<1m"},
		{29 * time.Second, "<1m"},
		{59 * time.Second, "1m"},
		{time.Minute, "1m"},
		{Relearn, "10m"},
		{59*time.Minute + 20*time.Second, "59m"},
		{59*time.Minute + 40*time.Second, "1h"},
		{time.Hour, "1h"},
		{23 * time.Hour, "23h"},
		{23*time.Hour + 59*time.Minute, "1d"},
		{day, "1d"},
		{36 * time.Hour, "2d"},
		{day * 29, "29d"},
		{day * 30, "1mo"},
		{day * 45, "1.5mo"},
		{day * 364, "12.1mo"},
		{day * 365, "1y"},
		{day * 3650, "10y"},
	} {
		if got := FormatInterval(c.d); got != c.want {
			t.Errorf("FormatInterval(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

// TestNewCardKeys: a card never seen shows the keys Anki users know: again
// and hard in minutes, hard the later, then good's day, easy the furthest.
func TestNewCardKeys(t *testing.T) {
	var got []string
	for _, d := range (State{}).Intervals(t0) {
		got = append(got, FormatInterval(d))
	}
	if want := []string{"10m", "15m", "1d", "4d"}; !equal(got, want) {
		t.Fatalf("a new card's keys show %v, want %v", got, want)
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestCountIsWhatDrawDraws: for any schedule, Count's due and new cards
// are the cards Draw puts in the session, due first.
func TestCountIsWhatDrawDraws(t *testing.T) {
	d := deck(t)
	rapid.Check(t, func(t *rapid.T) {
		states := map[string]State{}
		now := t0
		for range rapid.IntRange(0, 40).Draw(t, "answers") {
			c := d[rapid.IntRange(0, len(d)-1).Draw(t, "card")]
			now = now.Add(time.Duration(rapid.Int64Range(0, int64(3*day)).Draw(t, "wait")))
			states[c.ID] = states[c.ID].Next(Grade(rapid.IntRange(0, 3).Draw(t, "grade")), now)
		}
		o := SessionOptions{
			New:    rapid.IntRange(0, 30).Draw(t, "new"),
			Review: rapid.Bool().Draw(t, "review"),
			Topic:  rapid.SampledFrom(append([]string{""}, Topics...)).Draw(t, "topic"),
		}
		c := Count(d, states, now, o)
		drawn := Draw(d, states, now, o)
		if c.Due+c.New != len(drawn) || c.New > c.Unseen {
			t.Fatalf("Count %+v, Draw drew %d cards", c, len(drawn))
		}
		for i, card := range drawn {
			if due := states[card.ID].DueAt(now); due != (i < c.Due) {
				t.Fatalf("card %d of %d (%s) due %v; Count says %d due", i, len(drawn), card.ID, due, c.Due)
			}
		}
	})
}

func TestCountsString(t *testing.T) {
	if got := (Counts{Due: 3, New: 10, Unseen: 90}).String(); got != "3 due · 10 new" {
		t.Fatalf("Counts.String() = %q", got)
	}
}

// The weakest topics count a miss as the rest of the summary does: a grade
// of again. The report's session (5 bulkhead cards: one wrong pick, one
// again, one hard, two good) is right at first try 3 of 5, and its topic
// missed 2 of 5 answers, 40%; hard counted as half a miss, which made it
// "50% of 5 answers" beside "3 of 5". Hard only breaks ties.
func TestWeakestTopicsCountMissesAsAgain(t *testing.T) {
	var cards []Card
	for _, c := range deck(t) {
		if c.Topic == "bulkhead" {
			cards = append(cards, c)
		}
	}
	if len(cards) < 5 {
		t.Fatalf("the deck has %d bulkhead cards, want 5", len(cards))
	}
	states := map[string]State{}
	var results []Result
	for i, g := range []Grade{Again, Again, Hard, Good, Good} {
		c := cards[i]
		states[c.ID] = states[c.ID].Next(g, t0)
		results = append(results, Result{Card: c, Grade: g})
	}
	s := Summarize(results, cards, states, t0.Add(-time.Minute), t0)
	if s.RightFirst != 3 || len(s.Weakest) != 1 {
		t.Fatalf("right first %d, weakest %+v", s.RightFirst, s.Weakest)
	}
	w := s.Weakest[0]
	if w.Topic != "bulkhead" || w.Answers != 5 || w.Misses != 2 || w.Missed != 0.4 || w.Hard != 1 {
		t.Errorf("weakest %+v, want bulkhead, 2 of 5 missed (0.4), 1 hard", w)
	}
	if right := float64(s.RightFirst) / float64(s.Answered); w.Missed != 1-right {
		t.Errorf("the topic's misses %v and right at first try %v do not add up to all", w.Missed, right)
	}
	// A hard answer alone is no miss: the topic is not listed as weak.
	states = map[string]State{cards[0].ID: State{}.Next(Hard, t0)}
	if s := Summarize([]Result{{Card: cards[0], Grade: Hard}}, cards, states, t0, t0); len(s.Weakest) != 0 {
		t.Errorf("one hard answer made the topic weak: %+v", s.Weakest)
	}
	// Between equal shares of misses, the topic with more hard answers
	// comes first.
	byTopic := map[string][]Card{}
	var other []Card
	for _, c := range deck(t) {
		if c.Topic != "bulkhead" {
			byTopic[c.Topic] = append(byTopic[c.Topic], c)
			if len(byTopic[c.Topic]) == 2 {
				other = byTopic[c.Topic]
				break
			}
		}
	}
	if other == nil {
		t.Fatal("no other topic has two cards")
	}
	both := append(append([]Card(nil), cards[:2]...), other...)
	states = map[string]State{
		cards[0].ID: State{}.Next(Again, t0), cards[1].ID: State{}.Next(Good, t0),
		other[0].ID: State{}.Next(Again, t0), other[1].ID: State{}.Next(Hard, t0),
	}
	s = Summarize(nil, both, states, t0, t0)
	if len(s.Weakest) != 2 || s.Weakest[0].Topic != other[0].Topic || s.Weakest[1].Topic != "bulkhead" {
		t.Errorf("equal shares: %+v, want %s (a hard answer) first", s.Weakest, other[0].Topic)
	}
}
