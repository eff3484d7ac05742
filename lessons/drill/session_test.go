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
