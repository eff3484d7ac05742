package drill

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestAnswerAndUndo: an answer moves the card on and logs the review; an
// undo restores the card's previous state (none for a card that had none)
// and takes the review out of the log, last answer first.
func TestAnswerAndUndo(t *testing.T) {
	s, err := OpenStore(t.TempDir(), t0)
	if err != nil {
		t.Fatal(err)
	}
	const id = "ref-001-self-check-1"
	first, u1 := s.Answer(id, Good, t0)
	if want := (State{}).Next(Good, t0); first != want || s.Get(id) != want {
		t.Fatalf("Answer gave %+v, want %+v", first, want)
	}
	later := t0.Add(2 * day)
	second, u2 := s.Answer(id, Again, later)
	if second != first.Next(Again, later) {
		t.Fatalf("the second answer gave %+v", second)
	}
	want := []Review{
		{Card: id, Grade: Good, At: t0, Interval: 86400},
		{Card: id, Grade: Again, At: later, Interval: 600},
	}
	if got := s.Reviews(); !equalReviews(got, want) {
		t.Fatalf("the log holds %+v, want %+v", got, want)
	}
	s.Undo(u2)
	if s.Get(id) != first || !equalReviews(s.Reviews(), want[:1]) {
		t.Fatalf("after one undo: %+v and log %+v", s.Get(id), s.Reviews())
	}
	s.Undo(u1)
	if _, ok := s.States()[id]; ok || len(s.Reviews()) != 0 {
		t.Fatalf("after undoing every answer the card is still known (%+v) or logged (%+v)", s.States(), s.Reviews())
	}
}

func equalReviews(a, b []Review) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Card != b[i].Card || a[i].Grade != b[i].Grade || !a[i].At.Equal(b[i].At) || a[i].Interval != b[i].Interval {
			return false
		}
	}
	return true
}

// TestReviewLogFormat: the log is kept in drill.json, each review with
// its card, its grade by name, its time and the interval it scheduled in
// seconds, and it reads back.
func TestReviewLogFormat(t *testing.T) {
	dir := t.TempDir()
	s, _ := OpenStore(dir, t0)
	s.Answer("numbers-01", Hard, t0)
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"reviews": [`, `"card": "numbers-01"`, `"grade": "hard"`, `"at": "2026-11-30T14:00:00Z"`, `"interval_s": 900`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("drill.json lacks %s:\n%s", want, b)
		}
	}
	again, _ := OpenStore(dir, t0)
	if got := again.Reviews(); len(got) != 1 || got[0].Grade != Hard || !got[0].At.Equal(t0) {
		t.Fatalf("read back %+v", got)
	}
}

// TestLogFormats: a file from before the log reads as a schedule with an
// empty log; a log with a grade no one knows sets the file aside.
func TestLogFormats(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, FileName), []byte(`{"version": 1, "cards": {"x": {"reps": 1, "ease": 2.5, "interval_days": 1, "due": "2026-12-01T14:00:00Z", "last": "2026-11-30T14:00:00Z", "grades": [0, 0, 1, 0]}}}`), 0o644)
	s, err := OpenStore(dir, t0)
	if err != nil || s.Notice() != "" || !s.Get("x").Seen() || len(s.Reviews()) != 0 {
		t.Fatalf("an old file: %v, %q, %+v, %+v", err, s.Notice(), s.Get("x"), s.Reviews())
	}
	os.WriteFile(filepath.Join(dir, FileName), []byte(`{"version": 1, "cards": {}, "reviews": [{"card": "x", "grade": "meh", "at": "2026-11-30T14:00:00Z", "interval_s": 1}]}`), 0o644)
	s, _ = OpenStore(dir, t0)
	if !strings.Contains(s.Notice(), "unknown grade") {
		t.Fatalf("a bad grade was read: notice %q", s.Notice())
	}
}

// TestRetentionByWeek: reviews fall in Monday-to-Sunday weeks of the
// location given, and each week counts its right ones (any grade but
// again).
func TestRetentionByWeek(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	if err != nil {
		t.Skip("no time zone data:", err)
	}
	at := func(s string) time.Time {
		v, err := time.ParseInLocation("2006-01-02 15:04", s, paris)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	log := []Review{
		{Card: "a", Grade: Good, At: at("2026-11-23 09:00")},       // Monday
		{Card: "b", Grade: Again, At: at("2026-11-29 23:30")},      // Sunday night, same week
		{Card: "a", Grade: Hard, At: at("2026-11-30 00:10")},       // Monday just after midnight
		{Card: "b", Grade: Easy, At: at("2026-12-02 12:00")},       // Wednesday
		{Card: "c", Grade: Again, At: at("2026-12-14 08:00")},      // two weeks on
		{Card: "c", Grade: Good, At: at("2026-11-17 08:00")},       // earlier, out of order
		{Card: "d", Grade: Good, At: at("2026-11-29 22:45").UTC()}, // a UTC time read in Paris
	}
	got := Retention(log, paris)
	want := []Week{
		{Start: at("2026-11-16 00:00"), Reviews: 1, Right: 1},
		{Start: at("2026-11-23 00:00"), Reviews: 3, Right: 2},
		{Start: at("2026-11-30 00:00"), Reviews: 2, Right: 2},
		{Start: at("2026-12-14 00:00"), Reviews: 1, Right: 0},
	}
	if len(got) != len(want) {
		t.Fatalf("weeks %+v, want %+v", got, want)
	}
	for i := range want {
		if !got[i].Start.Equal(want[i].Start) || got[i].Reviews != want[i].Reviews || got[i].Right != want[i].Right {
			t.Fatalf("week %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if r := got[1].Retention(); r < 0.666 || r > 0.667 {
		t.Fatalf("retention of 2 right of 3 = %v", r)
	}
}

// TestStatsText: `drill --stats` shows the counts of a session started
// now and the retention of each week, and says when the log is empty.
func TestStatsText(t *testing.T) {
	d := deck(t)
	s, _ := OpenStore(t.TempDir(), t0)
	empty := s.Stats(d, t0, SessionOptions{New: DefaultNew}).Text()
	if !strings.Contains(empty, "Now: 0 due · 10 new") || !strings.Contains(empty, "No reviews in the log yet") {
		t.Fatalf("stats of an empty schedule:\n%s", empty)
	}
	s.Answer(d[0].ID, Good, t0.Add(-8*day))
	s.Answer(d[1].ID, Again, t0.Add(-8*day))
	s.Answer(d[1].ID, Hard, t0.Add(-day))
	s.Answer(d[2].ID, Again, t0.Add(-time.Hour))
	st := s.Stats(d, t0, SessionOptions{New: DefaultNew})
	if st.Now.Due != 3 || st.Now.New != 10 || st.Now.Unseen != len(d)-3 || st.All.Reviews != 4 || st.All.Right != 2 {
		t.Fatalf("stats %+v", st)
	}
	want := `Now: 3 due · 10 new (` + strconv.Itoa(len(d)-3) + ` cards never seen).
Next: 3 cards due now.

Retention by week (right: any grade but again)

  week of     reviews  right  retention
  2026-11-16        2      1        50%
  2026-11-23        1      1       100%
  2026-11-30        1      0         0%
  all               4      2        50%
`
	if got := st.Text(); got != want {
		t.Fatalf("stats:\n%s\nwant:\n%s", got, want)
	}
}
