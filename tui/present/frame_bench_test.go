package present_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/lessonui"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"
)

// benchTheme is a colour theme, as a projector's terminal has.
func benchTheme() *theme.Theme {
	r := theme.Plain()
	r.SetColorProfile(termenv.ANSI256)
	return theme.New(r)
}

var benchSizes = [][2]int{{100, 30}, {200, 60}}

// presentedSandbox is the cascade's sandbox playing at 1× in presentation
// mode at w×h.
func presentedSandbox(b *testing.B, th *theme.Theme, w, h int) tea.Model {
	b.Helper()
	sc, _ := scenarios.Lookup("cascade")
	sb, err := sandbox.New(sandbox.Options{Theme: th, Scenario: sc.Build(), Seed: 5, Play: true})
	if err != nil {
		b.Fatal(err)
	}
	m, _ := present.Wrap(sb, th, true).Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m
}

// BenchmarkFrameSandbox is one frame of the sandbox playing at 1× in
// presentation mode: a tick that advances 1/30 s of virtual time, then
// the full View (the big number, the clock, the details, the caption).
func BenchmarkFrameSandbox(b *testing.B) {
	th := benchTheme()
	for _, sz := range benchSizes {
		b.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(b *testing.B) {
			m := presentedSandbox(b, th, sz[0], sz[1])
			start := time.Unix(0, 0)
			var view string
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if !m.(present.Model).Playing() {
					b.StopTimer()
					m = presentedSandbox(b, th, sz[0], sz[1])
					start = start.Add(time.Duration(i) * playback.Frame)
					i = 0
					b.StartTimer()
				}
				m, _ = m.Update(m.(present.Model).FrameAt(start.Add(time.Duration(i+1) * playback.Frame)))
				view = m.View()
			}
			b.ReportMetric(float64(len(view)), "view-B")
		})
	}
}

// lessonTick plays a lesson player's step and returns it with the tick
// that drives it (the player's own, waited for once: its 50 ms pass
// outside the timed frames). The tick stays live while the step plays.
func lessonTick(b *testing.B, pl lessonui.Model) (lessonui.Model, tea.Msg) {
	b.Helper()
	var tick tea.Msg
	queue := []tea.Msg{tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}}
	for len(queue) > 0 && tick == nil {
		msg := queue[0]
		queue = queue[1:]
		if fmt.Sprintf("%T", msg) == "lessonui.tickMsg" {
			tick = msg
			break
		}
		next, cmd := pl.Update(msg)
		pl = next.(lessonui.Model)
		if !pl.Playing() && len(queue) == 0 {
			// A prediction holds the play: a second space skips it.
			queue = append(queue, tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
		}
		cmds := []tea.Cmd{cmd}
		for len(cmds) > 0 {
			c := cmds[0]
			cmds = cmds[1:]
			if c == nil {
				continue
			}
			switch got := c().(type) {
			case tea.BatchMsg:
				cmds = append(cmds, got...)
			default:
				queue = append(queue, got)
			}
		}
	}
	if tick == nil {
		b.Fatal("the step does not play")
	}
	return pl, tick
}

// presentedLesson is lesson 1's fourth step playing in presentation mode
// at w×h, with its tick.
func presentedLesson(b *testing.B, p *lessons.Prepared, th *theme.Theme, w, h int) (tea.Model, tea.Msg) {
	b.Helper()
	pl, err := lessonui.New(p, lessonui.Options{Theme: th, Step: 3})
	if err != nil {
		b.Fatal(err)
	}
	next, _ := pl.Update(tea.WindowSizeMsg{Width: w, Height: h})
	pl, tick := lessonTick(b, next.(lessonui.Model))
	m, _ := present.Wrap(pl, th, true).Update(tea.WindowSizeMsg{Width: w, Height: h})
	return m, tick
}

// BenchmarkFrameLesson is one frame of a lesson step playing in
// presentation mode: the player's tick, then the full View.
func BenchmarkFrameLesson(b *testing.B) {
	th := benchTheme()
	l, err := lessons.Open("01-one-slow-dependency")
	if err != nil {
		b.Fatal(err)
	}
	p, err := lessons.Prepare(l, lessons.NewLab())
	if err != nil {
		b.Fatal(err)
	}
	for _, sz := range benchSizes {
		b.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(b *testing.B) {
			m, tick := presentedLesson(b, p, th, sz[0], sz[1])
			var view string
			b.ReportAllocs()
			for b.Loop() {
				if !m.(present.Model).Inner().(lessonui.Model).Playing() {
					b.StopTimer()
					m, tick = presentedLesson(b, p, th, sz[0], sz[1])
					b.StartTimer()
				}
				m, _ = m.Update(tick)
				view = m.View()
			}
			b.ReportMetric(float64(len(view)), "view-B")
		})
	}
}
