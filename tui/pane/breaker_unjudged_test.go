package pane_test

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// A closed breaker below its minimum number of calls does not judge its
// rate, and its pane says so rather than compare: lesson 5 step 4 read
// "30/60 failed: 50% ≥ 50% (min 100)" while the breaker stayed closed,
// a threshold met to the eye. At every width the line names the minimum
// and no "≥"; a rate below the threshold keeps its comparison.
func TestBreakerBelowItsMinimumDoesNotSayTheThresholdIsMet(t *testing.T) {
	cfg := breaker.Config{WindowSize: 100, MinimumCalls: 100, FailureRate: 0.5, OpenFor: 15 * time.Second, HalfOpenTrials: 2}
	calls := append(repeat(0, 30), repeat(breaker.CallFailed, 30)...)
	for _, w := range []int{34, 40, 49, 60, 80} {
		v := countsLine(t, cfg, calls, w)
		if strings.Contains(v, "≥") {
			t.Errorf("%d wide: 30 of 60 failed under a minimum of 100 reads as a threshold met: %q", w, v)
		}
		if !strings.Contains(v, "100") || !strings.Contains(v, "judged") {
			t.Errorf("%d wide: the line does not say the breaker judges only at 100 calls: %q", w, v)
		}
	}
	if v, want := countsLine(t, cfg, calls, 80), "30 of 60 failed: 50%, not judged before 100 calls"; v != want {
		t.Errorf("80 wide: got %q, want %q", v, want)
	}
	// Below the threshold the comparison stands: it says what it is.
	low := append(repeat(0, 50), repeat(breaker.CallFailed, 10)...)
	if v := countsLine(t, cfg, low, 80); !strings.Contains(v, "< 50%") {
		t.Errorf("10 of 60 failed: got %q, want the comparison with 50%%", v)
	}
}

// countsLine draws a closed breaker of config cfg whose window holds calls
// in a pane w cells wide, and returns its counts line (the one that says
// how many failed), borders and padding taken off.
func countsLine(t *testing.T, cfg breaker.Config, calls []breaker.Call, w int) string {
	t.Helper()
	bs := &engine.BreakerSnapshot{Config: cfg, State: breaker.Closed, WindowCalls: calls, Calls: len(calls)}
	for _, c := range calls {
		r := breaker.Success
		if c.Failed() {
			r, bs.Failures = breaker.Failure, bs.Failures+1
		}
		bs.Window = append(bs.Window, r)
	}
	s := &engine.Snapshot{Dependencies: []engine.DependencySnapshot{{Name: "dep", Order: []engine.Layer{engine.LayerBreaker}, Breaker: bs}}}
	b := pane.NewBreaker(tuitest.Plain())
	b.SetSize(w, 20)
	b.SetData(pane.Data{Snap: s, Gen: 1})
	v := b.View()
	tuitest.CheckBlock(t, v, w, 20)
	var out []string
	in := false
	for _, l := range strings.Split(v, "\n") {
		l = strings.TrimSpace(strings.Trim(l, "│"))
		if strings.Contains(l, "failed") {
			in = true
		} else if in && (l == "" || strings.HasPrefix(l, "CLOSED") || strings.HasPrefix(l, "calls go")) {
			break // the state's own line follows the counts
		}
		if in {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		t.Fatalf("%d wide: no counts line in\n%s", w, v)
	}
	return strings.Join(out, " ")
}
