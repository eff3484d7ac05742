package sandbox

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// On the largest screen the map shows every column: it takes the wider
// column where both hold it. At 200x60 cascade's and checkout's maps sat
// on the left's 90 columns and hid "breaker" and "refused" once a hung
// call's cells had widened, beside a right column of 110.
func TestMapShowsEveryColumnAt200x60(t *testing.T) {
	for _, c := range layoutCases {
		m := newModel(t, 200, 60, Options{Scenario: c.sc(t), Variant: c.variant})
		m = seekTo(t, m, c.at)
		if v := ansi.Strip(m.View()); strings.Contains(v, "hidden column") {
			t.Errorf("%s at 200x60 hides map columns:\n%s", c.name, v)
		}
	}
}
