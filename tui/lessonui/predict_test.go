package lessonui

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// runToStop sends ticks until the simulation stops on its own.
func runToStop(t *testing.T, m Model) Model {
	t.Helper()
	for i := 0; m.Playing(); i++ {
		if i > 100_000 {
			t.Fatal("the simulation never stopped")
		}
		m = send(m, tickMsg{m.tickID})
	}
	return m
}

func newStore(t *testing.T) (*lessons.Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "lessons.json")
	s, err := lessons.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	return s, path
}

// saveNow runs the save command a model's last update asked for.
func saveNow(t *testing.T, m Model) {
	t.Helper()
	if msg := m.save()(); msg.(savedMsg).err != nil {
		t.Fatal(msg.(savedMsg).err)
	}
}

// text is a view's words with the layout taken out, for looking for a
// sentence that wrapped.
func text(view string) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(ansi.Strip(view), "│", " ")), " ")
}

// The simulation waits for the prediction; a guess plays it, and at the
// pause the guess stands beside the engine's value, never called wrong.
func TestPredictionGatesThePlay(t *testing.T) {
	p := allLessons(t)[0]
	const step = 2 // the hang begins: how many workers at 12 s
	q := p.Steps[step].Predict
	if q == nil || q.Kind != lessons.Number {
		t.Fatalf("lesson 1 step %d has no numeric prediction", step+1)
	}
	store, path := newStore(t)
	m := open(t, p, step, 80, 24, Options{Store: store})
	if v := m.View(); !strings.Contains(v, "Predict:") || strings.Contains(v, "Your prediction") {
		t.Fatalf("the prediction is not asked:\n%s", v)
	}
	m = send(m, keys(" ")...)
	if m.Playing() || !strings.Contains(m.View(), "space again plays without a guess") {
		t.Fatalf("space played before the prediction:\n%s", m.View())
	}
	m = send(m, keys("125\n")...)
	if !m.Playing() {
		t.Fatal("a guess did not start the play")
	}
	if v := m.View(); strings.Contains(v, "What happened") || !strings.Contains(v, "125 workers") {
		t.Errorf("while it plays, the guess shows and the answer does not:\n%s", v)
	}
	m = runToStop(t, m)
	v := m.View()
	tuitest.CheckBlock(t, v, 80, 24)
	for _, want := range []string{"Your prediction: 125 workers", "What happened: " + q.AnswerText + " workers", "≈ Close."} {
		if !strings.Contains(v, want) {
			t.Errorf("after the pause the view lacks %q:\n%s", want, v)
		}
	}
	for _, never := range []string{"wrong", "Wrong", "✗"} {
		if strings.Contains(v, never) {
			t.Errorf("a prediction is called %q:\n%s", never, v)
		}
	}
	if pr, ok := m.Progress().Prediction(step); !ok || pr.Guess != "125 workers" || pr.Result != "close" {
		t.Errorf("recorded prediction %+v, %v", pr, ok)
	}

	// A new player remembers the prediction and does not ask again.
	saveNow(t, m)
	again, err := lessons.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	m2 := open(t, p, step, 80, 24, Options{Store: again})
	if m2.waiting() || !strings.Contains(m2.View(), "Your prediction: 125 workers") {
		t.Errorf("reopened, the prediction is asked again:\n%s", m2.View())
	}
	if m2 = send(m2, keys(" ")...); !m2.Playing() {
		t.Error("reopened, space does not play")
	}
}

// Space twice plays without a guess, recorded as skipped.
func TestSkippingAPrediction(t *testing.T) {
	p := allLessons(t)[0]
	const step = 3 // who pays for it: a choice
	store, _ := newStore(t)
	m := open(t, p, step, 80, 24, Options{Store: store})
	m = send(m, keys("  ")...)
	if !m.Playing() {
		t.Fatal("space twice did not play")
	}
	m = runToStop(t, m)
	if pr, _ := m.Progress().Prediction(step); pr.Result != "skipped" {
		t.Errorf("recorded %+v, want skipped", pr)
	}
	if v := m.View(); !strings.Contains(v, "none, skipped") || !strings.Contains(v, "What happened") {
		t.Errorf("after a skip:\n%s", v)
	}
}

