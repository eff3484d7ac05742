package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// The knob form's title and the status line say where the run is with
// one rule (pane.Clock): at 15.072 s the title read "at 15.1 s", rounded,
// over a status line that read 15.0 s, cut to tenths.
func TestFormTitleAndStatusAgreeOnTheTime(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := newModel(t, 80, 24, Options{})
	for _, at := range []time.Duration{15072 * time.Millisecond, 15950 * time.Millisecond} {
		if err := m.sim.seek(at); err != nil {
			t.Fatal(err)
		}
		f := press(m, "e")
		lines := strings.Split(ansi.Strip(f.View()), "\n")
		title, status := lines[1], lines[len(lines)-2]
		want := pane.Clock(at)
		if !strings.Contains(title, "at "+want) {
			t.Errorf("at %v the form's title is %q, want it to say at %s", at, title, want)
		}
		if !strings.Contains(status, want+" /") {
			t.Errorf("at %v the status line is %q, want it to say %s", at, status, want)
		}
	}
}
