package lessonui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// textColumn is the step's text column, every line of it, as words.
func textColumn(m Model) string {
	return strings.Join(strings.Fields(ansi.Strip(strings.Join(m.textLines(), " "))), " ")
}

// A wrong numeric prediction is told how far off it was, and the
// misconception it most likely comes from where the step names one (lesson
// 4's "Closed, counting": 29 s is the whole window failing, 20 s the first
// failure, 25 s the sixth); a guess near none is sent to the reveal.
// Opened again from the progress file, it reads the same.
func TestWrongNumericPredictionSaysHowFarAndWhy(t *testing.T) {
	p := allLessons(t)[3]
	i := stepTitled(t, p, "Closed, counting")
	for _, c := range []struct {
		guess string
		want  []string
	}{
		{"29", []string{"Off this time: 5 s above it.", "That is when the whole window would be failures", "half the 10 calls"}},
		{"20", []string{"Off this time: 4 s below it.", "The first failure does not open it"}},
		{"40", []string{"Off this time: 16 s above it.", "The reason is below."}},
		{"25", []string{"Off this time: 1 s above it.", "That is the sixth failure, more than half the window"}},
	} {
		store, _ := newStore(t)
		m := open(t, p, i, 200, 60, Options{Store: store})
		m = send(m, keys(c.guess+"\n")...)
		for n := 0; m.Playing(); n++ {
			if n > 100_000 {
				t.Fatal("the simulation never stopped")
			}
			m = send(m, tickMsg{m.tickID})
		}
		v := textColumn(m)
		for _, w := range c.want {
			if !strings.Contains(v, w) {
				t.Errorf("guess %s: the outcome lacks %q:\n%s", c.guess, w, m.View())
			}
		}
		store.Set(p.Lesson.ID, m.Progress())
		again := textColumn(open(t, p, i, 200, 60, Options{Store: store}))
		for _, w := range c.want {
			if !strings.Contains(again, w) {
				t.Errorf("guess %s, opened again: the outcome lacks %q:\n%s", c.guess, w, again)
			}
		}
	}
}

// A wrong number typed as a question's answer is told its direction and
// roughly how far it is, without the answer, and the misconception's why
// where the step names one (lesson 1's "Self-check: the hang": 200 is the
// pool's size).
func TestWrongNumericAnswerSaysHowFarAndWhy(t *testing.T) {
	p := allLessons(t)[0]
	i := stepTitled(t, p, "Self-check: the hang")
	m := open(t, p, i, 120, 40, Options{})
	m = send(m, keys("200\n")...)
	v := textColumn(m)
	for _, w := range []string{"Not quite: too low: half the answer or less.", "That is the pool's size", "Try again."} {
		if !strings.Contains(v, w) {
			t.Errorf("200: the feedback lacks %q:\n%s", w, m.View())
		}
	}
	if strings.Contains(v, "500") {
		t.Errorf("the feedback gives the answer away:\n%s", m.View())
	}
	m = send(m, keys("450\n")...)
	v = textColumn(m)
	if !strings.Contains(v, "Not quite: too low, but within 10 % of it. Try again.") || strings.Contains(v, "pool's size") {
		t.Errorf("450: want how far, and no misconception:\n%s", m.View())
	}
}

// A prediction that asks in which state the breaker will be keeps the
// breaker's state off the screen until the guess (lesson 4's first step:
// the pane said CLOSED from 0 s, and nothing changes before 20 s); the
// guess shows it.
func TestBreakerStateWaitsForTheGuess(t *testing.T) {
	p := allLessons(t)[3]
	i := stepTitled(t, p, "Stop calling what is broken")
	for _, sz := range [][2]int{{80, 24}, {160, 48}} {
		m := panesShown(open(t, p, i, sz[0], sz[1], Options{}))
		if !m.waiting() {
			t.Fatal("the step should wait for a prediction")
		}
		var panes []string
		for _, pn := range m.sim.(*engineSim).panes {
			switch pn.(type) {
			case *breakerPane, *transitionsPane:
				panes = append(panes, flatPane(pn.View()))
			}
		}
		if len(panes) < 2 {
			t.Fatalf("want the breaker and its transitions, got %d panes", len(panes))
		}
		for _, v := range panes {
			if low := strings.ToLower(v); strings.Contains(low, "closed") || strings.Contains(low, "no transition") || !strings.Contains(v, "after your guess") {
				t.Errorf("%dx%d before the guess, a pane gives the state away:\n%s", sz[0], sz[1], v)
			}
		}
		m = send(m, keys("1")...)
		shown := false
		for _, pn := range m.sim.(*engineSim).panes {
			if bp, ok := pn.(*breakerPane); ok {
				shown = strings.Contains(ansi.Strip(bp.View()), "CLOSED")
			}
		}
		if !shown {
			t.Errorf("%dx%d after the guess the breaker pane should show its state", sz[0], sz[1])
		}
	}
}

// In a tall window the extras that name the breaker's states (its history,
// the map) wait for the guess too.
func TestBreakerStateWaitsForTheGuessInATallWindow(t *testing.T) {
	p := allLessons(t)[3]
	i := stepTitled(t, p, "Stop calling what is broken")
	m := open(t, p, i, 200, 60, Options{})
	_, sim := m.columns()
	v := strings.Join(m.simView(sim, 57), "\n")
	if low := strings.ToLower(ansi.Strip(v)); strings.Contains(low, "closed") || strings.Contains(low, "0 changes") {
		t.Errorf("before the guess a pane names the breaker's state:\n%s", v)
	}
	m = send(m, keys("1")...)
	v = strings.Join(m.simView(sim, 57), "\n")
	if !strings.Contains(ansi.Strip(v), "Breaker history") {
		t.Errorf("after the guess the breaker's history should show:\n%s", v)
	}
}
