package shardview

import (
	"bytes"
	"io"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"
)

func waitFor(t *testing.T, out io.Reader, s string) {
	t.Helper()
	teatest.WaitFor(t, out, func(b []byte) bool { return bytes.Contains(b, []byte(s)) },
		teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
}

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
