package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// A teacher who rehearsed lesson 1 opens it in front of the room with
// the same progress file: on the projector its first prediction is asked,
// not shown revealed with the answer marked and the reveal under it, and a
// asks it again in the player, which then waits for the guess and reveals
// the new one as usual.
func TestARehearsedPredictionIsAskedOnTheProjector(t *testing.T) {
	p := allLessons(t)[0]
	step := -1
	for i, st := range p.Steps {
		if st.Predict != nil && st.Predict.Kind == lessons.Choice && st.HasSim() {
			step = i
			break
		}
	}
	if step < 0 {
		t.Fatal("lesson 1 has no choice prediction")
	}
	q := p.Steps[step].Predict
	right := q.Choices[q.RightChoice()].Text
	store, _ := newStore(t)
	var pr lessons.Progress
	pr.Predicted(step, lessons.Prediction{Guess: right, Result: lessons.Spot.String()})
	store.Set(p.Lesson.ID, pr)

	m := open(t, p, step, 100, 30, inOneFrame(Options{Store: store}))
	projector := func(m Model) string { return projectorText(t, m, 100, 30) }
	v := projector(m)
	reveal := FirstSentence(q.Reveal)
	for _, leak := range []string{"✓", "← the guess", "Right", reveal} {
		if strings.Contains(v, leak) {
			t.Errorf("the projector gives the rehearsed answer away (%q) before the room has guessed:\n%s", leak, v)
		}
	}
	if !strings.Contains(v, rehearsedWords) || !strings.Contains(v, "shown after the guess") {
		t.Errorf("the projector should ask the rehearsed prediction, its number held, and say a asks it again:\n%s", v)
	}
	if !strings.Contains(ansi.Strip(m.View()), "a predict again") {
		t.Errorf("the key line does not offer a on a rehearsed prediction:\n%s", m.View())
	}

	m = send(m, keys("a")...)
	if !m.waiting() || m.Now() != p.Steps[step].From || m.Playing() {
		t.Fatalf("after a the step should wait for a guess at its start %v; waiting %v at %v, playing %v", p.Steps[step].From, m.waiting(), m.Now(), m.Playing())
	}
	if v := projector(m); strings.Contains(v, rehearsedWords) || strings.Contains(v, reveal) {
		t.Errorf("asked again, the projector still says it was guessed, or reveals:\n%s", v)
	}
	m = guessAndPlay(t, m, step, q.RightChoice())
	if !m.predicts[step].revealed || m.rehearsed() {
		t.Fatalf("the new guess was not revealed as this session's (revealed %v)", m.predicts[step].revealed)
	}
	if v := projector(m); !strings.Contains(v, "← the guess") || !strings.Contains(v, reveal) {
		t.Errorf("the new guess's reveal is not on the projector:\n%s", v)
	}
}

// projectorText is the player's moment as presentation mode draws it at
// w×h, without its colours.
func projectorText(t *testing.T, m Model, w, h int) string {
	t.Helper()
	mo, ok := m.Moment()
	if !ok {
		t.Fatal("the step has no moment")
	}
	return ansi.Strip(present.View(theme.New(nil, theme.HighContrast()), mo, "", w, h))
}

// guessAndPlay picks choice (in the file's order) of step's prediction by
// the number the player shows it under, and plays until the step stops.
func guessAndPlay(t *testing.T, m Model, step, choice int) Model {
	t.Helper()
	n := 0
	for j, c := range m.predicts[step].order {
		if c == choice {
			n = j + 1
		}
	}
	m = send(m, keys(string(rune('0'+n)))...)
	for i := 0; m.Playing(); i++ {
		if i > 100_000 {
			t.Fatal("the step never stopped after the guess")
		}
		m = send(m, tickMsg{m.tickID})
	}
	return m
}
