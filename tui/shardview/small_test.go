package shardview

import (
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// On the "window too small" screen no key but q reaches the view it hides.
func TestTooSmallTakesNoKey(t *testing.T) {
	m := newModel(t, 79, 24, Options{CanGoHome: true})
	for _, k := range []string{"space", "e", "right", "G", ":", "esc", "s"} {
		next, cmd := m.Update(tuitest.Key(k))
		after := next.(Model)
		if cmd != nil || after.Playing() || after.form != nil || after.prompt != nil || after.Now() != m.Now() {
			t.Errorf("%s on the too-small screen reached the shard view", k)
		}
	}
	if _, cmd := m.Update(tuitest.Key("q")); cmd == nil {
		t.Error("q should quit on the too-small screen")
	}
}

// A window too small for the shard view still says what it hides, the
// scenario and its fleet, above how big a window it needs and how to
// leave, where they fit, as the sandbox's does: below 80 columns the
// screen said only the size.
func TestTooSmallKeepsTheScenarioLine(t *testing.T) {
	for _, tc := range []struct {
		w, h int
		want []string // the screen's first lines, in order
	}{
		{70, 24, []string{"breakerlab sandbox › shuffle", "8 workers · 2 per customer · 1,000 customers · customer #0 poisoned"}},
		{79, 23, []string{"breakerlab sandbox › shuffle"}},
		// Too small for the context: the size and the way out stay.
		{20, 4, []string{"Needs 80×24, this is", "20×4.", "Press q to quit."}},
	} {
		tuitest.CheckFirstLines(t, newModel(t, tc.w, tc.h, Options{}).View(), tc.w, tc.h, tc.want...)
	}
}
