package report

import (
	"math"
	"strconv"
	"testing"
)

// Percent1 writes one decimal, and at the ends what rounding would hide:
// a share short of all is ">99.9%", one above none "<0.1%"; exactly none
// and exactly all keep their decimal.
func TestPercent1(t *testing.T) {
	for _, c := range []struct {
		share float64
		want  string
	}{
		{0, "0.0%"},
		{1, "100.0%"},
		{0.464, "46.4%"},
		{0.25, "25.0%"},
		{3011.0 / 3012, ">99.9%"}, // async-cascade, seed 8: "100.0%" beside a failed request
		{0.9996, ">99.9%"},
		{1999.0 / 2000, ">99.9%"}, // 99.95 rounds up to 100.0
		{math.Nextafter(1, 0), ">99.9%"},
		{0.9994, "99.9%"},
		{math.Nextafter(0.9995, 0), "99.9%"},
		{1.0 / 4979, "<0.1%"}, // go-server, seed 5: one failed order, "0.0%"
		{0.0004, "<0.1%"},
		{math.SmallestNonzeroFloat64, "<0.1%"},
		{0.0005, "0.1%"},
		{0.001, "0.1%"},
		{0.9949, "99.5%"},
	} {
		if got := Percent1(c.share); got != c.want {
			t.Errorf("Percent1(%v) = %q, want %q", c.share, got, c.want)
		}
	}
}

// For every count of every total up to 3,000, Percent1 reads "100.0%"
// only for all and "0.0%" only for none, and anywhere else writes what one
// decimal rounds to.
func TestPercent1NeverHidesARemainder(t *testing.T) {
	for n := 1; n <= 3000; n++ {
		for k := 0; k <= n; k++ {
			share := float64(k) / float64(n)
			got := Percent1(share)
			plain := strconv.FormatFloat(100*share, 'f', 1, 64) + "%"
			switch {
			case k == 0 || k == n:
				if got != plain {
					t.Fatalf("%d of %d: %q, want %q", k, n, got, plain)
				}
			case plain == "100.0%":
				if got != ">99.9%" {
					t.Fatalf("%d of %d: %q, want >99.9%%", k, n, got)
				}
			case plain == "0.0%":
				if got != "<0.1%" {
					t.Fatalf("%d of %d: %q, want <0.1%%", k, n, got)
				}
			case got != plain:
				t.Fatalf("%d of %d: %q, want %q", k, n, got, plain)
			}
		}
	}
}

func TestPercentDigitsEnds(t *testing.T) {
	for _, c := range []struct {
		share    float64
		decimals int
		want     string
	}{
		{0.996, 0, ">99%"}, {0.994, 0, "99%"}, {0.004, 0, "<1%"}, {0.006, 0, "1%"},
		{0.99996, 2, ">99.99%"}, {0.00004, 2, "<0.01%"}, {0.5, 2, "50.00%"},
		{0, 0, "0%"}, {1, 2, "100.00%"}, {0.9996, 1, ">99.9%"}, {0.123, 1, "12.3%"},
	} {
		if got := PercentDigits(c.share, c.decimals); got != c.want {
			t.Errorf("PercentDigits(%v, %d) = %q, want %q", c.share, c.decimals, got, c.want)
		}
	}
	for k := 0; k <= 2000; k++ {
		f := float64(k) / 2000
		if PercentDigits(f, 1) != Percent1(f) {
			t.Fatalf("PercentDigits(%v, 1) = %q, Percent1 %q", f, PercentDigits(f, 1), Percent1(f))
		}
	}
}
