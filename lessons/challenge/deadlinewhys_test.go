package challenge

import (
	"maps"
	"math"
	"slices"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// TestDeadlineWhysEndWhereTheEngineSays holds deadline's whys of a
// deadline set, the start's other knobs kept, to the engine: the why of a
// deadline no longer than the timeout covers exactly the deadlines at
// which the checkouts answered miss (the next step meets them), and the
// why of one past the timeout and within the patience speaks of deadlines
// that meet that goal and miss only the healthy seconds, which one more
// attempt saves, as its text says. Every deadline missed with no why
// before them.
func TestDeadlineWhysEndWhereTheEngineSays(t *testing.T) {
	racefree.Only(t) // grading runs the engine in this goroutine, no other
	c, err := Lookup("deadline")
	if err != nil {
		t.Fatal(err)
	}
	k := &c.Knobs[slices.IndexFunc(c.Knobs, func(k Knob) bool { return k.Path == "payment.deadline" })]
	start := c.Start()
	timeout, _ := numeric(start["payment.timeout"])
	patience := c.Scenario.Variants[0].System.Endpoints[0].Patience.Seconds()
	short := slices.IndexFunc(k.Ranges, func(r RangeWhy) bool { return r.Min > 0 && r.Max == timeout })
	if short < 0 {
		t.Fatalf("no why of a deadline up to the %v s timeout", timeout)
	}
	misses := func(s Setting, label string) bool { return !gradedGoal(t, c, s, label).Pass }
	with := func(v any) Setting {
		s := maps.Clone(start)
		s[k.Path] = v
		return s
	}
	for f := k.Ranges[short].Min; f <= k.Ranges[short].Max+1e-9; f += k.Step {
		if !misses(with(k.fromNumber(f)), "checkouts answered") {
			t.Errorf("a deadline of %s meets the checkouts answered, which its why says it fails", k.formatNumber(f))
		}
	}
	if next := k.Ranges[short].Max + k.Step; misses(with(k.fromNumber(next)), "checkouts answered") {
		t.Errorf("a deadline of %s, past the why of short deadlines, still misses the checkouts answered with no why of it", k.formatNumber(next))
	}

	within := slices.IndexFunc(k.Ranges, func(r RangeWhy) bool { return r.Min > timeout && r.Max == patience })
	if within < 0 {
		t.Fatalf("no why of a deadline past the %v s timeout and within the %v s patience", timeout, patience)
	}
	if first := k.Ranges[within].Min; math.Abs(first-(k.Ranges[short].Max+k.Step)) > 1e-9 {
		t.Errorf("the why within the patience starts at %s, not a step past the short deadlines' at %s", k.formatNumber(first), k.formatNumber(k.Ranges[short].Max))
	}
	attempts := start["payment.retry.attempts"].(int64)
	for f := k.Ranges[within].Min; f <= patience+1e-9; f += k.Step {
		v := k.fromNumber(f)
		if misses(with(v), "checkouts answered") || !misses(with(v), "checkouts answered once healthy") {
			t.Errorf("a deadline of %s does not miss only the healthy seconds, of which its why speaks", FormatValue(v))
		}
		more := with(v)
		more["payment.retry.attempts"] = attempts + 1
		if misses(more, "checkouts answered once healthy") {
			t.Errorf("a deadline of %s with %d attempts still misses the healthy seconds: its why says another attempt saves them", FormatValue(v), attempts+1)
		}
	}
}
