package picture

import (
	"slices"
	"testing"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A heatmap's axis is ticked at the swept values, the first (250 ms,
// which round ticks left unlabelled) and the last always, thinned evenly
// when they are too many, each written as the terminal's map writes it
// (sweep.Axis.Labels): three digits and the axis's one unit, "1.31 s",
// where it read "1.306 s".
func TestHeatmapTicksAtTheSweptValues(t *testing.T) {
	racefree.Only(t) // no goroutine: it reads ticks
	x := []float64{250, 777.7777777777778, 1305.5555555555557, 1833.3333333333335, 2361.1111111111113, 2888.888888888889, 3416.666666666667, 3944.4444444444443, 4472.222222222222, 5000}
	tk := sweptTicks{x, placeKnob(x, ""), "", sweep.Axis{Path: "recommendations.timeout", X: x, Unit: "ms"}.Labels(), maxSweptTicks}
	var labels []string
	for _, tick := range tk.Ticks(0, 5000) {
		labels = append(labels, tick.Label)
	}
	want := []string{"0.25 s", "0.778 s", "1.31 s", "1.83 s", "2.36 s", "2.89 s", "3.42 s", "3.94 s", "4.47 s", "5 s"}
	if !slices.Equal(labels, want) {
		t.Errorf("ticks %q, want %q", labels, want)
	}
	for n := 2; n <= 40; n++ {
		keep := sweptKept(n, maxSweptTicks)
		if keep[0] != 0 || keep[len(keep)-1] != n-1 || len(keep) > maxSweptTicks {
			t.Errorf("%d values: labels %v, want the first and last and at most %d", n, keep, maxSweptTicks)
		}
	}
	if keep := sweptKept(12, maxSweptTicks); !slices.Equal(keep, []int{0, 2, 4, 6, 8, 11}) {
		t.Errorf("12 values: labels %v", keep)
	}
}
