package pane

import (
	"strconv"
	"strings"
	"time"
)

// TransitionTime writes the moment a breaker changed state to the
// millisecond, in the fewest digits ("1.575 s", "24 s", "500 ms"), not to
// the engine's nanosecond. A screen that lists one transition alone (the
// home screen's breaker loop, the lesson player's pause on a breaker's
// change) writes it with this; a list of a run's transitions, such as the
// breaker pane's log, writes them as `breakerlab run` does
// (report.TransitionTime with report.TransitionDecimals), so that one
// transition reads the same in both.
func TransitionTime(d time.Duration) string {
	if d > 0 && d < time.Second {
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	}
	s := strconv.FormatFloat(d.Seconds(), 'f', 3, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s + " s"
}
