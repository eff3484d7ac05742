package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// customerGridOf is the customer grid of lesson 8's first step, open at
// w×h in colour, and its data as the step last fed it.
func customerGridOf(t *testing.T, w, h int) (*customerGrid, shuffleData) {
	t.Helper()
	var m Model
	for _, p := range allLessons(t) {
		if p.Lesson.ID == "08-shuffle-sharding" {
			m = open(t, p, 0, w, h, Options{Theme: tuitest.Color()})
		}
	}
	m = send(m, keys(" ")...)
	if m.waiting() {
		m = send(m, keys(" ")...)
	}
	for range 40 {
		m = send(m, tickMsg{m.tickID})
	}
	s, ok := m.sim.(*shuffleSim)
	if !ok {
		t.Fatal("lesson 8's first step plays no shuffle timeline")
	}
	for _, p := range s.panes {
		if g, ok := p.(*customerGrid); ok {
			if g.View() == "" {
				t.Fatalf("the customer grid is not drawn at %dx%d", w, h)
			}
			return g, g.d
		}
	}
	t.Fatal("no customer grid")
	return nil, shuffleData{}
}

// A frame in which no customer's status changed (most frames of a
// shuffle step: they change at the timeline's events) keeps the grid's
// drawing: a cell per customer, thousands on a large window, each drawn
// with a lipgloss rendering before. A changed status draws it again.
func TestCustomerGridKeptWhileNoStatusChanges(t *testing.T) {
	racefree.Only(t) // the detector's sync.Pool drops items: allocations vary
	g, d := customerGridOf(t, 200, 60)
	before := g.View()
	later := *d.snap
	d.snap = &later
	if n := testing.AllocsPerRun(5, func() {
		later.At += playback.Frame // the next frame's moment
		g.SetShuffle(d)
		_ = g.View()
	}); n > 0 {
		t.Errorf("a frame with every customer as it was draws the grid again: %.0f allocations", n)
	}
	// A healthy customer lost, as the timeline would count it.
	changed := later
	changed.Statuses = append(changed.Statuses[:0:0], later.Statuses...)
	k := -1
	for c, st := range changed.Statuses {
		if st == shuffle.CustomerHealthy && c != changed.Poisoned {
			k = c
			break
		}
	}
	if k < 0 {
		t.Fatal("no healthy customer")
	}
	changed.Statuses[k] = shuffle.CustomerLost
	changed.Now.Healthy--
	changed.Now.Lost++
	d.snap = &changed
	g.SetShuffle(d)
	if g.View() == before {
		t.Error("a customer's changed status left the grid as it was")
	}
}

// The grid paints each cell's glyph with its status's ink exactly as the
// status's style renders it: the colours and the glyphs are the ones a
// lipgloss rendering per cell gave.
func TestCustomerGridCellsAsTheStylesRender(t *testing.T) {
	g, d := customerGridOf(t, 120, 40)
	th := g.th
	render := [...]func(...string) string{th.Dim.Render, th.Warn.Render, th.Bad.Render}
	var want strings.Builder
	for c, st := range d.snap.Statuses[:g.w-2] {
		if c == d.snap.Poisoned {
			want.WriteString(th.Bad.Render("☠"))
			continue
		}
		want.WriteString(render[st](gridGlyphs[st]))
	}
	if !strings.Contains(g.View(), want.String()) {
		t.Errorf("the grid's first row is not the cells as the styles render them:\n%q\nin\n%s", want.String(), ansi.Strip(g.View()))
	}
}

// The text column (the step's title and text, the prediction's outcome
// and its reveal, the question) is drawn once, and again only when what
// it is drawn from changes: View asked for it up to six times a frame,
// and every frame of a playing step wrapped the outcome and the reveal
// again, most of a frame's allocations at 100×30.
func TestTextColumnDrawnOnceUntilItChanges(t *testing.T) {
	racefree.Only(t) // the detector's sync.Pool drops items: allocations vary
	var m Model
	for _, p := range allLessons(t) {
		if p.Lesson.ID == "01-one-slow-dependency" {
			m = open(t, p, 3, 100, 30, Options{Theme: tuitest.Color()})
		}
	}
	m = play(t, m) // past the prediction, skipped, to its reveal
	if !m.predicts[m.step].revealed {
		t.Fatal("the prediction is not revealed")
	}
	first := m.baseLines()
	// Naming what it is drawn from costs a few allocations (its key);
	// drawing it, 119 here.
	if n := testing.AllocsPerRun(10, func() { _ = m.baseLines() }); n > 40 {
		t.Errorf("the text column as it was costs %.0f allocations: it is drawn again", n)
	}
	// Restarted: the panes stand before the reveal, and the text says so.
	m = send(m, keys("r")...)
	if again := m.baseLines(); len(again) == len(first) {
		t.Errorf("the text column did not change with the note that the panes are earlier than the outcome")
	}
}
