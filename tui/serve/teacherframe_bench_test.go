package serve

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// benchSession is a session of room at w×h in colour, as a terminal
// shows it, left when the benchmark ends.
func benchSession(b *testing.B, room *Room, teacher bool, w, h int) *Session {
	b.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	b.Cleanup(cancel)
	o := testHome()
	o.Theme = tuitest.Color()
	s := NewSession(ctx, o, room, teacher)
	b.Cleanup(s.Leave)
	s.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return s
}

// BenchmarkTeacherFrame is one frame of the teacher's screen in a room of
// 30 students who follow: the teacher's sandbox plays the first scenario
// at 1×, and each frame is its tick (1/30 s of virtual time) through the
// session's Update, which publishes the moment to the room, then the
// teacher's full View with the room's tag and the join line, at 80×24
// and 200×60. The students' own frames are not counted.
func BenchmarkTeacherFrame(b *testing.B) {
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			room := NewRoom()
			teacher := benchSession(b, room, true, size[0], size[1])
			keys(teacher, "j", "enter", "enter")
			if !teacher.home.InSandbox() {
				b.Fatal("the teacher's sandbox did not open")
			}
			for range 30 {
				keys(benchSession(b, room, false, 80, 24), "ctrl+g")
			}
			keys(teacher, " ")
			sb, _ := teacher.home.Sandbox()
			if !sb.Playing() {
				b.Fatal("the teacher's sandbox does not play")
			}
			if v := teacher.View(); !strings.Contains(v, "30 follow") {
				b.Fatalf("the teacher's screen does not count 30 followers:\n%s", v)
			}
			start := time.Unix(0, 0)
			var view string
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				sb, _ := teacher.home.Sandbox()
				if !sb.Playing() {
					keys(teacher, " ") // at the end: from the start again
					sb, _ = teacher.home.Sandbox()
					start, i = start.Add(time.Duration(i)*playback.Frame), 0
				}
				teacher.Update(sb.FrameAt(start.Add(time.Duration(i+1) * playback.Frame)))
				view = teacher.View()
			}
			if sb, _ := teacher.home.Sandbox(); sb.Now() == 0 {
				b.Fatal("the frames did not move the teacher's run")
			}
			b.ReportMetric(float64(len(view)), "view-B")
		})
	}
}
