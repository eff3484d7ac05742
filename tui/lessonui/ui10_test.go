package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/charmbracelet/x/ansi"
)

// The step list's key help says what its frame says (enter opens a step,
// not "answer"), and a legend says what its marks mean.
func TestStepListSaysWhatEnterDoesAndItsMarks(t *testing.T) {
	p := allLessons(t)[0]
	m := open(t, p, 0, 80, 24, Options{})
	m = send(m, keys("s")...)
	v := ansi.Strip(m.View())
	lines := strings.Split(v, "\n")
	help := lines[len(lines)-1]
	if !strings.Contains(help, "enter open") || strings.Contains(help, "answer") {
		t.Errorf("the list's key help should say enter opens a step: %q", help)
	}
	if !strings.Contains(v, "✓ question right · ? question not yet right · · seen · guesses not graded") {
		t.Errorf("the list should say what its marks mean:\n%s", v)
	}
}

// The steps list's legend says, at every width a lesson opens in, that a
// prediction's step is marked seen and never right or wrong: a learner
// whose wrong guess showed the · a right one shows looked for the mark of
// a wrong answer and found none.
func TestStepListLegendSaysPredictionsAreNotGraded(t *testing.T) {
	racefree.Only(t) // drives the model by hand; it starts no goroutine
	p := allLessons(t)[0]
	for _, size := range [][2]int{{80, 24}, {100, 30}, {120, 40}, {200, 60}} {
		m := open(t, p, 0, size[0], size[1], Options{})
		m = send(m, keys("s")...)
		v := ansi.Strip(m.View())
		for _, want := range []string{"✓ ", "? ", "· seen", "not graded"} {
			if !strings.Contains(v, want) && (want != "not graded" || !strings.Contains(v, "never marked right or wrong")) {
				t.Errorf("at %dx%d the steps list's legend lacks %q:\n%s", size[0], size[1], want, v)
			}
		}
	}
}

// A note about one step's time ("at the end: space replays the step") is
// gone on the next step and on the last screen, where space does nothing.
func TestANoteStaysWithItsStep(t *testing.T) {
	// A step with a simulation and no prediction (G waits for a guess,
	// and after it lands on the reveal, whose status line says where it
	// is), before one without a simulation.
	var p *lessons.Prepared
	i := -1
find:
	for _, l := range allLessons(t) {
		for n := 0; n+1 < len(l.Steps); n++ {
			if l.Steps[n].HasSim() && l.Steps[n].ShuffleConfig == nil && l.Steps[n].Predict == nil && !l.Steps[n+1].HasSim() {
				p, i = l, n
				break find
			}
		}
	}
	if p == nil {
		t.Fatal("no lesson has a step with a simulation and no prediction before one without")
	}
	m := open(t, p, i, 100, 30, Options{})
	m = send(m, keys("G")...)
	if !strings.Contains(m.View(), "space replays the step") {
		t.Fatalf("G should say where it is:\n%s", m.View())
	}
	m = send(m, keys("n")...)
	if v := m.View(); strings.Contains(v, "space replays") {
		t.Errorf("the next step, text only, keeps the last step's note:\n%s", v)
	}
	last := open(t, p, len(p.Steps)-1, 100, 30, Options{})
	last.note = "at the end: space replays the step"
	last = send(last, keys("n")...)
	if v := last.View(); !last.showEnd || strings.Contains(v, "space replays") {
		t.Errorf("the last screen keeps the last step's note:\n%s", v)
	}
}

// tab switches between the text and the simulation only where they take
// turns: in a window too narrow for both side by side, and while a step
// whose text and choices do not fit beside the panes waits for its guess
// (reading). The key help offers it only there.
func TestTabIsOfferedOnlyWhereItDoesSomething(t *testing.T) {
	p := allLessons(t)[13]
	for _, c := range []struct {
		w     int
		guess string
		want  bool
	}{{80, "", true}, {80, "1", false}, {200, "", false}, {60, "", true}} {
		m := open(t, p, 3, c.w, 24, Options{})
		m = send(m, keys(c.guess+"?")...)
		if got := strings.Contains(ansi.Strip(m.View()), "text/simulation"); got != c.want {
			t.Errorf("at %d columns the full help offers tab: %v, want %v:\n%s", c.w, got, c.want, m.View())
		}
	}
}

// In a short window a long prediction does not squeeze the step's text
// to a line: lesson 14's first step shows its setting (the shared
// connector, the clients' patience) before its four choices, and the
// status line says the prediction is below; scrolled to it, the status
// is the usual one. (At 80×24 the text read across the window holds the
// choices too: TestEveryQuestionIsWholeAt80x24.)
func TestALongPredictionLeavesTheTextReadable(t *testing.T) {
	p := allLessons(t)[13]
	for _, title := range []string{"One loop, one shared connector", "A semaphore per upstream"} {
		i := stepTitled(t, p, title)
		m := open(t, p, i, 80, 18, Options{})
		v := ansi.Strip(m.View())
		if !strings.Contains(v, "the prediction is below the text, j scrolls to it") {
			t.Errorf("%s: the status should say where the prediction is:\n%s", title, v)
		}
		text := 0
		for _, l := range m.textLines() {
			if strings.TrimSpace(ansi.Strip(l)) != "" {
				text++
			}
			if strings.Contains(l, "Predict:") {
				break
			}
		}
		if shown := strings.Count(v, "\n"); text > 8 && !strings.Contains(v, strings.TrimSpace(ansi.Strip(m.textLines()[8]))) {
			t.Errorf("%s: the text's first lines are not on screen (%d lines):\n%s", title, shown, v)
		}
		for range 60 {
			m = send(m, keys("j")...)
		}
		if v := ansi.Strip(m.View()); strings.Contains(v, "prediction is below") || !strings.Contains(v, "1)") {
			t.Errorf("%s: scrolled down, the choices are on screen and the status says so no more:\n%s", title, v)
		}
	}
}

// A word wider than the column is cut after a bracket, a slash or a dot
// where it has one, not between two letters.
func TestALongCodeWordBreaksAtItsBrackets(t *testing.T) {
	got := wrapText("in its order, Retry(CircuitBreaker(RateLimiter(TimeLimiter(Bulkhead(call))))), the bulkhead", 38)
	for _, l := range got {
		if strings.HasSuffix(l, "TimeL") || strings.HasPrefix(l, "imiter") {
			t.Errorf("a word is cut between two letters: %q", got)
		}
	}
	if len(got) < 2 || !strings.HasSuffix(got[1], "(") {
		t.Errorf("want the long word cut after a bracket: %q", got)
	}
}
