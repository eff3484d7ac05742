package sandbox

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
)

var waitFor = tuitest.WaitFor

// The whole program: open the sandbox, play, pause, resize, quit.
func TestProgramPlayPauseResizeQuit(t *testing.T) {
	m := newModel(t, 100, 30, Options{})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	out := tm.Output()
	waitFor(t, out, "⏸ paused")

	tm.Send(keyMsg("+")) // ×2, so that a short play covers ground
	tm.Send(keyMsg("space"))
	waitFor(t, out, "▶ playing")
	time.Sleep(400 * time.Millisecond)
	tm.Send(keyMsg("space"))
	waitFor(t, out, "⏸ paused")

	tm.Send(tea.WindowSizeMsg{Width: 60, Height: 20})
	waitFor(t, out, "at least 80×24")
	tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	waitFor(t, out, "Worker pool")

	tm.Send(keyMsg("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(patience(5*time.Second)))
	final := tm.FinalModel(t).(Model)
	if final.Playing() {
		t.Error("the program ended playing")
	}
	if final.Now() <= 0 || final.Now() >= 30*time.Second {
		t.Errorf("after a short play the run should be under way, at %v", final.Now())
	}
	if final.w != 80 || final.h != 24 {
		t.Errorf("final size %dx%d, want 80x24", final.w, final.h)
	}
}

// The knob form's sweep as a program: the heatmap shows its first cells
// while the runs go on ("so far"), and the whole grid once they are done.
func TestProgramSweepFillsIn(t *testing.T) {
	m := newModel(t, 100, 30, Options{Scenario: shortCascade(t), Limits: Limits{MaxSweepWorkers: 1}})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	out := tm.Output()
	waitFor(t, out, "⏸ paused")
	tm.Send(keyMsg("e"))
	tm.Send(ctrlS)
	waitFor(t, out, "against which knob")
	tm.Send(keyMsg("enter"))
	// The first cells "so far", then the keys of a finished sweep: 192
	// runs, given longer than one screen's wait for a loaded machine under
	// the race detector. One wait for both, in order: on a loaded machine
	// both frames can come in one read, which a first wait for "so far"
	// consumed, leaving a second wait for the finished keys nothing to
	// find (it waited two minutes on an empty output).
	teatest.WaitFor(t, out, func(b []byte) bool {
		_, after, ok := bytes.Cut(b, []byte("(so far: "))
		return ok && bytes.Contains(after, []byte("next measure"))
	}, teatest.WithDuration(2*time.Minute), teatest.WithCheckInterval(20*time.Millisecond))
	tm.Send(keyMsg("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(patience(5*time.Second)))
	final := tm.FinalModel(t).(Model)
	if s := final.sw; s == nil || s.stage != sweepDone || !s.res.Complete() || s.res.Underway {
		t.Fatal("the sweep should have finished with every run in")
	}
	if v := final.View(); strings.Contains(v, "so far") || !strings.Contains(v, "the design in the form") {
		t.Errorf("a finished sweep's heatmap:\n%s", v)
	}
}

// A note that takes the clock's line (compare's, at 80 columns) goes
// after noteLife of play, so the clock is back while the run plays on; a
// key before then would end it as well.
func TestProgramNoteGivesTheClockBackWhilePlaying(t *testing.T) {
	m := newModel(t, 80, 24, Options{})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	out := tm.Output()
	waitFor(t, out, "⏸ paused")
	tm.Send(keyMsg("space"))
	waitFor(t, out, "▶ playing")
	tm.Send(keyMsg("c"))
	waitFor(t, out, "compare: same seed, same traffic")
	start := time.Now()
	// The status line drawn again, with the clock: the note goes after
	// noteLife of frames played (4 s at 30 frames a second), which a
	// loaded machine under the race detector draws more slowly (at a load
	// of 25 the 120 frames took longer than waitFor's 10 s): a minute's
	// wait, which a note that never goes still fails.
	teatest.WaitFor(t, out, func(b []byte) bool { return bytes.Contains(b, []byte("▶ playing")) },
		teatest.WithDuration(time.Minute), teatest.WithCheckInterval(20*time.Millisecond))
	if held := time.Since(start); held < noteLife/2 {
		t.Errorf("the note went after %v, before anyone could read it", held)
	}
	tm.Send(keyMsg("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(patience(5*time.Second)))
	final := tm.FinalModel(t).(Model)
	if final.note != "" {
		t.Errorf("the note %q is still there", final.note)
	}
	if !final.Playing() {
		t.Error("the run stopped playing: the clock came back only because it ended")
	}
}

// patience is a wait on a running program as the tests write it, stretched
// under the race detector: on a loaded machine (make test, a load of 8 to
// 14 on 2 cores) a bound of wall time fails a test that passes.
func patience(d time.Duration) time.Duration { return d * raceSlowdown }
