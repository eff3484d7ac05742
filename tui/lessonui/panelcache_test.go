package lessonui

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	tea "github.com/charmbracelet/bubbletea"
)

// The prediction's panel is kept while what it is drawn from holds
// (textCache.keptPanel): each thing it reads, changed, shows on the
// screen as a player with nothing kept draws it. A key that missed one
// (the width, the nudge, the number typed, the guess made) would show the
// panel as it was.
func TestPredictPanelKeptOnlyWhileItsInputsHold(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	kinds := map[lessons.QuestionKind]bool{}
	for _, p := range allLessons(t) {
		for step, st := range p.Steps {
			if st.Predict == nil || kinds[st.Predict.Kind] {
				continue
			}
			kinds[st.Predict.Kind] = true
			name := p.Lesson.ID
			changes := []struct {
				what string
				msgs []tea.Msg
			}{
				{"space once", keys(" ")},
				{"a narrower window", []tea.Msg{tea.WindowSizeMsg{Width: 90, Height: 30}}},
			}
			if st.Predict.Kind == lessons.Number {
				changes = append(changes, struct {
					what string
					msgs []tea.Msg
				}{"a digit typed", keys("4")})
			} else {
				changes = append(changes, struct {
					what string
					msgs []tea.Msg
				}{"a choice picked", keys("1")})
			}
			m := open(t, p, step, 100, 30, Options{})
			before := m.View()
			for _, c := range changes {
				m = send(m, c.msgs...)
				got := m.View()
				if got == before {
					t.Fatalf("%s step %d: %s moved nothing on the screen: the test shows no change of the panel", name, step+1, c.what)
				}
				fresh := m
				fresh.text = newTextCache(m.th)
				fresh.layout()
				if want := fresh.View(); got != want {
					t.Errorf("%s step %d after %s: the screen is\n%s\nwhere a player with nothing kept draws\n%s", name, step+1, c.what, got, want)
				}
				before = got
			}
		}
	}
	if len(kinds) < 2 {
		t.Fatalf("the lessons ask %d kinds of prediction; the test wants a choice and a number", len(kinds))
	}
}
