package sweep

import "testing"

// A title says over what a cell's figure is taken in words that agree in
// number: "mean of 1 seed(s)" read oddly, and the mean of one seed is that
// seed's own figure.
func TestSeedsText(t *testing.T) {
	for _, c := range []struct {
		seeds []uint64
		want  string
	}{
		{[]uint64{5}, "seed 5"},
		{[]uint64{1, 2}, "mean of 2 seeds"},
		{[]uint64{1, 2, 3}, "mean of 3 seeds"},
	} {
		p := Plan{Seeds: c.seeds}
		if got := p.SeedsText(); got != c.want {
			t.Errorf("seeds %v: %q, want %q", c.seeds, got, c.want)
		}
	}
}
