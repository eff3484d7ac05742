package drill

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons/store"
	"pgregory.net/rapid"
)

var t0 = time.Date(2026, 11, 30, 14, 0, 0, 0, time.UTC)

// genState draws a state a learner could reach: a history of grades.
func genState(t *rapid.T) State {
	var s State
	now := t0
	for range rapid.IntRange(0, 30).Draw(t, "answers") {
		g := Grade(rapid.IntRange(0, 3).Draw(t, "grade"))
		now = now.Add(time.Duration(rapid.Int64Range(0, int64(400*day)).Draw(t, "wait")))
		s = s.Next(g, now)
	}
	return s
}

// TestAgainComesBackSoonerThanEasy: from any state, at any moment, again
// is due before hard, hard before good (the same only once both reach the
// cap), good no later than easy, and again strictly before easy.
func TestAgainComesBackSoonerThanEasy(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genState(t)
		now := t0.Add(time.Duration(rapid.Int64Range(0, int64(10000*day)).Draw(t, "now")))
		again, hard, good, easy := s.Next(Again, now).Due, s.Next(Hard, now).Due, s.Next(Good, now).Due, s.Next(Easy, now).Due
		if !again.Before(hard) || hard.After(good) || good.After(easy) || !again.Before(easy) {
			t.Fatalf("from %+v: again %v, hard %v, good %v, easy %v", s, again, hard, good, easy)
		}
		if hard.Equal(good) && s.Next(Good, now).Interval < 3650 {
			t.Fatalf("from %+v: hard and good both give %v, below the cap", s, hard)
		}
	})
}

// TestHardOnACardBeingLearnt: on a new card, and on one answered again
// last, hard brings the card back the same day, after HardRelearn: later
// than again, sooner than good's day. It is not a step on: a good answer
// after it graduates the card to one day, as good at once would, and hard
// lowers the ease as it does on a learnt card.
func TestHardOnACardBeingLearnt(t *testing.T) {
	lapsed := State{}.Next(Good, t0).Next(Good, t0.Add(day)).Next(Again, t0.Add(4*day))
	for name, s := range map[string]State{"new": {}, "answered again last": lapsed} {
		now := t0.Add(10 * day)
		h := s.Next(Hard, now)
		if got := h.Due.Sub(now); got != HardRelearn {
			t.Errorf("%s: hard comes back after %v, want %v", name, got, HardRelearn)
		}
		if h.Reps != 0 || h.Interval != 0 {
			t.Errorf("%s: hard moved the card on: reps %d, interval %v", name, h.Reps, h.Interval)
		}
		ease := s.Ease
		if ease == 0 {
			ease = StartEase
		}
		if h.Ease >= ease {
			t.Errorf("%s: hard left the ease at %v (was %v)", name, h.Ease, ease)
		}
		later := h.Due
		if g := h.Next(Good, later); g.Interval != 1 || g.Reps != 1 {
			t.Errorf("%s: good after hard gave %v days (reps %d), want a day", name, g.Interval, g.Reps)
		}
		iv := s.Intervals(now)
		if !(iv[Again] < iv[Hard] && iv[Hard] < iv[Good] && iv[Good] < iv[Easy]) {
			t.Errorf("%s: keys %v are not again < hard < good < easy", name, iv)
		}
	}
	// A learnt card's hard is still days, not minutes.
	learnt := State{}.Next(Good, t0)
	if got := learnt.Next(Hard, t0.Add(day)).Due.Sub(t0.Add(day)); got < day {
		t.Errorf("a learnt card's hard comes back after %v", got)
	}
}

// TestScheduleStaysSane: the ease never drops under its floor, intervals
// stay within the cap, and every answer lands in the future.
func TestScheduleStaysSane(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genState(t)
		now := t0.Add(time.Duration(rapid.Int64Range(0, int64(10000*day)).Draw(t, "now")))
		g := Grade(rapid.IntRange(0, 3).Draw(t, "grade"))
		n := s.Next(g, now)
		if n.Ease < MinEase || n.Interval < 0 || n.Interval > 3650 || !n.Due.After(now) || !n.Last.Equal(now) {
			t.Fatalf("%v from %+v gave %+v", g, s, n)
		}
		if n.Grades[g] != s.Grades[g]+1 {
			t.Fatalf("the %v count went from %d to %d", g, s.Grades[g], n.Grades[g])
		}
	})
}