// A wrong choice is "off", with its why, shown after the play.
func TestChoicePredictionOffShowsWhy(t *testing.T) {
	p := allLessons(t)[0]
	const step = 3
	q := p.Steps[step].Predict
	m := open(t, p, step, 60, 40, Options{})
	wrong := -1
	for i, c := range q.Choices {
		if !c.Right {
			wrong = i
		}
	}
	m = send(m, keys(fmt.Sprint(shown(m.predicts[step].order, wrong)))...)
	m = runToStop(t, m)
	got := text(m.View())
	for _, want := range []string{"Off this time.", q.Choices[wrong].Why, "What happened: " + q.Choices[q.RightChoice()].Text} {
		if !strings.Contains(got, want) {
			t.Errorf("the outcome lacks %q:\n%s", want, m.View())
		}
	}
}

// Every prediction of every lesson: at 80×24 and 60×20 the outcome is on
// screen when the play stops, without scrolling, and the view fits.
func TestEveryOutcomeIsSeenWhereThePlayStops(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	for _, p := range allLessons(t) {
		for i, st := range p.Steps {
			q := st.Predict
			if q == nil {
				continue
			}
			for _, size := range [][2]int{{80, 24}, {60, 20}} {
				m := open(t, p, i, size[0], size[1], inOneFrame(Options{}))
				tuitest.CheckBlock(t, m.View(), size[0], size[1])
				if q.Kind == lessons.Number {
					m = send(m, keys(strings.Fields(q.AnswerText)[0]+"\n")...)
				} else {
					m = send(m, keys(fmt.Sprint(shown(m.predicts[i].order, q.RightChoice())))...)
				}
				m = runToStop(t, m)
				v := m.View()
				tuitest.CheckBlock(t, v, size[0], size[1])
				if !strings.Contains(v, "Your prediction") || !strings.Contains(v, "✓ Right.") {
					t.Errorf("%s step %d at %dx%d: the outcome is not on screen:\n%s", p.Lesson.ID, i+1, size[0], size[1], v)
				}
			}
		}
	}
}

// The flow of a prediction, asked, playing and revealed, at 80×24 and
// 160×48.
func TestPredictionGolden(t *testing.T) {
	p1, p2 := allLessons(t)[0], allLessons(t)[1]
	for _, size := range [][2]int{{80, 24}, {160, 48}} {
		w, h := size[0], size[1]
		var b strings.Builder
		frame := func(name string, m Model) {
			v := m.View()
			tuitest.CheckBlock(t, v, w, h)
			fmt.Fprintf(&b, "──── %s ────\n%s\n", name, ansi.Strip(v))
		}
		m := open(t, p1, 2, w, h, Options{})
		frame("asked", m)
		m = send(m, keys("15")...)
		frame("typing", m)
		m = send(m, keys("0\n")...)
		m = send(m, tickMsg{m.tickID})
		frame("playing", m)
		frame("revealed", runToStop(t, m))

		m = open(t, p2, 1, w, h, Options{})
		frame("choice asked", m)
		q := p2.Steps[1].Predict
		wrong := 0
		if q.Choices[0].Right {
			wrong = 1
		}
		m = send(m, keys(fmt.Sprint(shown(m.predicts[1].order, wrong)))...)
		frame("choice off, revealed", runToStop(t, m))
		golden.Check(t, fmt.Sprintf("predict-%dx%d", w, h), b.String())
	}
}

