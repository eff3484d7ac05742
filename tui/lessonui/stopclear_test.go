package lessonui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// At 80 columns, where lesson 1's first step stops for a later step's
// prediction, the status line says in words where the run goes on: it
// read "paused at 9.0 s · n: step 2 · step 3 goes on", the pause said
// twice (the clock says "⏸ paused 9.0 s") and what goes on left to guess.
func TestStopAt80SaysTheRunGoesOn(t *testing.T) {
	racefree.Only(t) // drives the model by hand; it starts no goroutine
	p := allLessons(t)[0]
	m := open(t, p, 0, 80, 24, Options{})
	m = play(t, m)
	if !m.atStop() {
		t.Fatalf("lesson 1's first step did not stop where step %d takes the run over", m.cont.Step+1)
	}
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	status := lines[len(lines)-2]
	want := fmt.Sprintf("n: step %d · the run goes on in step %d", m.step+2, m.cont.Step+1)
	if !strings.Contains(status, want) {
		t.Errorf("the status line should say %q:\n%q", want, status)
	}
	if ansi.StringWidth(status) > 80 {
		t.Errorf("the status line is %d cells wide: %q", ansi.StringWidth(status), status)
	}
}
