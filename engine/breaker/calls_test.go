package breaker

import (
	"slices"
	"testing"
	"time"
)

// A count window's export keeps which calls were slow: a pane draws a slow
// call apart from a quick one, and a Result cannot tell them apart.
func TestAppendCallsMarksSlowCalls(t *testing.T) {
	cfg := Config{WindowSize: 4, FailureRate: 0.9, SlowCallRate: 0.9, SlowCallDuration: time.Second, OpenFor: 10 * s, HalfOpenTrials: 1}
	b, err := New(cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	// Each call starts at its start and ends at its end: the slow ones
	// take longer than the second the config allows.
	calls := []struct {
		start, end time.Duration
		r          Result
	}{
		{0, 100 * time.Millisecond, Success},                       // quick
		{200 * time.Millisecond, 2200 * time.Millisecond, Success}, // slow
		{3 * s, 3*s + 100*time.Millisecond, Failure},               // quick failure
		{4 * s, 6 * s, Failure},                                    // slow failure
		{7 * s, 7*s + 100*time.Millisecond, Success},               // pushes the first out
	}
	for _, c := range calls {
		p, err := b.Allow(c.start)
		if err != nil {
			t.Fatalf("call at %v refused: %v", c.start, err)
		}
		b.Record(c.end, p, c.r)
	}
	got := b.AppendCalls(nil)
	want := []Call{CallSlow, CallFailed, CallFailed | CallSlow, 0}
	if !slices.Equal(got, want) {
		t.Fatalf("AppendCalls = %v, want %v", got, want)
	}
	// The results agree with AppendWindow's, call for call.
	results := b.AppendWindow(nil)
	for i, c := range got {
		if c.Failed() != (results[i] == Failure) {
			t.Errorf("call %d: Failed() = %v, AppendWindow says %v", i, c.Failed(), results[i])
		}
	}
	if c := b.Counts(); c.Slow != 2 || c.Failures != 2 {
		t.Errorf("counts %+v, want 2 slow and 2 failed, as the marks say", c)
	}
}
