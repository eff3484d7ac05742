package lessonui

import (
	"testing"

	"github.com/breakerlab/breakerlab/tui/pane"
)

// A table cell with room for a decimal writes a share as run's table does
// (report.Percent1): never "100.0%" for a share short of all nor "0.0%"
// for one above none; without the room, as a pane does.
func TestShareTextNeverRoundsToAllOrNone(t *testing.T) {
	for _, c := range []struct {
		share float64
		want  string
	}{
		{3011.0 / 3012, ">99.9%"},
		{1.0 / 4979, "<0.1%"},
		{1, "100.0%"},
		{0, "0.0%"},
		{0.464, "46.4%"},
	} {
		if got := shareText(c.share, true); got != c.want {
			t.Errorf("shareText(%v, true) = %q, want %q", c.share, got, c.want)
		}
		if got, want := shareText(c.share, false), pane.Percent(c.share); got != want {
			t.Errorf("shareText(%v, false) = %q, want pane.Percent's %q", c.share, got, want)
		}
	}
}
