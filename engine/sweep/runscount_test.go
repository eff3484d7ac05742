package sweep_test

import (
	"strings"
	"testing"
)

// A grid past the runs a sweep may have is refused with its counts
// written as every screen writes a count, "240,000 runs", where it read
// "240000", a figure one counts the digits of.
func TestTooManyRunsSaysItsCountsWithSeparators(t *testing.T) {
	err := prepareOn(t, []uint64{1, 2, 3, 4, 5, 6}, "cascade", 0, "search.ok", "workers=1..200:200", "recommendations.timeout=1s..5s:200")
	if err == nil {
		t.Fatal("a sweep of 240,000 runs was taken")
	}
	want := "40,000 cells × 6 seeds is 240,000 runs; at most 200,000 are allowed"
	if !strings.Contains(err.Error(), want) {
		t.Errorf("refusal %q, want it to say %q", err, want)
	}
}
