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

// windowPane draws a breaker of config cfg whose count window holds calls,
// oldest first, in a pane w cells wide; it returns the window's row.
func windowPane(t *testing.T, cfg breaker.Config, calls []breaker.Call, w int) string {
	t.Helper()
	bs := &engine.BreakerSnapshot{Config: cfg, State: breaker.Closed, WindowCalls: calls, Calls: len(calls)}
	for _, c := range calls {
		r := breaker.Success
		if c.Failed() {
			r, bs.Failures = breaker.Failure, bs.Failures+1
		}
		if c.Slow() {
			bs.Slow++
		}
		bs.Window = append(bs.Window, r)
	}
	return windowRow(t, bs, w)
}

// windowRow draws the breaker bs in a pane w cells wide and returns the
// window's row, without the pane's borders.
func windowRow(t *testing.T, bs *engine.BreakerSnapshot, w int) string {
	t.Helper()
	s := &engine.Snapshot{Dependencies: []engine.DependencySnapshot{{Name: "dep", Order: []engine.Layer{engine.LayerBreaker}, Breaker: bs}}}
	b := pane.NewBreaker(tuitest.Plain())
	b.SetSize(w, 20)
	b.SetData(pane.Data{Snap: s, Gen: 1})
	v := b.View()
	tuitest.CheckBlock(t, v, w, 20)
	for _, l := range strings.Split(v, "\n") {
		l = strings.Trim(l, "│")
		if strings.HasPrefix(l, "window ") || strings.HasPrefix(l, "last ") {
			return strings.TrimRight(l, " ")
		}
	}
	t.Fatalf("no window row in\n%s", v)
	return ""
}

func repeat(c breaker.Call, n int) []breaker.Call {
	out := make([]breaker.Call, n)
	for i := range out {
		out[i] = c
	}
	return out
}

// A large window not yet full shows its newest calls, not the empty slots
// after them (lesson 5 step 4 drew 60 calls of 100 as "…····", beside
// "30/60 failed"); the ellipsis stands for the older calls alone.
func TestBreakerWindowShowsTheNewestCallsOfAPartWindow(t *testing.T) {
	cfg := breaker.Config{WindowSize: 100, MinimumCalls: 100, FailureRate: 0.5, OpenFor: 15 * time.Second, HalfOpenTrials: 2}
	// 50 that passed, then 10 that failed: the newest.
	calls := append(repeat(0, 50), repeat(breaker.CallFailed, 10)...)
	// 49 wide: 47 inside, 40 after "window ".
	row := windowPane(t, cfg, calls, 49)
	want := "window …" + strings.Repeat("✓", 29) + strings.Repeat("✗", 10)
	if row != want {
		t.Errorf("60 calls of a window of 100, in 40 cells:\n got %q\nwant %q (the 39 newest, 21 hidden)", row, want)
	}
	// A few calls all show, and the empty slots after them as far as
	// they fit, the rest behind an ellipsis.
	row = windowPane(t, cfg, repeat(breaker.CallFailed, 5), 49)
	want = "window ✗✗✗✗✗" + strings.Repeat("·", 34) + "…"
	if row != want {
		t.Errorf("5 calls of a window of 100, in 40 cells:\n got %q\nwant %q", row, want)
	}
	// A window that fits is drawn whole, empty slots and all.
	row = windowPane(t, breaker.Config{WindowSize: 20, FailureRate: 0.5, OpenFor: time.Second, HalfOpenTrials: 1}, repeat(breaker.CallFailed, 5), 49)
	if want := "window ✗✗✗✗✗" + strings.Repeat("·", 15); row != want {
		t.Errorf("5 calls of a window of 20:\n got %q\nwant %q", row, want)
	}
}

// A slow call has a mark of its own, ◐, and the row says what it means; a
// slow failure counts as a failure (lesson 5 step 7 drew a window of slow
// calls as ✓✓✓✓✓✓✓✓✓✓ above "opened: 5 of last 10 slow").
func TestBreakerWindowMarksSlowCalls(t *testing.T) {
	cfg := breaker.Config{WindowSize: 10, FailureRate: 0.5, SlowCallDuration: 400 * time.Millisecond, SlowCallRate: 0.5, OpenFor: time.Second, HalfOpenTrials: 3}
	calls := []breaker.Call{0, breaker.CallSlow, breaker.CallFailed | breaker.CallSlow, breaker.CallFailed, 0}
	row := windowPane(t, cfg, calls, 49)
	if want := "window ✓◐✗✗✓·····  ◐ slow"; row != want {
		t.Errorf("got %q\nwant %q", row, want)
	}
	// No slow call in view, no key.
	if row, want := windowPane(t, cfg, repeat(breaker.CallFailed, 3), 49), "window ✗✗✗·······"; row != want {
		t.Errorf("got %q\nwant %q", row, want)
	}
	// A breaker that does not time its calls has no slow ones.
	cfg.SlowCallDuration, cfg.SlowCallRate = 0, 0
	if row, want := windowPane(t, cfg, repeat(0, 3), 49), "window ✓✓✓·······"; row != want {
		t.Errorf("got %q\nwant %q", row, want)
	}
	// A snapshot with results alone (the live lab's) still shows them.
	bs := &engine.BreakerSnapshot{Config: cfg, Window: []breaker.Result{breaker.Success, breaker.Failure}, Calls: 2, Failures: 1}
	if row, want := windowRow(t, bs, 49), "window ✓✗········"; row != want {
		t.Errorf("from results alone: got %q\nwant %q", row, want)
	}
}

// A time window's bucket with slow calls in it is no clean ✓ either.
func TestBreakerTimeWindowMarksSlowBuckets(t *testing.T) {
	cfg := breaker.Config{Window: breaker.TimeWindow, WindowSpan: 4 * time.Second, WindowBuckets: 4, FailureRate: 0.5,
		SlowCallDuration: time.Second, SlowCallRate: 0.5, OpenFor: time.Second, HalfOpenTrials: 1}
	bs := &engine.BreakerSnapshot{Config: cfg, Buckets: []breaker.Bucket{
		{Calls: 0}, {Calls: 4}, {Calls: 4, Slow: 4}, {Calls: 4, Failures: 4, Slow: 4},
	}, Calls: 12, Failures: 4, Slow: 8}
	if row, want := windowRow(t, bs, 60), "last 4 s ·✓◐✗  ◐ slow or some failed"; row != want {
		t.Errorf("got %q\nwant %q", row, want)
	}
}

// From a run: a dependency turned slow fills the window with ◐ (the
// snapshot carries which calls were slow).
func TestBreakerWindowOfASlowDependency(t *testing.T) {
	cfg := breaker.Config{WindowSize: 10, SlowCallDuration: 100 * time.Millisecond, SlowCallRate: 0.5, OpenFor: 30 * time.Second, HalfOpenTrials: 1}
	b := pane.NewBreaker(tuitest.Plain())
	b.SetSize(60, 18)
	b.SetData(runData(t, brokenDependency(cfg, true), 0, 5*time.Second))
	v := b.View()
	if !strings.Contains(v, "◐◐◐◐◐") || !strings.Contains(v, "slow (50% ≥ 50%)") {
		t.Errorf("the window of a breaker opened on slow calls should show them as ◐:\n%s", v)
	}
}
