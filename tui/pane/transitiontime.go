package pane

import (
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// TransitionTime writes the moment a breaker changed state to the
// millisecond, in the fewest digits ("1.575 s", "24 s", "500 ms"), not to
// the engine's nanosecond. A screen that lists one transition alone (the
// home screen's breaker loop, the lesson player's pause on a breaker's
// change) writes it with this; a list of a run's transitions, such as the
// breaker pane's log, writes them as `breakerlab run` does
// (TransitionTimeIn), so that one transition reads the same in both.
func TransitionTime(d time.Duration) string {
	if d > 0 && d < time.Second {
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	}
	s := strconv.FormatFloat(d.Seconds(), 'f', 3, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s + " s"
}

// `breakerlab run` lists a variant's transitions with their times on one
// number of decimals, so that they line up on the point: the fewest that
// write each time it lists whole to the millisecond ("12.500 s" beside
// "15.072 s", "24 s" where every one falls on a whole second). It lists
// them all up to runListInFull, else the first runListShown (engine/report's
// transitions.go; TestBreakerLogReadsAsRun holds the two to one text).
const (
	runListInFull = 20
	runListShown  = 10
)

// RunListDecimals is how many decimals `breakerlab run` writes the times
// of a variant's transitions with, ts being all of them in order: the
// whole run's, or as many as are known.
func RunListDecimals(ts []engine.Transition) int {
	if len(ts) > runListInFull {
		ts = ts[:runListShown]
	}
	n := 0
	for _, t := range ts {
		n = max(n, msDecimals(t.At))
	}
	return n
}

// TransitionTimeIn writes a transition's time in seconds with decimals
// decimals (RunListDecimals), as run's list does: "12.500 s", "24 s". A
// time that needs more, one past the transitions run lists, gets them:
// it is never rounded to another millisecond.
func TransitionTimeIn(d time.Duration, decimals int) string {
	decimals = max(decimals, msDecimals(d))
	return strconv.FormatFloat(float64(d.Round(time.Millisecond))/float64(time.Second), 'f', decimals, 64) + " s"
}

// msDecimals is how many decimals d in seconds takes to be written whole
// to the millisecond.
func msDecimals(d time.Duration) int {
	ms := d.Round(time.Millisecond).Milliseconds()
	switch {
	case ms%1000 == 0:
		return 0
	case ms%100 == 0:
		return 1
	case ms%10 == 0:
		return 2
	}
	return 3
}
