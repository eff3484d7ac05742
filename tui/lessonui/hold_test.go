package lessonui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// simColumn is the simulation column of a view whose text column is tw wide.
func simColumn(view string, tw int) string {
	var b strings.Builder
	for _, l := range strings.Split(ansi.Strip(view), "\n") {
		if r := []rune(l); tw < len(r) {
			b.WriteString(string(r[tw:]))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// Lesson 1's "Who pays for it" opens at 12 s, two seconds into the window
// its prediction asks about. Until the guess, the outcome table and the
// outcomes chart keep their counts back ("-", as step 1 shows before any
// arrival), so the first two seconds (search 90% ok) do not anchor a guess
// whose answer is 39%; once guessed, they count again.
func TestAPredictionHoldsBackTheOutcomesItAsksAbout(t *testing.T) {
	p := preparedLesson(t, 0)
	const step = 3 // "Who pays for it"
	if !strings.Contains(p.Steps[step].Title, "Who pays") || !p.Steps[step].PredictsOutcomes() {
		t.Fatalf("step 4 of lesson 1 should predict outcomes: %q", p.Steps[step].Title)
	}
	for _, sz := range [][2]int{{80, 24}, {200, 60}} {
		m := open(t, p, step, sz[0], sz[1], Options{})
		if !m.waiting() {
			t.Fatal("the step should wait for a prediction")
		}
		tw, _ := m.columns()
		sim := simColumn(m.View(), tw)
		if strings.Contains(sim, "90.0%") || strings.Contains(sim, "10.0%") || !strings.Contains(sim, "guessed") && !strings.Contains(sim, "after your guess") {
			t.Errorf("%dx%d: before the guess no share may show, and the table should say when it will:\n%s", sz[0], sz[1], sim)
		}
		fills := 0
		for _, l := range strings.Split(sim, "\n") {
			if !strings.Contains(l, "busy") { // the map's bar of the pool
				// The legend's own glyph, spaced from its word or not.
				fills += strings.Count(l, "█") - strings.Count(l, "█ ok") - strings.Count(l, "█ok")
			}
		}
		if fills > 0 {
			t.Errorf("%dx%d: before the guess the outcomes chart should draw no fill:\n%s", sz[0], sz[1], sim)
		}
		m = send(m, keys("2")...)
		if m.waiting() {
			t.Fatal("a guess should be taken")
		}
		if sim := simColumn(m.View(), tw); !strings.Contains(sim, "90.0%") {
			t.Errorf("%dx%d: after the guess the table counts again:\n%s", sz[0], sz[1], sim)
		}
	}
	// A step whose run stands before the window shows what it has: step 3
	// opens at 9 s of a window from 10 s, and its table counts every
	// arrival so far.
	m := open(t, p, 2, 80, 24, Options{})
	tw, _ := m.columns()
	if sim := simColumn(m.View(), tw); strings.Contains(sim, "after your guess") {
		t.Errorf("step 3 predicts no outcome share; nothing should be held:\n%s", sim)
	}
}

// At 80×24 the outcomes chart has room for two of cascade's three bands.
// It keeps recommendations, the hanging dependency's endpoint lesson 1 is
// about, on step 1, and search and profile on step 4, whose question names
// them first.
func TestTheOutcomesChartKeepsWhatTheStepIsAbout(t *testing.T) {
	p := preparedLesson(t, 0)
	for _, c := range []struct {
		step         int
		kept, hidden string
	}{
		{0, "recommendations", "profile"},
		{3, "profile", "recommendations"},
	} {
		m := open(t, p, c.step, 80, 24, Options{})
		m = send(m, keys("  ")...) // skip the prediction: the chart is held before it
		tw, _ := m.columns()
		sim := simColumn(m.View(), tw)
		var chart []string
		in := false
		for _, l := range strings.Split(sim, "\n") {
			// The chart, narrowed to 39 columns, is titled "Timeline" (not
			// "Outcomes", the table's title above it).
			if strings.Contains(l, "╭─ Timeline") && strings.Contains(l, "hidden") || strings.Contains(l, "enlarge") {
				in = true
			}
			if in {
				chart = append(chart, l)
			}
		}
		text := strings.Join(chart, "\n")
		if len(chart) == 0 || !strings.Contains(chart[0], c.hidden) {
			t.Errorf("step %d: the chart should name %s as hidden:\n%s", c.step+1, c.hidden, sim)
			continue
		}
		if !strings.Contains(strings.Join(chart[1:], "\n"), c.kept+" ") {
			t.Errorf("step %d: the chart should keep the band of %s:\n%s", c.step+1, c.kept, text)
		}
		if strings.Contains(chart[0], "Timeline  ") {
			t.Errorf("step %d: a double space in the title: %q", c.step+1, chart[0])
		}
	}
}

// A step playing when the window becomes too small to draw it pauses, and
// plays on from the same moment once the window is large enough again.
func TestTooSmallPausesTheStepAndResumesIt(t *testing.T) {
	p := preparedLesson(t, 0)
	m := open(t, p, 1, 80, 24, Options{}) // step 2: no prediction holds it
	m = send(m, keys(" ")...)
	if !m.Playing() {
		t.Fatal("space should play")
	}
	m = send(m, tea.WindowSizeMsg{Width: 20, Height: 6})
	at := m.sim.Now()
	if m.Playing() {
		t.Fatal("the play should pause while the window is too small")
	}
	m = send(m, tickMsg{m.tickID}, tickMsg{m.tickID})
	if m.sim.Now() != at {
		t.Fatalf("the step moved from %v to %v behind the too-small screen", at, m.sim.Now())
	}
	next, cmd := m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	m = next.(Model)
	if !m.Playing() || cmd == nil || m.sim.Now() != at {
		t.Errorf("the play should go on from %v: playing %v at %v", at, m.Playing(), m.sim.Now())
	}
}
