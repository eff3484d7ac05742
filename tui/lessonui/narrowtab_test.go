package lessonui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// In a window too narrow for text and simulation side by side, tab is
// the only way to see the simulation, so the key line keeps it: before
// a prediction, while a step plays and paused, at every narrow width the
// reviewer tried (60 to 71 columns). It used to come last, and the key
// line drops keys from its end, so it never showed on these widths.
func TestNarrowKeyLineKeepsTab(t *testing.T) {
	for _, p := range allLessons(t)[:3] {
		for step := range p.Steps {
			for w := 60; w < wideMin; w++ {
				m := open(t, p, step, w, 15, Options{})
				if m.sim == nil {
					continue
				}
				states := []Model{m}
				if m.waiting() {
					// Skip the prediction: the step plays, then pauses.
					states = append(states, send(m, keys(" ")...), send(m, keys("  ")...))
				} else {
					states = append(states, send(m, keys(" ")...))
				}
				for _, s := range states {
					v := strings.Split(ansi.Strip(s.View()), "\n")
					if last := v[len(v)-1]; !strings.Contains(last, "tab text/sim") {
						t.Errorf("%s step %d at %d columns (waiting %v, playing %v): the key line has no tab:\n%s",
							p.Lesson.Title, step+1, w, s.waiting(), s.playing, last)
					}
				}
			}
		}
	}
}
