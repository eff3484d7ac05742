package report

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// TestTransitionTimeIsTheTables: the rule a screen writes a run's
// transitions with (TransitionTime on TransitionDecimals, exported for the
// breaker pane's log and a lesson's list, which kept a copy of it) writes
// each listed transition of api-gateway as the table does: "10.530 s",
// on the decimals its later times need.
func TestTransitionTimeIsTheTables(t *testing.T) {
	sc := scenarios.APIGateway()
	snaps, text := tableOf(t, sc)
	sections := designSections(t, text, snaps)
	padded := 0
	for i := range snaps {
		ts := snaps[i].Transitions
		d := TransitionDecimals(ts)
		for _, tr := range ListedTransitions(ts) {
			at := TransitionTime(tr.At, d)
			if !strings.Contains(sections[i], "\n  "+strings.Repeat(" ", max(9-len(at), 0))+at+"  ") {
				t.Errorf("%s: %v written %q, not as the table lists it:\n%s", snaps[i].Variant, tr.At, at, sections[i])
			}
			if strings.HasSuffix(at, "0 s") && strings.Contains(at, ".") {
				padded++
			}
		}
	}
	if padded == 0 {
		t.Error("api-gateway's lists have no time padded with a zero: the test shows nothing")
	}
	// A time past the listed ones keeps its own millisecond.
	long := make([]engine.Transition, transitionsInFull+1)
	for i := range long {
		long[i].Transition = breaker.Transition{At: time.Duration(i+1) * time.Second}
	}
	long[transitionsInFull].At = 30*time.Second + 5*time.Millisecond
	if d := TransitionDecimals(long); d != 0 || TransitionTime(long[transitionsInFull].At, d) != "30.005 s" {
		t.Errorf("decimals %d, the unlisted time %q", d, TransitionTime(long[transitionsInFull].At, d))
	}
}
