package lessonui

import (
	"fmt"
	"sync"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

var (
	benchLab     = sync.OnceValue(lessons.NewLab)
	benchPrepMu  sync.Mutex
	benchPrepped = map[string]*lessons.Prepared{}
)

// benchLesson prepares a built-in lesson once for the benchmarks.
func benchLesson(b *testing.B, id string) *lessons.Prepared {
	b.Helper()
	benchPrepMu.Lock()
	defer benchPrepMu.Unlock()
	if p, ok := benchPrepped[id]; ok {
		return p
	}
	l, err := lessons.Open(id)
	if err != nil {
		b.Fatal(err)
	}
	p, err := lessons.Prepare(l, benchLab())
	if err != nil {
		b.Fatal(err)
	}
	benchPrepped[id] = p
	return p
}

// playOn presses space until the step plays: past its prediction (skipped,
// space twice), on from its pause, or from its start again at its end.
func playOn(b *testing.B, m Model) Model {
	for range 3 {
		if m.playing {
			return m
		}
		next, _ := m.Update(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
		m = next.(Model)
	}
	b.Fatalf("step %d does not play", m.step+1)
	return m
}

// framePlaySteps are steps of each kind of simulation a lesson plays: an
// engine run with the pool, the outcomes and the chart (lesson 1), the
// breaker with its transitions (lesson 4), the shuffle-sharding fleet
// (lesson 8).
var framePlaySteps = []struct {
	lesson string
	step   int // counting from 0
}{
	{"01-one-slow-dependency", 3},
	{"04-breaker-states", 4},
	{"08-shuffle-sharding", 0},
}

// BenchmarkPlayFrame is one animation frame of a lesson step while it
// plays: a tick (the player's 50 ms at the step's speed), then the full
// View, at 80×24, 100×30, 120×40 and 200×60. At the pause and at the end
// the step plays on (or again), as space does.
func BenchmarkPlayFrame(b *testing.B) {
	for _, s := range framePlaySteps {
		for _, size := range [][2]int{{80, 24}, {100, 30}, {120, 40}, {200, 60}} {
			b.Run(fmt.Sprintf("%s/step%d/%dx%d", s.lesson[:2], s.step+1, size[0], size[1]), func(b *testing.B) {
				p := benchLesson(b, s.lesson)
				m, err := New(p, Options{Theme: tuitest.Color(), Step: s.step})
				if err != nil {
					b.Fatal(err)
				}
				next, _ := m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				m = playOn(b, next.(Model))
				_ = m.View()
				var view string
				b.ReportAllocs()
				for b.Loop() {
					if !m.playing {
						m = playOn(b, m)
					}
					next, _ := m.Update(tickMsg{m.tickID})
					m = next.(Model)
					view = m.View()
				}
				b.ReportMetric(float64(len(view)), "view-B")
			})
		}
	}
}

// BenchmarkPredictFrame is one frame of lesson 1's first step while its
// prediction waits for the guess, at 80×24 and 200×60: the player's tick
// (which a waiting step does not play on), then the full View with the
// prediction's panel. A classroom draws this screen for every student who
// has not answered yet, each time the room changes.
func BenchmarkPredictFrame(b *testing.B) {
	p := benchLesson(b, "01-one-slow-dependency")
	for _, size := range [][2]int{{80, 24}, {200, 60}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			m, err := New(p, Options{Theme: tuitest.Color(), Step: 0})
			if err != nil {
				b.Fatal(err)
			}
			next, _ := m.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			m = next.(Model)
			if !m.waiting() || m.playing {
				b.Fatal("the step's prediction does not wait")
			}
			var view string
			b.ReportAllocs()
			for b.Loop() {
				next, _ := m.Update(tickMsg{m.tickID})
				m = next.(Model)
				view = m.View()
			}
			if !m.waiting() {
				b.Fatal("the prediction stopped waiting")
			}
			b.ReportMetric(float64(len(view)), "view-B")
		})
	}
}

// BenchmarkFollowFrame is one frame of a classroom's follower (tui/serve
// follows each student's player so): Follow to the presenter's next
// state, then the View, while lesson 1's first step plays to its pause
// with the guess skipped, the prediction's panel under the text. The
// presenter's states are taken first; the follower goes through them in
// turn, from the start again after the last.
func BenchmarkFollowFrame(b *testing.B) {
	p := benchLesson(b, "01-one-slow-dependency")
	o := Options{Theme: tuitest.Color(), Step: 0}
	m, err := New(p, o)
	if err != nil {
		b.Fatal(err)
	}
	next, _ := m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	m = playOn(b, next.(Model))
	var states []State
	for m.playing && len(states) < 400 {
		states = append(states, m.State())
		next, _ := m.Update(tickMsg{m.tickID})
		m = next.(Model)
	}
	f, err := NewFollower(o, states[0])
	if err != nil {
		b.Fatal(err)
	}
	next, _ = f.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	f = next.(Model)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if f, err = f.Follow(states[i%len(states)]); err != nil {
			b.Fatal(err)
		}
		_ = f.View()
		i++
	}
	b.ReportMetric(float64(len(states)), "states")
}
