package home

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/breakerloop"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"
	"go.uber.org/goleak"
)

// loopFrames is the live picture's run, made once for the package.
var loopFrames = breakerloop.Run()

// loopAt is the home screen with the live picture loaded and moved n
// frames (n virtual seconds) by ticks sent by hand: no wall clock.
func loopAt(t *testing.T, o Options, n int) Model {
	t.Helper()
	m := newHome(t, o)
	m = send(m, breakerloop.LoadedMsg{Frames: loopFrames})
	for range n {
		m = send(m, breakerloop.TickMsg{Gen: 0})
	}
	return m
}

// Under the menu, where rows are free, the picture shows the breaker of
// breaker-timeline at one virtual second, in the engine's words: at 24 s
// it has just opened because 5 of the last 10 calls failed.
func TestLivePictureUnderTheMenu(t *testing.T) {
	m := loopAt(t, Options{}, 24)
	for _, sz := range [][2]int{{80, 24}, {200, 60}} {
		v := send(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]}).View()
		plain := ansi.Strip(v)
		for _, want := range []string{"24 s", "open", "5 of the last 10 calls failed (50%)", "Exercises"} {
			if !strings.Contains(plain, want) {
				t.Fatalf("%dx%d lacks %q:\n%s", sz[0], sz[1], want, plain)
			}
		}
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		golden.Check(t, fmt.Sprintf("live-%dx%d", sz[0], sz[1]), v)
	}
	// A window with no rows to spare shows the menu whole and no picture.
	if v := ansi.Strip(send(m, tea.WindowSizeMsg{Width: 80, Height: 17}).View()); strings.Contains(v, "live: breaker") || strings.Contains(v, "calls failed") {
		t.Fatalf("at 80x17 the picture took the menu's rows:\n%s", v)
	}
}

// The ticks run on the menu only: opening a screen stops them (the tick
// on its way moves nothing and asks for no other), and coming back starts
// them again. A still home never ticks.
func TestLivePictureTicksOnTheMenuOnly(t *testing.T) {
	next, cmd := newHome(t, Options{}).Update(breakerloop.LoadedMsg{Frames: loopFrames})
	if cmd == nil {
		t.Fatal("the loaded picture does not tick on the menu")
	}
	m := press(next.(Model), "down", "enter") // the scenario picker
	if m.screen != onPicker {
		t.Fatalf("enter on Sandbox did not open the picker:\n%s", ansi.Strip(m.View()))
	}
	at := m.loop.Frame()
	next, cmd = m.Update(breakerloop.TickMsg{Gen: 0})
	if cmd != nil || next.(Model).loop.Frame() != at {
		t.Fatal("off the menu a tick moved the picture or asked for another")
	}
	next, cmd = next.Update(tuitest.Key("esc"))
	if next.(Model).screen != onMenu || cmd == nil {
		t.Fatal("esc did not come back to the menu with the ticks going again")
	}

	still := loopAt(t, Options{Still: true}, 0)
	if _, cmd := still.Update(tuitest.Key("down")); cmd != nil {
		t.Fatal("a still home ticks")
	}
	if !strings.Contains(ansi.Strip(still.View()), "calls failed") {
		t.Fatalf("a still home should show the breaker open, with why:\n%s", ansi.Strip(still.View()))
	}
	if !StillFromEnv(func(k string) string { return map[string]string{"BREAKERLAB_REDUCED_MOTION": "1"}[k] }) || StillFromEnv(func(string) string { return "" }) {
		t.Fatal("StillFromEnv does not read BREAKERLAB_REDUCED_MOTION")
	}
}

// As a program: the picture loads from Init and moves on the wall clock;
// quitting leaves no goroutine behind.
func TestProgramLivePicture(t *testing.T) {
	// teatest keeps one goroutine of its own until the process ends.
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent(), goleak.IgnoreTopFunction("github.com/charmbracelet/x/exp/teatest.NewTestModel.func2"))
	m := newHome(t, Options{})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	out := tm.Output()
	tuitest.WaitFor(t, out, "live: breaker-timeline")
	tuitest.WaitFor(t, out, "  1 s")
	tm.Send(tuitest.Key("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
	if f := tm.FinalModel(t).(Model).loop.Frame(); f < 1 {
		t.Fatalf("the picture did not move: frame %d", f)
	}
}

// The menu as each tick of the live picture draws it again, in colour, at
// 80x24 and 200x60.
func BenchmarkMenuWithLivePicture(b *testing.B) {
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			m := New(Options{Theme: tuitest.Color()})
			m = send(m, tea.WindowSizeMsg{Width: size[0], Height: size[1]}, breakerloop.LoadedMsg{Frames: loopFrames})
			start := m.loop.Frame()
			if next, _ := m.Update(breakerloop.TickMsg{Gen: 0}); next.(Model).loop.Frame() == start {
				b.Fatal("a tick does not move the picture")
			}
			var view string
			b.ReportAllocs()
			for b.Loop() {
				next, _ := m.Update(breakerloop.TickMsg{Gen: 0})
				m = next.(Model)
				view = m.View()
			}
			b.ReportMetric(float64(len(view)), "view-B")
		})
	}
}
