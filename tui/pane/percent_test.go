package pane_test

import (
	"testing"

	"github.com/breakerlab/breakerlab/tui/pane"
)

// TestPercentNeverContradictsItsRemainder: "answered 100% ok · 0.4%
// waiting" read as more than everything. A share short of all never reads
// 100%, a share above none never 0%.
func TestPercentNeverContradictsItsRemainder(t *testing.T) {
	for _, c := range []struct {
		f    float64
		want string
	}{
		{0, "0%"}, {1, "100%"}, {0.5, "50%"}, {0.996, "99.6%"}, {0.997, "99.7%"}, {0.003, "0.3%"},
		{0.9999, ">99.9%"}, {0.0001, "<0.1%"}, {0.994, "99%"}, {0.12, "12%"}, {0.0994, "9.9%"},
	} {
		if got := pane.Percent(c.f); got != c.want {
			t.Errorf("Percent(%v) = %q, want %q", c.f, got, c.want)
		}
	}
	// Every split of n requests into a share and its remainder.
	for _, n := range []int{7, 250, 1000, 2718, 100000} {
		for k := 1; k < n; k++ {
			f := float64(k) / float64(n)
			if a, b := pane.Percent(f), pane.Percent(1-f); a == "100%" || a == "0%" || b == "100%" || b == "0%" {
				t.Fatalf("%d of %d: %s beside %s", k, n, a, b)
			}
		}
	}
}
