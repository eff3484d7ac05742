package lessons

import (
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// SetKnob is the [set] parser: it sets what a lesson's override sets, and
// a path that names no knob gets the list of the knobs there are.
func TestSetKnob(t *testing.T) {
	sc := scenarios.Cascade()
	if err := SetKnob(sc, 1, "recommendations.bulkhead", int64(7)); err != nil {
		t.Fatal(err)
	}
	if got := sc.Variants[1].System.Dependencies[2].Policy.Bulkhead; got != 7 {
		t.Errorf("bulkhead %d, want 7", got)
	}
	if err := SetKnob(sc, 1, "recommendations.breaker.min_calls", int64(10)); err != nil {
		t.Fatal(err)
	}
	err := SetKnob(sc, 1, "recommendations.bulkheads", int64(7))
	if err == nil || !strings.Contains(err.Error(), `no knob "recommendations.bulkheads"`) || !strings.Contains(err.Error(), "recommendations.bulkhead,") {
		t.Errorf("error %v, want one listing the knobs", err)
	}
	if err := SetKnob(sc, 9, "workers", int64(7)); err == nil {
		t.Error("variant 10 of 3 was accepted")
	}
	nums := NumberKnobs(sc, 0)
	for _, want := range []string{"workers", "search.rate", "search-index.timeout", "recommendations.breaker.failure_rate", "recommendations.retry.attempts"} {
		if !slices.Contains(nums, want) {
			t.Errorf("NumberKnobs lacks %s", want)
		}
	}
	for _, k := range nums {
		if strings.ContainsAny(k, " ()*") || strings.HasSuffix(k, ".fallback") || strings.HasSuffix(k, ".retry") || strings.HasSuffix(k, ".breaker") {
			t.Errorf("NumberKnobs lists %q, which takes no number", k)
		}
	}
	if all := Knobs(sc, 0); !slices.Contains(all, "recommendations.fallback") || !slices.Contains(all, "recommendations.breaker") {
		t.Errorf("Knobs lacks the word and switch keys: %v", all)
	}
}