// The choices are shown in an order fixed by the learner and the attempt:
// the same after a restart, new when the question is taken again.
func TestChoicesShuffledPerAttempt(t *testing.T) {
	p := allLessons(t)[0]
	step := -1
	for i, s := range p.Steps {
		if s.Question != nil && s.Question.Kind == lessons.Choice && len(s.Question.Choices) >= 4 {
			step = i
			break
		}
	}
	store, path := newStore(t)
	m := open(t, p, step, 100, 30, Options{Store: store})
	first := append([]int(nil), m.questions[step].order...)
	saveNow(t, m)
	again, _ := lessons.OpenStore(path)
	if m2 := open(t, p, step, 100, 30, Options{Store: again}); fmt.Sprint(m2.questions[step].order) != fmt.Sprint(first) {
		t.Errorf("the order changed across a restart within one attempt: %v then %v", first, m2.questions[step].order)
	}
	q := p.Steps[step].Question
	changed := 0
	for attempt := 1; attempt <= 6; attempt++ {
		m = send(m, keys(fmt.Sprint(shown(m.questions[step].order, q.RightChoice())))...)
		if !m.questions[step].right {
			t.Fatalf("attempt %d: the right choice was not taken", attempt)
		}
		m = send(m, keys("a")...)
		if m.questions[step].right || m.Progress().Attempt(step) != attempt {
			t.Fatalf("a did not start attempt %d", attempt)
		}
		if fmt.Sprint(m.questions[step].order) != fmt.Sprint(first) {
			changed++
		}
		if v := m.View(); !strings.Contains(v, "Press the number of your answer") {
			t.Fatalf("the question taken again is not open:\n%s", v)
		}
	}
	if changed == 0 {
		t.Error("six new attempts showed the choices in the first order every time")
	}
	// The score counts the first try only.
	if r, _ := m.Progress().FirstTry(step); !r {
		t.Error("the first try, right, is not recorded")
	}
}

// The last screen: the recap, the score, a review of the missed questions
// and the next lesson on enter; the score survives a restart and shows in
// the lesson list.
func TestLastScreenReviewAndNextLesson(t *testing.T) {
	p := allLessons(t)[0]
	store, path := newStore(t)
	m := open(t, p, 0, 80, 24, Options{Store: store, Lab: lessons.NewLab()})
	missed := -1
	for i := range p.Steps {
		if i > 0 {
			m = send(m, keys("n")...)
		}
		q := p.Steps[i].Question
		if q == nil {
			continue
		}
		if missed < 0 && q.Kind == lessons.Choice {
			missed = i
			wrong := (q.RightChoice() + 1) % len(q.Choices)
			m = send(m, keys(fmt.Sprint(shown(m.questions[i].order, wrong)))...)
		}
		if q.Kind == lessons.Number {
			m = send(m, keys(strings.Fields(q.AnswerText)[0]+"\n")...)
		} else {
			m = send(m, keys(fmt.Sprint(shown(m.questions[i].order, q.RightChoice())))...)
		}
	}
	m = send(m, keys("n")...)
	v := m.View()
	tuitest.CheckBlock(t, v, 80, 24)
	right, total := m.Progress().Score(p.Lesson)
	for _, want := range []string{p.Recap[0][:30], fmt.Sprintf("Score: %d of %d", right, total), "review the 1 question missed", "enter next: lesson 2", "the end"} {
		if !strings.Contains(text(v), want) {
			t.Errorf("the last screen lacks %q:\n%s", want, v)
		}
	}
	if right != total-1 {
		t.Errorf("score %d/%d, want one missed", right, total)
	}
	golden.Check(t, "end-80x24", ansi.Strip(v))

	// m replays the missed question, taken again; → comes back.
	m = send(m, keys("m")...)
	if m.Step() != missed || m.showEnd || m.questions[missed].right || !strings.Contains(m.View(), "review 1/1") {
		t.Fatalf("m: on step %d, want the missed %d, open:\n%s", m.Step()+1, missed+1, m.View())
	}
	q := p.Steps[missed].Question
	m = send(m, keys(fmt.Sprint(shown(m.questions[missed].order, q.RightChoice())))...)
	m = send(m, keys("n")...)
	if !m.showEnd {
		t.Fatalf("→ after the review does not come back to the last screen:\n%s", m.View())
	}
	if r, _ := m.Progress().Score(p.Lesson); r != right {
		t.Errorf("a review changed the score to %d, want %d (first tries only)", r, right)
	}
	saveNow(t, m)

	// enter opens lesson 2 in the same player.
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEnter})
	var next tea.Model = m
	for _, msg := range flatten(cmd) {
		if np, ok := msg.(nextPreparedMsg); ok {
			next, _ = next.Update(np)
		}
	}
	if v := next.View(); !strings.Contains(v, "lesson 2") || next.(Model).showEnd {
		t.Fatalf("enter did not open lesson 2:\n%s", v)
	}

	// The score survives a restart and shows in the lesson list.
	again, err := lessons.OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	if r, tot := again.Get(p.Lesson.ID).Score(p.Lesson); r != right || tot != total {
		t.Errorf("after a restart the score is %d/%d, want %d/%d", r, tot, right, total)
	}
	all, _ := lessons.All()
	var pk tea.Model = NewPicker(all, lessons.NewLab(), Options{Theme: tuitest.Plain(), Store: again})
	pk, _ = pk.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	if want := fmt.Sprintf("score %d/%d", right, total); !strings.Contains(pk.View(), want) {
		t.Errorf("the lesson list lacks %q:\n%s", want, pk.View())
	}
}

