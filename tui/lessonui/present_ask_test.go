package lessonui

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// lessonID is the prepared lesson with the ID.
func lessonID(t *testing.T, id string) *lessons.Prepared {
	t.Helper()
	for _, p := range allLessons(t) {
		if p.Lesson.ID == id {
			return p
		}
	}
	t.Fatalf("no lesson %s", id)
	return nil
}

// projector draws the player's moment as presentation mode does, and
// checks that it fills w×h exactly.
func projector(t *testing.T, m Model, w, h int) string {
	t.Helper()
	mo, ok := m.Moment()
	if !ok {
		t.Fatal("the player has no moment")
	}
	v := present.View(theme.New(theme.Plain(), theme.HighContrast()), mo, "", w, h)
	lines := strings.Split(v, "\n")
	if len(lines) != h {
		t.Fatalf("%dx%d: %d lines", w, h, len(lines))
	}
	for i, l := range lines {
		if lw := ansi.StringWidth(l); lw != w {
			t.Fatalf("%dx%d: line %d is %d wide: %q", w, h, i, lw, l)
		}
	}
	return v
}

// flat is a view's words, one space apart, so that wrapped text reads as
// one line.
func flat(v string) string { return strings.Join(strings.Fields(ansi.Strip(v)), " ") }

func hasWords(v, s string) bool { return strings.Contains(flat(v), flat(s)) }

// playToPause plays the step from its guess to where it stops.
func playToPause(t *testing.T, m Model) Model {
	t.Helper()
	for i := 0; m.Playing(); i++ {
		if i > 100_000 {
			t.Fatal("the simulation never stopped")
		}
		m = send(m, tickMsg{m.tickID})
	}
	return m
}

var projectorSizes = [][2]int{{200, 60}, {100, 30}, {80, 24}, {60, 20}}

// Lesson 8's "Plain sharding" on the projector (findings-room 1): the
// question before the play, with the number held back; the guess as it
// is typed; then the guess beside what happened, the verdict and the
// reveal's first sentence, at every size a projector may have.
func TestPresentedPredictionNumber(t *testing.T) {
	p := lessonID(t, "08-shuffle-sharding")
	q := p.Steps[1].Predict
	m := open(t, p, 1, 160, 48, Options{})
	for _, sz := range projectorSizes {
		v := projector(t, m, sz[0], sz[1])
		if !hasWords(v, "Predict: "+q.Prompt) || !hasWords(v, "Your guess:") {
			t.Errorf("%dx%d: the question is not on the projector before the play:\n%s", sz[0], sz[1], v)
		}
		if !hasWords(v, "shown after the guess") {
			t.Errorf("%dx%d: the number the question asks for is not held back:\n%s", sz[0], sz[1], v)
		}
	}
	m = send(m, keys("250")...)
	for _, sz := range projectorSizes {
		if v := projector(t, m, sz[0], sz[1]); !hasWords(v, "Your guess: 250▏") {
			t.Errorf("%dx%d: the guess as typed is not shown:\n%s", sz[0], sz[1], v)
		}
	}
	m = playToPause(t, send(m, keys("\n")...))
	if !m.predicts[1].revealed {
		t.Fatal("the prediction was not revealed at the pause")
	}
	reveal := FirstSentence(q.Reveal)
	for _, sz := range projectorSizes {
		v := projector(t, m, sz[0], sz[1])
		for _, want := range []string{"Predict: " + q.Prompt, "Your guess: 250", "What happened: " + lessons.WithUnit(q.AnswerText, q.Unit), verdictWords(q, m.predicts[1])} {
			if !hasWords(v, want) {
				t.Errorf("%dx%d: after the play the projector lacks %q:\n%s", sz[0], sz[1], want, v)
			}
		}
		// The reveal is given up first where the window is short, never
		// the question.
		if sz[0] >= 100 && !hasWords(v, reveal) {
			t.Errorf("%dx%d: the reveal's first sentence %q is not shown:\n%s", sz[0], sz[1], reveal, v)
		}
	}
	if v := projector(t, m, 200, 60); !strings.Contains(v, scaledBig(fmt.Sprintf("%d/%d", int(q.Answer), m.sim.(*shuffleSim).snap.Now.Healthy+m.sim.(*shuffleSim).snap.Now.Degraded+m.sim.(*shuffleSim).snap.Now.Lost), 3)) {
		t.Errorf("200x60: the lost customers are not the big number, three cells a cell:\n%s", v)
	}
}

