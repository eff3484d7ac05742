package playback

import (
	"testing"
	"time"
)

// A note's time keeps its millisecond at every span: in seconds on a run
// its axes read in seconds (the decimals asked for keep a transition's
// note on its log's), and on a longer run as its clock reads, then the
// seconds the clock leaves out. MomentIn, what an event's, a seek's and a
// click's note say, wrote a 24-hour run's "12h 05m 10.5s" as "12h 05m".
func TestNoteTimeKeepsTheMillisecondAtEverySpan(t *testing.T) {
	const ms = time.Millisecond
	for _, c := range []struct {
		at, end  time.Duration
		decimals int
		want     string
	}{
		{15072 * ms, 30 * time.Second, 0, "15.072 s"},
		{24 * time.Second, 30 * time.Second, 0, "24 s"},
		{10530 * ms, 30 * time.Second, 3, "10.530 s"},
		{15 * time.Second, time.Minute, 1, "15.0 s"},
		{47*time.Minute + 5250*ms, time.Hour, 0, "47m 05.25s"},
		{30 * time.Minute, time.Hour, 1, "30m 00s"},
		{12*time.Hour + 5*time.Minute + 10500*ms, 24 * time.Hour, 0, "12h 05m 10.5s"},
		{12*time.Hour + 6604*ms, 24 * time.Hour, 3, "12h 00m 06.604s"},
		{12 * time.Hour, 24 * time.Hour, 3, "12h 00m"},
		{13*time.Hour - 400*time.Microsecond, 24 * time.Hour, 0, "13h 00m"}, // the millisecond rounds up to the clock's minute
	} {
		if got := NoteTime(c.at, c.end, c.decimals); got != c.want {
			t.Errorf("NoteTime(%v, %v, %d) = %q, want %q", c.at, c.end, c.decimals, got, c.want)
		}
		if c.decimals == 0 {
			if got := MomentIn(c.at, c.end); got != c.want {
				t.Errorf("MomentIn(%v, %v) = %q, want %q", c.at, c.end, got, c.want)
			}
		}
	}
}
