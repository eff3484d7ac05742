package lessonui

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// A time the prompt refused stayed in it, and typing went on its end: a
// refused "soon" took the time typed next as "soon12", refused again.
// Refused, it stands selected, as a number box's refused number does
// (playback.NumberField.Select): the next time typed replaces it.
func TestARefusedTimeIsReplacedByTheNextTyped(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	p, i := eventStep(t)
	m := open(t, p, i, 120, 40, Options{})
	if m.hasCont {
		m.predicts[m.cont.Step].made = true
	}
	m = skipGuess(m)
	m = send(m, keys(":soon\n")...)
	if m.prompt == nil || m.prompt.Err == "" || !m.prompt.Selected() {
		t.Fatalf("a refused time should stay in the prompt, selected: %+v", m.prompt)
	}
	want := m.Now() + time.Second
	m = send(m, keys(pane.SecondsShort(want)+"\n")...)
	if m.prompt != nil || m.Now() != want {
		t.Errorf("%s typed on the refused soon: at %v, the prompt %+v; want at %v, the prompt closed", pane.SecondsShort(want), m.Now(), m.prompt, want)
	}

	// Before the guess, a time past the moment shown is refused alike.
	m = send(openFailFast(t, 120, 40), keys(":500\n")...)
	if m.prompt == nil || m.prompt.Err != answerFirst || !m.prompt.Selected() {
		t.Fatalf("500 before the guess should be refused, selected: %+v", m.prompt)
	}
	if m = send(m, keys("1")...); m.prompt == nil || m.prompt.Input != "1" {
		t.Errorf("1 typed on the refused 500: the prompt %+v; want it to hold 1", m.prompt)
	}
}
