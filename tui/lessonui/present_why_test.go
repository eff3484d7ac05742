package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
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
			n := 0
			for j, c := range m.predicts[i].order {
				if c == wrong {
					n = j + 1
				}
			}
			m = send(m, keys(string(rune('0'+n)))...)
			for k := 0; m.Playing(); k++ {
				if k > 100_000 {
					t.Fatal("the step never stopped after the guess")
				}
				m = send(m, tickMsg{m.tickID})
			}
			if m.predicts[i].verdict != lessons.Off {
				continue
			}
			mo, _ := m.Moment()
			v := strings.Join(strings.Fields(ansi.Strip(present.View(theme.New(nil, theme.HighContrast()), mo, "", 120, 40))), " ")
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
