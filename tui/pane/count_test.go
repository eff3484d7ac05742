package pane_test

import (
	"math"
	"testing"

	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// The screens' Count and the engine's messages' Count write every count
// alike, to the ends of each kind: a count reads 2,048 in a refusal as on
// the map.
func TestPaneCountIsTheEnginesCount(t *testing.T) {
	for _, n := range []int64{0, 7, 999, 1000, -1000, 2048, 123456789, math.MaxInt64, math.MinInt64} {
		if got, want := pane.Count(n), report.Count(n); got != want {
			t.Errorf("pane.Count(%d) = %q, report.Count = %q", n, got, want)
		}
	}
	if got, want := pane.Count(uint64(math.MaxUint64)), report.Count(uint64(math.MaxUint64)); got != want {
		t.Errorf("pane.Count(MaxUint64) = %q, report.Count = %q", got, want)
	}
	if got, want := pane.Counted(int32(1), "task", "tasks"), "1 task"; got != want {
		t.Errorf("Counted(1) = %q, want %q", got, want)
	}
	if got, want := pane.Counted(int32(-3329), "task", "tasks"), "-3,329 tasks"; got != want {
		t.Errorf("Counted(-3329) = %q, want %q", got, want)
	}
}
