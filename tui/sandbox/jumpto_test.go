package sandbox

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/internal/playback"
)

// jumpTo shows m at the moment seekTo would stop at (the first step of →
// at or after at) with one seek and one refresh, as the time prompt (:)
// does, where seekTo presses → once per 100 ms step and refreshes every
// pane at each: some 300 refreshes to the middle of a 60-second run, an
// eighth of the CPU of the sandbox's tests without -race. The screen is
// the same, bit for bit: every built-in scenario's every variant, at the
// middle and at three quarters of its run, drew the same main view,
// compare mode, knob form, help, presets and breaker view at 80×24,
// 120×40 and 200×60 (1,476 screens) either way. Unlike the prompt, it
// sets no note. The tests that check what the screens show get there so;
// the goldens (TestLayoutGolden, TestScreenGolden) and the tests of the
// keys themselves still step with →.
func jumpTo(t testing.TB, m Model, at time.Duration) Model {
	t.Helper()
	if at <= m.Now() {
		return m // seekTo presses nothing
	}
	to := (at + playback.Step - 1) / playback.Step * playback.Step
	if err := m.seek(to); err != nil {
		t.Fatal(err)
	}
	if m.work != nil {
		t.Fatalf("a seek to %v is played in slices: jumpTo is for runs a seek plays at once", to)
	}
	m.refresh()
	return m
}
