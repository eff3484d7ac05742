package sandbox

import (
	"time"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// longMoment is how the panes write a moment of a run that ends at end
// (pane.Data.Moment): on a run whose time axes read minutes or hours, by
// the rule the sandbox's notes write a time by, so that the breaker log,
// the legends and a note after ] agree ("12h 00m 06.159s"); nil on a run
// in seconds, where the panes keep their seconds.
func longMoment(end time.Duration) pane.MomentFunc {
	if chart.SpanUnit(end) == time.Second {
		return nil
	}
	return func(t time.Duration, decimals int) string { return playback.NoteTime(t, end, decimals) }
}
