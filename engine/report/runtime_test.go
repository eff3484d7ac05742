package report

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A run's times are in its time axes' unit: seconds up to half an hour,
// so every built-in scenario's and lesson's text reads as it always did
// (Seconds, the millisecond in the fewest digits); minutes, then hours,
// past that, the clock's reading and the seconds it leaves out.
func TestTimeInWritesALongRunInItsUnit(t *testing.T) {
	racefree.Only(t) // no goroutine: TimeIn only builds a string
	const ms = time.Millisecond
	for _, c := range []struct {
		span time.Duration
		unit time.Duration
	}{
		{30 * time.Minute, time.Second},
		{30*time.Minute + time.Nanosecond, time.Minute},
		{3 * time.Hour, time.Minute},
		{3*time.Hour + time.Nanosecond, time.Hour},
		{24 * time.Hour, time.Hour},
	} {
		if got := SpanUnit(c.span); got != c.unit {
			t.Errorf("SpanUnit(%v) = %v, want %v", c.span, got, c.unit)
		}
	}
	for _, c := range []struct {
		at, end time.Duration
		want    string
	}{
		{72025495 * ms, 24 * time.Hour, "20h 00m 25.495s"},
		{24 * time.Hour, 24 * time.Hour, "24h 00m"},
		{500 * ms, 24 * time.Hour, "0h 00m 00.5s"},
		{47*time.Minute + 5250*ms, time.Hour, "47m 05.25s"},
		{45 * time.Minute, 45 * time.Minute, "45m 00s"},
		{1575 * ms, 30 * time.Minute, "1.575 s"},
		{1800 * time.Second, 30 * time.Minute, "1800 s"},
	} {
		if got := TimeIn(c.at, c.end, 0); got != c.want {
			t.Errorf("TimeIn(%v, %v, 0) = %q, want %q", c.at, c.end, got, c.want)
		}
	}
	// On a run in seconds it is the Seconds the text wrote before.
	for _, d := range []time.Duration{0, 500 * ms, 1575 * ms, 72060840 * ms, 3*time.Second + 400*time.Microsecond} {
		if got, was := TimeIn(d, time.Minute, 0), Seconds(d); got != was {
			t.Errorf("TimeIn(%v) on a minute's run = %q, Seconds wrote %q", d, got, was)
		}
	}
	for _, c := range []struct {
		now, unit time.Duration
		want      string
	}{
		{15990 * ms, time.Second, "15.9 s"},
		{47*time.Minute + 5999*ms, time.Minute, "47m 05s"},
		{13*time.Hour + 7*time.Minute + 59*time.Second, time.Hour, "13h 07m"},
	} {
		if got := ClockIn(c.now, c.unit); got != c.want {
			t.Errorf("ClockIn(%v, %v) = %q, want %q", c.now, c.unit, got, c.want)
		}
	}
}

// A wrap never parts a long run's moment: "(first at 20h" on one line
// and "00m 25.495s)" on the next read as two times.
func TestWrapKeepsALongRunsMomentWhole(t *testing.T) {
	racefree.Only(t) // no goroutine: Wrap only builds a string
	text := "  payment            1,728,970 calls reached it, at most 223 in flight (first at 20h 00m 25.495s), 118,725 turned away"
	for width := 40; width <= 120; width++ { // from where the moment fits beside the indent
		out := Wrap(text, width, 21)
		if !strings.Contains(out, "20h 00m 25.495s)") {
			t.Errorf("at %d columns the moment is parted:\n%s", width, out)
		}
	}
}
