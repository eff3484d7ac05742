package sandbox

import (
	"slices"
	"strings"
	"testing"
)

// A call with no retries yet sweeps its retry attempts up from one, the
// design's none, as `breakerlab sweep --vary X.retry.attempts=1..4` does:
// the sandbox refused it until attempts were set to 2 and applied. A
// backoff is still refused there, by the command line's rule: with one
// attempt it changes nothing.
func TestRetryAttemptsSweepFromNone(t *testing.T) {
	m := newModel(t, 100, 30, Options{Variant: 1})
	if r := m.sim.sc.Variants[1].System.Dependencies[2].Policy.Retry; r != nil {
		t.Fatalf("cascade's variant 2 calls recommendations with retries %+v; the test wants none", r)
	}
	m = press(m, "e")
	m = focusLabel(t, m, "retry attempts", 1)
	m = send(m, ctrlS)
	if m.sw == nil {
		t.Fatalf("ctrl+s on retry attempts opened no sweep: %s", m.form.err)
	}
	if m.sw.x != "recommendations.retry.attempts" {
		t.Errorf("the sweep varies %s, want recommendations.retry.attempts", m.sw.x)
	}
	ax, x, err := around(m.sw.base, 1, m.sw.x, 12)
	if err != nil || x != 1 || !slices.Equal(ax.X, []float64{1, 2, 3, 4}) {
		t.Errorf("the attempts' axis is %v around %v (%v), want 1 to 4 around the design's 1", ax.X, x, err)
	}
	if m.sim.sc.Variants[1].System.Dependencies[2].Policy.Retry != nil {
		t.Error("opening the sweep gave the run on screen a retry")
	}

	m = press(m, "esc")
	m = focusLabel(t, m, "retry backoff", 1)
	m = send(m, ctrlS)
	if m.sw != nil || !strings.Contains(m.form.err, "makes one attempt") {
		t.Errorf("a backoff with one attempt opened a sweep (%v) or said %q; want the command line's refusal", m.sw != nil, m.form.err)
	}
}
