package pane_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// A note says whole what it is about: beside the clock when it fits, over
// the whole line when it does not, in its short form when even the line
// is too short; and a long scenario name gives way before the seed.
func TestStatusNoteIsWhole(t *testing.T) {
	source := "right: Resilience4j 2.x CircuitBreakerConfig.ofDefaults() (resilience4j.readme.io)"
	cases := []struct {
		name string
		w    int
		info pane.StatusInfo
		want string
	}{
		{"beside the clock", 120, pane.StatusInfo{Note: "variant 3 has no breaker"}, "variant 3 has no breaker"},
		{"over the line but the clock", 100, pane.StatusInfo{Note: source}, source},
		{"its short form", 80, pane.StatusInfo{Note: source, NoteShort: "right: Resilience4j 2.x defaults (breakerlab presets resilience4j)"},
			"right: Resilience4j 2.x defaults (breakerlab presets resilience4j)"},
		{"the seed before the name", 80, pane.StatusInfo{Scenario: "rate-limit-vs-bulkhead", Variants: 8, Variant: "partner burst: no protection", Seed: 12345},
			"variant 1/8 · seed 12345"},
	}
	for _, c := range cases {
		s := pane.NewStatus(tuitest.Plain())
		s.SetSize(c.w, 1)
		c.info.Speed = 1
		s.SetInfo(c.info)
		v := ansi.Strip(s.View())
		if ansi.StringWidth(v) != c.w || !strings.Contains(v, c.want) || strings.Contains(v, "…") {
			t.Errorf("%s: %q, want %q whole in %d cells", c.name, v, c.want, c.w)
		}
		// The clock stays, whatever the note: a long note over the line
		// took it with it.
		if !strings.Contains(v, "0.0 s") {
			t.Errorf("%s: %q has no clock", c.name, v)
		}
	}
}