// TestGoodAnswersSpreadOut: a run of good answers grows the interval.
func TestGoodAnswersSpreadOut(t *testing.T) {
	var s State
	now := t0
	var last float64
	for i := range 6 {
		s = s.Next(Good, now)
		if s.Interval <= last {
			t.Fatalf("answer %d: interval %v after %v", i+1, s.Interval, last)
		}
		last = s.Interval
		now = s.Due
	}
	if s.Next(Again, now).Interval != 0 {
		t.Fatal("again did not reset the interval")
	}
}

func TestParseGrade(t *testing.T) {
	for g := Again; g <= Easy; g++ {
		if p, err := ParseGrade(g.String()); err != nil || p != g {
			t.Fatalf("%v: %v %v", g, p, err)
		}
	}
	if _, err := ParseGrade("ok"); err == nil || !strings.Contains(err.Error(), "again, hard, good, easy") {
		t.Fatalf("ParseGrade(ok) = %v", err)
	}
}

func TestStoreRoundTrip(t *testing.T) {
	dir := t.TempDir()
	s, err := OpenStore(dir, t0)
	if err != nil || s.Notice() != "" {
		t.Fatal(err, s.Notice())
	}
	st := State{}.Next(Good, t0)
	s.Set("ref-001-self-check-1", st)
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	again, err := OpenStore(dir, t0)
	if err != nil {
		t.Fatal(err)
	}
	if got := again.Get("ref-001-self-check-1"); !got.Due.Equal(st.Due) || got.Reps != 1 {
		t.Fatalf("read back %+v, wrote %+v", got, st)
	}
	// Nothing but the file is left behind: no temporary files.
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != FileName {
		t.Fatalf("the folder holds %v", entries)
	}
}

// TestCorruptFileIsSetAside: an unreadable schedule is renamed aside with a
// notice, the schedule starts empty, and the other files in the progress
// directory (the lessons' progress, saved interviews) are untouched.
func TestCorruptFileIsSetAside(t *testing.T) {
	for name, content := range map[string]string{
		"not json":      "{\"version\": 1, \"cards\": {",
		"wrong version": `{"version": 99, "cards": {}}`,
		"wrong shape":   `{"version": 1, "cards": [1, 2]}`,
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, FileName)
			os.WriteFile(path, []byte(content), 0o644)
			other := filepath.Join(dir, "lessons.json")
			os.WriteFile(other, []byte(`{"version":1,"lessons":{}}`), 0o644)
			s, err := OpenStore(dir, t0)
			if err != nil {
				t.Fatal(err)
			}
			aside := path + ".corrupt-20261130T140000Z"
			if !strings.Contains(s.Notice(), aside) {
				t.Fatalf("notice %q does not name %s", s.Notice(), aside)
			}
			if b, err := os.ReadFile(aside); err != nil || string(b) != content {
				t.Fatalf("the file set aside holds %q (%v)", b, err)
			}
			if b, _ := os.ReadFile(other); string(b) != `{"version":1,"lessons":{}}` {
				t.Fatalf("the lessons' file changed: %q", b)
			}
			if len(s.States()) != 0 {
				t.Fatal("the schedule did not start empty")
			}
			s.Set("x", State{}.Next(Easy, t0))
			if err := s.Save(); err != nil {
				t.Fatal(err)
			}
			var f progressFile
			b, _ := os.ReadFile(path)
			if err := json.Unmarshal(b, &f); err != nil || f.Version != progressVersion {
				t.Fatalf("the new file %q: %v", b, err)
			}
		})
	}
}

