package lessonui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// inOneFrame are options o with a frame longer than any step's traffic:
// a play started with them reaches where the step stops in one tick,
// through the same clamps (the pause, where the next step plays on, the
// end) as the learner's 50 ms frames. The panes draw the moment they are
// fed, not the way there, so the screen at the stop is the same, and the
// tests of what a play stops on play this way: a walk over every step at
// 50 ms is some 24,000 frames, each feeding every pane. The one test
// that plays every step at 50 ms, TestEveryStepHasNoEmptyAreaAt200x60 (the
// size with the most panes), holds each stop to the one-frame play's
// (checkOneFrameStopsAlike).
func inOneFrame(o Options) Options {
	o.Frame = 24 * time.Hour
	return o
}

// checkOneFrameStopsAlike fails unless played, a step opened at w×h and
// played at the learner's frame to where it stopped, stops at the same
// moment and on the same screen as the step opened again and played in
// one frame (inOneFrame). It returns the step played in one frame, for
// the checks of a one-frame play at that size to share.
func checkOneFrameStopsAlike(t *testing.T, where string, played Model, w, h int) Model {
	t.Helper()
	once := play(t, open(t, played.p, played.step, w, h, inOneFrame(Options{})))
	if once.Now() != played.Now() {
		t.Errorf("%s at %dx%d: played in one frame it stops at %v, at 50 ms frames at %v", where, w, h, once.Now(), played.Now())
		return once
	}
	if once.View() != played.View() {
		t.Errorf("%s at %dx%d: played in one frame the screen at %v is not the one 50 ms frames reach:\n%s\n%s\n%s",
			where, w, h, played.Now(), ansi.Strip(played.View()), strings.Repeat("─", w), ansi.Strip(once.View()))
	}
	return once
}
