package lessons

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine/report"
)

// A claim's or an answer's percentage is the share its decimal is:
// "99.9%" read by dividing 99.9 by 100 was 0.9990000000000001, so a
// share of exactly 0.999 missed a claim of 99.9% and the value printed
// back as 99.90000000000001%.
func TestPercentLiteralIsTheTypedShare(t *testing.T) {
	for _, c := range []struct{ pct, share string }{
		{"99.9%", "0.999"}, {"33.3%", "0.333"}, {"57%", "0.57"}, {"99.99%", "0.9999"},
		{"7%", "0.07"}, {"12.3456%", "0.123456"}, {"0.1%", "0.001"},
	} {
		p, err := parseLiteral(c.pct)
		if err != nil || p.Kind != KindFraction {
			t.Fatalf("parseLiteral(%q) = %+v, %v; want a share", c.pct, p, err)
		}
		s, err := parseLiteral(c.share)
		if err != nil {
			t.Fatalf("parseLiteral(%q): %v", c.share, err)
		}
		if p.F != s.F {
			t.Errorf("%q reads as %v, %q as %v: want the same share", c.pct, p.F, c.share, s.F)
		}
		// asFraction, which a [set] of a share reads, is the same float.
		if f, err := asFraction(c.pct); err != nil || f != s.F {
			t.Errorf("asFraction(%q) = %v, %v; want %v", c.pct, f, err, s.F)
		}
		if got := report.PercentExact(p.F); got != c.pct {
			t.Errorf("%q prints back as %q", c.pct, got)
		}
	}
	// A space before the % sign, as a prose figure has, reads the same.
	if v, err := parseLiteral("99.9 %"); err != nil || v.F != 0.999 {
		t.Errorf(`parseLiteral("99.9 %%") = %v, %v; want 0.999`, v.F, err)
	}
	if _, err := parseLiteral("9x%"); err == nil {
		t.Error(`parseLiteral("9x%") read a percentage`)
	}
}