// TestViewStoreLeavesACorruptFile: a store opened only to read (drill
// --stats) leaves an unreadable schedule where it is, byte for byte, names
// it and what is wrong in its notice, shows an empty schedule, and refuses
// to save; the next OpenStore sets the file aside as ever.
func TestViewStoreLeavesACorruptFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	content := "{\"version\": 1, \"cards\": {"
	os.WriteFile(path, []byte(content), 0o644)
	s, err := ViewStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	if n := s.Notice(); !strings.Contains(n, path) || !strings.Contains(n, "unexpected end of JSON input") || strings.Contains(n, "moved to") {
		t.Fatalf("notice %q does not name %s and what is wrong, or says it moved", n, path)
	}
	if len(s.States()) != 0 || len(s.Reviews()) != 0 {
		t.Fatal("a view of a corrupt file is not empty")
	}
	s.Set("x", State{}.Next(Easy, t0))
	if err := s.Save(); !errors.Is(err, store.ErrReadOnly) {
		t.Fatalf("Save of a view = %v, want store.ErrReadOnly", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 || entries[0].Name() != FileName {
		t.Fatalf("the folder holds %v, want %s alone", entries, FileName)
	}
	if b, _ := os.ReadFile(path); string(b) != content {
		t.Fatalf("the file now holds %q", b)
	}
	w, err := OpenStore(dir, t0)
	if err != nil || !strings.Contains(w.Notice(), path+".corrupt-20261130T140000Z") {
		t.Fatalf("OpenStore after a view: notice %q, %v", w.Notice(), err)
	}
}

func TestDrawDueFirstThenNew(t *testing.T) {
	d := deck(t)
	states := map[string]State{
		"ref-001-self-check-2": {Due: t0.Add(-time.Hour), Last: t0.Add(-48 * time.Hour)},
		"ref-001-self-check-1": {Due: t0.Add(-2 * time.Hour), Last: t0.Add(-48 * time.Hour)},
		"ref-001-self-check-3": {Due: t0.Add(time.Hour), Last: t0.Add(-time.Hour)}, // not due yet
	}
	got := Draw(d, states, t0, SessionOptions{New: 5, Seed: 1})
	if len(got) != 7 || got[0].ID != "ref-001-self-check-1" || got[1].ID != "ref-001-self-check-2" {
		ids := []string{}
		for _, c := range got {
			ids = append(ids, c.ID)
		}
		t.Fatalf("drew %v", ids)
	}
	for _, c := range got[2:] {
		if _, seen := states[c.ID]; seen {
			t.Fatalf("%s is not new", c.ID)
		}
		// A number problem is filled with its Check, a choice problem
		// (the pool generator's) with its choices.
		if c.Generator != "" && c.Check == nil && len(c.Choices) < 2 {
			t.Fatalf("%s was not filled with a problem", c.ID)
		}
	}
	if r := Draw(d, states, t0, SessionOptions{New: 5, Review: true}); len(r) != 2 {
		t.Fatalf("review drew %d cards", len(r))
	}
	for _, c := range Draw(d, nil, t0, SessionOptions{New: 1000, Topic: "shuffle"}) {
		if c.Topic != "shuffle" {
			t.Fatalf("topic shuffle drew %s (%s)", c.ID, c.Topic)
		}
	}
}

// TestDrawShufflesChoicesWithoutTouchingTheDeck: a session's choices come
// in another order for some seed, and the deck keeps its own.
func TestDrawShufflesChoicesWithoutTouchingTheDeck(t *testing.T) {
	d := deck(t)
	var c Card
	for _, x := range d {
		if x.Kind == Choice && len(x.Choices) >= 3 {
			c = x
			break
		}
	}
	first := c.Choices[0].Text
	moved := false
	for seed := range uint64(20) {
		got := Draw([]Card{c}, nil, t0, SessionOptions{New: 1, Seed: seed})
		if got[0].Choices[0].Text != first {
			moved = true
		}
		if got[0].Right() < 0 {
			t.Fatal("the right answer was lost")
		}
	}
	if !moved {
		t.Fatal("20 seeds never moved the first choice")
	}
	if c.Choices[0].Text != first {
		t.Fatal("the deck's card was shuffled in place")
	}
}

func TestSummarize(t *testing.T) {
	d := deck(t)
	states := map[string]State{}
	var results []Result
	for i, g := range []Grade{Again, Again, Good, Easy} {
		c := d[i]
		st := states[c.ID].Next(g, t0)
		states[c.ID] = st
		results = append(results, Result{Card: c, Grade: g})
	}
	s := Summarize(results, d, states, t0.Add(-5*time.Minute), t0)
	if s.Answered != 4 || s.Grades[Again] != 2 || s.DueTomorrow != 3 {
		t.Fatalf("summary %+v", s)
	}
	// Two cards right at first try, five minutes spent, and the two
	// answered again come back first, after Relearn.
	if s.RightFirst != 2 || s.Spent != 5*time.Minute || !s.NextDue.Equal(t0.Add(Relearn)) {
		t.Fatalf("right first %d, spent %v, next due %v", s.RightFirst, s.Spent, s.NextDue)
	}
	if len(s.Weakest) == 0 || s.Weakest[0].Topic != d[0].Topic && s.Weakest[0].Topic != d[1].Topic {
		t.Fatalf("weakest %+v", s.Weakest)
	}
}

// Two windows drill from one schedule: each card keeps its most recent
// review, whichever window gave it, and cards only one window saw are kept.
func TestTwoWindowsKeepTheLatestReviewOfEachCard(t *testing.T) {
	dir := t.TempDir()
	a, _ := OpenStore(dir, t0)
	b, _ := OpenStore(dir, t0)
	early, late := State{}.Next(Again, t0), State{}.Next(Easy, t0.Add(time.Hour))
	a.Set("shared", late)
	a.Set("only-a", early)
	if err := a.Save(); err != nil {
		t.Fatal(err)
	}
	b.Set("shared", early) // reviewed before a's review, saved after it
	b.Set("only-b", late)
	if err := b.Save(); err != nil {
		t.Fatal(err)
	}
	if n := b.MergeNote(); !strings.Contains(n, "another breakerlab window") {
		t.Errorf("note %q", n)
	}
	if err := a.Save(); err != nil {
		t.Fatal(err)
	}
	again, _ := OpenStore(dir, t0)
	if got := again.Get("shared"); !got.Last.Equal(late.Last) || got.Reps != late.Reps {
		t.Errorf("shared card %+v, want the later review %+v", got, late)
	}
	if !again.Get("only-a").Seen() || !again.Get("only-b").Seen() {
		t.Errorf("a card one window saw was lost: %v", again.States())
	}
	if len(a.States()) != 3 || len(b.States()) != 3 {
		t.Errorf("after saving, the windows hold %d and %d cards, want 3", len(a.States()), len(b.States()))
	}
}

// An undo is not undone by the merge that keeps another window's reviews:
// window a answers, saves, undoes and saves again while window b answers
// another card; the file ends with b's answer and review, and without a's.
func TestAnUndoSurvivesAnotherWindowsSave(t *testing.T) {
	dir := t.TempDir()
	a, _ := OpenStore(dir, t0)
	b, _ := OpenStore(dir, t0)
	_, undo := a.Answer("mine", Good, t0.Add(time.Minute))
	if err := a.Save(); err != nil {
		t.Fatal(err)
	}
	b.Answer("theirs", Easy, t0.Add(2*time.Minute))
	if err := b.Save(); err != nil {
		t.Fatal(err)
	}
	a.Undo(undo)
	if err := a.Save(); err != nil {
		t.Fatal(err)
	}
	again, _ := OpenStore(dir, t0)
	if again.Get("mine").Seen() {
		t.Errorf("the undone answer came back: %+v", again.Get("mine"))
	}
	if !again.Get("theirs").Seen() {
		t.Errorf("the other window's answer was lost: %v", again.States())
	}
	var cards []string
	for _, r := range again.Reviews() {
		cards = append(cards, r.Card)
	}
	if len(cards) != 1 || cards[0] != "theirs" {
		t.Errorf("review log %v, want only the other window's", cards)
	}
	if !a.Get("theirs").Seen() {
		t.Error("window a does not hold b's answer after its save")
	}
}