// wrongNumber is a number q takes as a guess and grades wrong: one the
// quantity can be (a share of 0 to 100 %, a count not below 0, under the
// step's own bound), far from the answer.
func wrongNumber(t *testing.T, q *lessons.PreparedQuestion) string {
	t.Helper()
	for _, in := range []string{"0", "100%", "1", "1000", "100000"} {
		if right, err := q.CheckNumber(in); err == nil && !right {
			return in
		}
	}
	t.Fatalf("no wrong number for %q", q.Prompt)
	return ""
}

// After an answer the feedback is on screen at 80×24, however long the
// step's text: the player scrolls to it. A choice's key pressed while the
// question is below the window only brings it into view
// (TestChoiceKeyShowsHiddenQuestionFirst); the second press answers.
func TestQuestionFeedbackIsSeenAt80x24(t *testing.T) {
	for _, p := range allLessons(t) {
		for i, st := range p.Steps {
			q := st.Question
			if q == nil || st.Predict != nil {
				continue
			}
			m := open(t, p, i, 80, 24, Options{})
			if q.Kind == lessons.Number {
				m = send(m, keys(wrongNumber(t, q)+"\n")...)
			} else {
				wrong := (q.RightChoice() + 1) % len(q.Choices)
				key := keys(fmt.Sprint(shown(m.questions[i].order, wrong)))
				if m.questionBelow() {
					m = send(m, key...)
				}
				m = send(m, key...)
			}
			v := m.View()
			if !strings.Contains(v, "Not quite") {
				t.Errorf("%s step %d: the feedback is not on screen after a wrong answer:\n%s", p.Lesson.ID, i+1, v)
			}
		}
	}
}

func TestWordFitNeverCutsAWord(t *testing.T) {
	for w, want := range map[int]string{40: "Little's law, and how one hanging…", 100: "Little's law, and how one hanging dependency empties a shared worker pool", 14: "Little's law…"} {
		if got := wordFit("Little's law, and how one hanging dependency empties a shared worker pool", w); got != want || ansi.StringWidth(got) > w {
			t.Errorf("wordFit at %d = %q, want %q", w, got, want)
		}
	}
}

// A title cut just after a separator leaves the separator off: a player's
// title beside a classroom's tag at 60 columns read "lesson 1 ·…".
func TestWordFitLeavesNoSeparatorLoose(t *testing.T) {
	for w, want := range map[int]string{12: "lesson 1…", 13: "lesson 1…", 16: "lesson 1 · One…", 10: "lesson 1…"} {
		if got := wordFit("lesson 1 · One slow dependency takes every thread", w); got != want || ansi.StringWidth(got) > w {
			t.Errorf("wordFit at %d = %q, want %q", w, got, want)
		}
	}
}
