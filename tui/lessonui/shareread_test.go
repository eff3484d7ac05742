package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// shareQuestionLesson is lesson 1 with its "Self-check: the hang" asking
// for a share: the lessons ask for shares only in predictions, and an
// author's question may ask for one.
func shareQuestionLesson(t *testing.T, answer float64, answerText string) (*lessons.Prepared, int) {
	t.Helper()
	orig := allLessons(t)[0]
	i := stepTitled(t, orig, "Self-check: the hang")
	p := *orig
	p.Steps = append([]lessons.PreparedStep(nil), orig.Steps...)
	q := *p.Steps[i].Question
	q.Answer, q.AnswerKind, q.AnswerText = answer, lessons.KindFraction, answerText
	q.Tolerance, q.Relative, q.Unit = 0.01, false, ""
	q.Misconceptions, q.HasMost = nil, false
	p.Steps[i].Question = &q
	return &p, i
}

// The lesson player's feedback on a share typed as a bare number says how
// it was read, in the drill's words: 1 is 1 %, in the unit its box shows. A share typed with its % is in no
// doubt and says nothing more.
func TestABareShareAnswerSaysHowItWasRead(t *testing.T) {
	for _, c := range []struct {
		answer     float64
		answerText string
		input      string
		want       string
		none       bool
	}{
		{0, "0.0 %", "1", "✓ Right: 0.0 %. You typed 1, read as 1 %.", false},
		{0.5, "50 %", "1", "✗ Not quite: too low: half the answer or less. You typed 1, read as 1 %. Try again.", false},
		{0.5, "50 %", "50", "✓ Right: 50 %. You typed 50, read as 50 %.", false},
		{0, "0.0 %", "1%", "✓ Right: 0.0 %.", true},
	} {
		p, i := shareQuestionLesson(t, c.answer, c.answerText)
		m := open(t, p, i, 120, 40, Options{})
		m = send(m, keys(c.input+"\n")...)
		v := textColumn(m)
		if !strings.Contains(v, c.want) {
			t.Errorf("answer %s, typed %s: the feedback lacks %q:\n%s", c.answerText, c.input, c.want, v)
		}
		if c.none && strings.Contains(v, "read as") {
			t.Errorf("answer %s, typed %s: a share typed with %% needs no reading:\n%s", c.answerText, c.input, v)
		}
		if got := p.Steps[i].Question.TypedReading(c.input); !c.none && !strings.Contains(c.want, got) {
			t.Errorf("typed %s: the feedback's words %q are not TypedReading's %q, the drill's", c.input, c.want, got)
		}
	}
}

// A prediction asked in percent reads a bare number as percent, and its
// outcome says how, as a self-check's feedback does. Lesson 3's "The
// checkout's cap of 4" asks "Answer in percent." over a box marked %: 1
// was graded as 100 %, "11.3 times it", with nothing to say how 1 was read.
func TestABarePercentPredictionIsReadAsPercentAndSaysSo(t *testing.T) {
	p := lessonID(t, "03-bulkheads")
	step := stepTitled(t, p, "The checkout's cap of 4")
	m := open(t, p, step, 100, 30, Options{})
	if v := textColumn(m); !strings.Contains(v, "Answer in percent.") || !strings.Contains(v, "Your guess: ▏ %") {
		t.Fatalf("the prediction does not ask in percent over a box marked %%:\n%s", v)
	}
	m = runToStop(t, send(m, keys("1\n")...))
	v := textColumn(m)
	for _, want := range []string{"Your prediction: 1.0%", "You typed 1, read as 1 %."} {
		if !strings.Contains(v, want) {
			t.Errorf("the outcome lacks %q:\n%s", want, v)
		}
	}
}