// scaledBig is the first row of s in big digits, each cell k wide.
func scaledBig(s string, k int) string {
	var b strings.Builder
	for _, r := range present.Big(s)[0] {
		b.WriteString(strings.Repeat(string(r), k))
	}
	return b.String()
}

// A multiple-choice prediction shows its choices numbered as the player
// numbers them (the learner's order, lessons.ChoiceOrder), so the number
// the presenter presses is the one the room sees; after the play the right
// one is marked and the guess is named.
func TestPresentedPredictionChoices(t *testing.T) {
	p := lessonID(t, "03-bulkheads")
	q := p.Steps[0].Predict
	m := open(t, p, 0, 160, 48, Options{})
	order := m.predicts[0].order
	if len(order) != len(q.Choices) {
		t.Fatalf("order %v for %d choices", order, len(q.Choices))
	}
	identity := true
	for n, i := range order {
		identity = identity && n == i
	}
	mo, _ := m.Moment()
	if mo.Ask == nil || len(mo.Ask.Choices) != len(q.Choices) {
		t.Fatalf("the moment asks %+v", mo.Ask)
	}
	for n, i := range order {
		if want := fmt.Sprintf("%d) %s", n+1, q.Choices[i].Text); !strings.Contains(mo.Ask.Choices[n], want) {
			t.Errorf("choice %d is %q, the player shows %q", n+1, mo.Ask.Choices[n], want)
		}
	}
	for _, sz := range projectorSizes {
		v := projector(t, m, sz[0], sz[1])
		for n, i := range order {
			if !hasWords(v, fmt.Sprintf("%d) %s", n+1, q.Choices[i].Text)) {
				t.Errorf("%dx%d: choice %d is not shown as the player numbers it:\n%s", sz[0], sz[1], n+1, v)
			}
		}
	}
	// Pressing 2 picks the player's second choice.
	m = playToPause(t, send(m, keys("2")...))
	picked := order[1]
	v := projector(t, m, 100, 30)
	if !hasWords(v, fmt.Sprintf("2) %s ← the guess", q.Choices[picked].Text)) {
		t.Errorf("the guess is not named:\n%s", v)
	}
	right := q.RightChoice()
	for n, i := range order {
		if i == right && !hasWords(v, fmt.Sprintf("✓ %d) %s", n+1, q.Choices[i].Text)) {
			t.Errorf("the right choice is not marked:\n%s", v)
		}
	}
	_ = identity
}

// A self-check question is shown with its choices before it is answered,
// and with the answer, the feedback and the explanation after.
func TestPresentedSelfCheck(t *testing.T) {
	p := lessonID(t, "08-shuffle-sharding")
	i := -1
	for j := range p.Steps {
		if p.Steps[j].Question != nil && p.Steps[j].Sim == nil && p.Steps[j].Question.Kind == lessons.Number {
			i = j
			break
		}
	}
	if i < 0 {
		t.Fatal("lesson 8 has no numeric self-check")
	}
	q := p.Steps[i].Question
	m := open(t, p, i, 160, 48, Options{})
	for _, sz := range projectorSizes {
		if v := projector(t, m, sz[0], sz[1]); !hasWords(v, "Question: "+q.Prompt) || !hasWords(v, "Your answer:") {
			t.Errorf("%dx%d: the self-check is not on the projector:\n%s", sz[0], sz[1], v)
		}
	}
	m = send(m, keys(q.AnswerText+"\n")...)
	if !m.questions[i].right {
		t.Fatalf("the answer %q was not taken: %q", q.AnswerText, m.questions[i].feedback)
	}
	v := projector(t, m, 100, 30)
	for _, want := range []string{"Your answer: " + q.AnswerText, "✓ Right", FirstSentence(q.Explain)} {
		if !hasWords(v, want) {
			t.Errorf("after the answer the projector lacks %q:\n%s", want, v)
		}
	}
}

// numberSteps calls f on every step of every built-in lesson that asks
// for a number before its play, opened and guessed at, at the moment its
// play stops.
func numberSteps(t *testing.T, f func(p *lessons.Prepared, i int, m Model)) {
	t.Helper()
	n := 0
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			q := p.Steps[i].Predict
			if q == nil || q.Kind != lessons.Number {
				continue
			}
			n++
			m := open(t, p, i, 160, 48, Options{})
			if mo, _ := m.Moment(); !mo.Held {
				t.Errorf("%s step %d: the number is shown before the guess: %q", p.Lesson.ID, i+1, mo.Words())
			}
			m = send(m, keys("1\n")...)
			if !m.predicts[i].made {
				t.Fatalf("%s step %d: the guess 1 was not taken: %q", p.Lesson.ID, i+1, m.predicts[i].typo)
			}
			f(p, i, playToPause(t, m))
		}
	}
	if n < 30 {
		t.Fatalf("only %d steps ask for a number before their play", n)
	}
}

