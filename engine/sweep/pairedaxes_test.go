package sweep_test

import (
	"strings"
	"testing"
)

// A breaker's window swept against its own minimum calls is refused for
// a pair whose minimum passes its window, and the refusal said the sweep
// "keeps" the minimum, which it varies, and to start the window "at it",
// a value the grid does not hold. It says both are swept and names the
// two ends that part them: the least window and the most minimum.
func TestWindowAgainstMinimumCallsNamesBothEnds(t *testing.T) {
	for _, specs := range [][]string{
		{"payment.breaker.window=10..40:7", "payment.breaker.min_calls=4..18:8"},
		{"payment.breaker.min_calls=4..18:8", "payment.breaker.window=10..40:7"},
	} {
		err := prepare(t, "checkout", 3, "checkout.rejected", specs...)
		want := "both are swept, and each pair needs payment.breaker.min_calls no greater than payment.breaker.window: " +
			"end payment.breaker.min_calls at 10 or below, or start payment.breaker.window at 18 or above"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("--vary %s: Prepare = %v; want it to say %q", strings.Join(specs, " --vary "), err, want)
		}
		if err != nil && strings.Contains(err.Error(), "which the sweep keeps") {
			t.Errorf("--vary %s: Prepare = %v; the sweep keeps neither knob", strings.Join(specs, " --vary "), err)
		}
	}
	// Within each other's bounds, the pair runs.
	if err := prepare(t, "checkout", 3, "checkout.rejected", "payment.breaker.window=18..40:3", "payment.breaker.min_calls=4..18:3"); err != nil {
		t.Errorf("window 18..40 against min_calls 4..18: Prepare = %v", err)
	}
}
