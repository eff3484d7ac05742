package sweepui

import (
	"math"
	"testing"

	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/tui/internal/heatbands"
)

// A share legend's figure reads back as the share its decimal is, the
// float a goal of the same percentage holds: "99.9%" divided by 100 was
// 0.9990000000000001, above the 0.999 the legend wrote it from.
func TestPercentLegendReadsTheTypedShare(t *testing.T) {
	for _, c := range []struct {
		text  string
		share float64
		bound byte
	}{
		{"99.9%", 0.999, 0}, {"33.3%", 0.333, 0}, {"57%", 0.57, 0}, {"7%", 0.07, 0},
		{">99.9%", 0.999, '>'}, {"<0.1%", 0.001, '<'}, {"12.35%", 0.1235, 0},
	} {
		got, bound := percentages{}.Read(c.text)
		if got != c.share || bound != c.bound {
			t.Errorf("Read(%q) = %v, %q; want %v, %q", c.text, got, bound, c.share, c.bound)
		}
		if c.bound == 0 {
			if back := report.PercentExact(got); back != c.text {
				t.Errorf("Read(%q) prints back as %q", c.text, back)
			}
		}
	}
	// Written at one decimal, 0.999 reads back as itself.
	if text := (percentages{}).Write(0.999, 1, heatbands.Nearest); text != "99.9%" {
		t.Errorf("0.999 written as %q, want 99.9%%", text)
	} else if got, _ := (percentages{}).Read(text); got != 0.999 {
		t.Errorf("%q reads back as %v, want 0.999", text, got)
	}
	if got, _ := (percentages{}).Read("9x%"); !math.IsNaN(got) {
		t.Errorf(`Read("9x%%") = %v, want NaN`, got)
	}
}
