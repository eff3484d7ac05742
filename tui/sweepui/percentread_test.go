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
	for text, share := range map[string]float64{"99.9%": 0.999, "33.3%": 0.333, "57%": 0.57, "7%": 0.07, "12.35%": 0.1235} {
		got, bound := percentages{}.Read(text)
		if got != share || bound != 0 {
			t.Errorf("Read(%q) = %v, %q; want %v", text, got, bound, share)
		}
		if back := report.PercentExact(got); back != text {
			t.Errorf("Read(%q) prints back as %q", text, back)
		}
	}
	// A legend's ends keep their bound and read its figure the same way.
	if got, bound := (percentages{}).Read(">99.9%"); got != 0.999 || bound != '>' {
		t.Errorf(`Read(">99.9%%") = %v, %q; want 0.999, '>'`, got, bound)
	}
	if got, bound := (percentages{}).Read("<0.1%"); got != 0.001 || bound != '<' {
		t.Errorf(`Read("<0.1%%") = %v, %q; want 0.001, '<'`, got, bound)
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
