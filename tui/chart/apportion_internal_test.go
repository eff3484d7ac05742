package chart

import (
	"slices"
	"testing"
)

// A band too short for its shares still draws each outcome of at least
// 10% of a column, the worst first when there are more of them than rows;
// outcomes under 10% are left to proportion.
func TestApportionKeepsACellForEachNotableOutcome(t *testing.T) {
	for _, c := range []struct {
		name     string
		counts   []uint64 // ok, fallback, rejected, failed
		rows     int
		want     []int
		promoted bool
	}{
		{"one row, 38% rejected", []uint64{62, 0, 38, 0}, 1, []int{0, 0, 1, 0}, true},
		{"one row, 5% rejected", []uint64{95, 0, 5, 0}, 1, []int{1, 0, 0, 0}, false},
		{"one row, exactly 10% failed", []uint64{90, 0, 0, 10}, 1, []int{0, 0, 0, 1}, true},
		{"one row, the worst of two notable", []uint64{50, 0, 30, 20}, 1, []int{0, 0, 0, 1}, true},
		{"one row, the majority is the worst", []uint64{20, 0, 0, 80}, 1, []int{0, 0, 0, 1}, false},
		{"two rows, three notable", []uint64{45, 0, 45, 10}, 2, []int{0, 0, 1, 1}, true},
		{"three rows, a minority from the largest", []uint64{85, 5, 10, 0}, 3, []int{2, 0, 1, 0}, true},
		{"two rows, proportion suffices", []uint64{62, 0, 38, 0}, 2, []int{1, 0, 1, 0}, false},
	} {
		var total uint64
		for _, k := range c.counts {
			total += k
		}
		cells := make([]int, len(c.counts))
		promoted := apportion(cells, c.counts, total, c.rows)
		if !slices.Equal(cells, c.want) || promoted != c.promoted {
			t.Errorf("%s: cells %v (promoted %v), want %v (promoted %v)", c.name, cells, promoted, c.want, c.promoted)
		}
	}
}
