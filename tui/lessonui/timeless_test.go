package lessonui

import (
	"fmt"
	"strings"
	"testing"
)

// A prediction on a step whose panes show nothing of the run's clock (a
// sweep's map, the shard odds) is answered at once: lesson 3's "How big is
// big enough" played 30 s of a run no pane showed after the guess, the
// map's answer already in view beside "Watch it play to the end; then see
// how near you came."
func TestTimelessStepRevealsAtTheGuess(t *testing.T) {
	checked := 0
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			st := &p.Steps[i]
			if st.Predict == nil || !timeless(st) {
				continue
			}
			where := fmt.Sprintf("%s step %d", p.Lesson.ID, i+1)
			m := open(t, p, i, 120, 40, Options{})
			if v := text(m.View()); !strings.Contains(v, "its result shows at once") || strings.Contains(v, "then it plays") {
				t.Errorf("%s: the prompt should say the result shows at once:\n%s", where, m.View())
			}
			m = guess(m)
			checked++
			if !m.predicts[i].revealed || m.playing {
				t.Errorf("%s: after the guess, revealed %v and playing %v; want the result at once:\n%s", where, m.predicts[i].revealed, m.playing, m.View())
			}
			if v := text(m.View()); !strings.Contains(v, outcomeMark) {
				t.Errorf("%s: the outcome is not on screen after the guess:\n%s", where, m.View())
			}
		}
	}
	if checked == 0 {
		t.Error("no step with a prediction shows only timeless panes")
	}
}
