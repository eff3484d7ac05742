package lessonui

import (
	"strings"
	"testing"
)

// A followed or recorded step whose answers the presenter shows gives the
// answer, and claims no one's: nobody on that screen answered. A
// recording of lesson 1's seventh step (`record --lesson 1 --step 7
// --reveal`) and a classroom's followers read "Your answer: 500 workers"
// and "✓ You answered this one right before.", on the projector and on
// the player's own screen.
func TestShownAnswerIsNobodysGuess(t *testing.T) {
	p := lessonID(t, "01-one-slow-dependency")
	claims := []string{"Your answer", "You answered"}
	for _, c := range []struct {
		step int // from 1
		want string
	}{
		{7, "The answer: 500 workers"}, // a number
		{9, "No worker was free"},      // a choice: the right one, marked
	} {
		m := recorded(t, p, c.step-1, 0, false)
		mo, ok := m.Moment()
		if !ok || mo.Ask == nil {
			t.Fatalf("lesson 1 step %d: no question on the projector", c.step)
		}
		for _, ch := range mo.Ask.Choices {
			if strings.Contains(ch, c.want) && !strings.HasPrefix(ch, "✓ ") {
				t.Errorf("lesson 1 step %d on the projector: the right choice is not marked: %q", c.step, ch)
			}
		}
		shown := strings.Join(append(append([]string{}, mo.Ask.Lines...), mo.Ask.Choices...), " | ")
		if !strings.Contains(shown, c.want) || mo.Ask.Reveal == "" {
			t.Errorf("lesson 1 step %d on the projector: %q, reveal %q; want %q and the explanation", c.step, shown, mo.Ask.Reveal, c.want)
		}
		v := flat(m.View())
		if !strings.Contains(v, c.want) {
			t.Errorf("lesson 1 step %d, the follower's screen lacks %q:\n%s", c.step, c.want, m.View())
		}
		for _, claim := range claims {
			if strings.Contains(shown, claim) {
				t.Errorf("lesson 1 step %d on the projector claims an answer: %q", c.step, shown)
			}
			if strings.Contains(v, claim) {
				t.Errorf("lesson 1 step %d, the follower's screen claims an answer:\n%s", c.step, m.View())
			}
		}
	}
	// The learner's own right answer is still theirs.
	m := send(open(t, p, 6, 100, 30, Options{}), keys("500\n")...)
	if v := flat(m.View()); !strings.Contains(v, "Your answer") {
		t.Errorf("the learner's own answer is not called theirs:\n%s", m.View())
	}
}

// Lesson 14's server has no thread pool: its projector counts the tasks
// live, as the sandbox does, before the guess and after the reveal (it
// drew "5 workers held", and "the workers held: shown after the guess").
func TestPresentedTasksServerCountsTasks(t *testing.T) {
	p := lessonID(t, "14-no-thread-pool")
	m := open(t, p, 0, 100, 30, Options{})
	if mo, _ := m.Moment(); !mo.Held || !strings.HasPrefix(mo.Words(), "the tasks live: ") {
		t.Errorf("lesson 14 step 1 before the guess: %q", mo.Words())
	}
	_, stop := stepSpan(p, 0, m.Now())
	mo, _ := recorded(t, p, 0, stop, false).Moment()
	if mo.Held || mo.Label != "tasks live" || mo.Of != 0 {
		t.Errorf("lesson 14 step 1 revealed at %v: %q", stop, mo.Words())
	}
}
