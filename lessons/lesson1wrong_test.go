package lessons

import "testing"

// Lesson 1's likeliest wrong numbers are told why (rep-a1): 200 workers
// held at 11 s, the belief that the pool fills the instant the hang
// starts, and 100 workers needed during the hang, the rate with the
// timeout forgotten. Each got only its distance from the answer.
func TestLessonOnesWrongNumbersAreNamed(t *testing.T) {
	var p *Prepared
	for _, l := range allPrepared(t) {
		if l.Lesson.ID == "01-one-slow-dependency" {
			p = l
		}
	}
	if p == nil {
		t.Fatal("no lesson 01-one-slow-dependency")
	}
	for _, c := range []struct {
		step  int // from 1
		guess string
	}{{3, "200"}, {7, "100"}} {
		st := p.Steps[c.step-1]
		q := st.Predict
		if q == nil {
			q = st.Question
		}
		if q == nil {
			t.Fatalf("step %d asks nothing", c.step)
		}
		got, err := q.ParseGuess(c.guess)
		if err != nil {
			t.Fatalf("step %d: %s refused: %v", c.step, c.guess, err)
		}
		if mc, ok := q.MisconceptionFor(got); !ok || mc.Why == "" {
			t.Errorf("step %d (%q): a guess of %s is told no misconception", c.step, q.Prompt, c.guess)
		}
	}
}
