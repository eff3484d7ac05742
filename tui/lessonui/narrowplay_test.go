package lessonui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// A lesson narrowed to one column while its step plays shows the
// simulation, as it would had play been pressed at that size; it used to
// keep the text, so the run played on unseen until tab.
func TestNarrowedWhilePlayingShowsSim(t *testing.T) {
	p := allLessons(t)[0]
	for step := range p.Steps {
		wide := open(t, p, step, 100, 30, Options{})
		if wide.sim == nil {
			continue
		}
		play := keys(" ")
		if wide.waiting() {
			play = keys("  ") // the first space skips the prediction
		}
		wide = send(wide, play...)
		if !wide.playing {
			t.Fatalf("step %d: not playing after %d spaces", step+1, len(play))
		}
		narrowed := send(wide, tea.WindowSizeMsg{Width: 64, Height: 30})
		pressed := send(open(t, p, step, 64, 30, Options{}), play...)
		if !narrowed.showSim {
			t.Errorf("step %d narrowed while playing shows the text, not the simulation", step+1)
		}
		if got, want := narrowed.View(), pressed.View(); got != want {
			t.Errorf("step %d narrowed while playing:\n%s\nplay pressed at that size:\n%s", step+1, got, want)
		}
		return
	}
	t.Fatal("no step with a simulation")
}
