package drill

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// dueDrawn counts the cards Draw takes at now that have a schedule: the
// due ones, as the drill itself picks them.
func dueDrawn(d []Card, states map[string]State, now time.Time, o SessionOptions) int {
	n := 0
	for _, c := range Draw(d, states, now, o) {
		if states[c.ID].Seen() {
			n++
		}
	}
	return n
}

// TestStatsNextDueAgreesWithDraw: the moment `drill --stats` says the next
// card falls due is the moment the drill's own Draw first takes it, at
// several clock moments and for a topic's session as for the whole deck:
// just before it Draw takes no more cards than now, at it one more.
func TestStatsNextDueAgreesWithDraw(t *testing.T) {
	racefree.Only(t) // a schedule in memory and text, no goroutine
	d := deck(t)
	s, err := OpenStore(t.TempDir(), t0)
	if err != nil {
		t.Fatal(err)
	}
	s.Answer(d[0].ID, Again, t0)                   // back in 10m
	s.Answer(d[1].ID, Hard, t0)                    // back in 15m
	s.Answer(d[2].ID, Good, t0)                    // back in a day
	s.Answer(d[3].ID, Easy, t0.Add(-time.Hour))    // back in four days
	s.Answer(d[len(d)-1].ID, Good, t0.Add(-5*day)) // overdue
	states := s.States()
	for _, o := range []SessionOptions{{New: DefaultNew}, {Review: true}, {Topic: d[2].Topic, New: 3}} {
		for _, now := range []time.Time{t0, t0.Add(5 * time.Minute), t0.Add(12 * time.Minute), t0.Add(2 * time.Hour), t0.Add(2 * day), t0.Add(10 * day)} {
			st := s.Stats(d, now, o)
			if got := dueDrawn(d, states, now, o); got != st.Now.Due {
				t.Errorf("%+v at %v: stats count %d due, Draw takes %d", o, now, st.Now.Due, got)
			}
			text := st.Text()
			next := st.Now.Waiting
			if next.IsZero() {
				if strings.Contains(text, "the next after") || strings.Contains(text, "Next card due") {
					t.Errorf("%+v at %v: no card waits, yet the stats say one does:\n%s", o, now, text)
				}
				if got := dueDrawn(d, states, now.Add(100*365*day), o); got != st.Now.Due {
					t.Errorf("%+v at %v: stats say no card waits, Draw takes %d a century on, not %d", o, now, got, st.Now.Due)
				}
				continue
			}
			if !next.After(now) {
				t.Errorf("%+v at %v: the next card waits until %v, not after now", o, now, next)
			}
			if before := dueDrawn(d, states, next.Add(-time.Nanosecond), o); before != st.Now.Due {
				t.Errorf("%+v at %v: Draw takes %d cards just before %v, stats count %d", o, now, before, next, st.Now.Due)
			}
			if at := dueDrawn(d, states, next, o); at <= st.Now.Due {
				t.Errorf("%+v at %v: Draw takes %d cards at %v, when stats say one more falls due than %d", o, now, at, next, st.Now.Due)
			}
			if when := DueWhen(next, now); !strings.Contains(text, when) {
				t.Errorf("%+v at %v: the stats do not say %q:\n%s", o, now, when, text)
			}
		}
	}
}

// TestStatsNextLine: the line says the cards due now and when the next
// falls due, in words.
func TestStatsNextLine(t *testing.T) {
	racefree.Only(t) // pure text, no goroutine
	for _, c := range []struct {
		st   Stats
		want string
	}{
		{Stats{At: t0}, ""},
		{Stats{At: t0, Now: Counts{Due: 4}}, "Next: 4 cards due now."},
		{Stats{At: t0, Now: Counts{Due: 2, Waiting: t0.Add(10 * time.Minute)}}, "Next: 2 cards due now; the next after them in 10m (14:10)."},
		{Stats{At: t0, Now: Counts{Due: 1, Waiting: t0.Add(3 * time.Hour)}}, "Next: 1 card due now; the next after it in 3h (17:00)."},
		{Stats{At: t0, Now: Counts{Waiting: t0.Add(3 * time.Hour)}}, "Next card due in 3h (17:00)."},
		{Stats{At: t0, Now: Counts{Waiting: t0.Add(day)}}, "Next card due in 1d (Tue 1 Dec 14:00)."},
	} {
		if got := c.st.next(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.st.Now, got, c.want)
		}
	}
}
