package sweep_test

import (
	"strings"
	"testing"
)

// A breaker's window swept below its minimum calls is refused by the
// engine in its own words ("breaker minimum calls must be between 0 and
// the window size 2"), which name no knob the command line sets: the
// refusal names the knob, and which end of the axis to move.
func TestRefusedWindowNamesTheMinimumCallsKnob(t *testing.T) {
	for _, tc := range []struct{ vary, want string }{
		{"payment.breaker.window=2..20:4", "that minimum is payment.breaker.min_calls, which the sweep keeps: start payment.breaker.window at it or above"},
		{"payment.breaker.min_calls=5..40:4", "that window size is payment.breaker.window, which the sweep keeps: end payment.breaker.min_calls at it or below"},
	} {
		err := prepare(t, "checkout", 3, "checkout.rejected", tc.vary)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("--vary %s: Prepare = %v; want it to say %q", tc.vary, err, tc.want)
		}
	}
	// A refusal of something else names no knob.
	err := prepare(t, "cascade", 0, "search.ok", "workers=1e9..1e9")
	if err == nil || strings.Contains(err.Error(), "which the sweep keeps") {
		t.Errorf("workers=1e9: Prepare = %v; want no other knob named", err)
	}
}
