package challenge

import (
	"fmt"
	"strings"
	"testing"
)

// Level 12 (deadline) is met only by more attempts than it starts with:
// with the starting attempts no deadline or timeout answers enough
// checkouts once payment is healthy again. The brief names the attempts
// only as the cause of the wasted calls, and the hint and the par's note
// spoke of the deadline and the timeout alone, so a learner turned those
// two and never the knob that passes. The hint must point at the
// attempts, and not say how many the reference solution sets.
func TestDeadlineHintPointsAtAttempts(t *testing.T) {
	c := lookup(t, "deadline")
	var attempts *Knob
	for i := range c.Knobs {
		if c.Knobs[i].Path == "payment.retry.attempts" {
			attempts = &c.Knobs[i]
		}
	}
	if attempts == nil {
		t.Fatal("deadline has no attempts knob")
	}
	if !strings.Contains(strings.ToLower(c.Hint), strings.ToLower(attempts.Label)) {
		t.Errorf("the hint should point at the %q knob: %q", attempts.Label, c.Hint)
	}
	answer := fmt.Sprint(referenceSettings["deadline"]["payment.retry.attempts"])
	for _, word := range strings.FieldsFunc(c.Hint, func(r rune) bool { return r < '0' || r > '9' }) {
		if word == answer {
			t.Errorf("the hint gives the reference solution's %s attempts away: %q", answer, c.Hint)
		}
	}
}
