package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/charmbracelet/x/ansi"
)

// Lesson 7's last step, after its play, leaves its question 24 lines
// below the text's window while the key help offers "1-4 answer". A
// number key brings the question into view and answers nothing; the
// next press answers what the learner now sees. The status line says the
// question is below, ahead of the pause's words that crowded it out.
func TestChoiceKeyShowsHiddenQuestionFirst(t *testing.T) {
	p := lessonID(t, "07-fallbacks-and-metrics")
	const step = 12
	if st := p.Steps[step]; st.Predict == nil || st.Question == nil || st.Question.Kind != lessons.Choice {
		t.Fatalf("lesson 7's step %d no longer asks a prediction and then a choice question", step+1)
	}
	for _, sz := range [][2]int{{100, 30}, {80, 24}} {
		m := open(t, p, step, sz[0], sz[1], Options{})
		m = send(m, keys("0.4\n")...)
		m = playToPause(t, m)
		if !m.questionShown() || !m.questionBelow() {
			t.Fatalf("%dx%d: after the play the question is not waiting below the window", sz[0], sz[1])
		}
		if line := statusRow(t, m); !strings.Contains(line, "question below: j/↓") {
			t.Errorf("%dx%d: the status line does not say the question is below: %q", sz[0], sz[1], line)
		}
		m = send(m, keys("4")...)
		if q := m.questions[step]; q.tries != 0 || q.picked != -1 {
			t.Fatalf("%dx%d: the 4 answered a question the learner could not see (tries %d)", sz[0], sz[1], q.tries)
		}
		if m.questionBelow() || !strings.Contains(ansi.Strip(m.View()), "Question:") {
			t.Fatalf("%dx%d: the 4 did not bring the question into view:\n%s", sz[0], sz[1], ansi.Strip(m.View()))
		}
		m = send(m, keys("4")...)
		if q := m.questions[step]; q.tries != 1 {
			t.Errorf("%dx%d: with the question in view, 4 did not answer it (tries %d)", sz[0], sz[1], q.tries)
		}
	}
}

// A numeric question below the window: the typed digits go into its box,
// which comes into view, and enter sends nothing until the box is seen.
func TestNumberKeyShowsHiddenQuestionFirst(t *testing.T) {
	for _, p := range allLessons(t) {
		for i, st := range p.Steps {
			if st.Predict != nil || st.Question == nil || st.Question.Kind != lessons.Number {
				continue
			}
			m := open(t, p, i, 80, 16, Options{})
			if !m.questionShown() || !m.questionBelow() {
				continue
			}
			m = send(m, keys("\n")...)
			if q := m.questions[i]; q.tries != 0 || q.feedback != "" {
				t.Fatalf("%s step %d: enter answered a hidden question: %q", p.Lesson.ID, i+1, q.feedback)
			}
			if m.questionBelow() {
				t.Fatalf("%s step %d: enter did not bring the question into view", p.Lesson.ID, i+1)
			}
			m = open(t, p, i, 80, 16, Options{})
			m = send(m, keys("1")...)
			if m.questionBelow() || m.questions[i].in.Input != "1" {
				t.Fatalf("%s step %d: typing 1 left the box out of view (input %q)", p.Lesson.ID, i+1, m.questions[i].in.Input)
			}
			return
		}
	}
	t.Fatal("no numeric question without a prediction lies below the window at 80x16")
}