// A lesson step's key number is the number its prediction asks for, held
// until the guess, and where the play stops it is the lesson's own
// answer, bit for bit, printed as the lesson prints it (findings-room 3):
// on every step of every built-in lesson that asks for one.
//
// And the projector computes no number of its own: with the lesson's
// evaluator (stepAnswer) swapped for one that answers something else,
// every step's figure is that something else. A figure worked out in the
// projector, from the snapshot or a copy of the lesson's metric, would
// still read the lesson's answer.
//
// Both on one walk: numberSteps plays every such step at the learner's
// frames, most of the work. The swap makes the test sequential
// (parallel_test.go).
func TestPresentedFigureIsTheLessons(t *testing.T) {
	lessonsAnswer := stepAnswer
	defer func() { stepAnswer = lessonsAnswer }()
	numberSteps(t, func(p *lessons.Prepared, i int, m Model) {
		figureIsTheLessons(t, p, i, m)
		figureIsComputedBy(t, p, i, m, lessonsAnswer)
	})
}

// figureIsTheLessons checks that m, step i played to where it stops after
// a guess, shows the lesson's answer as the key number.
func figureIsTheLessons(t *testing.T, p *lessons.Prepared, i int, m Model) {
	t.Helper()
	q := p.Steps[i].Predict
	f, ok := m.keyFigure()
	if !ok || !f.asked {
		t.Errorf("%s step %d: the key number is not the one the prediction asks for", p.Lesson.ID, i+1)
		return
	}
	if f.none || f.value != q.Answer || f.kind != q.AnswerKind {
		t.Errorf("%s step %d at %v: the projector shows %v (%v, none %v), the lesson's answer is %v (%v, %s)",
			p.Lesson.ID, i+1, m.Now(), f.value, f.kind, f.none, q.Answer, q.AnswerKind, q.AnswerText)
	}
	mo, _ := m.Moment()
	num := strings.Fields(shownAnswer(p, i))[0]
	drawn := mo.Figure
	if mo.Of > 0 {
		drawn = fmt.Sprint(mo.Value)
	}
	if mo.Held || drawn != num {
		t.Errorf("%s step %d: the projector draws %q (%q), the lesson's answer reads %q", p.Lesson.ID, i+1, drawn, mo.Words(), q.AnswerText)
	}
	// What happened, beside the guess, is the answer the classroom's poll
	// pages write too (tui/serve's numberQuestion): one function writes
	// both, and both read as the figure.
	happened := "What happened: " + shownAnswer(p, i)
	if a := predictAsk(q, m.predicts[i]); !hasWords(strings.Join(a.Lines, "\n"), happened) {
		t.Errorf("%s step %d: the projector does not write %q: %q", p.Lesson.ID, i+1, happened, a.Lines)
	}
	if q.ShownAnswer() != shownAnswer(p, i) {
		t.Errorf("%s step %d: the poll writes the answer %q, the projector %q", p.Lesson.ID, i+1, q.ShownAnswer(), shownAnswer(p, i))
	}
	if v := textColumn(m); !hasWords(v, happened) {
		t.Errorf("%s step %d: the player's reveal does not write %q:\n%s", p.Lesson.ID, i+1, happened, v)
	}
}

// shownAnswer is step i's predicted number as the projector writes it,
// worked out here from the expression's text, not by the rule under test:
// a latency percentile (p50, p95, p99, whose digits are its histogram's)
// as the reveal's placeholder quotes it, whatever unit the guess is typed
// in; any other answer as the lesson prints it.
func shownAnswer(p *lessons.Prepared, i int) string {
	q, answer, _ := p.Steps[i].NumberAsked()
	if e, err := lessons.ParseExpr(answer); err == nil && (e.Metric == "p50" || e.Metric == "p95" || e.Metric == "p99") {
		return lessons.LatencyText(time.Duration(math.Round(q.Answer * float64(time.Second))))
	}
	return lessons.WithUnit(q.AnswerText, q.Unit)
}

