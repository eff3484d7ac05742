package challenge

import "testing"

// A challenge's percentage bound is the share a sweep's goal reads for
// the same text: 99.9% is 0.999, not 99.9/100 (0.9990000000000001),
// which a run with exactly 999 of 1,000 ok would miss.
func TestPercentBoundIsTheTypedShare(t *testing.T) {
	for text, want := range map[string]float64{"99.9%": 0.999, "33.3%": 0.333, "0.1%": 0.001, "12.5%": 0.125, "1%": 0.01} {
		v, err := parseLiteral(text)
		if err != nil || v.F != want {
			t.Errorf("parseLiteral(%q) = %v, %v; want %v", text, v.F, err, want)
		}
	}
}
