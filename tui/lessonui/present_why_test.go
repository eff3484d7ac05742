package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// A wrong choice's reveal on the projector says why the guess missed, as
// the player does after its verdict: the room that guessed the same reads
// what was wrong with it, not only "→ Off this time.".
func TestTheProjectorSaysWhyAWrongChoiceMissed(t *testing.T) {
	checked := 0
	for _, p := range allLessons(t)[:2] {
		for i, st := range p.Steps {
			q := st.Predict
			if q == nil || q.Kind != lessons.Choice || !st.HasSim() {
				continue
			}
			wrong := -1
			for c, ch := range q.Choices {
				if c != q.RightChoice() && ch.Why != "" {
					wrong = c
					break
				}
			}
			if wrong < 0 {
				continue
			}
			m := open(t, p, i, 120, 40, inOneFrame(Options{}))
			m = guessAndPlay(t, m, i, wrong)
			if m.predicts[i].verdict != lessons.Off {
				continue
			}
			v := strings.Join(strings.Fields(projectorText(t, m, 120, 40)), " ")
			want := "→ Off this time. " + FirstSentence(q.Choices[wrong].Why)
			if !strings.Contains(v, want) {
				t.Errorf("%s step %d: the projector's reveal does not say %q:\n%s", p.Lesson.ID, i+1, want, v)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no wrong choice with a why was checked")
	}
}
