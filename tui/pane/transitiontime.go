package pane

import (
	"strconv"
	"strings"
	"time"
)

// TransitionTime writes the moment a breaker changed state to the
// millisecond, as the lesson text and `breakerlab run` quote it ("1.575 s",
// "24 s", "500 ms"), not to the engine's nanosecond. Every screen that
// shows a transition's time writes it with this (the breaker pane's log, the home screen's breaker loop,
// the lesson player's transitions pane and its pause on a breaker's
// change): rounded three ways, one opening read as 1.575 s, 1.57 s and
// 1.6 s on one screen.
func TransitionTime(d time.Duration) string {
	if d > 0 && d < time.Second {
		return strconv.FormatInt(d.Milliseconds(), 10) + " ms"
	}
	s := strconv.FormatFloat(d.Seconds(), 'f', 3, 64)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s + " s"
}
