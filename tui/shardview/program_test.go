package shardview

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
)

var waitFor = tuitest.WaitFor

// The whole program: open the shard view, play, pause, resize, quit.
func TestProgramPlayPauseResizeQuit(t *testing.T) {
	m := newModel(t, 100, 30, Options{Speed: 5})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	out := tm.Output()
	waitFor(t, out, "⏸ paused")
	tm.Send(keyMsg("space"))
	waitFor(t, out, "▶ playing")
	waitFor(t, out, "workers down") // the poison arrives at 2 s, under a second at ×5
	tm.Send(keyMsg("space"))
	waitFor(t, out, "⏸ paused")
	tm.Send(tea.WindowSizeMsg{Width: 60, Height: 20})
	waitFor(t, out, "at least 80×24")
	tm.Send(tea.WindowSizeMsg{Width: 80, Height: 24})
	waitFor(t, out, "Exact odds")
	tm.Send(keyMsg("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
	final := tm.FinalModel(t).(Model)
	if final.Playing() || final.Now() < 2*time.Second || final.w != 80 {
		t.Errorf("final: playing %v at %v, width %d", final.Playing(), final.Now(), final.w)
	}
}
