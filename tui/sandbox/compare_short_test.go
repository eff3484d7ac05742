package sandbox

import "testing"

// TestCompareLineShortSharesKeepPercentRule: the compare line's short
// shares (80 columns) never read a share above none as 0 % or one short of
// all as 100 %, as `run` and every other share the program prints.
func TestCompareLineShortSharesKeepPercentRule(t *testing.T) {
	for _, c := range []struct {
		share float64
		want  string
	}{{0.001, "<1%"}, {0.997, ">99%"}, {0, "0%"}, {1, "100%"}, {0.412, "41%"}} {
		if got := pctShort(c.share); got != c.want {
			t.Errorf("pctShort(%v) = %q, want %q", c.share, got, c.want)
		}
	}
}
