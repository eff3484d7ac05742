package sweep

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A float axis's steps are the decimals a user would type: a cell of a
// failure rate swept 0.1..0.9 runs at 0.3, the design of a file that says
// 0.3, not at 0.30000000000000004 (which a window of 3 failures in 10
// does not reach).
func TestFloatStepsAreTheDecimalsAUserTypes(t *testing.T) {
	racefree.Only(t) // parses text, starts no goroutine
	for _, c := range []struct {
		vary string
		want []float64
	}{
		{"dep.breaker.failure_rate=0.1..0.9:5", []float64{0.1, 0.3, 0.5, 0.7, 0.9}},
		{"dep.breaker.failure_rate=0.1..0.7:7", []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7}},
		{"dep.breaker.failure_rate=10%..70%:7", []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7}},
	} {
		ax, err := ParseVary(c.vary)
		if err != nil {
			t.Fatalf("%s: %v", c.vary, err)
		}
		if len(ax.X) != len(c.want) {
			t.Fatalf("%s: %v, want %v", c.vary, ax.X, c.want)
		}
		for i, x := range ax.X {
			if x != c.want[i] {
				t.Errorf("%s: step %d is %v, want %v", c.vary, i, x, c.want[i])
			}
			if f, ok := ax.Values[i].(float64); ok && f != c.want[i] {
				t.Errorf("%s: step %d sets %v, want %v", c.vary, i, f, c.want[i])
			}
		}
	}
}
