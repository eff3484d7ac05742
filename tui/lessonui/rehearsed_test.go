package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
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

// onlyAsks is the first step of the lessons that asks only a choice
// prediction (predict) or only a choice question, and plays a run.
func onlyAsks(t *testing.T, predict bool) (*lessons.Prepared, int) {
	t.Helper()
	for _, l := range allLessons(t) {
		for i, st := range l.Steps {
			q := st.Question
			if predict {
				q = st.Predict
			}
			if q != nil && q.Kind == lessons.Choice && (predict && st.Question == nil || !predict && st.Predict == nil) && st.HasSim() {
				return l, i
			}
		}
	}
	t.Fatalf("no lesson has a step that asks only a choice (prediction %v)", predict)
	return nil, -1
}

// rehearsedStep is onlyAsks' step, opened with a progress file in which
// it was guessed right, or answered right, as after a teacher's
// rehearsal.
func rehearsedStep(t *testing.T, predict bool) (Model, *lessons.PreparedQuestion, int) {
	t.Helper()
	p, step := onlyAsks(t, predict)
	store, _ := newStore(t)
	var pr lessons.Progress
	q := p.Steps[step].Question
	if predict {
		q = p.Steps[step].Predict
		pr.Predicted(step, lessons.Prediction{Guess: q.Choices[q.RightChoice()].Text, Result: lessons.Spot.String()})
	} else {
		pr.Answered(step, true)
	}
	store.Set(p.Lesson.ID, pr)
	return open(t, p, step, 100, 30, inOneFrame(Options{Store: store})), q, step
}

// followerOf is a player following m, as a classroom's student's is.
func followerOf(t *testing.T, m Model) Model {
	t.Helper()
	f, err := NewFollower(Options{}, m.State())
	if err != nil {
		t.Fatal(err)
	}
	return send(f, tea.WindowSizeMsg{Width: 80, Height: 24})
}

// The projector asks a rehearsed prediction (TestARehearsedPredictionIs
// AskedOnTheProjector); what the classroom sends its followers said the
// step was revealed, and each student read the answer on their own screen
// before the room had guessed. It is open for them until the teacher's
// guess of this session is revealed.
func TestARehearsedPredictionIsOpenForFollowers(t *testing.T) {
	m, q, step := rehearsedStep(t, true)
	if !m.State().AnswersHidden() {
		t.Fatal("the rehearsed step is sent to followers as revealed")
	}
	f := followerOf(t, m)
	reveal := FirstSentence(q.Reveal)
	if f.predicts[step].revealed || strings.Contains(ansi.Strip(f.View()), reveal) {
		t.Fatalf("a follower of the rehearsed step sees it revealed:\n%s", f.View())
	}
	m = guessAndPlay(t, send(m, keys("a")...), step, q.RightChoice())
	if m.State().AnswersHidden() {
		t.Fatal("guessed and revealed in this session, the step is still hidden from followers")
	}
	if f, _ = f.Follow(m.State()); !f.predicts[step].revealed {
		t.Fatalf("the follower does not see this session's reveal:\n%s", f.View())
	}
}

// A self-check question answered right in the rehearsal showed answered
// on the projector, its answer marked and its explanation under it, and
// on every follower's screen. It is asked on both, the projector saying
// that a asks it again, until it is answered in this session.
func TestARehearsedQuestionIsAskedOnTheProjector(t *testing.T) {
	m, q, step := rehearsedStep(t, false)
	// The projector wraps the sentence: compared with its spaces made one.
	flat := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	explain := flat(FirstSentence(q.Explain))
	v := flat(projectorText(t, m, 100, 30))
	for _, leak := range []string{"✓", explain} {
		if strings.Contains(v, leak) {
			t.Errorf("the projector gives the rehearsed answer away (%q):\n%s", leak, v)
		}
	}
	if !strings.Contains(v, rehearsedAnswerWords) {
		t.Errorf("the projector should say a asks the rehearsed question again:\n%s", v)
	}
	if !m.State().AnswersHidden() {
		t.Fatal("the rehearsed question is sent to followers as answered")
	}
	if f := followerOf(t, m); f.questions[step].right {
		t.Fatalf("a follower sees the rehearsed question answered:\n%s", f.View())
	}

	m = send(m, keys("a")...)
	if m.questions[step].right || strings.Contains(projectorText(t, m, 100, 30), rehearsedAnswerWords) {
		t.Fatalf("a did not ask the rehearsed question again:\n%s", projectorText(t, m, 100, 30))
	}
	n := 0
	for j, c := range m.questions[step].order {
		if q.Choices[c].Right {
			n = j + 1
		}
	}
	// The first press scrolls the question into view where it is below
	// the text's window; the second answers it.
	m = send(m, keys(strings.Repeat(string(rune('0'+n)), 2))...)
	if !m.questions[step].right || m.State().AnswersHidden() {
		t.Fatalf("answered right in this session, the question is still hidden (right %v)", m.questions[step].right)
	}
	if v := flat(projectorText(t, m, 100, 30)); !strings.Contains(v, explain) {
		t.Errorf("this session's answer is not revealed on the projector:\n%s", v)
	}
}
