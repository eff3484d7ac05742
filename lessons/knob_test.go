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
	if err == nil || !strings.Contains(err.Error(), `no knob "recommendations.bulkheads"`) || !strings.Contains(err.Error(), "did you mean recommendations.bulkhead?") {
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

// isKnob, which SetKnob asks instead of building the knob list, accepts
// exactly the paths Knobs lists, on every built-in scenario and variant:
// every knob, and near misses made from them (a letter more or less, a
// name's prefix or another name's key, the placeholders knobs leaves out).
func TestIsKnobIsKnobsList(t *testing.T) {
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			all := Knobs(sc, v)
			var tries []string
			for _, k := range all {
				tries = append(tries, k, k+"s", k[:len(k)-1], "x"+k, k+".", "."+k, strings.ToUpper(k))
				if head, rest, ok := strings.Cut(k, "."); ok {
					tries = append(tries, head, head+".", rest, head+"."+head, head+"..", head+".breaker.*", head+".retry.*",
						head+".breaker (false)", head+".retry (false)", head+".breaker.", head+".retry.")
				}
			}
			tries = append(tries, "", ".", "breaker", "retry", "breaker.window", "retry.attempts", "rate", "timeout", "shuffle.workers")
			for _, p := range tries {
				if got, want := isKnob(sc, v, p), slices.Contains(all, p); got != want {
					t.Errorf("%s variant %d: isKnob(%q) = %v, but Knobs says %v", sc.Name, v+1, p, got, want)
				}
			}
		}
	}
}

// A name with a dot in it is matched whole: "a.b" has the knob a.b.timeout,
// and a dependency called "a" does not borrow it.
func TestIsKnobDottedNames(t *testing.T) {
	sc := scenarios.Cascade()
	sys := &sc.Variants[0].System
	sys.Dependencies[2].Name, sys.Endpoints[2].Calls = "recs.v2", "recs.v2"
	sys.Dependencies[1].Name, sys.Endpoints[1].Calls = "recs", "recs"
	all := Knobs(sc, 0)
	for _, p := range []string{"recs.v2.timeout", "recs.timeout", "recs.v2", "recs.v2.breaker.window", "recs.v2.retry.max", "recs.v2.rate"} {
		if got, want := isKnob(sc, 0, p), slices.Contains(all, p); got != want {
			t.Errorf("isKnob(%q) = %v, but Knobs says %v", p, got, want)
		}
	}
}

// Setting a knob allocates nothing when the value needs no conversion: a
// sweep sets one or two on each of its cells.
func TestSetKnobDoesNotAllocate(t *testing.T) {
	sc := scenarios.Cascade()
	var bulkhead any = int64(7)
	var timeout any = "250ms"
	allocs := testing.AllocsPerRun(50, func() {
		if err := SetKnob(sc, 1, "recommendations.bulkhead", bulkhead); err != nil {
			t.Fatal(err)
		}
		if err := SetKnob(sc, 1, "recommendations.timeout", timeout); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("SetKnob allocates %v times a pair of calls, want none", allocs)
	}
}
