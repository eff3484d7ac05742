package lessonui

import (
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/charmbracelet/x/ansi"
)

// On a step with both a prediction and a question, the teacher's guess
// revealed and the question not yet answered, followers see the
// prediction revealed and the question open, as the teacher's screen
// shows them. One flag for both kept the reveal from them until the
// question was answered too.
func TestFollowersSeeThePredictionRevealedBeforeTheQuestionIsAnswered(t *testing.T) {
	var p *lessons.Prepared
	step := -1
	for _, l := range allLessons(t) {
		for i, st := range l.Steps {
			if st.Predict != nil && st.Question != nil && st.HasSim() && p == nil {
				p, step = l, i
			}
		}
	}
	if p == nil {
		t.Skip("no lesson has a step with both a prediction and a question")
	}
	m := open(t, p, step, 100, 30, inOneFrame(Options{}))
	f := followerOf(t, m)
	if f.predicts[step].revealed || f.questions[step].right {
		t.Fatalf("%s step %d: before the teacher's guess a follower sees an answer:\n%s", p.Lesson.ID, step+1, f.View())
	}
	// The guess: choice 1, or the number 1 sent; then the step plays to
	// its reveal.
	guess := "1"
	if p.Steps[step].Predict.Kind == lessons.Number {
		guess = "1\n"
	}
	m = send(m, keys(guess)...)
	for i := 0; m.Playing(); i++ {
		if i > 100_000 {
			t.Fatal("the step never stopped after the guess")
		}
		m = send(m, tickMsg{m.tickID})
	}
	if !m.predicts[step].revealed || m.questions[step].right {
		t.Fatalf("%s step %d: the teacher's guess is not revealed, or the question answered (revealed %v)", p.Lesson.ID, step+1, m.predicts[step].revealed)
	}
	st := m.State()
	if st.PredictHidden || !st.QuestionHidden {
		t.Fatalf("%s step %d, the guess revealed, the question open: sent PredictHidden %v, QuestionHidden %v", p.Lesson.ID, step+1, st.PredictHidden, st.QuestionHidden)
	}
	f, _ = f.Follow(st)
	if !f.predicts[step].revealed || f.questions[step].right {
		t.Fatalf("%s step %d: a follower sees the prediction revealed %v (want true) and the question answered %v (want false):\n%s",
			p.Lesson.ID, step+1, f.predicts[step].revealed, f.questions[step].right, ansi.Strip(f.View()))
	}
}