// A prediction whose answer is a latency percentile (lesson 14's "What is
// search's median latency", answered "p50 step search | s") shows, after
// the play, the same figure as the reveal's first sentence quotes: the big
// number and "What happened" both "5.00 s", where they were "5" and "5 s"
// under a reveal reading "5.00 s".
func TestPresentedLatencyIsTheReveals(t *testing.T) {
	n := 0
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			q, answer, ok := p.Steps[i].NumberAsked()
			if !ok || q != p.Steps[i].Predict {
				continue
			}
			if e, err := lessons.ParseExpr(answer); err != nil || e.Metric != "p50" && e.Metric != "p95" && e.Metric != "p99" {
				continue
			}
			n++
			m := playToPause(t, send(open(t, p, i, 160, 48, Options{}), keys("1\n")...))
			want := shownAnswer(p, i)
			reveal := FirstSentence(q.Reveal)
			if !strings.Contains(ansi.Strip(reveal), want) {
				t.Errorf("%s step %d: the reveal %q does not quote the answer as %q", p.Lesson.ID, i+1, reveal, want)
			}
			mo, _ := m.Moment()
			num, unit, _ := strings.Cut(want, " ")
			if mo.Figure != num || !strings.HasPrefix(mo.Label, unitWord(unit)+":") {
				t.Errorf("%s step %d: the projector draws %q, the reveal reads %q", p.Lesson.ID, i+1, mo.Words(), want)
			}
			if v := projector(t, m, 200, 60); !hasWords(v, "What happened: "+want) || !hasWords(v, reveal) {
				t.Errorf("%s step %d: the projector does not write what happened as the reveal, %q:\n%s", p.Lesson.ID, i+1, want, v)
			}
		}
	}
	if n == 0 {
		t.Fatal("no built-in lesson predicts a latency percentile")
	}
}

// figureIsComputedBy checks that m's key number is what stepAnswer
// answers, with lessonsAnswer, the lesson's evaluator, swapped for one
// that answers twice its value and 7, and puts it back.
func figureIsComputedBy(t *testing.T, p *lessons.Prepared, i int, m Model, lessonsAnswer func(*lessons.Prepared, int, lessons.Shown) (lessons.Value, error)) {
	t.Helper()
	var got lessons.Value
	stepAnswer = func(p *lessons.Prepared, i int, sh lessons.Shown) (lessons.Value, error) {
		v, err := lessonsAnswer(p, i, sh)
		v.F = 2*v.F + 7
		got = v
		return v, err
	}
	defer func() { stepAnswer = lessonsAnswer }()
	f, _ := m.keyFigure()
	if want := 2*p.Steps[i].Predict.Answer + 7; f.none || f.value != want || got.F != want {
		t.Errorf("%s step %d: the projector shows %v, not the evaluator's %v", p.Lesson.ID, i+1, f.value, want)
	}
}

// A breaker step's key number is the breaker's state and when it last
// changed; while a prediction about the state waits, the state is held
// back on the projector as the player's breaker pane holds it.
func TestPresentedBreakerState(t *testing.T) {
	p := lessonID(t, "04-breaker-states")
	m := open(t, p, 0, 160, 48, Options{})
	if !p.Steps[0].PredictsBreakerState() {
		t.Fatal("lesson 4's first step no longer asks for the state")
	}
	mo, _ := m.Moment()
	if !mo.Held || strings.Contains(strings.Join(mo.Details, " "), "breaker") {
		t.Errorf("the state is shown before the guess: %q %q", mo.Words(), mo.Details)
	}
	// Step 3 opens where the breaker has opened: its state, and when.
	m = open(t, p, 2, 160, 48, Options{})
	m = playToPause(t, send(m, keys("54\n")...))
	mo, _ = m.Moment()
	d := m.sim.(*engineSim).snap.Dependencies[0]
	if want := fmt.Sprintf("%s breaker: %s", d.Name, d.Breaker.State); mo.Lead != want {
		t.Errorf("at the pause the lead reads %q, want %q", mo.Lead, want)
	}
	// A step about the breaker without a figure to predict (lesson 4's
	// first, answered): its state and when it last changed.
	m = open(t, p, 0, 160, 48, Options{})
	m = playToPause(t, send(m, keys("1")...))
	m.predicts[1].made = true // step 2 answered: step 1 plays on past 20 s (stopAt)
	m = send(m, tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
	m = playToPause(t, m)
	mo, _ = m.Moment()
	snap := m.sim.(*engineSim).snap
	last := snap.Transitions[len(snap.Transitions)-1]
	if mo.Held || !strings.Contains(mo.Words(), fmt.Sprintf("when it became %s", last.To)) || !strings.HasPrefix(mo.Lead, snap.Dependencies[0].Name+" breaker: ") {
		t.Errorf("at %v the breaker step reads %q (lead %q); last change %v to %s", m.Now(), mo.Words(), mo.Lead, last.At, last.To)
	}
}
