package playback

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// longEventLine is a 24-hour line with one event, a fault's start at
// 3 h, past which ] finds none.
type longEventLine struct{ *line }

func (longEventLine) Events() []Event {
	return []Event{{At: 3 * time.Hour, What: "payments: hang starts"}}
}

// On a long run the notes of ], [ and a typed time say the time as the
// status line's clock does, in the time axes' unit (chart.SpanUnit,
// pane.ClockIn): they said "at 43200 s" and "no event after 43200 s"
// under a clock reading "12h 00m". A run read in seconds keeps the
// millisecond notes.
func TestLongRunNotesReadAsTheClock(t *testing.T) {
	const end = 24 * time.Hour
	clock := func(d time.Duration) string { return pane.ClockIn(d, chart.SpanUnit(end)) }
	l := longEventLine{&line{end: end}}
	c := NewClock(1, false)
	keys := NewKeys(false)
	press := func(k string) string {
		t.Helper()
		ok, _, note, err := c.Key(tuitest.Key(k), keys, l)
		if !ok || err != nil {
			t.Fatalf("%s: handled %v, err %v", k, ok, err)
		}
		return note
	}
	p := &Prompt{Input: "12h"}
	if done, note, err := c.GoTo(p, l); !done || err != nil || note != "at "+clock(12*time.Hour) {
		t.Errorf("typed 12h: note %q (%v, %v), want %q", note, done, err, "at "+clock(12*time.Hour))
	}
	if note := press("]"); note != "no event after "+clock(12*time.Hour)+": G goes to the end" {
		t.Errorf("] at 12 h: %q", note)
	}
	if note := press("["); note != clock(3*time.Hour)+": payments: hang starts" {
		t.Errorf("[ at 12 h: %q", note)
	}
	if note := press("["); note != "no event before "+clock(3*time.Hour)+": g goes to the start" {
		t.Errorf("[ at 3 h: %q", note)
	}
	if strings.Contains(clock(12*time.Hour), " s") {
		t.Fatalf("the clock of a 24-hour run reads %q, in seconds", clock(12*time.Hour))
	}

	short := &line{end: time.Minute}
	if _, note, _ := c.GoTo(&Prompt{Input: "12.345"}, short); note != "at 12.345 s" {
		t.Errorf("a minute's run, typed 12.345: %q", note)
	}
}
